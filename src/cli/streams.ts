/**
 * stdout and stderr of the command line. A command run on a thread of its
 * own (thread.ts) writes straight to the process's file descriptors: a
 * worker thread's process.stdout is forwarded through the main thread's
 * event loop, so a command that computes without yielding would show
 * nothing until it ends, and a signal would lose what it had done. A write
 * to stdout that fails (a full disk behind `> file`) is one line naming the
 * stream, exit 2; a reader gone (`| head`) ends the command quietly. stderr
 * carries only messages and progress: a write to it that fails is dropped,
 * and changes neither the exit code nor what stdout gets.
 */

import { writeSync } from 'node:fs';
import { problemOf } from '../internal.js';
import { EXIT_OUTPUT } from './exit-codes.js';

/** stdout or stderr could not be written. */
export class OutputError extends Error {
  constructor(
    readonly stream: 'stdout' | 'stderr',
    readonly code: string | undefined,
    problem: string,
  ) {
    super(`${stream}: ${problem}`);
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text` to fd 1 or 2, waiting out a full pipe (the main thread may have made it non-blocking). */
function writeFd(fd: 1 | 2, text: string | Uint8Array): void {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let at = 0; at < bytes.length; ) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (fd === 2) return; // messages only: lost, never fatal
      throw new OutputError(fd === 1 ? 'stdout' : 'stderr', code, problemOf(e));
    }
  }
}

/** On a command's own thread: process.stdout and process.stderr write at once (console.log included). */
export function writeDirectly(): void {
  for (const [stream, fd] of [
    [process.stdout, 1],
    [process.stderr, 2],
  ] as const) {
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, cb?: unknown): boolean => {
      writeFd(fd, chunk);
      const done = typeof encoding === 'function' ? encoding : cb;
      if (typeof done === 'function') (done as () => void)();
      return true;
    }) as typeof stream.write;
  }
}

/**
 * On the main thread: stdout's errors end the process with one line (a
 * finished result already in --results stays there), or quietly when the
 * reader went away.
 */
export function watchStdout(): void {
  process.stderr.on('error', () => undefined); // messages only: a closed or full stderr is not the command's failure
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    try {
      writeSync(2, `revsolve: stdout: ${problemOf(e)}\n`);
    } catch {
      // stderr unwritable too: the exit code says it
    } finally {
      process.exit(EXIT_OUTPUT);
    }
  });
}
