/**
 * The command line: `revsolve solve` (solve.ts), `analyze` (analyze.ts),
 * `perft`, `web` (web.ts),
 * and the `eval`, `train`, `lab`, `worker` and `queue` groups (eval.ts,
 * train.ts, search.ts, queue.ts); runCommand runs one and maps what went wrong to one line and
 * an exit code.
 * Exit codes: 0 all right, 1 a result disagrees with its file, 2 bad input or
 * usage, 129 / 130 / 143 stopped by SIGHUP / SIGINT / SIGTERM, 70 a bug.
 */

import { writeSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { FileError, perft, problemOf, RedisUnreachable, RunConflict, VERSION } from '../internal.js';
import { addAnalyzeCommand } from './analyze.js';
import { addEvalCommands } from './eval.js';
import { EXIT_BUG, EXIT_OUTPUT, EXIT_USAGE } from './exit-codes.js';
import { addExperimentCommand } from './experiment.js';
import { addGamesCommand } from './games.js';
import { addLabCommand } from './lab.js';
import { addMatchCommand } from './match.js';
import { addNboardCommand } from './nboard.js';
import { UsageError } from './options.js';
import { addQueueCommands } from './queue.js';
import { grouped } from './report.js';
import type { StopSignals } from './signals.js';
import { addSolveCommand } from './solve.js';
import { OutputError } from './streams.js';
import { addTrainCommands } from './train.js';
import { addWebCommand } from './web.js';

function runPerft(depthText: string): number {
  const depth = Number(depthText);
  if (!/^\d+$/.test(depthText) || depth < 1 || depth > 60)
    throw new UsageError(`perft depth must be a whole number from 1 to 60: ${depthText}`);
  for (let d = 1; d <= depth; d++) {
    const t0 = process.hrtime.bigint();
    const n = perft(d);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(`perft ${String(d).padStart(2)}: ${grouped(n).padStart(16)}  ${(ms / 1000).toFixed(3).padStart(9)} s\n`);
  }
  return 0;
}

/**
 * Commander's parse errors as one line, as every other usage error:
 * "revsolve: <what>" and where help is. `-h` is the table's size, as in
 * Edax: a user who typed it for help is told so.
 */
export function usageLine(text: string): string {
  const what = text.trim().replace(/^error: /, '');
  if (/^option '-h, --hash-bits <h>' argument missing/.test(what)) {
    return "revsolve: -h is the table's size, as in Edax (2^h entries, 10 to 30), not help: give a number (as -h 21), or --help for help";
  }
  // A value a setting does not take: "-h, --hash-bits: a whole number from 10 to 30, not "31"".
  const bad = /^option '([^']*?)(?: <[^>]*>)?' argument '(.*)' is invalid\. (.*)$/s.exec(what);
  if (bad) return `revsolve: ${bad[1]}: ${bad[3]}${bad[3].includes(`"${bad[2]}"`) ? '' : `, not "${bad[2]}"`}`;
  return `revsolve: ${what} (--help shows the options)`;
}

function buildProgram(stop: StopSignals): Command {
  const program = new Command('revsolve')
    .description('Exact reversi (Othello) endgame solver, in the manner of Edax')
    .version(VERSION, '-v, --version')
    .helpOption('--help', 'show help')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`${usageLine(text)}\n`) });

  const out = (s: string) => process.stdout.write(`${s}\n`);
  const err = (s: string) => process.stderr.write(`${s}\n`);
  addSolveCommand(program, stop);
  addAnalyzeCommand(program, stop);
  addEvalCommands(program, out, err);
  addTrainCommands(program, out, err, stop);
  addLabCommand(program, out, err);
  addQueueCommands(program, out, err, stop);
  addWebCommand(program, stop);
  addGamesCommand(program);
  addExperimentCommand(program, stop);
  addNboardCommand(program, stop);
  addMatchCommand(program, stop);

  program
    .command('perft')
    .description('count move sequences from the start position (a pass counts as a move), depths 1..d')
    .argument('<depth>', 'the last depth')
    .helpOption('--help', 'show help')
    .action((depth: string) => {
      process.exitCode = runPerft(depth);
    });
  sayRepeats(program);
  return program;
}

/**
 * An option given twice keeps the last value, as most tools' options do
 * (an alias or a script can then add to a command line); every command's
 * help says so, so that the rule is known rather than met.
 */
function sayRepeats(command: Command): void {
  command.addHelpText('after', '\nAn option given twice keeps the last value given (-h 10 -h 12 is -h 12).');
  for (const c of command.commands) sayRepeats(c);
}

/**
 * Runs one command line (argv as process.argv) to its end and returns the
 * exit code: whatever went wrong is one line on stderr, never a stack
 * trace. `stop` is what the command watches for a signal.
 */
export async function runCommand(argv: string[], stop: StopSignals): Promise<number> {
  process.exitCode = undefined;
  try {
    await buildProgram(stop).parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (e) {
    // Commander prints its own parse errors and throws a plain CommanderError; an
    // InvalidArgumentError (a CommanderError too) that gets here came from an action, unprinted.
    if (e instanceof CommanderError && !(e instanceof InvalidArgumentError)) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' ? 0 : EXIT_USAGE;
    }
    if (stop.signal.aborted && e === stop.signal.reason) {
      // Stopped while waiting (for Redis, say), before any result.
      process.stderr.write(`interrupted by ${stop.received}: nothing was finished\n`);
      return stop.exitCode;
    }
    if (e instanceof OutputError) {
      if (e.code === 'EPIPE') return Number(process.exitCode ?? 0); // the reader went away: quietly
      writeSync(2, `revsolve: ${e.message}\n`);
      return EXIT_OUTPUT;
    }
    // Bad input: a usage error, a bad file (ObfError, WeightsFileError, DatasetError are FileErrors), a value out of range (OptionError is one).
    if (
      e instanceof UsageError ||
      e instanceof FileError ||
      e instanceof RunConflict ||
      e instanceof RedisUnreachable ||
      e instanceof RangeError ||
      e instanceof InvalidArgumentError
    ) {
      process.stderr.write(`revsolve: ${e.message}\n`);
      return EXIT_USAGE;
    }
    const file = fileProblem(e);
    if (file !== null) {
      process.stderr.write(`revsolve: ${file}\n`);
      return EXIT_USAGE;
    }
    // A bug, not bad input: still one line (the stack on request).
    process.stderr.write(
      `revsolve: internal error: ${e instanceof Error ? e.message : String(e)}${process.env.REVSOLVE_DEBUG ? `\n${(e as Error).stack}` : ' (REVSOLVE_DEBUG=1 shows where)'}\n`,
    );
    return EXIT_BUG;
  }
}

/** "path: problem" for a failed file operation (Node's errors carry both), else null. */
function fileProblem(e: unknown): string | null {
  const x = e as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof x.code !== 'string' || typeof x.path !== 'string') return null;
  const verb = x.syscall === 'open' || x.syscall === undefined ? '' : ` (${x.syscall})`;
  return `${x.path}: ${problemOf(e)}${verb}`;
}
