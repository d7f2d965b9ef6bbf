/**
 * The rule for every file a command writes: never one of its own inputs
 * (compared by the file itself, so a link or another spelling of the path
 * is seen), and never an existing file unless --force. One line, exit 2
 * (a UsageError), before anything is read or written.
 */
import { statSync } from 'node:fs';
import { UsageError } from './options.js';

/** Whether two paths name the same existing file (through links too). */
export function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** Bytes of the regular file at `path`, or -1 when there is none (absent, or a device, a pipe: written in place). */
function regularSize(path: string): number {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : -1;
  } catch {
    return -1;
  }
}

/**
 * Refuses `path` as an output of this command: when it is one of `inputs`,
 * or an existing file that is not empty and `force` is not given (`how`
 * says what else the command offers, e.g. "--resume to go on with it").
 */
export function checkOutput(label: string, path: string, inputs: readonly (string | null | undefined)[], force: boolean, how = ''): void {
  for (const input of inputs) {
    if (input && sameFile(path, input))
      throw new UsageError(`${label} ${path} is also an input of this command (${input}): give another file`);
  }
  if (!force && regularSize(path) > 0) {
    throw new UsageError(`${label} ${path} exists: ${how ? `${how}, or ` : ''}add --force to overwrite it`);
  }
}

/** The output options that solve and analyze share. */
export interface ResultsOptions {
  readonly results?: string;
  readonly resume?: boolean;
  readonly force?: boolean;
}

/**
 * The one check of the results options, for every command that keeps a
 * results file: --resume and --force each need --results and exclude each
 * other; the file is never one of `inputs` (every file the command reads),
 * and an existing one that is not empty needs --resume or --force.
 * `resumeElsewhere`: what else --resume may go on with (solve's --queue).
 */
export function checkResultsOptions(o: ResultsOptions, inputs: readonly (string | null | undefined)[], resumeElsewhere = ''): void {
  if (o.resume && o.results === undefined && !resumeElsewhere) throw new UsageError('--resume needs --results <file.jsonl>');
  if (o.force && o.results === undefined)
    throw new UsageError('--force overwrites the --results file: give --results <file.jsonl> with it');
  if (o.resume && o.force) throw new UsageError('--resume goes on with the --results file, --force overwrites it: give one of them');
  if (o.results !== undefined) checkOutput('--results', o.results, inputs, !!o.force || !!o.resume, 'add --resume to go on with it');
}
