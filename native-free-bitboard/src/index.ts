export type { Backend } from './backend.js';
export { bigintBackend } from './bigint.js';
export {
  flips,
  hasSquare,
  lastFlipCount,
  lowestBit32,
  lowestSquare,
  mobility,
  moves,
  NEIGHBOUR_HI,
  NEIGHBOUR_LO,
  NOT_A_FILE,
  NOT_H_FILE,
  popcount,
  popcount32,
} from './pair.js';
export { perft, START } from './perft.js';
export { parseSquare, squareName } from './squares.js';
export { inverseSymmetry, transformSquare } from './symmetry.js';
export { pairBackend, U64 } from './u64.js';
