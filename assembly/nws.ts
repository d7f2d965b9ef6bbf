/*
 * The exact null-window search above SHALLOW_MAX empties, with the
 * transposition table, the twin of src/search/nws.ts: a node first tries
 * every way to end without searching its children (the table's bounds, the
 * stability cap, ProbCut in a selective search, enhanced transposition
 * cutoffs), then searches its moves in order until one cuts. The host's
 * root (root.ts) calls searchNull below it.
 */
import { bit, moves } from './bitboard';
import { loadLine, loaded, passLine, playLine } from './eval';
import { SHALLOW_MAX, finalScore, quadrant, searchLeaves, setupEmpties, shallow } from './leaves';
import { buildList, evalMin, keyRest, keysPending, listFlips, listSquare, selectMove } from './ordering';
import { NO_CUT, probCut } from './selective';
import { stabilityCap } from './stability';
import { ETC_MIN, LIST_READY, LOPSIDED_FROM, MUST_PASS, WARY_FROM } from '../src/search/constants';
import { LIST, countNode, countStat, nodeCount, nextOf, prevOf, setNext, setPrev, stopped, told, watchCut } from './state';
import { NO_MOVE, STAT_CUTOFFS, costOf, date, floor, lower, nodeHash, move, probe, record, selectivity, setDate, upper } from './table';
import { arrive, boardAt, close, cut, describe, flipsAt, helpWanted, helpWord, join, leave, open, release, scoreAt, setMove, setScore, squareAt, take, waitWhile } from './help';
import * as L from '../src/wasm/layout';
// The switches' bits: src/search/switches.ts, one home for both engines.
import { OFF_ETC, OFF_HASH_MOVE, OFF_LOPSIDED, OFF_STABILITY } from '../src/search/switches';

/**
 * The host's look at the search now and then (every POLL_EVERY nodes of
 * this search): it copies its stop flag into this thread's control word and
 * reads the node count for its progress display.
 */
// @ts-ignore: decorator
@external("env", "poll")
declare function poll(nodes: f64): void;
const POLL_EVERY: i32 = 1024;
let tick: i32 = 0;


// The context's switches and the search under way (SearchContext: off, level, pcMargin, evalFrom).
let off: i32 = 0;
let level: i32 = 0;
let pcMargin: i32 = 0;
let evalFrom: i32 = 65;

export function setOff(bits: i32): void {
  off = bits;
}

/** The search under way: exact (level 0) or selective at a margin in evaluation units. */
export function setLevel(l: i32, margin: i32): void {
  level = l;
  pcMargin = margin;
  evalFrom = !loaded ? 65 : level != 0 ? 0 : evalMin;
}

// @ts-ignore: decorator
@inline function trustsBounds(): bool {
  return selectivity() <= level;
}

/** Everything a null-window node (alpha, alpha + 1) does before it searches its children (openNode of nws.ts). */
function openNode(P: u64, O: u64, alpha: i32, empties: i32, parity: i32, hash: i32): i32 {
  const ph = <i32>(P >> 32);
  const pl = <i32>P;
  const oh = <i32>(O >> 32);
  const ol = <i32>O;
  let hashMove = NO_MOVE;
  let wary = false;
  // A node of one move neither probes nor stores: its child does both (as Edax's endgame search).
  const m = moves(P, O);
  const single = m != 0 && (m & (m - 1)) == 0;
  if (!single && probe(ph, pl, oh, ol, hash)) {
    if (trustsBounds()) {
      const lo = lower();
      if (lo > alpha) {
        countStat(STAT_CUTOFFS);
        return lo;
      }
      const up = upper();
      if (up <= alpha) {
        countStat(STAT_CUTOFFS);
        return up;
      }
    }
    if ((off & OFF_HASH_MOVE) == 0) hashMove = move();
    // A less trusted search's move that does not cut here goes second (WARY_FROM).
    wary = empties >= WARY_FROM && !trustsBounds() && lower() <= alpha;
  }

  // Stability cutoff: the opponent's stable discs cap our score.
  if ((off & OFF_STABILITY) == 0) {
    const cap = stabilityCap(P, O, alpha, empties);
    if (cap <= alpha) return cap;
  }

  if (level != 0) {
    const bound = probCut(P, O, alpha, empties, pcMargin);
    if (bound != NO_CUT) {
      record(ph, pl, oh, ol, hash, empties, level, alpha, alpha + 1, bound, hashMove, 0);
      return bound;
    }
  }

  if (m == 0) return moves(O, P) == 0 ? finalScore(P, O) : MUST_PASS;

  const base = empties * LIST;
  const n = buildList(P, O, empties, parity, hashMove, m, wary, lopsidedAt(alpha), true);

  // Enhanced transposition cutoff: a child already known to be bad enough for the opponent ends this node.
  if (empties > ETC_MIN && (off & OFF_ETC) == 0 && !single) {
    for (let i = base; i < base + n; i++) {
      const x = listSquare(i);
      const f = listFlips(i);
      const cP = O ^ f;
      const cO = P | f | bit(x);
      const cph = <i32>(cP >> 32);
      const cpl = <i32>cP;
      const coh = <i32>(cO >> 32);
      const col = <i32>cO;
      if (probe(cph, cpl, coh, col, nodeHash(cph, cpl, coh, col, empties - 1)) && trustsBounds()) {
        const score = -upper();
        if (score > alpha) {
          countStat(STAT_CUTOFFS);
          record(ph, pl, oh, ol, hash, empties, level, alpha, alpha + 1, score, x, 0);
          return score;
        }
      }
    }
  }
  return LIST_READY + n;
}

/** Far from 0, potential mobility and edge stability weigh twice in the ordering key (LOPSIDED_FROM). */
// @ts-ignore: decorator
@inline function lopsidedAt(alpha: i32): bool {
  return (off & OFF_LOPSIDED) == 0 && (alpha >= LOPSIDED_FROM || -alpha - 1 >= LOPSIDED_FROM);
}

/** Exact (or selective) null-window search (alpha, alpha + 1) with the table, above SHALLOW_MAX empties. */
function nws(P: u64, O: u64, alpha: i32, empties: i32, parity: i32): i32 {
  const nodes0 = nodeCount();
  countNode();
  if (++tick == POLL_EVERY) {
    tick = 0;
    poll(nodes0 + 1);
  }
  const ph = <i32>(P >> 32);
  const pl = <i32>P;
  const oh = <i32>(O >> 32);
  const ol = <i32>O;
  const hash = nodeHash(ph, pl, oh, ol, empties);
  const open = openNode(P, O, alpha, empties, parity, hash);
  if (open < MUST_PASS) return open;
  if (open == MUST_PASS) {
    const keep = empties >= evalFrom;
    if (keep) passLine(empties);
    const score = -nws(O, P, -alpha - 1, empties, parity);
    if (keep) passLine(empties);
    return score;
  }

  const base = empties * LIST;
  const end = base + open - LIST_READY;
  // The hash move first, the others keyed only if it does not cut (buildList).
  let pending = keysPending;
  let best = -65;
  let bestMove = NO_MOVE;
  for (let i = base; i < end; i++) {
    if (pending && i > base) {
      keyRest(P, O, empties, parity, i, end, lopsidedAt(alpha));
      pending = false;
    }
    selectMove(i, end);
    const x = listSquare(i);
    const score = child(P, O, alpha, empties, parity, x, listFlips(i));
    if (stopped()) return 0; // told to stop: the score may be wrong, store nothing
    if (score > best) {
      best = score;
      bestMove = x;
      if (score > alpha) break;
    }
    // The eldest did not cut: a waiting helper takes some of its brothers.
    if (i == base && empties >= L.HELP_MIN && opens && end - i > 1 && helpWanted()) {
      if (pending) keyRest(P, O, empties, parity, i + 1, end, lopsidedAt(alpha));
      best = shared(P, O, alpha, empties, parity, i + 1, end, best, bestMove);
      if (stopped()) return 0;
      bestMove = sharedMove;
      break;
    }
  }
  if (end - base > 1) record(ph, pl, oh, ol, hash, empties, level, alpha, alpha + 1, best, bestMove, costOf(nodeCount() - nodes0));
  return best;
}

/** Whether this thread may open a split point: the owner of a whole position's memory, when none is open (help.ts). */
let opens = true;
/** The best move of the last shared node. */
let sharedMove = NO_MOVE;

/**
 * The moves from..end of a null-window node whose eldest did not cut,
 * taken one at a time by this thread and the helpers (help.ts): the best
 * score of the node (`best` and `bestMove` so far), its move in sharedMove.
 * On the host's stop the helpers are stopped and waited for, and the score
 * is 0, as nws's.
 */
function shared(P: u64, O: u64, alpha: i32, empties: i32, parity: i32, from: i32, end: i32, best: i32, bestMove: i32): i32 {
  const n = end - from;
  if (n > L.HELP_MOVES) unreachable();
  describe(P, O, alpha, empties, level, pcMargin, date, floor);
  for (let i = from; i < end; i++) {
    selectMove(i, end);
    setMove(i - from, listSquare(i), listFlips(i));
  }
  opens = false;
  open(n);
  watchCut(true);
  let cuts = false;
  for (let k = take(); k >= 0; k = take()) {
    const score = child(P, O, alpha, empties, parity, squareAt(k), flipsAt(k));
    if (stopped()) break; // a helper's move cut (its score is stored), or the host's stop
    setScore(k, score);
    if (score > alpha) {
      cuts = true;
      break;
    }
  }
  // A cut here, or the host's stop, stops the helpers' moves under way; otherwise they end.
  if (cuts || told()) cut();
  close();
  watchCut(false);
  sharedMove = bestMove;
  if (told()) {
    opens = true;
    return 0;
  }
  for (let k = 0; k < n; k++) {
    const score = scoreAt(k);
    if (score != L.HELP_NONE && score > best) {
      best = score;
      sharedMove = squareAt(k);
    }
  }
  // Without a cut every move's score counts: one whose helper left it (stopped, or died) is searched here,
  // opening no split point below (it would write over this one's moves).
  for (let k = 0; k < n && best <= alpha; k++) {
    if (scoreAt(k) != L.HELP_NONE) continue;
    const score = child(P, O, alpha, empties, parity, squareAt(k), flipsAt(k));
    if (stopped()) break;
    if (score > best) {
      best = score;
      sharedMove = squareAt(k);
    }
  }
  opens = true;
  return best;
}

/** The score of the node's move x (flipping f), searched by this thread under the node's window (x unlinked from the empties list meanwhile). */
// @ts-ignore: decorator
@inline function child(P: u64, O: u64, alpha: i32, empties: i32, parity: i32, x: i32, f: u64): i32 {
  setNext(prevOf(x), nextOf(x));
  setPrev(nextOf(x), prevOf(x));
  const nP = O ^ f;
  const nO = P | f | bit(x);
  let score: i32;
  if (empties - 1 > SHALLOW_MAX) {
    if (empties - 1 >= evalFrom) playLine(empties, x, f);
    score = -nws(nP, nO, -alpha - 1, empties - 1, parity ^ quadrant(x));
  } else score = -shallow(nP, nO, -alpha - 1, empties - 1, parity ^ quadrant(x));
  setNext(prevOf(x), x);
  setPrev(nextOf(x), x);
  return score;
}

/**
 * A helper's work on a memory whose owner searches a whole position: takes
 * the moves of every split point the owner opens until the owner's search
 * ends (HELP_DONE) or the host stops this thread. Its nodes count in this
 * thread's counters.
 */
export function help(): void {
  opens = false;
  arrive();
  while (!told()) {
    const state = helpWord(L.HELP_STATE);
    if (state == L.HELP_DONE) break;
    if (state == L.HELP_OPEN && join()) {
      for (let k = take(); k >= 0 && !stopped(); k = take()) helpMove(k);
      release();
    }
    // Every move is taken (or none is open): until the owner closes this node or opens one.
    waitWhile(state);
    poll(nodeCount());
  }
  leave();
  opens = true;
}

/** A helper searches move k of the open split point (its score stored unless a cut or the host stopped it). */
function helpMove(k: i32): void {
  const P = boardAt(0);
  const O = boardAt(1);
  const x = squareAt(k);
  const f = flipsAt(k);
  const alpha = helpWord(L.HELP_ALPHA);
  const empties = helpWord(L.HELP_EMPTIES);
  setLevel(helpWord(L.HELP_LEVEL), helpWord(L.HELP_MARGIN));
  setDate(helpWord(L.HELP_DATE), helpWord(L.HELP_FLOOR));
  const nP = O ^ f;
  const nO = P | f | bit(x);
  watchCut(true);
  const score = -searchNull(nP, nO, -alpha - 1, empties - 1, setupEmpties(nP, nO));
  const stop = stopped();
  watchCut(false);
  if (stop) return;
  setScore(k, score);
  if (score > alpha) cut();
}

/** Null-window search at any number of empties over this thread's empties list: picks the right solver (searchNull of nws.ts). */
export function searchNull(P: u64, O: u64, alpha: i32, empties: i32, parity: i32): i32 {
  // Outside the score range the answer is known; searching would only fail to cut.
  if (alpha >= 64) return 64;
  if (alpha < -64) return -64;
  if (empties > SHALLOW_MAX) {
    if (empties >= evalFrom) loadLine(empties, P, O);
    return nws(P, O, alpha, empties, parity);
  }
  return searchLeaves(P, O, alpha, empties, parity);
}
