/**
 * A collection of games as flat arrays: what is shown of each game (its
 * label, players, tournament, year, result, theoretical score), its moves,
 * and for each disc count the board it had then, as a 64-bit key with the
 * sides to move it was seen with. It is what the page keeps (a worker
 * builds it, IndexedDB stores it as it is: typed arrays and strings) and
 * what a search scans: a position's games are found from one column of keys
 * (the position's disc count) compared with its 8 symmetries' keys, with no
 * game replayed. Pure.
 */
import { pairBackend as B, transformSquare, type U64 } from 'native-free-bitboard';
import { arrayArgument, objectArgument } from '../arguments.js';
import { OptionError } from '../errors.js';
import { START_POSITION } from '../position/perft.js';
import { describe, PASS, type Position, positionArgument } from '../position/position.js';
import type { FileGame } from './files.js';

/** Disc counts a board can have (4 … 64): the key columns of each game. */
export const COLUMNS = 61;
/** No result, no theoretical score (a disc difference is -64 … 64). */
export const NONE = -128;
/** A disc count the game never had. */
const UNSEEN = 255;
/** A pass in `moves` (a square is 0 … 63). */
const PASS_BYTE = 64;
/** `sides` bits: the first position at the disc count had O to move; X was seen to move there; O was. */
const FIRST_O = 1;
const SEEN_X = 2;
const SEEN_O = 4;

export interface GameIndex {
  readonly count: number;
  /** Each game's label ("WTH_2019.wtb game 12"), as every message names it. */
  readonly labels: readonly string[];
  /** The strings the games name (players, tournaments, dates), each once; 0 is ''. */
  readonly names: readonly string[];
  readonly black: Uint32Array;
  readonly white: Uint32Array;
  readonly event: Uint32Array;
  readonly date: Uint32Array;
  /** The file each game is from (`files`), and its number in it. */
  readonly files: readonly string[];
  readonly file: Uint16Array;
  readonly number: Uint32Array;
  /** 0: no year. */
  readonly year: Uint16Array;
  /** Black's final disc difference as the file gives it, NONE when it gives none. */
  readonly result: Int8Array;
  /** WTHOR: black's disc difference with perfect play from `depth` empties, NONE when none. */
  readonly theoretical: Int8Array;
  readonly depth: Uint8Array;
  /** The start positions; each game's index into them (0: the usual start). */
  readonly starts: readonly Position[];
  readonly start: Uint16Array;
  /** Game g's moves are moves[moveAt[g] … moveAt[g+1]) as the file writes them (PASS written as 64). */
  readonly moveAt: Uint32Array;
  readonly moves: Uint8Array;
  /** Per game and disc count (g·COLUMNS + discs − 4): the board's key, the move index it was first seen at (UNSEEN: never), the sides seen. */
  readonly keyHi: Int32Array;
  readonly keyLo: Int32Array;
  readonly ply: Uint8Array;
  readonly sides: Uint8Array;
}

function mix(h: number, x: number): number {
  let k = Math.imul(x, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  const m = h ^ k;
  return (Math.imul((m << 13) | (m >>> 19), 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

/** A board's 64-bit key (black's and white's discs; two boards share one with odds of about 2^-64). */
export function boardKey(black: U64, white: U64): [number, number] {
  let a = 0x2545f491;
  let b = 0x6a09e667;
  for (const w of [black.hi, black.lo, white.hi, white.lo]) {
    a = mix(a, w);
    b = mix(b, w ^ 0x5bd1e995);
  }
  return [finish(a), finish(b)];
}

const blackWhite = (p: Position): [U64, U64] => (p.toMove === 'X' ? [p.player, p.opponent] : [p.opponent, p.player]);

/** A growing typed array. */
class Grow<T extends Uint8Array | Uint16Array | Uint32Array | Int8Array | Int32Array> {
  n = 0;
  constructor(
    public a: T,
    private readonly make: (n: number) => T,
  ) {}
  room(k: number): void {
    if (this.n + k <= this.a.length) return;
    const b = this.make(Math.max(2 * this.a.length, this.n + k));
    b.set(this.a);
    this.a = b;
  }
  push(x: number): void {
    this.room(1);
    this.a[this.n++] = x;
  }
  done(): T {
    return this.a.slice(0, this.n) as T;
  }
}

const grow = {
  u8: () => new Grow(new Uint8Array(1024), (n) => new Uint8Array(n)),
  u16: () => new Grow(new Uint16Array(1024), (n) => new Uint16Array(n)),
  u32: () => new Grow(new Uint32Array(1024), (n) => new Uint32Array(n)),
  i8: () => new Grow(new Int8Array(1024), (n) => new Int8Array(n)),
  i32: () => new Grow(new Int32Array(1024), (n) => new Int32Array(n)),
};

/** Builds an index game by game (a file at a time: the replayed games need not be kept). */
export class IndexBuilder {
  private readonly labels: string[] = [];
  private readonly names: string[] = [''];
  private readonly nameIds = new Map<string, number>([['', 0]]);
  private readonly files: string[] = [];
  private readonly starts: Position[] = [START_POSITION];
  private readonly cols = {
    black: grow.u32(),
    white: grow.u32(),
    event: grow.u32(),
    date: grow.u32(),
    file: grow.u16(),
    number: grow.u32(),
    year: grow.u16(),
    result: grow.i8(),
    theoretical: grow.i8(),
    depth: grow.u8(),
    start: grow.u16(),
    moveAt: grow.u32(),
    moves: grow.u8(),
    keyHi: grow.i32(),
    keyLo: grow.i32(),
    ply: grow.u8(),
    sides: grow.u8(),
  };

  constructor() {
    this.cols.moveAt.push(0);
  }

  get count(): number {
    return this.labels.length;
  }

  private name(s: string | undefined): number {
    if (!s) return 0;
    let id = this.nameIds.get(s);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(s);
      this.nameIds.set(s, id);
    }
    return id;
  }

  private startOf(p: Position): number {
    const i = this.starts.findIndex((s) => B.equals(s.player, p.player) && B.equals(s.opponent, p.opponent) && s.toMove === p.toMove);
    if (i >= 0) return i;
    this.starts.push(p);
    return this.starts.length - 1;
  }

  add(g: FileGame): void {
    const c = this.cols;
    this.labels.push(g.label);
    let f = this.files.indexOf(g.source.file);
    if (f < 0) f = this.files.push(g.source.file) - 1;
    c.file.push(f);
    c.number.push(g.source.index);
    c.black.push(this.name(g.black));
    c.white.push(this.name(g.white));
    c.event.push(this.name(g.event));
    c.date.push(this.name(g.date));
    c.year.push(yearOf(g) ?? 0);
    c.result.push(g.result ?? NONE);
    c.theoretical.push(g.theoretical ? 2 * g.theoretical.discs - 64 : NONE);
    c.depth.push(g.theoretical?.depth ?? 0);
    c.start.push(this.startOf(g.start));
    for (const m of g.moves) c.moves.push(m === PASS ? PASS_BYTE : m);
    c.moveAt.push(c.moves.n);
    // The game's positions (each move's, then the final one): per disc count the first index, its key, and the sides seen.
    const base = c.keyHi.n;
    for (const col of [c.keyHi, c.keyLo, c.ply, c.sides]) col.room(COLUMNS);
    c.keyHi.n += COLUMNS;
    c.keyLo.n += COLUMNS;
    c.ply.a.fill(UNSEEN, base, base + COLUMNS);
    c.ply.n += COLUMNS;
    c.sides.a.fill(0, base, base + COLUMNS);
    c.sides.n += COLUMNS;
    const positions = [...g.game.moves.map((m) => m.position), g.game.final];
    for (const [i, p] of positions.entries()) {
      const [black, white] = blackWhite(p);
      const at = base + B.count(black) + B.count(white) - 4;
      if (c.ply.a[at] === UNSEEN) {
        const [hi, lo] = boardKey(black, white);
        c.keyHi.a[at] = hi;
        c.keyLo.a[at] = lo;
        c.ply.a[at] = i;
        if (p.toMove === 'O') c.sides.a[at] |= FIRST_O;
      }
      c.sides.a[at] |= p.toMove === 'X' ? SEEN_X : SEEN_O;
    }
  }

  /** The index of the games added. */
  index(): GameIndex {
    const c = this.cols;
    return {
      count: this.labels.length,
      labels: this.labels,
      names: this.names,
      files: this.files,
      starts: this.starts,
      black: c.black.done(),
      white: c.white.done(),
      event: c.event.done(),
      date: c.date.done(),
      file: c.file.done(),
      number: c.number.done(),
      year: c.year.done(),
      result: c.result.done(),
      theoretical: c.theoretical.done(),
      depth: c.depth.done(),
      start: c.start.done(),
      moveAt: c.moveAt.done(),
      moves: c.moves.done(),
      keyHi: c.keyHi.done(),
      keyLo: c.keyLo.done(),
      ply: c.ply.done(),
      sides: c.sides.done(),
    };
  }
}

/** The index of games already read. */
export function indexGames(games: readonly FileGame[]): GameIndex {
  arrayArgument(games, 'games', 'an array of games as readGameFiles gives them');
  const b = new IndexBuilder();
  for (const g of games) b.add(g);
  return b.index();
}

/** What to look for; every field given must hold (GameQuery in database.ts). */
export interface IndexQuery {
  /** Part of a player's name, either colour, any case. */
  readonly player?: string;
  /** Part of the tournament's (or place's) name, any case. */
  readonly tournament?: string;
  /** A year, or a range of years (inclusive). */
  readonly year?: number | readonly [number, number];
  /** Who won, by the result the file gives. */
  readonly result?: 'black' | 'white' | 'draw';
  /** A position the game reached (any symmetry, the same side to move). */
  readonly position?: Position;
}

/** The games found, in the index's order: for a position, the move index it was reached at and the symmetry mapping it onto the game's. */
export interface IndexFound {
  readonly games: Int32Array;
  readonly at: Int16Array | null;
  readonly symmetry: Int8Array | null;
}

/** A position under symmetry k (transformSquare's numbering). */
export function transformPosition(p: Position, k: number): Position {
  positionArgument(p);
  if (!Number.isInteger(k) || k < 0 || k > 7) throw new OptionError('k', `a symmetry, 0 to 7, not ${describe(k)}`);
  const map = (w: U64): U64 => B.fromSquares(B.squares(w).map((s) => transformSquare(s, k)));
  return { player: map(p.player), opponent: map(p.opponent), toMove: p.toMove };
}

/** The games of the index that match every field of the query. */
export function searchIndex(ix: GameIndex, q: IndexQuery): IndexFound {
  indexArgument(ix);
  objectArgument(q, 'query', 'a query ({ player, tournament, year, result, position }, each optional)');
  const matching = (part: string | undefined): Uint8Array | null => {
    if (part === undefined) return null;
    const p = part.toLowerCase();
    return Uint8Array.from(ix.names, (n) => (n.toLowerCase().includes(p) ? 1 : 0));
  };
  const player = matching(q.player);
  const tournament = matching(q.tournament);
  const years = q.year === undefined ? null : typeof q.year === 'number' ? [q.year, q.year] : q.year;
  // The position's 8 symmetries (the distinct ones): their keys, and the column of its disc count.
  const variants: { hi: number; lo: number; k: number }[] = [];
  let column = -1;
  let side = 0;
  if (q.position) {
    const [b, w] = blackWhite(q.position);
    column = B.count(b) + B.count(w) - 4;
    side = q.position.toMove === 'X' ? SEEN_X : SEEN_O;
    for (let k = 0; k < 8; k++) {
      const [tb, tw] = blackWhite(transformPosition(q.position, k));
      const [hi, lo] = boardKey(tb, tw);
      if (!variants.some((v) => v.hi === hi && v.lo === lo)) variants.push({ hi, lo, k });
    }
  }
  const games: number[] = [];
  const at: number[] = [];
  const symmetry: number[] = [];
  for (let g = 0; g < ix.count; g++) {
    if (player && !player[ix.black[g]] && !player[ix.white[g]]) continue;
    if (tournament && !tournament[ix.event[g]]) continue;
    if (years && (ix.year[g] === 0 || ix.year[g] < years[0] || ix.year[g] > years[1])) continue;
    if (q.result !== undefined) {
      const r = ix.result[g];
      if (r === NONE || (q.result === 'black' ? r <= 0 : q.result === 'white' ? r >= 0 : r !== 0)) continue;
    }
    if (column >= 0) {
      const s = g * COLUMNS + column;
      if (ix.ply[s] === UNSEEN || !(ix.sides[s] & side)) continue;
      const v = variants.find((x) => x.hi === ix.keyHi[s] && x.lo === ix.keyLo[s]);
      if (!v) continue;
      // The first position at this disc count, or the one after a written pass (the same board, the other side).
      const firstSide = ix.sides[s] & FIRST_O ? SEEN_O : SEEN_X;
      at.push(ix.ply[s] + (firstSide === side ? 0 : 1));
      symmetry.push(v.k);
    }
    games.push(g);
  }
  return {
    games: Int32Array.from(games),
    at: column >= 0 ? Int16Array.from(at) : null,
    symmetry: column >= 0 ? Int8Array.from(symmetry) : null,
  };
}

/** The year of a game (a WTHOR year, or the first four digits of a GGF date), or null. */
export function yearOf(g: FileGame): number | null {
  objectArgument(g, 'game', 'a game as readGameFiles gives it');
  const m = /\d{4}/.exec(g.date ?? '');
  return m ? Number(m[0]) : null;
}

/** Game g's move i as a square (PASS where the file writes one), or undefined past its end. */
export function moveOf(ix: GameIndex, g: number, i: number): number | undefined {
  const at = ix.moveAt[g] + i;
  if (at >= ix.moveAt[g + 1]) return undefined;
  return ix.moves[at] === PASS_BYTE ? PASS : ix.moves[at];
}

/** Game g's moves as squares (PASS where the file writes one). */
export function movesOf(ix: GameIndex, g: number): number[] {
  return Array.from(ix.moves.subarray(ix.moveAt[g], ix.moveAt[g + 1]), (m) => (m === PASS_BYTE ? PASS : m));
}

/** Game g as the reader gave it, less the replay: what a page or a table shows of it, and what loads it. */
export interface IndexedGame {
  readonly label: string;
  readonly file: string;
  readonly number: number;
  readonly black: string;
  readonly white: string;
  readonly event?: string;
  readonly date?: string;
  readonly year?: number;
  readonly result?: number;
  /** Black's disc difference with perfect play, and from how many empties. */
  readonly theoretical?: { readonly score: number; readonly depth: number };
  readonly start: Position;
  readonly moves: number[];
}

export function gameOf(ix: GameIndex, g: number): IndexedGame {
  indexArgument(ix);
  if (!Number.isInteger(g) || g < 0 || g >= ix.count)
    throw new OptionError('g', `a game of the index, 0 to ${ix.count - 1}, not ${describe(g)}`);
  const name = (id: number) => ix.names[id];
  return {
    label: ix.labels[g],
    file: ix.files[ix.file[g]],
    number: ix.number[g],
    black: name(ix.black[g]),
    white: name(ix.white[g]),
    ...(ix.event[g] ? { event: name(ix.event[g]) } : {}),
    ...(ix.date[g] ? { date: name(ix.date[g]) } : {}),
    ...(ix.year[g] ? { year: ix.year[g] } : {}),
    ...(ix.result[g] !== NONE ? { result: ix.result[g] } : {}),
    ...(ix.theoretical[g] !== NONE ? { theoretical: { score: ix.theoretical[g], depth: ix.depth[g] } } : {}),
    start: ix.starts[ix.start[g]],
    moves: movesOf(ix, g),
  };
}

/** An index of games handed to the library, checked (indexGames makes one). */
export function indexArgument(ix: unknown): GameIndex {
  objectArgument(ix, 'index', 'an index of games (indexGames)');
  if (!Array.isArray((ix as GameIndex).names))
    throw new OptionError('index', 'an index of games (indexGames), not an object of another shape');
  return ix as GameIndex;
}
