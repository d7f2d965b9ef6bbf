/**
 * The game in the page's address, so that a reload or a link brings it
 * back: `p` its start position when it is not the usual one (64 squares and
 * the side, as OBF writes them, no space), `g` its record (passes implied, as
 * `revsolve analyze` reads it), `at` the step shown when it is not the last
 * (the number of the move it follows, as the move list numbers it: `at=44`
 * is after move 44, `at=44p` after the pass that follows it), `m` the main line's record when `g` is a side
 * line, and the header a file gave the game (`pb`, `pw`, `pc`, `dt`, `re`
 * as GGF names them, `th` the theoretical score), so a link keeps names. A lone `?p=` (a position, as earlier pages wrote
 * their links) is a game from that position. Pure: the tests run it in Node.
 */
import { recordMoves } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { type Position, PositionError } from '../src/position/position.js';
import type { GameHeader } from './files.js';
import type { GameHistory } from './game.js';
import { positionKey, readPositionText } from './text.js';

/** What an address holds: a start, a record's squares, the step shown by its name (GameHistory.stepName; null: the last), the main line's squares when the record is a side line. */
export interface AddressedGame {
  readonly start: Position;
  readonly squares: readonly number[];
  readonly at: string | null;
  readonly main: readonly number[] | null;
  /** What was left out of a record cut in the middle of a move (null: nothing). */
  readonly cut?: string | null;
  /** The players, event, date and scores a file gave the game (null: none). */
  readonly header?: GameHeader | null;
}

/** The header's fields in the address, with GGF's names (PB, PW, PC, DT, RE) and `th` for the theoretical score. */
const HEADER_KEYS = { black: 'pb', white: 'pw', event: 'pc', date: 'dt', result: 're', theoretical: 'th' } as const;

/** The address's search part for a game ('' for the usual start and no move), with the header a file gave it. */
export function gameAddress(game: GameHistory, header: GameHeader | null = null): string {
  const q = new URLSearchParams();
  if (positionKey(game.start) !== positionKey(START_POSITION)) q.set('p', positionKey(game.start));
  const record = game.record();
  if (record) q.set('g', record);
  if (game.at < game.length - 1) q.set('at', game.stepName(game.at));
  if (game.main) q.set('m', game.mainRecord());
  if (header)
    for (const [field, key] of Object.entries(HEADER_KEYS)) {
      const v = header[field as keyof GameHeader];
      if (v !== undefined && v !== '') q.set(key, String(v));
    }
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
  if (at !== null && !/^\d+p?$/.test(at))
    throw new PositionError(`the address's step (at=${at}): the number of the move shown (44, or 44p after its pass)`);
  const m = q.get('m');
  let main: number[] | null = null;
  if (m) {
    try {
      main = recordMoves(m);
    } catch (e) {
      throw new PositionError(`the address's main line (m=${m}): ${(e as Error).message}`);
    }
  }
  return { start, squares, at, main, cut, header: headerOfAddress(q) };
}

/** The header an address carries (null: none). A score that is not a whole number is named. */
function headerOfAddress(q: URLSearchParams): GameHeader | null {
  if (!Object.values(HEADER_KEYS).some((k) => q.has(k))) return null;
  const score = (key: 're' | 'th'): number | undefined => {
    const v = q.get(key);
    if (v === null) return undefined;
    if (!/^[+-]?\d+$/.test(v) || Math.abs(Number(v)) > 64)
      throw new PositionError(
        `the address's ${key === 're' ? 'result' : 'theoretical score'} (${key}=${v}): a disc difference from -64 to 64`,
      );
    return Number(v);
  };
  const result = score('re');
  const theoretical = score('th');
  return {
    black: q.get('pb') ?? '',
    white: q.get('pw') ?? '',
    ...(q.get('pc') ? { event: q.get('pc') as string } : {}),
    ...(q.get('dt') ? { date: q.get('dt') as string } : {}),
    ...(result !== undefined ? { result } : {}),
    ...(theoretical !== undefined ? { theoretical } : {}),
  };
}
