/**
 * The page's game database, what its worker (database-worker.ts) and its
 * panel (database-view.ts) share: their messages, what IndexedDB keeps,
 * the filters as the panel's fields give them, a game's row and header.
 * Pure: the tests run it in Node.
 */
import { U64 } from 'native-free-bitboard';
import type { NextMove } from '../src/game/database.js';
import { type GameIndex, gameOf, type IndexedGame, type IndexFound, type IndexQuery } from '../src/game/game-index.js';
import { moveName, type Position } from '../src/position/position.js';
import { type GameHeader, type OpenedFile, signed } from './files.js';

export type ToDatabase =
  | { type: 'open'; files: OpenedFile[] }
  | { type: 'restore' }
  | { type: 'forget' }
  | { type: 'search'; id: number; query: IndexQuery };

export type FromDatabase =
  | { type: 'progress'; file: string; files: number; of: number; games: number }
  /** Files of one game or none: the game for the board, and what was wrong. */
  | { type: 'read'; game: IndexedGame | null; problems: string[]; names: string[] }
  /** A collection indexed (or found again in IndexedDB): the index less its keys (the worker searches). */
  | { type: 'ready'; index: GameIndex; problems: string[]; files: string[]; restored: boolean; kept: boolean; ms: number }
  | { type: 'empty' }
  | { type: 'found'; id: number; found: IndexFound; next: NextMove[] }
  | { type: 'failed'; message: string };

/** What IndexedDB keeps between visits. */
export interface Stored {
  readonly files: OpenedFile[];
  readonly index: GameIndex;
  readonly problems: string[];
  readonly when: number;
}

const none = new Int32Array(0);

/** The index as the panel needs it: the keys stay with the worker. */
export function withoutKeys(ix: GameIndex): GameIndex {
  return { ...ix, keyHi: none, keyLo: none, ply: new Uint8Array(0), sides: new Uint8Array(0) };
}

/** A position as a message or IndexedDB gives it back (plain objects): its boards made U64 again. */
export function revivePosition(p: Position): Position {
  return { player: new U64(p.player.hi, p.player.lo), opponent: new U64(p.opponent.hi, p.opponent.lo), toMove: p.toMove };
}

export function reviveIndex(ix: GameIndex): GameIndex {
  return { ...ix, starts: ix.starts.map(revivePosition) };
}

/** The filters as the panel's fields give them: a query, or the field that is not one. */
export function queryOf(fields: { player: string; tournament: string; year: string; result: string }): IndexQuery | { problem: string } {
  const q: { player?: string; tournament?: string; year?: number | [number, number]; result?: 'black' | 'white' | 'draw' } = {};
  if (fields.player.trim()) q.player = fields.player.trim();
  if (fields.tournament.trim()) q.tournament = fields.tournament.trim();
  const y = fields.year.trim();
  if (y) {
    const m = /^(\d{4})(?:\s*[-–]\s*(\d{4}))?$/.exec(y);
    if (!m) return { problem: `year ${y}: a year (2019) or years (2010-2015)` };
    q.year = m[2] ? [Number(m[1]), Number(m[2])] : Number(m[1]);
  }
  if (fields.result === 'black' || fields.result === 'white' || fields.result === 'draw') q.result = fields.result;
  return q;
}

/** A game's row in the list: year, players, tournament, result (and theoretical score), and where the position was reached. */
export function rowText(g: IndexedGame, at: number | null): string {
  const parts = [
    g.date ? g.date.slice(0, 10) : g.year ? String(g.year) : '',
    `${g.black || '?'} – ${g.white || '?'}`,
    g.event ?? '',
    g.result !== undefined ? `${signed(g.result)}${g.theoretical ? ` (th ${signed(g.theoretical.score)})` : ''}` : '',
    at !== null ? `after move ${at}` : '',
  ];
  return parts.filter((p) => p !== '').join(' · ');
}

/** A game's header, as the board shows it and saving writes it. */
export function headerOfGame(g: IndexedGame): GameHeader {
  return {
    black: g.black,
    white: g.white,
    ...(g.event ? { event: g.event } : {}),
    ...(g.date ? { date: g.date } : {}),
    ...(g.result !== undefined ? { result: g.result } : {}),
    ...(g.theoretical ? { theoretical: g.theoretical.score } : {}),
  };
}

/** A next move's row: the move, its games, and how they ended for the side to move. */
export function nextText(n: NextMove): string[] {
  const move = n.move === -1 ? 'game over' : moveName(n.move);
  const pct = (x: number) => `${Math.round((100 * x) / n.games)} %`;
  return [
    move,
    String(n.games),
    `${pct(n.wins)} won, ${pct(n.draws)} drawn`,
    n.meanResult === null ? '' : signed(Math.round(n.meanResult)),
  ];
}

export { gameOf };
