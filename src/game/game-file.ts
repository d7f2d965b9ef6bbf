/**
 * The revsolve game file: a game with what GGF cannot hold. One JSON
 * object (the README's "revsolve game file" gives it field by field):
 *
 *   format     "revsolve-game", version 1
 *   start      the start position, 64 squares and the side ("…X" / "…O")
 *   main       the main line's record (passes implied), as analyze reads it
 *   line       the side line shown, a record from the start (absent: none)
 *   at         the move shown, as the page's address names it ("44", "44p")
 *   header     black, white, event, date, result, theoretical (a file's)
 *   analyses   each line's analysis: record, from, complete, moves (the
 *              record form of `analyze --json`, src/game/scores.ts)
 *
 * Reading checks every part and names the first that is wrong
 * (GameFileError: "FILE: line: move 12: …"). Pure.
 */

import { objectArgument } from '../arguments.js';
import { formatPosition, type Position, parsePosition } from '../position/position.js';
import { formatRecord, RecordError, recordMoves, replayMoves } from './record.js';
import type { MoveRecord } from './scores.js';

export const GAME_FILE_FORMAT = 'revsolve-game';
export const GAME_FILE_VERSION = 1;

/** A line's analysis as the page keeps it. */
export interface LineAnalysis {
  readonly record: string;
  readonly from: number;
  readonly complete: boolean;
  readonly moves: readonly MoveRecord[];
}

/** What a file said of the game: players, event, date, black's result and theoretical score. */
export interface GameFileHeader {
  readonly black: string;
  readonly white: string;
  readonly event?: string;
  readonly date?: string;
  /** Black's final disc difference as the file gives it. */
  readonly result?: number;
  /** Black's disc difference with perfect play from the file's depth (WTHOR). */
  readonly theoretical?: number;
}

export interface GameFile {
  readonly start: Position;
  readonly main: readonly number[];
  readonly line: readonly number[] | null;
  readonly at: string | null;
  readonly header: GameFileHeader | null;
  readonly analyses: readonly LineAnalysis[];
}

export class GameFileError extends Error {
  override name = 'GameFileError';
}

/** Whether a text is a revsolve game file (its format field), not whether it is a good one. */
export function isGameFile(text: string): boolean {
  return typeof text === 'string' && /^\s*\{[\s\S]*"format"\s*:\s*"revsolve-game"/.test(text.slice(0, 4096));
}

/** The file's text (the lines as records, passes implied). */
export function writeGameFile(g: GameFile): string {
  objectArgument(g, 'game', 'a game file ({ start, moves, … }, as readGameFile gives it)');
  return `${JSON.stringify(
    {
      format: GAME_FILE_FORMAT,
      version: GAME_FILE_VERSION,
      start: formatPosition(g.start),
      main: formatRecord(g.main),
      ...(g.line ? { line: formatRecord(g.line) } : {}),
      ...(g.at !== null ? { at: g.at } : {}),
      ...(g.header ? { header: g.header } : {}),
      analyses: g.analyses,
    },
    null,
    1,
  )}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a revsolve game file; a GameFileError names the file and the part that is wrong. */
export function readGameFile(text: string, name: string): GameFile {
  const bad = (what: string): never => {
    throw new GameFileError(`${name}: ${what}`);
  };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return bad(`not JSON: ${(e as Error).message}`);
  }
  if (!isObject(v) || v.format !== GAME_FILE_FORMAT) return bad(`not a revsolve game file (its "format" is not "${GAME_FILE_FORMAT}")`);
  if (v.version !== GAME_FILE_VERSION) return bad(`version ${JSON.stringify(v.version)}: this revsolve reads version ${GAME_FILE_VERSION}`);
  let start: Position;
  try {
    start = parsePosition(String(v.start));
  } catch (e) {
    return bad(`start: ${(e as Error).message}`);
  }
  const line = (key: 'main' | 'line'): number[] => {
    const t = v[key];
    if (typeof t !== 'string') return bad(`${key}: a game record (f5d6c3…), not ${JSON.stringify(t)}`);
    try {
      const moves = recordMoves(t);
      replayMoves(moves, start);
      return moves;
    } catch (e) {
      if (e instanceof RecordError) return bad(`${key}: ${e.message}`);
      throw e;
    }
  };
  const main = line('main');
  const side = v.line === undefined ? null : line('line');
  const at =
    v.at === undefined
      ? null
      : typeof v.at === 'string' && /^\d+p?$/.test(v.at)
        ? v.at
        : bad(`at: a move ("44", or "44p" after its pass), not ${JSON.stringify(v.at)}`);
  let header: GameFileHeader | null = null;
  if (v.header !== undefined) {
    const h = v.header;
    if (!isObject(h)) return bad('header: an object (black, white, event, date, result, theoretical)');
    const text = (k: string, required: boolean): string | undefined =>
      h[k] === undefined && !required
        ? undefined
        : typeof h[k] === 'string'
          ? (h[k] as string)
          : bad(`header.${k}: a text, not ${JSON.stringify(h[k])}`);
    const score = (k: string): number | undefined =>
      h[k] === undefined
        ? undefined
        : Number.isInteger(h[k]) && Math.abs(h[k] as number) <= 64
          ? (h[k] as number)
          : bad(`header.${k}: a disc difference from -64 to 64, not ${JSON.stringify(h[k])}`);
    const event = text('event', false);
    const date = text('date', false);
    const result = score('result');
    const theoretical = score('theoretical');
    header = {
      black: text('black', true) as string,
      white: text('white', true) as string,
      ...(event !== undefined ? { event } : {}),
      ...(date !== undefined ? { date } : {}),
      ...(result !== undefined ? { result } : {}),
      ...(theoretical !== undefined ? { theoretical } : {}),
    };
  }
  const analyses = v.analyses ?? [];
  if (!Array.isArray(analyses)) return bad('analyses: a list of analyses');
  for (const [i, a] of analyses.entries()) {
    const at = `analyses[${i}]`;
    if (
      !isObject(a) ||
      typeof a.record !== 'string' ||
      !Number.isInteger(a.from) ||
      typeof a.complete !== 'boolean' ||
      !Array.isArray(a.moves)
    )
      return bad(`${at}: an object of record, from, complete and moves`);
    try {
      replayMoves(recordMoves(a.record), start);
    } catch (e) {
      if (e instanceof RecordError) return bad(`${at}.record: ${e.message}`);
      throw e;
    }
    for (const [j, m] of (a.moves as unknown[]).entries())
      if (!isObject(m) || !Number.isInteger(m.move) || typeof m.played !== 'string' || typeof m.exact !== 'boolean')
        return bad(`${at}.moves[${j}]: a move's record (move, played, score, best, loss, exact …)`);
  }
  return { start, main, line: side, at, header, analyses: analyses as LineAnalysis[] };
}
