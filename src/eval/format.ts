/**
 * The bytes of weight files, with no file system: what a thread needs to
 * build its evaluator from bytes it was handed (a worker thread, the web
 * page's workers), and what the writers put on disk (files.ts).
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

import { textArgument } from '../arguments.js';
import { FileError, OptionError } from '../errors.js';
import { describe } from '../position/position.js';
import { N_GROUPS, N_PACKED, N_PLIES } from './features.js';
import { CODES, Evaluator, type ExpandedWeights, fromNibbles, tablesFor, toNibbles, Weights } from './weights.js';

export const EDAX_MAGIC = 0x45444158; // "EDAX"
export const EVAL_MAGIC = 0x4556414c; // "EVAL"
const EDAX_HEADER = 28;
export const EDAX_BYTES = EDAX_HEADER + N_PLIES * N_PACKED * 2;
const COMPACT_MAGIC = 0x56455352; // "RSEV" read as a little-endian u32
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

/**
 * A weights file read once by the thread that starts a run: its name (for
 * messages), its bytes (in shared memory where threads share them, handed
 * over without a copy) and a digest of them (the queue's name, the
 * workers' cache key). Each thread that searches builds its evaluator from
 * the bytes (searchEvaluator).
 */
export interface WeightsBytes {
  readonly file: string;
  readonly bytes: Uint8Array;
  /**
   * Tells these bytes from other weights: their SHA-256 in hex (the page,
   * which loads one file, uses its name and length where the browser has no
   * crypto.subtle).
   */
  readonly digest: string;
  /**
   * The same weights expanded once, in shared memory, by the thread that
   * starts a pool of threads (sharedWeights): each thread's evaluator then
   * reads them as they are instead of decoding the bytes again.
   */
  readonly expanded?: ExpandedWeights;
}

/** The search's evaluator of weights bytes (null: none, moves ordered by mobility alone). */
export function searchEvaluator(w: WeightsBytes | null): Evaluator | null {
  return w === null ? null : new Evaluator(w.expanded ?? parseWeights(w.file, w.bytes).weights);
}

/** The weights with their expansion in shared memory (WeightsBytes.expanded), for a pool's threads; the evaluator of this thread on it. */
export function sharedWeights(w: WeightsBytes): { weights: WeightsBytes; evaluator: Evaluator } {
  const evaluator = w.expanded ? new Evaluator(w.expanded) : new Evaluator(parseWeights(w.file, w.bytes).weights, true);
  return { weights: { ...w, expanded: evaluator.expanded }, evaluator };
}

/** The weights in the bytes of a file named `file` (for messages): an Edax eval.dat or a compact file, by its magic. */
export function parseWeights(file: string, bytes: Uint8Array): LoadedWeights {
  textArgument(file, 'file', 'a name for the messages (the file the bytes came from)');
  if (!(bytes instanceof Uint8Array)) throw new OptionError('bytes', `the file's bytes (a Uint8Array), not ${describe(bytes)}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isCompact(bytes, view)) return readCompact(file, bytes, view);
  return readEdax(file, bytes, view);
}

/**
 * Checks the bytes of a weights file as parseWeights does (its header, its
 * size, a compact file's checksum) without decoding the weights: a thread
 * that only hands the bytes to the searching threads (they decode them).
 */
export function checkWeights(file: string, bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isCompact(bytes, view)) compactHeader(file, bytes, view);
  else checkEdax(file, bytes, view);
}

function isCompact(bytes: Uint8Array, view: DataView): boolean {
  return bytes.length >= 4 && view.getUint32(0, true) === COMPACT_MAGIC;
}

function readEdax(file: string, bytes: Uint8Array, view: DataView): LoadedWeights {
  checkEdax(file, bytes, view);
  const header = {
    version: view.getUint32(8, true),
    release: view.getUint32(12, true),
    build: view.getUint32(16, true),
    date: view.getFloat64(20, true),
  };
  const packed = new Int16Array(N_PLIES * N_PACKED);
  const all = int16s(view, EDAX_HEADER, N_PLIES * N_PACKED);
  // File ply p is our table of 60 - p empties.
  for (let p = 0; p < N_PLIES; p++) packed.set(all.subarray(p * N_PACKED, (p + 1) * N_PACKED), (60 - p) * N_PACKED);
  return { weights: new Weights(1, packed), format: 'edax', bits: 16, bytes: bytes.length, header };
}

function checkEdax(file: string, bytes: Uint8Array, view: DataView): void {
  if (bytes.length < 8) throw new WeightsFileError(file, `not a weights file (${bytes.length} bytes)`);
  const m1 = view.getUint32(0, true);
  const m2 = view.getUint32(4, true);
  if (m1 === swap32(EDAX_MAGIC) && m2 === swap32(EVAL_MAGIC)) {
    throw new WeightsFileError(file, 'an Edax weights file in big-endian byte order; only little-endian files are read');
  }
  if (m1 !== EDAX_MAGIC || m2 !== EVAL_MAGIC)
    throw new WeightsFileError(file, 'not an Edax eval.dat (no EDAX/EVAL header) nor a compact weights file (RSEV)');
  if (bytes.length !== EDAX_BYTES) {
    throw new WeightsFileError(
      file,
      `${bytes.length < EDAX_BYTES ? 'truncated' : 'too long'}: ${bytes.length} bytes, an Edax eval.dat has ${EDAX_BYTES} (28-byte header, 61 × ${N_PACKED} int16)`,
    );
  }
}

function readCompact(file: string, bytes: Uint8Array, view: DataView): LoadedWeights {
  const { version, band, bits, tables, bookValues, dataBytes } = compactHeader(file, bytes, view);
  const at = COMPACT_HEADER + 2 * bookValues;
  if (bits === 4) {
    const nibbles = bytes.slice(at, at + dataBytes);
    if (version === 1) return { weights: fromNibbles(band, nibbles), format: 'compact', bits: 4, bytes: bytes.length, nibbles };
    const codebook = int16s(view, COMPACT_HEADER, bookValues);
    return { weights: fromNibbles(band, nibbles, codebook), format: 'compact', bits: 4, bytes: bytes.length, nibbles, codebook };
  }
  const packed = int16s(view, COMPACT_HEADER, tables * N_PACKED);
  return { weights: new Weights(band, packed), format: 'compact', bits: 16, bytes: bytes.length };
}

/** A compact file's header, checked against the file's size and checksum. */
function compactHeader(
  file: string,
  bytes: Uint8Array,
  view: DataView,
): { version: number; band: number; bits: number; tables: number; bookValues: number; dataBytes: number } {
  if (bytes.length < COMPACT_HEADER + 4) throw new WeightsFileError(file, `truncated: ${bytes.length} bytes`);
  const version = view.getUint16(4, true);
  if (version !== 1 && version !== 2)
    throw new WeightsFileError(file, `compact weights version ${version}; this revsolve reads versions 1 and 2`);
  const band = view.getUint8(6);
  const bits = view.getUint8(7);
  const tables = view.getUint16(8, true);
  const perTable = view.getUint32(12, true);
  if (bits !== 16 && bits !== 4) throw new WeightsFileError(file, `${bits}-bit weights: only 16 and 4 are known`);
  if (version === 2 && bits !== 4)
    throw new WeightsFileError(file, `a codebook (version 2) with ${bits}-bit weights: codebooks are for 4-bit codes`);
  if (band < 1 || band > N_PLIES || tables !== tablesFor(band))
    throw new WeightsFileError(file, `band width ${band} with ${tables} tables`);
  if (perTable !== N_PACKED) throw new WeightsFileError(file, `${perTable} weights per table, not Edax's ${N_PACKED}`);
  const bookValues = version === 2 ? tables * N_GROUPS * CODES : 0;
  const dataBytes = bits === 4 ? tables * (N_PACKED >> 1) : tables * N_PACKED * 2;
  const want = COMPACT_HEADER + 2 * bookValues + dataBytes + 4;
  if (bytes.length !== want)
    throw new WeightsFileError(file, `${bytes.length < want ? 'truncated' : 'too long'}: ${bytes.length} bytes, the header says ${want}`);
  const sum = view.getUint32(bytes.length - 4, true);
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== sum) throw new WeightsFileError(file, 'checksum mismatch: the file is damaged');
  return { version, band, bits, tables, bookValues, dataBytes };
}

/** The bytes of an Edax eval.dat: needs one table per empties count (band 1). */
export function edaxBytes(w: Weights, header: EdaxHeader = { version: 4, release: 4, build: 0, date: 0 }): Uint8Array {
  if (w.band !== 1) throw new RangeError('an Edax eval.dat has one table per ply: band width 1 only');
  const bytes = new Uint8Array(EDAX_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, EDAX_MAGIC, true);
  view.setUint32(4, EVAL_MAGIC, true);
  view.setUint32(8, header.version, true);
  view.setUint32(12, header.release, true);
  view.setUint32(16, header.build, true);
  view.setFloat64(20, header.date, true);
  const all = new Int16Array(N_PLIES * N_PACKED);
  for (let p = 0; p < N_PLIES; p++) all.set(w.packed.subarray((60 - p) * N_PACKED, (61 - p) * N_PACKED), p * N_PACKED);
  putInt16s(view, EDAX_HEADER, all);
  return bytes;
}

/** The compact file of some weights, 16-bit or 4-bit (with a codebook: its values, from `codebookWeights`). */
export function compactBytes(w: Weights, bits: 16 | 4, codebook?: Int16Array): Uint8Array {
  if (codebook && bits !== 4) throw new RangeError('a codebook holds the values of 4-bit codes: bits 4 only');
  const book = codebook ? codebook.length * 2 : 0;
  const nibbles = bits === 4 ? toNibbles(w, codebook) : null;
  const data = nibbles ? nibbles.length : w.packed.length * 2;
  const bytes = new Uint8Array(COMPACT_HEADER + book + data + 4);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, COMPACT_MAGIC, true);
  view.setUint16(4, codebook ? 2 : 1, true);
  view.setUint8(6, w.band);
  view.setUint8(7, bits);
  view.setUint16(8, w.tables, true);
  view.setUint32(12, N_PACKED, true);
  if (codebook) putInt16s(view, COMPACT_HEADER, codebook);
  if (nibbles) bytes.set(nibbles, COMPACT_HEADER + book);
  else putInt16s(view, COMPACT_HEADER + book, w.packed);
  view.setUint32(bytes.length - 4, crc32(bytes.subarray(0, bytes.length - 4)), true);
  return bytes;
}

/** n little-endian int16 from byte `at` (a copy). */
function int16s(view: DataView, at: number, n: number): Int16Array {
  const a = new Int16Array(n);
  for (let i = 0; i < n; i++) a[i] = view.getInt16(at + 2 * i, true);
  return a;
}

function putInt16s(view: DataView, at: number, a: Int16Array): void {
  for (let i = 0; i < a.length; i++) view.setInt16(at + 2 * i, a[i], true);
}

function swap32(x: number): number {
  return (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE, as zlib's): the compact file's checksum. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
