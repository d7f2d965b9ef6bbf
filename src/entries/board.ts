/** revsolve/board: the 64-bit boards a Position is made of (two signed 32-bit words), from native-free-bitboard. */
export { popcount, U64 } from 'native-free-bitboard';
