/**
 * Weight files on disk: read (checked, by their magic), digested, written.
 * The formats themselves, on bytes, are format.ts.
 */
import { createHash } from 'node:crypto';
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
import { Evaluator, type Weights } from './weights.js';

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

function readBytes(file: string): Buffer {
  try {
    return readRegularFile(file);
  } catch (e) {
    throw new WeightsFileError(file, `cannot read the file: ${e instanceof FileError ? e.problem : String(e)}`);
  }
}

/** Reads an Edax eval.dat or a compact file, by its magic. */
export function readWeights(file: string): LoadedWeights {
  return parseWeights(file, readBytes(file));
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
  writeWholeFile(file, edaxBytes(w, header));
}

export function writeCompact(file: string, w: Weights, bits: 16 | 4, codebook?: Int16Array): number {
  const bytes = compactBytes(w, bits, codebook);
  writeWholeFile(file, bytes);
  return bytes.length;
}

/** The search's evaluator of a weights file (null: none, moves ordered by mobility alone). */
export function loadEvaluator(file: string | null): Evaluator | null {
  return file === null ? null : new Evaluator(readWeights(file).weights);
}
