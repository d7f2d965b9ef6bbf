/**
 * The database filters as `revsolve games` and `analyze` take them: the
 * settings table's player, tournament, year, result and position (their
 * flags, checks and parsers live there), as searchGames's query, and the
 * query in words for a message.
 */
import type { GameQuery, Position } from '../internal.js';

/** The filters' values as the settings give them (undefined: not given). */
export interface Filters {
  readonly player?: string;
  readonly tournament?: string;
  readonly year?: readonly [number, number];
  readonly result?: 'black' | 'white' | 'draw';
  readonly position?: Position;
}

/** The filters given, as a query (an empty query: none given). */
export function queryOf(f: Filters): GameQuery {
  return {
    ...(f.player !== undefined ? { player: f.player } : {}),
    ...(f.tournament !== undefined ? { tournament: f.tournament } : {}),
    ...(f.year !== undefined ? { year: f.year } : {}),
    ...(f.result !== undefined ? { result: f.result } : {}),
    ...(f.position !== undefined ? { position: f.position } : {}),
  };
}

/** The query in the words of its flags: "--player tastet --year 2019". */
export function describeQuery(q: GameQuery): string {
  const parts: string[] = [];
  if (q.player !== undefined) parts.push(`--player ${q.player}`);
  if (q.tournament !== undefined) parts.push(`--tournament ${q.tournament}`);
  if (q.year !== undefined) {
    const [a, b] = typeof q.year === 'number' ? [q.year, q.year] : q.year;
    parts.push(`--year ${a === b ? a : `${a}-${b}`}`);
  }
  if (q.result !== undefined) parts.push(`--result ${q.result}`);
  if (q.position !== undefined) parts.push('--position');
  return parts.join(' ');
}
