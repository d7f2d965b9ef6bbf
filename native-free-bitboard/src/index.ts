export type { Backend } from './backend.js';
export { U64, pairBackend } from './u64.js';
export { bigintBackend } from './bigint.js';
export { squareName, parseSquare } from './squares.js';
export { transformSquare, inverseSymmetry } from './symmetry.js';
export {
  popcount32, popcount, lowestBit32, lowestSquare, hasSquare, moves, mobility, flips, lastFlipCount,
  NEIGHBOUR_HI, NEIGHBOUR_LO, NOT_A_FILE, NOT_H_FILE,
} from './pair.js';
export { perft, START } from './perft.js';
