/**
 * The database filters' values as the command line reads them, for
 * `revsolve games` and `analyze` alike: a year or a range of years, and a
 * position. A value that is not one is a usage error naming the flag.
 */
import { type Position, PositionError, parsePosition } from '../internal.js';
import { UsageError } from './options.js';

/** "2019" or "1990-1999": the years, first and last. */
export function yearsOption(text: string): [number, number] {
  const m = /^(\d{4})(?:-(\d{4}))?$/.exec(text.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) < Number(m[1])))
    throw new UsageError(`--year ${text}: a year (2019) or a range of years (1990-1999)`);
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

/** "<64 squares> <X|O>": the position, or a usage error naming --position. */
export function positionOption(text: string): Position {
  try {
    return parsePosition(text);
  } catch (e) {
    if (e instanceof PositionError) throw new UsageError(`--position: ${e.message}`);
    throw e;
  }
}
