/*
 * Move ordering of the exact search, the twin of src/search/ordering.ts:
 * the fewest opponent replies (corners counted twice), the fewest potential
 * replies, parity; the hash move first; from evalMin empties the child's
 * evaluation joins the key, higher up a shallow search of the child (the
 * sorting searches). The settings are the host's (configure, index.ts), as
 * the TypeScript context resolves them.
 */
import { bit, flips, movesInline } from './bitboard';
import { childScoreAt, loaded, playLine } from './eval';
import { quadrant } from './leaves';
import { midSearch } from './midgame';
import { edgeStableCount } from './stability';
import { LIST, LIST_FH, LIST_FL, LIST_KEY, LIST_SQ, scratch, settingWord } from './state';
import * as L from '../src/wasm/layout';

// The context's ordering settings (SearchContext: evalMin, evalPerMobility, sortDepth, wMobility …).
export let evalMin: i32 = 64;
let perMobility0: i32 = 64;
let perMobility1: i32 = 32;
let perMobility2: i32 = 32;
let perMobility3: i32 = 16;
let sortFrom1: i32 = 64;
let sortFrom2: i32 = 64;
let sortFrom3: i32 = 64;
let wMobility: i32 = 4;
let wPotential: i32 = 1;
let wParity: i32 = 1;
let wEdge: i32 = 1;

/** Takes the ordering's words of the settings block the host wrote (src/wasm/search.ts, ENGINE_BLOCK). */
export function readOrdering(): void {
  evalMin = settingWord(L.SET_EVAL_MIN);
  perMobility0 = settingWord(L.SET_PER_MOBILITY_0);
  perMobility1 = settingWord(L.SET_PER_MOBILITY_1);
  perMobility2 = settingWord(L.SET_PER_MOBILITY_2);
  perMobility3 = settingWord(L.SET_PER_MOBILITY_3);
  sortFrom1 = settingWord(L.SET_SORT_FROM_1);
  sortFrom2 = settingWord(L.SET_SORT_FROM_2);
  sortFrom3 = settingWord(L.SET_SORT_FROM_3);
  wMobility = settingWord(L.SET_W_MOBILITY);
  wPotential = settingWord(L.SET_W_POTENTIAL);
  wParity = settingWord(L.SET_W_PARITY);
  wEdge = settingWord(L.SET_W_EDGE);
}

/** The key of a hash move that goes first: below every other. */
const FIRST: i32 = -1 << 30;

const CORNERS: u64 = 0x8100000000000081;
const NOT_A: u64 = 0xfefefefefefefefe;
const NOT_H: u64 = 0x7f7f7f7f7f7f7f7f;

/** Ordering key of a move (lower is searched first), from the child position (the opponent to move, as P). */
// @ts-ignore: decorator
@inline function orderKey(P: u64, O: u64, x: i32, parity: i32, wMobility: i32, wPotential: i32, wParity: i32, wEdge: i32): i32 {
  const m = movesInline(P, O);
  const mob = <i32>popcnt<u64>(m) + <i32>popcnt<u64>(m & CORNERS);
  // Potential mobility: empty squares next to our discs (O's here), where the opponent may find moves later.
  const r = O | ((O << 1) & NOT_A) | ((O >> 1) & NOT_H);
  const nb = r | (r << 8) | (r >> 8);
  const pot = <i32>popcnt<u64>(nb & ~(P | O));
  return (mob * wMobility + pot * wPotential) * 2 + ((quadrant(x) & parity) != 0 ? 0 : wParity) - wEdge * edgeStableCount(O, P);
}

// @ts-ignore: decorator
@inline function slot(region: usize, i: i32): usize {
  return scratch + region + (<usize>i << 2);
}

/**
 * Fills the move list of a node with `empties` empty squares (the slots
 * empties * LIST …); returns the number of moves. The hash move gets the
 * lowest key; when `wary`, the second lowest, unless its own is the lowest
 * (WARY_FROM). When `lopsided`, potential mobility and edge stability weigh
 * twice (LOPSIDED_FROM). When `lazy` and the hash move is in the list and
 * goes first, only the hash move is keyed: keysPending says so, and the
 * caller keys the others (keyRest) once the hash move has not cut.
 */
export function buildList(P: u64, O: u64, empties: i32, parity: i32, hashMove: i32, m: u64, wary: bool, lopsided: bool, lazy: bool): i32 {
  const base = empties * LIST;
  let n = 0;
  let hashAt = -1;
  const single = (m & (m - 1)) == 0;
  while (m != 0) {
    const x = <i32>ctz<u64>(m);
    m &= m - 1;
    const f = flips(x, P, O);
    const i = base + n;
    store<i32>(slot(LIST_SQ, i), x);
    store<i32>(slot(LIST_FH, i), <i32>(f >> 32));
    store<i32>(slot(LIST_FL, i), <i32>f);
    store<i32>(slot(LIST_KEY, i), x == hashMove && !wary ? FIRST : 0);
    if (x == hashMove) hashAt = i;
    n++;
  }
  keysPending = lazy && !wary && hashAt >= 0 && !single;
  // The only move needs no key; the hash move first needs none before it has been searched.
  if (!single && !keysPending) keyRest(P, O, empties, parity, base, base + n, lopsided);
  if (hashAt >= 0 && wary) secondKey(base, n, hashAt);
  return n;
}

/** Whether the last buildList left every move but the hash move (first) unkeyed. */
export let keysPending: bool = false;

/** Keys the moves in slots from‥end-1 of a node's list (buildList's), but a hash move that goes first (it keeps its lowest key). */
export function keyRest(P: u64, O: u64, empties: i32, parity: i32, from: i32, end: i32, lopsided: bool): void {
  const ev = loaded && empties >= evalMin;
  const sortDepth = empties >= sortFrom3 ? 3 : empties >= sortFrom2 ? 2 : empties >= sortFrom1 ? 1 : 0;
  const perMobility = sortDepth == 0 ? perMobility0 : sortDepth == 1 ? perMobility1 : sortDepth == 2 ? perMobility2 : perMobility3;
  // The key's weights in locals: the calls below would make the globals be read again for every move.
  const wM = wMobility;
  const wP = lopsided ? 2 * wPotential : wPotential;
  const wQ = wParity;
  const wE = lopsided ? 2 * wEdge : wEdge;
  for (let i = from; i < end; i++) {
    if (load<i32>(slot(LIST_KEY, i)) == FIRST) continue;
    const x = load<i32>(slot(LIST_SQ, i));
    const f = listFlips(i);
    const cP = O ^ f;
    const cO = P | f | bit(x);
    let key = orderKey(cP, cO, x, parity, wM, wP, wQ, wE);
    // The child's evaluation is the opponent's: the lower, the better for us.
    if (ev) {
      if (sortDepth == 0) key = key * perMobility + childScoreAt(empties, x, f);
      else {
        playLine(empties, x, f); // slot empties - 1 is free until the next child is searched
        key = key * perMobility + midSearch(cP, cO, empties - 1, sortDepth, -(1 << 30), 1 << 30);
      }
    }
    store<i32>(slot(LIST_KEY, i), key);
  }
}

/** Gives slot h of the list the second lowest key of its n moves, unless its own is the lowest. */
function secondKey(base: i32, n: i32, h: i32): void {
  const own = load<i32>(slot(LIST_KEY, h));
  let min = 1 << 30;
  for (let i = base; i < base + n; i++) {
    const k = load<i32>(slot(LIST_KEY, i));
    if (i != h && k < min) min = k;
  }
  if (own >= min) store<i32>(slot(LIST_KEY, h), min + 1);
}

/** Moves the lowest-keyed move of slots i‥end-1 to slot i. */
export function selectMove(i: i32, end: i32): void {
  let best = i;
  let k = load<i32>(slot(LIST_KEY, i));
  for (let j = i + 1; j < end; j++) {
    const kj = load<i32>(slot(LIST_KEY, j));
    if (kj < k) {
      k = kj;
      best = j;
    }
  }
  if (best != i) {
    let t = load<i32>(slot(LIST_SQ, i));
    store<i32>(slot(LIST_SQ, i), load<i32>(slot(LIST_SQ, best)));
    store<i32>(slot(LIST_SQ, best), t);
    t = load<i32>(slot(LIST_FH, i));
    store<i32>(slot(LIST_FH, i), load<i32>(slot(LIST_FH, best)));
    store<i32>(slot(LIST_FH, best), t);
    t = load<i32>(slot(LIST_FL, i));
    store<i32>(slot(LIST_FL, i), load<i32>(slot(LIST_FL, best)));
    store<i32>(slot(LIST_FL, best), t);
    store<i32>(slot(LIST_KEY, best), load<i32>(slot(LIST_KEY, i)));
    store<i32>(slot(LIST_KEY, i), k);
  }
}

// @ts-ignore: decorator
@inline export function listSquare(i: i32): i32 {
  return load<i32>(slot(LIST_SQ, i));
}

/** The flips of slot i. (load<u32>, not <u64><u32>load<i32>: asc 0.28 sign-extends the latter.) */
// @ts-ignore: decorator
@inline export function listFlips(i: i32): u64 {
  return ((<u64>load<u32>(slot(LIST_FH, i))) << 32) | <u64>load<u32>(slot(LIST_FL, i));
}
