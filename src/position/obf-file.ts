/**
 * OBF files on disk (the format itself, on text, is obf.ts).
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { textArgument } from '../arguments.js';
import { FileError, OptionError } from '../errors.js';
import { inputKind, NOT_A_FILE, problemOf } from '../io.js';
import { ObfError, type ObfSuite, parseObf } from './obf.js';
import { describe } from './position.js';

/**
 * The most a suite read from a pipe may hold: a pipe has no size to check
 * first (`yes |` never ends), and 64 MiB is about 900,000 positions.
 */
export const PIPED_SUITE_MAX = 64 << 20;

/** What a pipe that gave more than PIPED_SUITE_MAX bytes says. */
export const PIPE_TOO_LONG = `more than ${PIPED_SUITE_MAX >> 20} MiB from a pipe: give a suite that large as a file`;

/**
 * Reads an OBF file. A file that cannot be read, is binary, or holds no
 * position at all (nor a bad line) throws an ObfError for the whole file
 * (line 0); bad lines are listed in `errors`. A device is refused unread; a
 * pipe is read up to PIPED_SUITE_MAX.
 */
export function readObf(path: string): ObfSuite {
  // A number would be read as a file descriptor: a path is a string.
  if (typeof path !== 'string' || path === '') throw new OptionError('path', `an OBF file's path, not ${describe(path)}`);
  let bytes: Buffer;
  try {
    const kind = inputKind(path);
    if (kind === 'directory' || kind === 'device') throw new FileError(path, 0, NOT_A_FILE[kind]);
    bytes = kind === 'pipe' ? readPipeSync(path) : readFileSync(path);
  } catch (e) {
    if (e instanceof ObfError) throw e;
    throw new ObfError(path, 0, `cannot read the file: ${e instanceof FileError ? e.problem : problemOf(e)}`);
  }
  return obfOfBytes(path, bytes);
}

/** A pipe's bytes to its end, refused past PIPED_SUITE_MAX. */
function readPipeSync(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 16);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return Buffer.concat(chunks, total);
      total += n;
      if (total > PIPED_SUITE_MAX) throw new ObfError(path, 0, PIPE_TOO_LONG);
      chunks.push(chunk.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
}

/** An OBF file's bytes, read elsewhere (a pipe, read without blocking): its suite, or an ObfError as readObf gives. */
export function obfOfBytes(path: string, bytes: Buffer): ObfSuite {
  textArgument(path, 'path', "a name for the messages (the file's path)");
  if (!(bytes instanceof Uint8Array)) throw new OptionError('bytes', `the file's bytes (a Buffer), not ${describe(bytes)}`);
  if (isBinary(bytes)) throw new ObfError(path, 0, 'not an OBF file (binary data)');
  const suite = parseObf(bytes.toString('utf8'), path);
  if (suite.entries.length === 0 && suite.errors.length === 0)
    throw new ObfError(path, 0, 'no position in the file (an OBF file has a line "<64 squares> <X|O>" per position)');
  const notObf = notObfProblem(suite);
  if (notObf !== null) throw new ObfError(path, 0, notObf);
  return suite;
}

/** How many bad lines in a row, from the file's first position line on, say the file is not OBF at all. */
export const NOT_OBF_LINES = 5;

/**
 * Whether a suite read from a file is no OBF file at all (a README, a
 * transcript): its first NOT_OBF_LINES position lines are all bad, or it
 * has more bad lines than positions and NOT_OBF_LINES of them or more.
 * Then the whole file is one problem, not a message a line.
 */
function notObfProblem(suite: ObfSuite): string | null {
  const { entries, errors } = suite;
  const firstGood = entries.length > 0 ? entries[0].line : Infinity;
  const leading = errors.filter((e) => e.line < firstGood).length;
  if (leading < NOT_OBF_LINES && !(errors.length >= NOT_OBF_LINES && errors.length > entries.length)) return null;
  const first = errors[0];
  return `not an OBF file: ${errors.length} of its lines ${errors.length === 1 ? 'is not a position' : 'are not positions'}, ${entries.length} ${entries.length === 1 ? 'is' : 'are'} (line ${first.line}: ${first.problem})`;
}

/** A NUL byte, or many bytes that are not UTF-8 text, in the first 64 KiB. */
function isBinary(b: Buffer): boolean {
  const head = b.subarray(0, 65536);
  if (head.includes(0)) return true;
  const text = head.toString('utf8');
  let bad = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) bad++;
  return bad > 8 && bad * 100 > text.length;
}
