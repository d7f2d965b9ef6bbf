/**
 * The rule for every file a command writes: never one of its own inputs
 * (compared by the file itself, so a link or another spelling of the path
 * is seen), and never an existing file unless --force. One line, exit 2
 * (a UsageError), before anything is read or written.
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { problemOf } from '../internal.js';
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

/** A folder a run writes into, claimed for it alone; `release` undoes the claim when the run leaves nothing in it. */
export interface ClaimedFolder {
  readonly path: string;
  /** Removes the claim's file, and the folder when this run made it and it is then empty. */
  release(): void;
}

/**
 * Makes `out` a new folder for one run's files, or takes an empty one, and
 * claims it by creating `claim` inside it exclusively (O_EXCL): of two runs
 * started together on one folder, exactly one gets it; the other is one
 * line. A file, or a folder with files in it, is refused: nothing is ever
 * written over. Each missing level is made on its own, so that a
 * read-only or forbidden place says why (a recursive mkdir can say "no
 * such file" instead).
 */
export function newFolder(label: string, out: string, claim: string): ClaimedFolder {
  const made = makeFolders(label, out);
  if (!made) checkNewFolder(label, out);
  const file = `${out}/${claim}`;
  try {
    closeSync(openSync(file, 'wx'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UsageError(`${label} ${out}: another run took this folder meanwhile: give a new folder`);
    throw new UsageError(`${label} ${out}: cannot write there: ${problemOf(e)}`);
  }
  return {
    path: out,
    release: () => {
      try {
        if (statSync(file).size === 0) unlinkSync(file);
        if (made) rmdirSync(out); // fails, as it should, when anything is left in it
      } catch {
        // something of the run is kept there
      }
    },
  };
}

/** Refuses `out` as a new folder: a file, or a folder with files in it (an absent one is fine). */
export function checkNewFolder(label: string, out: string): void {
  const st = statSync(out, { throwIfNoEntry: false });
  if (st === undefined) return;
  if (!st.isDirectory()) throw new UsageError(`${label} ${out}: is a file, not a folder: give a new folder`);
  if (readdirSync(out).length > 0) throw new UsageError(`${label} ${out}: exists and is not empty: give a new folder`);
}

/** Makes `path` and its missing parents one level at a time: whether `path` itself was made here. */
function makeFolders(label: string, path: string): boolean {
  try {
    statSync(path);
    return false;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`${label} ${path}: ${problemOf(e)}`);
  }
  const parent = dirname(path);
  if (parent !== path) makeFolders(label, parent);
  try {
    mkdirSync(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false; // made meanwhile: the claim decides
    throw new UsageError(`${label} ${path}: cannot make the folder: ${problemOf(e)}`);
  }
}
