/*
 * A shallow midgame search, the twin of src/search/midgame.ts: negamax
 * alpha-beta to a fixed depth with the evaluator at the leaves, scores in
 * 1/128 disc; from MID_ORDER_DEPTH plies up the moves tried best first by the
 * evaluation of the position they lead to. The same nodes counted.
 */
import { bit, flips, moves } from './bitboard';
import { childScoreAt, passLine, playLine, scoreAt } from './eval';
import { finalScore } from './leaves';
import { MID, at32, countNode } from './state';

import { MID_LIST, MID_ORDER_DEPTH } from '../src/search/constants';

/**
 * Negamax value of the position for P to move, searched `depth` plies,
 * within (alpha, beta). The position must be in the line at slot
 * `empties`; the search plays into the slots below it.
 */
export function midSearch(P: u64, O: u64, empties: i32, depth: i32, alpha: i32, beta: i32): i32 {
  countNode();
  if (depth <= 0) return scoreAt(empties);
  let m = moves(P, O);
  if (m == 0) {
    if (moves(O, P) == 0) return finalScore(P, O) * 128;
    passLine(empties);
    const v = -midSearch(O, P, empties, depth - 1, -beta, -alpha);
    passLine(empties);
    return v;
  }
  // The moves into this ply's list, ascending by key: the square alone
  // below MID_ORDER_DEPTH, else the opponent's evaluation after the move first.
  const base = MID_LIST * depth;
  let n = 0;
  while (m != 0) {
    const x = <i32>ctz<u64>(m);
    m &= m - 1;
    let k = x;
    if (depth >= MID_ORDER_DEPTH) k = childScoreAt(empties, x, flips(x, P, O)) * 64 + x;
    let i = n++;
    while (i > 0 && load<i32>(at32(MID, base + i - 1)) > k) {
      store<i32>(at32(MID, base + i), load<i32>(at32(MID, base + i - 1)));
      i--;
    }
    store<i32>(at32(MID, base + i), k);
  }
  let best = -(1 << 30);
  for (let i = 0; i < n; i++) {
    const x = load<i32>(at32(MID, base + i)) & 63;
    const f = flips(x, P, O);
    let v: i32;
    if (depth == 1) {
      countNode(); // the child, a leaf: what midSearch(child, 0) returns
      v = -childScoreAt(empties, x, f);
    } else {
      playLine(empties, x, f);
      v = -midSearch(O ^ f, P | f | bit(x), empties - 1, depth - 1, -beta, -alpha);
    }
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}
