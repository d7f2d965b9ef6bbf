/** Move-generator checks: perft from any position (the board package counts on words). */
import { perft as perftWords, START, U64 } from 'native-free-bitboard';
import { OptionError } from '../errors.js';
import { describe, type Position, positionArgument } from './position.js';

/** The start position, black (X) to move. */
export const START_POSITION: Position = { player: new U64(START.ph, START.pl), opponent: new U64(START.oh, START.ol), toMove: 'X' };

/** Leaves of the game tree `depth` plies below a position (default: the start), a pass counting as a move. */
export function perft(depth: number, position: Position | string = START_POSITION): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > 60)
    throw new OptionError('depth', `a whole number of plies from 0 to 60, not ${describe(depth)}`);
  const p = positionArgument(position);
  return perftWords(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo, depth);
}
