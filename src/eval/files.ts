/**
 * Weight files on disk: read (checked, by their magic), digested, written.
 * The formats themselves, on bytes, are format.ts.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { FileError } from '../errors.js';
import { readRegularFile, writeWholeFile } from '../io.js';
import {
  checkWeights,
  compactBytes,
  type EdaxHeader,
  edaxBytes,
  type LoadedWeights,
  parseWeights,
  type WeightsBytes,
  WeightsFileError,
} from './format.js';
import { Evaluator, expandBands, type Weights, weightsArgument } from './weights.js';

export {
  compactBytes,
  EDAX_BYTES,
  type EdaxHeader,
  type LoadedWeights,
  parseWeights,
  searchEvaluator,
  sharedWeights,
  type WeightsBytes,
  WeightsFileError,
} from './format.js';

import { textArgument } from '../arguments.js';

/** A file's bytes, gunzipped when it is gzip (the full weights ship so: weights/wthor-full.rsev.gz). */
function readBytes(file: string): Buffer {
  textArgument(file, 'file', "a weights file's path");
  let buf: Buffer;
  try {
    buf = readRegularFile(file);
  } catch (e) {
    throw new WeightsFileError(file, `cannot read the file: ${e instanceof FileError ? e.problem : String(e)}`);
  }
  if (buf.length < 2 || buf[0] !== 0x1f || buf[1] !== 0x8b) return buf;
  try {
    return gunzipSync(buf);
  } catch (e) {
    throw new WeightsFileError(file, `a gzip file that does not decompress (${(e as Error).message})`);
  }
}

/** Reads an Edax eval.dat or a compact file, by its magic, either gzipped or not. */
export function readWeights(file: string): LoadedWeights {
  return parseWeights(file, readBytes(file));
}

/**
 * The digest of weights' values, whatever file holds them: the SHA-256 of
 * the Edax eval.dat they make, each band's table copied to its plies, under
 * a fixed header (version 4.4, no date). One set of weights has one digest
 * as a compact or banded file, gzipped or not, or exported to an eval.dat;
 * banded weights and the same tables written out per empties count are one
 * set of weights, so one digest. (readWeightsBytes's digest is of the file's
 * bytes: the settings digest's, which tells files apart.)
 */
export function weightsValuesSha256(file: string): string {
  return createHash('sha256')
    .update(edaxBytes(expandBands(readWeights(file).weights)))
    .digest('hex');
}

/** Reads a weights file once and checks it (a bad file throws its WeightsFileError here); searchEvaluator builds a thread's evaluator of it. */
export function readWeightsBytes(file: string): WeightsBytes {
  const buf = readBytes(file);
  checkWeights(file, buf);
  const bytes = new Uint8Array(new SharedArrayBuffer(buf.length));
  bytes.set(buf);
  return { file, bytes, digest: createHash('sha256').update(buf).digest('hex') };
}

/** Writes an Edax eval.dat: needs one table per empties count (band 1). */
export function writeEdax(file: string, w: Weights, header?: EdaxHeader): void {
  textArgument(file, 'file', "a weights file's path");
  weightsArgument(w);
  writeWholeFile(file, edaxBytes(w, header));
}

export function writeCompact(file: string, w: Weights, bits: 16 | 4, codebook?: Int16Array): number {
  textArgument(file, 'file', "a weights file's path");
  weightsArgument(w);
  const bytes = compactBytes(w, bits, codebook);
  writeWholeFile(file, bytes);
  return bytes.length;
}

/** The search's evaluator of a weights file (null: none, moves ordered by mobility alone). */
export function loadEvaluator(file: string | null): Evaluator | null {
  return file === null ? null : new Evaluator(readWeights(file).weights);
}
