/**
 * OBF files on disk (the format itself, on text, is obf.ts).
 */
import { readFileSync } from 'node:fs';
import { OptionError } from '../errors.js';
import { problemOf } from '../io.js';
import { ObfError, type ObfSuite, parseObf } from './obf.js';
import { describe } from './position.js';

/**
 * Reads an OBF file. A file that cannot be read, is binary, or holds no
 * position at all (nor a bad line) throws an ObfError for the whole file
 * (line 0); bad lines are listed in `errors`.
 */
export function readObf(path: string): ObfSuite {
  // A number would be read as a file descriptor: a path is a string.
  if (typeof path !== 'string' || path === '') throw new OptionError('path', `an OBF file's path, not ${describe(path)}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new ObfError(path, 0, `cannot read the file: ${problemOf(e)}`);
  }
  return obfOfBytes(path, bytes);
}

/** An OBF file's bytes, read elsewhere (a pipe, read without blocking): its suite, or an ObfError as readObf gives. */
export function obfOfBytes(path: string, bytes: Buffer): ObfSuite {
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
