/*
 * The midgame search of a level, the twin of src/search/pvs.ts: PVS to a
 * depth with the evaluator at the leaves, the table (depth and confidence
 * per entry), ProbCut below 100 % confidence; whole discs, a pass no ply.
 * The same nodes counted, the same entries stored.
 */
import { bit, flips, moves } from './bitboard';
import { childScoreAt, passLine, playLine, scoreAt } from './eval';
import { finalScore } from './leaves';
import { PVS, at32, countNode, nodeCount, stopped } from './state';
import { costOf, depth as entryDepth, lower, move, nodeHash, probe, record, selectivity, upper } from './table';

import { MID_LIST, NO_MOVE, POLL_EVERY, PV_MOBILITY_WEIGHT, PV_PROBCUT_MIN } from '../src/search/constants';

// @ts-ignore: decorator
@external("env", "poll")
declare function poll(nodes: f64): void;

const FULL_CONFIDENCE: i32 = 5;
const NO_CUT: i32 = -1000;

/** The confidence (index of CONFIDENCES) and ProbCut margin (discs) of the search under way. */
let confidence: i32 = FULL_CONFIDENCE;
let margin: i32 = 0;
let tick: i32 = 0;

export function setConfidence(c: i32, m: i32): void {
  confidence = c;
  margin = m;
}

/** The evaluation (1/128 disc) rounded to a whole disc, within ±64. */
// @ts-ignore: decorator
@inline function discOf(v: i32): i32 {
  const d = (v + 64) >> 7;
  return d > 64 ? 64 : d < -64 ? -64 : d;
}

/** Value of the position (P to move, in the line at slot `empties`) searched `depth` plies in (alpha, beta), fail-soft, in discs; 0 once told to stop. */
export function pvs(P: u64, O: u64, empties: i32, depth: i32, alpha: i32, beta: i32): i32 {
  const nodes0 = nodeCount();
  countNode();
  if (++tick == POLL_EVERY) {
    tick = 0;
    poll(nodes0 + 1);
  }
  if (stopped()) return 0;
  if (depth <= 0) return discOf(scoreAt(empties));
  const m = moves(P, O);
  if (m == 0) {
    if (moves(O, P) == 0) return finalScore(P, O);
    passLine(empties);
    const v = -pvs(O, P, empties, depth, -beta, -alpha);
    passLine(empties);
    return v;
  }
  const ph = <i32>(P >> 32);
  const pl = <i32>P;
  const oh = <i32>(O >> 32);
  const ol = <i32>O;
  const hash = nodeHash(ph, pl, oh, ol, empties);
  let hashMove = NO_MOVE;
  if (probe(ph, pl, oh, ol, hash)) {
    hashMove = move();
    if (entryDepth() >= depth && selectivity() >= confidence) {
      const lo = lower();
      const up = upper();
      if (lo >= beta) return lo;
      if (up <= alpha) return up;
      if (lo == up) return lo;
    }
  }
  const cut = probCut(P, O, empties, depth, alpha, beta);
  if (cut != NO_CUT) return cut;
  const n = sortMoves(P, O, m, empties, depth, hashMove);
  const base = MID_LIST * empties;
  let best = -65;
  let bestMove = NO_MOVE;
  let a = alpha;
  for (let i = 0; i < n; i++) {
    const x = load<i32>(at32(PVS, base + i)) & 63;
    const f = flips(x, P, O);
    const child = O ^ f;
    const mine = P | f | bit(x);
    playLine(empties, x, f);
    let v: i32;
    if (i == 0) v = -pvs(child, mine, empties - 1, depth - 1, -beta, -a);
    else {
      v = -pvs(child, mine, empties - 1, depth - 1, -a - 1, -a);
      if (v > a && v < beta) v = -pvs(child, mine, empties - 1, depth - 1, -beta, -v);
    }
    if (stopped()) return 0;
    if (v > best) {
      best = v;
      bestMove = x;
      if (v > a) {
        a = v;
        if (v >= beta) break;
      }
    }
  }
  record(ph, pl, oh, ol, hash, depth, confidence, alpha, beta, best, bestMove, costOf(nodeCount() - nodes0));
  return best;
}

/** ProbCut's shallow depth (Edax's: 2 ⌊depth / 4⌋ + depth mod 2). */
// @ts-ignore: decorator
@inline function probCutDepth(depth: i32): i32 {
  return 2 * (depth >> 2) + (depth & 1);
}

function probCut(P: u64, O: u64, empties: i32, depth: i32, alpha: i32, beta: i32): i32 {
  if (confidence >= FULL_CONFIDENCE || depth < PV_PROBCUT_MIN) return NO_CUT;
  const shallow = probCutDepth(depth);
  const up = beta + margin;
  if (up <= 64 && pvs(P, O, empties, shallow, up - 1, up) >= up) return beta;
  const down = alpha - margin;
  if (down >= -64 && pvs(P, O, empties, shallow, down, down + 1) <= down) return alpha;
  return NO_CUT;
}

/** The moves into the node's list, best first: the table's move, then by the opponent's evaluation after each from 2 plies on, else by square. */
function sortMoves(P: u64, O: u64, m: u64, empties: i32, depth: i32, hashMove: i32): i32 {
  const base = MID_LIST * empties;
  let n = 0;
  while (m != 0) {
    const x = <i32>ctz<u64>(m);
    m &= m - 1;
    let k = x;
    if (x == hashMove) k = -(1 << 30) + x;
    else if (depth >= 2) {
      const f = flips(x, P, O);
      k = (childScoreAt(empties, x, f) + PV_MOBILITY_WEIGHT * <i32>popcnt<u64>(moves(O ^ f, P | f | bit(x)))) * 64 + x;
    }
    let i = n++;
    while (i > 0 && load<i32>(at32(PVS, base + i - 1)) > k) {
      store<i32>(at32(PVS, base + i), load<i32>(at32(PVS, base + i - 1)));
      i--;
    }
    store<i32>(at32(PVS, base + i), k);
  }
  return n;
}
