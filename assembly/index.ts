/*
 * The engine's exports. Positions cross as four i32 words (ph, pl, oh, ol:
 * the (hi, lo) halves of the TypeScript search), never as BigInts: a BigInt
 * costs about 60 ns a call. Each thread calls init(thread) once, which gives
 * its instance a scratch region and a stop flag of its own in the shared
 * memory; the host then tells it where the table and the weights are and
 * how to order (as its SearchContext resolved the settings), and calls
 * searchNull where its own search would.
 */
import { flips as flipsOf, lastFlipCount as lastCount, moves as movesOf } from './bitboard';
import { N_WEIGHTS, childScoreAt, loadLine, loaded, noWeights as dropWeights, passLine, playLine, scoreAt, useWeights as placeWeights } from './eval';
import { SHALLOW_MAX, setupEmpties } from './leaves';
import { MEMORY_BASE } from './memory';
import * as L from '../src/wasm/layout';
import { help as helpOwner, searchNull as search, setLevel, setOff } from './nws';
import { buildList, evalMin, readOrdering, selectMove } from './ordering';
import { stabilityBound as bound } from './stability';
import { END, LIST, LIST_FH, LIST_FL, LIST_SQ, SETTINGS, scratch, settingWord, stopAt, useThread } from './state';
import { setDate, setTableRules, useTable as placeTable, zeroTable as zeroEntries } from './table';
import { midSearch } from './midgame';
import { pvs, setConfidence } from './pvs';

/**
 * The top of what the start code allocated (the tables of bitboard.ts,
 * stability.ts, leaves.ts …, placed by the stub allocator from __heap_base
 * on; every instance places them alike): a last, empty allocation marks it,
 * since the imported files' start code has run by now.
 */
const HEAP_END: usize = changetype<usize>(new StaticArray<u8>(0)) + 64;

// @ts-ignore: decorator
@inline function board(hi: i32, lo: i32): u64 {
  return ((<u64><u32>hi) << 32) | <u64><u32>lo;
}

/** This instance's thread (0 ‥ 31): its scratch region and stop flag. */
export function init(thread: i32): void {
  useThread(thread);
}

/** The --memoryBase the module was built for (the loader checks it). */
export function memoryBase(): i32 {
  return <i32>MEMORY_BASE;
}

/**
 * The layout this module was compiled with, fact k in the order of
 * src/wasm/layout.ts's LAYOUT_FACTS (the loader compares each with its own
 * copy of that file: a module built from other numbers is refused at load).
 */
export function layoutOf(k: i32): i32 {
  switch (k) {
    case 0: return L.MAX_THREADS;
    case 1: return <i32>MEMORY_BASE;
    case 2: return L.SCRATCH_BYTES;
    case 3: return L.WEIGHTS_HEADER_WORDS;
    case 4: return N_WEIGHTS;
    case 5: return <i32>END;
    case 6: return <i32>SETTINGS;
    case 7: return L.SETTINGS_WORDS;
    case 8: return L.COUNTERS;
    default: return -1;
  }
}

/** The first byte above the static data and the start code's tables: the host places the table and the weights above it. */
export function heapEnd(): i32 {
  return <i32>HEAP_END;
}

/** This thread's scratch region (its counters first: nodes, then probes, hits, cutoffs, stores, overwrites, as f64). */
export function scratchAt(): i32 {
  return <i32>scratch;
}

export function scratchBytes(): i32 {
  return <i32>END;
}

/** This thread's stop flag (an i32 the host sets non-zero to stop the search). */
export function stopFlagAt(): i32 {
  return <i32>stopAt;
}

export function shallowMax(): i32 {
  return SHALLOW_MAX;
}

/** The table: 2^bits entries of `entryBytes` (32, or 16: key4) at `at`, `ways` (1, 2, 4) to a bucket (the search's date comes with each searchNull). */
export function useTable(at: i32, bits: i32, ways: i32, entryBytes: i32): void {
  placeTable(<usize><u32>at, bits, ways, entryBytes);
}

/** Zeroes the table's entries (the host's Table.clear). */
export function zeroTable(): void {
  zeroEntries();
}

/** The evaluator's tables at `at` (laid out as src/wasm/layout.ts says). */
export function useWeights(at: i32, tables: i32, band: i32, constantOffset: i32): void {
  placeWeights(<usize><u32>at, tables, band, constantOffset);
}

export function noWeights(): void {
  dropWeights();
}

/**
 * Takes the settings block the host wrote into this thread's scratch region
 * (src/wasm/layout.ts names its words: SearchContext's evalMin,
 * evalPerMobility, sortDepth, the key's weights, off).
 */
export function configure(): void {
  readOrdering();
  setOff(settingWord(L.SET_OFF));
  setTableRules(settingWord(L.SET_OFF));
}

/**
 * The null-window search (alpha, alpha + 1) of a position, as the
 * TypeScript searchNull does it (its empties list built here), at
 * selectivity `level` (0: exact) with ProbCut margin `margin` (evaluation
 * units), on the table of the search dated `date` whose entries dated before `floor` are empty. Fail-soft. Its nodes and
 * table statistics add to this thread's counters.
 */
export function searchNull(ph: i32, pl: i32, oh: i32, ol: i32, alpha: i32, empties: i32, level: i32, margin: i32, date: i32, floor: i32): i32 {
  const P = board(ph, pl);
  const O = board(oh, ol);
  setLevel(level, margin);
  setDate(date, floor);
  const parity = setupEmpties(P, O);
  return search(P, O, alpha, empties, parity);
}

/**
 * The shallow midgame search's value (1/128 disc) of a position of
 * `empties` empties to `depth` plies (at most MID_MAX_DEPTH), window
 * (alpha, beta): the root's first guess (midSearchFrom of
 * src/search/midgame.ts, the same nodes counted). Needs the weights.
 */
export function midValue(ph: i32, pl: i32, oh: i32, ol: i32, empties: i32, depth: i32, alpha: i32, beta: i32): i32 {
  const P = board(ph, pl);
  const O = board(oh, ol);
  loadLine(empties, P, O);
  return midSearch(P, O, empties, depth, alpha, beta);
}

/**
 * The midgame PVS's value (whole discs) of a position of `empties`
 * empties to `depth` plies in (alpha, beta), at confidence `conf` (index
 * of CONFIDENCES; 5: no ProbCut) with ProbCut margin `margin` discs, on the
 * table of the search dated `date` (entries before `floor` empty): pvs of
 * src/search/pvs.ts, the same nodes counted and entries stored. Needs the
 * weights.
 */
export function midPvs(ph: i32, pl: i32, oh: i32, ol: i32, empties: i32, depth: i32, alpha: i32, beta: i32, conf: i32, margin: i32, date: i32, floor: i32): i32 {
  const P = board(ph, pl);
  const O = board(oh, ol);
  setDate(date, floor);
  setConfidence(conf, margin);
  loadLine(empties, P, O);
  return pvs(P, O, empties, depth, alpha, beta);
}

/**
 * The moves of a node of the host's root (its plyList), ordered as the
 * search below orders its own (buildList, then every move selected in
 * turn): their squares and flips in this thread's list slots empties * LIST
 * on (listAt). Returns how many. The sorting searches' nodes count.
 */
export function orderedMoves(ph: i32, pl: i32, oh: i32, ol: i32, empties: i32, parity: i32, hashMove: i32): i32 {
  const P = board(ph, pl);
  const O = board(oh, ol);
  if (loaded && empties >= evalMin) loadLine(empties, P, O);
  const n = buildList(P, O, empties, parity, hashMove, movesOf(P, O), false, false, false);
  const base = empties * LIST;
  for (let i = base; i < base + n; i++) selectMove(i, base + n);
  return n;
}

/** The address of this thread's move lists: field 0 squares, 1 the flips' high words, 2 their low words (i32 × LIST per empties count). */
export function listAt(field: i32): i32 {
  return <i32>(scratch + (field == 0 ? LIST_SQ : field == 1 ? LIST_FH : LIST_FL));
}

// The primitives, for the differential tests (bit for bit against native-free-bitboard).
export function flipsHi(x: i32, ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>(flipsOf(x, board(ph, pl), board(oh, ol)) >> 32);
}
export function flipsLo(x: i32, ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>flipsOf(x, board(ph, pl), board(oh, ol));
}
export function movesHi(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>(movesOf(board(ph, pl), board(oh, ol)) >> 32);
}
export function movesLo(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return <i32>movesOf(board(ph, pl), board(oh, ol));
}
export function lastFlipCount(x: i32, ph: i32, pl: i32): i32 {
  return lastCount(x, board(ph, pl));
}
export function stabilityBound(ph: i32, pl: i32, oh: i32, ol: i32): i32 {
  return bound(board(ph, pl), board(oh, ol));
}

// The evaluator's line of play, for the test that checks it against the full evaluation (test/eval-line.test.ts).
export function lineLoad(empties: i32, ph: i32, pl: i32, oh: i32, ol: i32): void {
  loadLine(empties, board(ph, pl), board(oh, ol));
}
export function linePlay(empties: i32, x: i32, fh: i32, fl: i32): void {
  playLine(empties, x, board(fh, fl));
}
export function linePass(empties: i32): void {
  passLine(empties);
}
export function lineScore(empties: i32): i32 {
  return scoreAt(empties);
}
export function lineChildScore(empties: i32, x: i32, fh: i32, fl: i32): i32 {
  return childScoreAt(empties, x, board(fh, fl));
}

/**
 * Helps the whole position searched on this memory by another thread (its
 * owner, thread 0): takes moves of the split points it opens until its
 * search ends or this thread is told to stop (nws.ts, help). The host calls
 * it with this thread's settings configured as the owner's.
 */
export function help(): void {
  helpOwner();
}
