/**
 * The WTHOR database of the French Othello Federation: a `.wtb` file holds
 * one year's tournament games, `WTHOR.JOU` the players' names and
 * `WTHOR.TRN` the tournaments'. Read from bytes (no file system: the page
 * reads them too). The format, from the federation's description: all
 * integers little-endian; a 16-byte header (creation date as century,
 * year, month, day; N1, the games of a .wtb, 4 bytes; N2, the names of a
 * .JOU or .TRN, 2 bytes; the games' year, 2 bytes; the board size, 0 or 8;
 * the game type; the depth, the empties from which the theoretical score
 * is computed; a reserved byte); then a game in 68 bytes (tournament,
 * black player, white player: 2 bytes each; black's discs at the end;
 * black's theoretical discs; 60 moves, one byte each as 10 × rank + file,
 * 11 = a1, 0 once the game has ended; passes not written) or a name in 20
 * (.JOU) or 26 (.TRN) bytes, padded with zeros, Latin-1.
 */
import { FileError } from '../errors.js';
import { describe } from '../position/position.js';

/** A WTHOR file that cannot be read, or a game in it that is not one: the file, and the game (its 1-based number) where there is one. */
export class WthorError extends FileError {
  constructor(
    file: string,
    readonly game: number,
    problem: string,
  ) {
    super(file, 0, game > 0 ? `game ${game}: ${problem}` : problem);
  }
}

export interface WthorHeader {
  /** When the file was made, as yyyy-mm-dd. */
  readonly created: string;
  /** N1: the games of a .wtb (0 in a names file). */
  readonly games: number;
  /** N2: the names of a .JOU or .TRN (0 in a .wtb). */
  readonly names: number;
  /** The year of the games (a .wtb). */
  readonly year: number;
  /** The empties from which a game's theoretical score is computed (24 in recent files; 0: none). */
  readonly depth: number;
}

export interface WthorGame {
  /** The game's number in its file, from 1. */
  readonly number: number;
  /** Index into WTHOR.TRN. */
  readonly tournament: number;
  /** Indices into WTHOR.JOU. */
  readonly black: number;
  readonly white: number;
  /** Black's discs at the end, as played. */
  readonly blackDiscs: number;
  /** Black's discs with perfect play from the position the game reached at the header's depth. */
  readonly theoreticalDiscs: number;
  /** The moves as squares (0 = a1 … 63 = h8), in order, passes not written. */
  readonly moves: readonly number[];
}

const HEADER = 16;
const GAME = 68;
/** The bytes of a name in WTHOR.JOU (players) and WTHOR.TRN (tournaments). */
export const NAME_BYTES = { players: 20, tournaments: 26 } as const;

function header(bytes: Uint8Array, file: string): WthorHeader {
  if (bytes.length < HEADER) throw new WthorError(file, 0, `not a WTHOR file: ${bytes.length} bytes, shorter than its 16-byte header`);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const year = v.getUint8(0) * 100 + v.getUint8(1);
  const created = `${year}-${String(v.getUint8(2)).padStart(2, '0')}-${String(v.getUint8(3)).padStart(2, '0')}`;
  return { created, games: v.getUint32(4, true), names: v.getUint16(8, true), year: v.getUint16(10, true), depth: v.getUint8(14) };
}

/** Whether bytes are a WTHOR games file (.wtb), by their content: the header's count matches the size, the board is 8 × 8. */
export function isWthorGames(bytes: Uint8Array): boolean {
  if (!(bytes instanceof Uint8Array) || bytes.length < HEADER) return false;
  const h = header(bytes, '');
  const size = bytes[12];
  return (size === 0 || size === 8) && h.games > 0 && bytes.length === HEADER + GAME * h.games;
}

/**
 * Why bytes are not a well-formed WTHOR games file, in words, or null when
 * they are one: too short, a size that is not the header's count of games,
 * no game, a board that is not 8 × 8.
 */
export function wthorGamesProblem(bytes: Uint8Array, file: string): string | null {
  if (bytes.length < HEADER) return `not a WTHOR games file: ${bytes.length} bytes, shorter than its 16-byte header`;
  const h = header(bytes, file);
  const size = bytes[12];
  if (size !== 0 && size !== 8) return `not a WTHOR games file of the 8 × 8 board: its header says a board of ${size}`;
  if (bytes.length !== HEADER + GAME * h.games)
    return `a damaged WTHOR games file: ${bytes.length} bytes, and its header says ${h.games} games (${HEADER + GAME * h.games} bytes)`;
  if (h.games === 0) return 'a WTHOR games file of no game';
  return null;
}

/** A reader's arguments: bytes, and a file name for its messages. */
function checkBytes(bytes: unknown, file: unknown, reader: string): void {
  if (!(bytes instanceof Uint8Array))
    throw new WthorError(typeof file === 'string' ? file : reader, 0, `the file's bytes (a Uint8Array), not ${describe(bytes)}`);
  if (typeof file !== 'string') throw new WthorError(reader, 0, `a file name (text) for the messages, not ${describe(file)}`);
}

/** A move byte as a square (10 × rank + file, 11 = a1), or -1 when it is none. */
export function wthorSquare(byte: number): number {
  const rank = Math.floor(byte / 10);
  const file = byte % 10;
  return rank >= 1 && rank <= 8 && file >= 1 && file <= 8 ? (rank - 1) * 8 + file - 1 : -1;
}

/**
 * A .wtb file's header and games. A file whose size is not its header's
 * count of games is refused whole; a game with a byte that is no square
 * (or a move after its end) is left out of `games` and said in `damaged`,
 * a WthorError naming it: one damaged byte costs its game, not the file.
 */
export function readWthorGames(bytes: Uint8Array, file: string): { header: WthorHeader; games: WthorGame[]; damaged: WthorError[] } {
  checkBytes(bytes, file, 'readWthorGames');
  const h = header(bytes, file);
  if (bytes.length !== HEADER + GAME * h.games) {
    throw new WthorError(
      file,
      0,
      `not a WTHOR games file: ${bytes.length} bytes, and its header says ${h.games} games (${HEADER + GAME * h.games} bytes)`,
    );
  }
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const games: WthorGame[] = [];
  const damaged: WthorError[] = [];
  for (let g = 0; g < h.games; g++) {
    const at = HEADER + GAME * g;
    const moves = movesAt(v, at + 8);
    if (typeof moves === 'string') {
      damaged.push(new WthorError(file, g + 1, moves));
      continue;
    }
    games.push({
      number: g + 1,
      tournament: v.getUint16(at, true),
      black: v.getUint16(at + 2, true),
      white: v.getUint16(at + 4, true),
      blackDiscs: v.getUint8(at + 6),
      theoreticalDiscs: v.getUint8(at + 7),
      moves,
    });
  }
  return { header: h, games, damaged };
}

/** The 60 move bytes from `at` as squares, or what is wrong with them. */
function movesAt(v: DataView, at: number): number[] | string {
  const moves: number[] = [];
  let ended = false;
  for (let k = 0; k < 60; k++) {
    const byte = v.getUint8(at + k);
    if (byte === 0) {
      ended = true;
      continue;
    }
    const square = wthorSquare(byte);
    if (square < 0) return `move ${k + 1} is byte ${byte}, not a square (11 = a1 … 88 = h8)`;
    if (ended) return `move ${k + 1} comes after the game's end (a 0 byte)`;
    moves.push(square);
  }
  return moves;
}

/** The names of a WTHOR.JOU (players) or WTHOR.TRN (tournaments) file, by index, decoded as Latin-1. */
export function readWthorNames(bytes: Uint8Array, file: string, kind: keyof typeof NAME_BYTES): string[] {
  checkBytes(bytes, file, 'readWthorNames');
  if (!Object.hasOwn(NAME_BYTES, kind))
    throw new WthorError(file, 0, `readWthorNames: the kind is ${Object.keys(NAME_BYTES).join(' or ')}, not ${JSON.stringify(kind)}`);
  const h = header(bytes, file);
  const width = NAME_BYTES[kind];
  if (bytes.length < HEADER + width * h.names) {
    throw new WthorError(
      file,
      0,
      `not a WTHOR ${kind} file: ${bytes.length} bytes, and its header says ${h.names} names of ${width} bytes`,
    );
  }
  const names: string[] = [];
  for (let i = 0; i < h.names; i++) {
    const raw = bytes.subarray(HEADER + width * i, HEADER + width * (i + 1));
    const end = raw.indexOf(0);
    names.push(String.fromCharCode(...(end < 0 ? raw : raw.subarray(0, end))).trim());
  }
  return names;
}

/** Black's final disc difference from a disc count (the empty squares counted to the winner): 2 × discs − 64. */
export function discDifference(blackDiscs: number): number {
  return 2 * blackDiscs - 64;
}
