#!/usr/bin/env node
/**
 * The revsolve command. This thread only listens: SIGINT, SIGTERM and SIGHUP
 * stop every command (signals.ts). `solve`, `analyze`, `worker`, `queue`, `nboard` and `train gen` do their work on
 * worker threads of their own and run here; every other command (perft,
 * train fit, the eval commands …) computes synchronously, so it runs on a
 * thread of its own (thread.ts), which a signal ends at once.
 */
import { Worker } from 'node:worker_threads';
import { runCommand } from './program.js';
import { StopSignals } from './signals.js';
import { watchStdout } from './streams.js';

/** Commands that keep this thread free themselves. */
function runsHere(argv: readonly string[]): boolean {
  const [command, sub] = argv.slice(2);
  return (
    command === undefined ||
    command.startsWith('-') ||
    command === 'solve' ||
    command === 'analyze' ||
    command === 'worker' ||
    command === 'queue' ||
    command === 'web' ||
    // nboard reads standard input, which only this thread has; its searches run on the pool's workers.
    command === 'nboard' ||
    command === 'match' ||
    (command === 'train' && sub === 'gen')
  );
}

function runOnThread(argv: string[], stop: StopSignals): Promise<number> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./thread.js', import.meta.url), { workerData: { argv } });
    let code = 0;
    worker.on('message', (m: { exitCode: number }) => (code = m.exitCode));
    worker.on('error', (e) => {
      process.stderr.write(`revsolve: internal error: ${e.message}\n`);
      code = 70;
    });
    worker.on('exit', () => resolve(stop.received !== null ? stop.exitCode : code));
    stop.signal.addEventListener('abort', () => {
      const what = argv
        .slice(2)
        .filter((a) => !a.startsWith('-'))
        .slice(0, 2)
        .join(' ');
      process.stderr.write(
        `\ninterrupted by ${stop.received}: revsolve ${what} stopped before it finished (its lines so far are above; it writes its output files only at the end)\n`,
      );
      void worker.terminate();
    });
  });
}

export async function main(argv: string[]): Promise<void> {
  watchStdout();
  const stop = new StopSignals();
  try {
    process.exitCode = runsHere(argv) ? await runCommand(argv, stop) : await runOnThread(argv, stop);
  } finally {
    stop.dispose();
  }
  // The command is over: a client library's lingering timers (ioredis keeps
  // one for 2 s after a refused connection) must not hold the exit.
  setTimeout(() => process.exit(), 200).unref();
}

await main(process.argv);
