// Positions from random games (fixed seed), shared by the benchmarks.
import { bigintBackend as B, START, U64 } from 'native-free-bitboard';

export function gamePositions(count, seed = 12345) {
  let s = seed >>> 0;
  const rand = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
  const out = [];
  while (out.length < count) {
    let p = new U64(START.ph, START.pl).toBigInt();
    let o = new U64(START.oh, START.ol).toBigInt();
    const plies = 10 + (rand() % 48);
    for (let i = 0; i < plies; i++) {
      let m = B.moves(p, o);
      if (m === 0n) {
        [p, o] = [o, p];
        m = B.moves(p, o);
        if (m === 0n) break;
      }
      const list = B.squares(m);
      const x = list[rand() % list.length];
      const f = B.flips(x, p, o);
      [p, o] = [o ^ f, p | f | (1n << BigInt(x))];
    }
    if (B.moves(p, o) !== 0n) out.push({ p, o, moves: B.squares(B.moves(p, o)) });
  }
  return out;
}
