/**
 * Weight files.
 *
 * Edax's `eval.dat` (little-endian): a 28-byte header (u32 "EDAX" magic,
 * u32 "EVAL" magic, u32 version, release, build, f64 date), then 61 plies
 * of 114,364 packed int16 weights; ply = 60 - empties, and Edax ignores
 * plies 0 and 1. Both colours come from the same packed weights: a feature
 * is read from the side to move.
 *
 * This project's compact file: a 16-byte header, the tables, a CRC-32:
 *   0  "RSEV"   4  u16 version (1, or 2: with a codebook)   6  u8 band width
 *   7  u8 bits (16 or 4)   8  u16 tables   10  u16 0
 *   12  u32 packed weights per table (114,364)
 *   version 2 only: tables × 13 groups × 16 int16 LE, the value of each
 *     4-bit code in each table's pattern group (else codes are 0, ±32 … ±2048)
 *   then tables × 114,364 int16 LE, or two 4-bit codes a byte (low first)
 *   end  u32 CRC-32 of all that precedes it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeWholeFile } from '../io.js';
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';
import { FileError } from '../errors.js';
import { N_GROUPS, N_PACKED, N_PLIES } from './features.js';
import { CODES, Evaluator, Weights, fromNibbles, tablesFor, toNibbles } from './weights.js';

export const EDAX_MAGIC = 0x45444158; // "EDAX"
export const EVAL_MAGIC = 0x4556414c; // "EVAL"
const EDAX_HEADER = 28;
export const EDAX_BYTES = EDAX_HEADER + N_PLIES * N_PACKED * 2;
const COMPACT_MAGIC = 'RSEV';
const COMPACT_HEADER = 16;

/** A weights file that cannot be read (binary: no line). */
export class WeightsFileError extends FileError {
  constructor(file: string, problem: string) {
    super(file, 0, problem);
  }
}

export interface EdaxHeader {
  readonly version: number;
  readonly release: number;
  readonly build: number;
  readonly date: number;
}

export interface LoadedWeights {
  readonly weights: Weights;
  readonly format: 'edax' | 'compact';
  readonly bits: 16 | 4;
  readonly bytes: number;
  /** The 4-bit codes as stored (for the direct evaluator). */
  readonly nibbles?: Uint8Array;
  /** Their values per table and pattern group (tables × 13 × 16), if the file has a codebook. */
  readonly codebook?: Int16Array;
  readonly header?: EdaxHeader;
}

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new WeightsFileError(file, `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** Reads an Edax eval.dat or a compact file, by its magic. */
export function readWeights(file: string): LoadedWeights {
  return parseWeights(file, readBytes(file));
}

/** The weights in the bytes of a file named `file` (for messages): an Edax eval.dat or a compact file, by its magic. */
export function parseWeights(file: string, bytes: Uint8Array): LoadedWeights {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length >= 4 && buf.toString('latin1', 0, 4) === COMPACT_MAGIC) return readCompact(file, buf);
  return readEdax(file, buf);
}

/**
 * A weights file read once by the thread that starts a run: its name (for
 * messages), its bytes in shared memory (handed to worker threads without a
 * copy) and their digest (the queue's name, the workers' cache key). Each
 * thread that searches builds its evaluator from the bytes (searchEvaluator).
 */
export interface WeightsBytes {
  readonly file: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
}

/** Reads a weights file once and checks it (a bad file throws its WeightsFileError here); searchEvaluator builds a thread's evaluator of it. */
export function readWeightsBytes(file: string): WeightsBytes {
  const buf = readBytes(file);
  parseWeights(file, buf);
  const bytes = new Uint8Array(new SharedArrayBuffer(buf.length));
  bytes.set(buf);
  return { file, bytes, sha256: createHash('sha256').update(buf).digest('hex') };
}

/** The search's evaluator of weights read by readWeightsBytes (null: none, moves ordered by mobility alone). */
export function searchEvaluator(w: WeightsBytes | null): Evaluator | null {
  return w === null ? null : new Evaluator(parseWeights(w.file, w.bytes).weights);
}

function readEdax(file: string, buf: Buffer): LoadedWeights {
  if (buf.length < 8) throw new WeightsFileError(file, `not a weights file (${buf.length} bytes)`);
  const m1 = buf.readUInt32LE(0);
  const m2 = buf.readUInt32LE(4);
  if (m1 === swap32(EDAX_MAGIC) && m2 === swap32(EVAL_MAGIC)) {
    throw new WeightsFileError(file, 'an Edax weights file in big-endian byte order; only little-endian files are read');
  }
  if (m1 !== EDAX_MAGIC || m2 !== EVAL_MAGIC) throw new WeightsFileError(file, 'not an Edax eval.dat (no EDAX/EVAL header) nor a compact weights file (RSEV)');
  if (buf.length !== EDAX_BYTES) {
    throw new WeightsFileError(file, `${buf.length < EDAX_BYTES ? 'truncated' : 'too long'}: ${buf.length} bytes, an Edax eval.dat has ${EDAX_BYTES} (28-byte header, 61 × ${N_PACKED} int16)`);
  }
  const header = { version: buf.readUInt32LE(8), release: buf.readUInt32LE(12), build: buf.readUInt32LE(16), date: buf.readDoubleLE(20) };
  const packed = new Int16Array(N_PLIES * N_PACKED);
  const all = int16s(buf, EDAX_HEADER, N_PLIES * N_PACKED);
  // File ply p is our table of 60 - p empties.
  for (let p = 0; p < N_PLIES; p++) packed.set(all.subarray(p * N_PACKED, (p + 1) * N_PACKED), (60 - p) * N_PACKED);
  return { weights: new Weights(1, packed), format: 'edax', bits: 16, bytes: buf.length, header };
}

const LITTLE = endianness() === 'LE';

/** n little-endian int16 of buf from byte `at`. */
function int16s(buf: Buffer, at: number, n: number): Int16Array {
  if (LITTLE) return new Int16Array(Uint8Array.prototype.slice.call(buf, at, at + 2 * n).buffer);
  return Int16Array.from({ length: n }, (_, i) => buf.readInt16LE(at + 2 * i));
}

/** The little-endian bytes of int16s. */
function leBytes(a: Int16Array): Buffer {
  if (LITTLE) return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const b = Buffer.alloc(a.length * 2);
  a.forEach((v, i) => b.writeInt16LE(v, 2 * i));
  return b;
}

function swap32(x: number): number {
  return (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
}

/** Writes an Edax eval.dat: needs one table per empties count (band 1). */
export function writeEdax(file: string, w: Weights, header: EdaxHeader = { version: 4, release: 4, build: 0, date: 0 }): void {
  if (w.band !== 1) throw new RangeError('an Edax eval.dat has one table per ply: band width 1 only');
  const buf = Buffer.alloc(EDAX_BYTES);
  buf.writeUInt32LE(EDAX_MAGIC, 0);
  buf.writeUInt32LE(EVAL_MAGIC, 4);
  buf.writeUInt32LE(header.version, 8);
  buf.writeUInt32LE(header.release, 12);
  buf.writeUInt32LE(header.build, 16);
  buf.writeDoubleLE(header.date, 20);
  const all = new Int16Array(N_PLIES * N_PACKED);
  for (let p = 0; p < N_PLIES; p++) all.set(w.packed.subarray((60 - p) * N_PACKED, (61 - p) * N_PACKED), p * N_PACKED);
  leBytes(all).copy(buf, EDAX_HEADER);
  writeWholeFile(file, buf);
}

/** The compact file of some weights, 16-bit or 4-bit (with a codebook: its values, from `codebookWeights`). */
export function compactBytes(w: Weights, bits: 16 | 4, codebook?: Int16Array): Buffer {
  if (codebook && bits !== 4) throw new RangeError('a codebook holds the values of 4-bit codes: bits 4 only');
  const data = bits === 4 ? Buffer.from(toNibbles(w, codebook)) : leBytes(w.packed);
  const book = codebook ? leBytes(codebook) : Buffer.alloc(0);
  const buf = Buffer.alloc(COMPACT_HEADER + book.length + data.length + 4);
  buf.write(COMPACT_MAGIC, 0, 'latin1');
  buf.writeUInt16LE(codebook ? 2 : 1, 4);
  buf.writeUInt8(w.band, 6);
  buf.writeUInt8(bits, 7);
  buf.writeUInt16LE(w.tables, 8);
  buf.writeUInt32LE(N_PACKED, 12);
  book.copy(buf, COMPACT_HEADER);
  data.copy(buf, COMPACT_HEADER + book.length);
  buf.writeUInt32LE(crc32(buf.subarray(0, buf.length - 4)), buf.length - 4);
  return buf;
}

export function writeCompact(file: string, w: Weights, bits: 16 | 4, codebook?: Int16Array): number {
  const buf = compactBytes(w, bits, codebook);
  writeWholeFile(file, buf);
  return buf.length;
}

function readCompact(file: string, buf: Buffer): LoadedWeights {
  if (buf.length < COMPACT_HEADER + 4) throw new WeightsFileError(file, `truncated: ${buf.length} bytes`);
  const version = buf.readUInt16LE(4);
  if (version !== 1 && version !== 2) throw new WeightsFileError(file, `compact weights version ${version}; this revsolve reads versions 1 and 2`);
  const band = buf.readUInt8(6);
  const bits = buf.readUInt8(7);
  const tables = buf.readUInt16LE(8);
  const perTable = buf.readUInt32LE(12);
  if (bits !== 16 && bits !== 4) throw new WeightsFileError(file, `${bits}-bit weights: only 16 and 4 are known`);
  if (version === 2 && bits !== 4) throw new WeightsFileError(file, `a codebook (version 2) with ${bits}-bit weights: codebooks are for 4-bit codes`);
  if (band < 1 || band > N_PLIES || tables !== tablesFor(band)) throw new WeightsFileError(file, `band width ${band} with ${tables} tables`);
  if (perTable !== N_PACKED) throw new WeightsFileError(file, `${perTable} weights per table, not Edax's ${N_PACKED}`);
  const bookValues = version === 2 ? tables * N_GROUPS * CODES : 0;
  const dataBytes = bits === 4 ? tables * (N_PACKED >> 1) : tables * N_PACKED * 2;
  const want = COMPACT_HEADER + 2 * bookValues + dataBytes + 4;
  if (buf.length !== want) throw new WeightsFileError(file, `${buf.length < want ? 'truncated' : 'too long'}: ${buf.length} bytes, the header says ${want}`);
  const sum = buf.readUInt32LE(buf.length - 4);
  if (crc32(buf.subarray(0, buf.length - 4)) !== sum) throw new WeightsFileError(file, 'checksum mismatch: the file is damaged');
  const at = COMPACT_HEADER + 2 * bookValues;
  if (bits === 4) {
    const nibbles = Uint8Array.from(buf.subarray(at, at + dataBytes));
    if (version === 1) return { weights: fromNibbles(band, nibbles), format: 'compact', bits: 4, bytes: buf.length, nibbles };
    const codebook = int16s(buf, COMPACT_HEADER, bookValues);
    return { weights: fromNibbles(band, nibbles, codebook), format: 'compact', bits: 4, bytes: buf.length, nibbles, codebook };
  }
  const packed = int16s(buf, COMPACT_HEADER, tables * N_PACKED);
  return { weights: new Weights(band, packed), format: 'compact', bits: 16, bytes: buf.length };
}

/** The search's evaluator of a weights file (null: none, moves ordered by mobility alone). */
export function loadEvaluator(file: string | null): Evaluator | null {
  return file === null ? null : new Evaluator(readWeights(file).weights);
}
