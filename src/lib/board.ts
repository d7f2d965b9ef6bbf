/** revsolve/board: the 64-bit boards a Position is made of (two signed 32-bit words), from native-free-bitboard. */
export { U64, popcount } from 'native-free-bitboard';
