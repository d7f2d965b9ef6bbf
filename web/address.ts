/**
 * The game in the page's address, so that a reload or a link brings it
 * back: `p` its start position when it is not the usual one (64 squares and
 * the side, as OBF writes them, no space), `g` its record (passes implied, as
 * `revsolve analyze` reads it), `at` the step shown when it is not the last
 * (passes count as steps), `m` the main line's record when `g` is a side
 * line. A lone `?p=` (a position, as earlier pages wrote
 * their links) is a game from that position. Pure: the tests run it in Node.
 */
import { recordMoves } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { type Position, PositionError } from '../src/position/position.js';
import type { GameHistory } from './game.js';
import { positionKey, readPositionText } from './text.js';

/** What an address holds: a start, a record's squares, the step shown (null: the last), the main line's squares when the record is a side line. */
export interface AddressedGame {
  readonly start: Position;
  readonly squares: readonly number[];
  readonly at: number | null;
  readonly main: readonly number[] | null;
  /** What was left out of a record cut in the middle of a move (null: nothing). */
  readonly cut?: string | null;
}

/** The address's search part for a game ('' for the usual start and no move). */
export function gameAddress(game: GameHistory): string {
  const q = new URLSearchParams();
  if (positionKey(game.start) !== positionKey(START_POSITION)) q.set('p', positionKey(game.start));
  const record = game.record();
  if (record) q.set('g', record);
  if (game.at < game.length - 1) q.set('at', String(game.at));
  if (game.main) q.set('m', game.mainRecord());
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The game an address holds; a PositionError names the part that is wrong. */
export function readAddress(search: string): AddressedGame {
  const q = new URLSearchParams(search);
  const p = q.get('p');
  const g = q.get('g');
  const at = q.get('at');
  let start = START_POSITION;
  if (p !== null) {
    try {
      start = readPositionText(p);
    } catch (e) {
      throw new PositionError(`the address's position (?p=${p}): ${(e as Error).message}`);
    }
  }
  let squares: number[] = [];
  let cut: string | null = null;
  if (g) {
    try {
      squares = recordMoves(g);
    } catch (e) {
      // A link cut in the middle of a square ("f5d6c"): the moves before the cut, said so.
      const whole = /^(.*?)([a-h]|pas?)$/i.exec(g);
      let shorter: number[] | null = null;
      try {
        shorter = whole && whole[1] !== '' ? recordMoves(whole[1]) : null;
      } catch {
        shorter = null;
      }
      if (!shorter) throw new PositionError(`the address's game (g=${g}): ${(e as Error).message}`);
      squares = shorter;
      cut = `the address's game ends in the middle of a move ("${whole?.[2]}"): its first ${shorter.length} moves are shown`;
    }
  }
  if (at !== null && !/^\d+$/.test(at)) throw new PositionError(`the address's step (at=${at}): a whole number of steps`);
  const m = q.get('m');
  let main: number[] | null = null;
  if (m) {
    try {
      main = recordMoves(m);
    } catch (e) {
      throw new PositionError(`the address's main line (m=${m}): ${(e as Error).message}`);
    }
  }
  return { start, squares, at: at === null ? null : Number(at), main, cut };
}
