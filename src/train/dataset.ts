/**
 * Training data on disk: a header, then chunks of records, one chunk per
 * batch of games in batch order, each with its CRC-32, appended and
 * flushed as batches finish. A run cut short loses at most the batch being
 * written: reading stops at the first incomplete or damaged chunk, and a
 * resumed run truncates there and goes on with the next batch.
 *
 *   header (32 bytes): "RSTD", u32 version 1, u32 seed, u32 solve-at
 *     empties, u32 games per batch, u32 noise in 1/1000, u32 search depth
 *     of the moves, u32 identity of the guiding weights file (guideId; 0: none)
 *   version 2 (real games, `train gen --from-wthor`), 40 bytes: the same,
 *     then u32 1 + 256 × the children's empties (the games came from files;
 *     --children-at, 0: none) and u32 the identity of those games (gamesId:
 *     their moves and theoretical scores, in order)
 *   chunk: u32 batch, u32 records, records, u32 CRC-32 of the chunk so far
 *   record (20 bytes): i32 player hi, lo, opponent hi, lo (player to move),
 *     i32 score << 8 | exact (1 when the score is the position's own exact
 *     score, 0 when it is the game's outcome after perfect play later)
 */

import { createHash } from 'node:crypto';
import { closeSync, existsSync, ftruncateSync, openSync, rmSync, statSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { popcount32 } from 'native-free-bitboard';
import { textArgument } from '../arguments.js';
import { FileError } from '../errors.js';
import { appendFlushed, onFile, problemOf, readRegularFile } from '../io.js';

export const RECORD_WORDS = 5;

/** Appends a record: the position (P to move), its label for P, and whether that is the position's own exact score. */
export function pushRecord(out: number[], ph: number, pl: number, oh: number, ol: number, score: number, exact: boolean): void {
  out.push(ph, pl, oh, ol, (score << 8) | (exact ? 1 : 0));
}

/** The label (final disc difference for P) of the record that starts at word `at`. */
export function recordScore(records: Int32Array, at: number): number {
  return records[at + 4] >> 8;
}

/** Whether that label is the position's own exact score (else the game's outcome). */
export function recordExact(records: Int32Array, at: number): boolean {
  return (records[at + 4] & 1) !== 0;
}

/** The empty squares of the record that starts at word `at`. */
export function recordEmpties(records: Int32Array, at: number): number {
  return 64 - popcount32(records[at] | records[at + 2]) - popcount32(records[at + 1] | records[at + 3]);
}
const RECORD_BYTES = 4 * RECORD_WORDS;
const HEADER_BYTES = 32;
const MAGIC = 'RSTD';

export interface DataHeader {
  readonly seed: number;
  readonly solveAt: number;
  readonly batchGames: number;
  readonly noise: number;
  /** Midgame search depth of the moves (0: fastest first). */
  readonly depth: number;
  /** Identity of the weights file guiding the moves (0: none; see guideId). */
  readonly guideHash: number;
  /** The real games labelled (`train gen --from-wthor`): their identity (gamesId); absent for self-play. */
  readonly gamesId?: number;
  /** With gamesId: the empties at which every move of the line was solved too (--children-at; 0: none). */
  readonly childrenAt?: number;
}

/** A training data file that cannot be read or written (binary: no line). */
export class DatasetError extends FileError {
  constructor(file: string, problem: string) {
    super(file, 0, problem);
  }
}

/**
 * The identity of a guiding weights file: the first 4 bytes of its SHA-256
 * (never 0). A CRC-32 of the whole file, as the first files stored, cannot
 * tell compact files apart: each ends with the CRC-32 of what precedes it,
 * so the CRC-32 of all of it is always LEGACY_COMPACT_ID.
 */
export function guideId(bytes: Uint8Array): number {
  return createHash('sha256').update(bytes).digest().readUInt32LE(0) || 1;
}
export const LEGACY_COMPACT_ID = 0x2144df1c;

/**
 * The guide's identity for a run: guideId, except that a file made before
 * it (holding LEGACY_COMPACT_ID) resumes with any compact guide, which it
 * cannot tell apart.
 */
export function guideHashFor(bytes: Uint8Array, resumed?: DataHeader): number {
  const compact = bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1') === 'RSEV';
  return resumed?.guideHash === LEGACY_COMPACT_ID && compact ? LEGACY_COMPACT_ID : guideId(bytes);
}

/** The identity of a list of games (moves, then black's theoretical discs or 255): the first 4 bytes of a SHA-256 (never 0). */
export function gamesId(games: readonly { moves: readonly number[]; theoretical?: { discs: number; depth: number } }[]): number {
  const h = createHash('sha256');
  for (const g of games)
    h.update(Uint8Array.from([...g.moves.map((m) => m & 255), g.theoretical?.discs ?? 255, g.theoretical?.depth ?? 255, 254]));
  return h.digest().readUInt32LE(0) || 1;
}

const headerSize = (h: DataHeader) => (h.gamesId === undefined ? HEADER_BYTES : HEADER_BYTES + 8);

function headerBytes(h: DataHeader): Buffer {
  const b = Buffer.alloc(headerSize(h));
  b.write(MAGIC, 0, 'latin1');
  b.writeUInt32LE(h.gamesId === undefined ? 1 : 2, 4);
  if (h.gamesId !== undefined) {
    b.writeUInt32LE(1 + 256 * (h.childrenAt ?? 0), 32);
    b.writeUInt32LE(h.gamesId >>> 0, 36);
  }
  b.writeUInt32LE(h.seed >>> 0, 8);
  b.writeUInt32LE(h.solveAt, 12);
  b.writeUInt32LE(h.batchGames, 16);
  b.writeUInt32LE(Math.round(h.noise * 1000), 20);
  b.writeUInt32LE(h.depth, 24);
  b.writeUInt32LE(h.guideHash >>> 0, 28);
  return b;
}

export interface Dataset {
  readonly header: DataHeader;
  /** All records, RECORD_WORDS int32 each. */
  readonly records: Int32Array;
  /** Batches read (0‥batches-1, in order). */
  readonly batches: number;
  /** Where each batch's records end (in records, not words). */
  readonly batchEnds: Int32Array;
  /** Bytes of whole chunks (where a resumed run goes on). */
  readonly validBytes: number;
  /** Why reading stopped early, if it did. */
  readonly problem?: string;
}

export function readDataset(file: string): Dataset {
  textArgument(file, 'file', "a training data file's path");
  let buf: Buffer;
  try {
    buf = readRegularFile(file);
  } catch (e) {
    throw new DatasetError(file, `cannot read the file: ${e instanceof FileError ? e.problem : problemOf(e)}`);
  }
  if (buf.length < HEADER_BYTES || buf.toString('latin1', 0, 4) !== MAGIC)
    throw new DatasetError(file, 'not a revsolve training data file (RSTD)');
  const version = buf.readUInt32LE(4);
  if (version !== 1 && version !== 2) throw new DatasetError(file, `version ${version}; this revsolve reads versions 1 and 2`);
  if (version === 2 && (buf.length < HEADER_BYTES + 8 || (buf.readUInt32LE(32) & 255) !== 1))
    throw new DatasetError(file, 'a version 2 header cut short or of an unknown source');
  const header: DataHeader = {
    seed: buf.readUInt32LE(8),
    solveAt: buf.readUInt32LE(12),
    batchGames: buf.readUInt32LE(16),
    noise: buf.readUInt32LE(20) / 1000,
    depth: buf.readUInt32LE(24),
    guideHash: buf.readUInt32LE(28),
    ...(version === 2 ? { gamesId: buf.readUInt32LE(36), childrenAt: buf.readUInt32LE(32) >>> 8 } : {}),
  };
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let count = 0;
  let at = headerSize(header);
  let batches = 0;
  let problem: string | undefined;
  while (at < buf.length) {
    if (at + 8 > buf.length) {
      problem = `cut short at byte ${at}`;
      break;
    }
    const batch = buf.readUInt32LE(at);
    const n = buf.readUInt32LE(at + 4);
    const end = at + 8 + n * RECORD_BYTES;
    if (batch !== batches) {
      problem = `chunk at byte ${at} is batch ${batch}, expected ${batches}`;
      break;
    }
    if (end + 4 > buf.length) {
      problem = `batch ${batch} cut short`;
      break;
    }
    if (crc32(buf.subarray(at, end)) !== buf.readUInt32LE(end)) {
      problem = `batch ${batch} damaged (checksum)`;
      break;
    }
    parts.push(buf.subarray(at + 8, end));
    count += n;
    ends.push(count);
    batches++;
    at = end + 4;
  }
  const all = Buffer.concat(parts);
  const records = new Int32Array(all.length / 4);
  for (let i = 0; i < records.length; i++) records[i] = all.readInt32LE(4 * i);
  return { header, records, batches, batchEnds: Int32Array.from(ends), validBytes: at, problem };
}

/**
 * Copies the records of a data file that `keep` accepts (given a record's
 * first word index) to a new file with the same header, batch by batch.
 */
export function selectRecords(d: Dataset, out: string, keep: (records: Int32Array, at: number) => boolean): number {
  const w = new DatasetWriter(out, d.header);
  let kept = 0;
  try {
    let from = 0;
    for (let b = 0; b < d.batches; b++) {
      const to = d.batchEnds[b] * RECORD_WORDS;
      const chosen: number[] = [];
      for (let r = from; r < to; r += RECORD_WORDS)
        if (keep(d.records, r)) for (let k = 0; k < RECORD_WORDS; k++) chosen.push(d.records[r + k]);
      w.append(b, Int32Array.from(chosen));
      kept += chosen.length / RECORD_WORDS;
      from = to;
    }
  } finally {
    w.close();
  }
  return kept;
}

/** Appends batches, each flushed to disk at once. */
export class DatasetWriter {
  private readonly fd: number;
  private at: number;

  /** A new file, or (resume) the existing one cut back to `validBytes`. */
  constructor(
    readonly file: string,
    header: DataHeader,
    resume?: Dataset,
  ) {
    if (resume) {
      const h = resume.header;
      if (
        h.seed !== header.seed >>> 0 ||
        h.solveAt !== header.solveAt ||
        h.batchGames !== header.batchGames ||
        h.noise !== Math.round(header.noise * 1000) / 1000 ||
        h.depth !== header.depth ||
        h.guideHash !== header.guideHash >>> 0 ||
        h.gamesId !== (header.gamesId === undefined ? undefined : header.gamesId >>> 0) ||
        (h.childrenAt ?? 0) !== (header.childrenAt ?? 0)
      ) {
        const source =
          h.gamesId === undefined
            ? 'self-play'
            : `the games of id ${h.gamesId.toString(16)} (the same --from-wthor files, in the same order)${h.childrenAt ? `, children at ${h.childrenAt}` : ''}`;
        throw new DatasetError(
          file,
          `was made with other settings (${source}, seed ${h.seed}, solve at ${h.solveAt}, ${h.batchGames} games a batch, noise ${h.noise}, depth ${h.depth}, ` +
            `guide ${h.guideHash ? `id ${h.guideHash.toString(16)}` : 'none'}): resume with those`,
        );
      }
      this.fd = onFile(file, () => openSync(file, 'r+'));
      onFile(file, () => ftruncateSync(this.fd, resume.validBytes));
      this.at = resume.validBytes;
    } else {
      if (existsSync(file) && statSync(file).size > 0)
        throw new DatasetError(file, 'exists: use --resume to go on with it, or another name');
      this.fd = onFile(file, () => openSync(file, 'w'));
      try {
        appendFlushed(this.fd, file, headerBytes(header), 0);
      } catch (e) {
        // No header, no file: a half-made one would stop the next run and --resume alike.
        closeSync(this.fd);
        rmSync(file, { force: true });
        throw e;
      }
      this.at = headerSize(header);
    }
  }

  append(batch: number, records: Int32Array): void {
    const b = Buffer.alloc(8 + records.length * 4 + 4);
    b.writeUInt32LE(batch, 0);
    b.writeUInt32LE(records.length / RECORD_WORDS, 4);
    for (let i = 0; i < records.length; i++) b.writeInt32LE(records[i], 8 + 4 * i);
    b.writeUInt32LE(crc32(b.subarray(0, b.length - 4)), b.length - 4);
    appendFlushed(this.fd, this.file, b, this.at);
    this.at += b.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}
