/*
 * A whole position's split point: the words through which the thread that
 * searches a position (the owner, thread 0) hands the other moves of one
 * null-window node to helper threads on the same memory, young brothers
 * wait: only after the eldest move has failed to cut. One split point per
 * memory (the owner opens none while one is open); the owner takes moves
 * too, and closes the node once every move is taken and no helper holds
 * one (the busy word has a bit per helper thread, so that the host can
 * clear a dead helper's). Each move's score goes to its own word; a move
 * that cuts sets the cut word, which stops every search under the node
 * (state.ts, stopped). A move taken and left unsearched (its helper was
 * stopped, or died) is searched by the owner after it closes the node. The
 * layout: src/wasm/layout.ts, HELP_*. The searching itself: nws.ts (opened,
 * help).
 */
import { CONTROL } from './memory';
import { thread } from './state';
import * as L from '../src/wasm/layout';

const AT: usize = CONTROL + <usize>L.HELP_BYTE;

// @ts-ignore: decorator
@inline function word(k: i32): usize {
  return AT + 4 * <usize>k;
}

// @ts-ignore: decorator
@inline export function helpWord(k: i32): i32 {
  return atomic.load<i32>(word(k));
}

// @ts-ignore: decorator
@inline function setHelpWord(k: i32, v: i32): void {
  atomic.store<i32>(word(k), v);
}

/** Whether a helper waits and no helper still holds a move (of a split point whose owner died, say). */
// @ts-ignore: decorator
@inline export function helpWanted(): bool {
  return atomic.load<i32>(word(L.HELP_WANT)) != 0 && atomic.load<i32>(word(L.HELP_BUSY)) == 0;
}

export function boardAt(k: i32): u64 {
  return load<u64>(AT + <usize>L.HELP_BOARDS + 8 * <usize>k);
}

export function squareAt(k: i32): i32 {
  return load<i32>(AT + <usize>L.HELP_SQUARES + 4 * <usize>k);
}

export function flipsAt(k: i32): u64 {
  return load<u64>(AT + <usize>L.HELP_FLIPS + 8 * <usize>k);
}

export function scoreAt(k: i32): i32 {
  return load<i32>(AT + <usize>L.HELP_SCORES + 4 * <usize>k);
}

export function setScore(k: i32, score: i32): void {
  store<i32>(AT + <usize>L.HELP_SCORES + 4 * <usize>k, score);
}

/** Writes the node (its boards, window, search and date); its moves follow with setMove, then open(). */
export function describe(P: u64, O: u64, alpha: i32, empties: i32, level: i32, margin: i32, date: i32, floor: i32): void {
  store<u64>(AT + <usize>L.HELP_BOARDS, P);
  store<u64>(AT + <usize>L.HELP_BOARDS + 8, O);
  setHelpWord(L.HELP_ALPHA, alpha);
  setHelpWord(L.HELP_EMPTIES, empties);
  setHelpWord(L.HELP_LEVEL, level);
  setHelpWord(L.HELP_MARGIN, margin);
  setHelpWord(L.HELP_DATE, date);
  setHelpWord(L.HELP_FLOOR, floor);
}

export function setMove(k: i32, x: i32, f: u64): void {
  store<i32>(AT + <usize>L.HELP_SQUARES + 4 * <usize>k, x);
  store<u64>(AT + <usize>L.HELP_FLIPS + 8 * <usize>k, f);
  store<i32>(AT + <usize>L.HELP_SCORES + 4 * <usize>k, L.HELP_NONE);
}

/** Opens the node's `count` moves to the helpers (the sequentially consistent stores publish what describe and setMove wrote). */
export function open(count: i32): void {
  setHelpWord(L.HELP_COUNT, count);
  setHelpWord(L.HELP_NEXT, 0);
  setHelpWord(L.HELP_CUT, 0);
  setHelpWord(L.HELP_STATE, L.HELP_OPEN);
  atomic.notify(word(L.HELP_STATE));
}

/** The next move nobody has taken, or -1. */
export function take(): i32 {
  const k = atomic.add<i32>(word(L.HELP_NEXT), 1);
  return k < helpWord(L.HELP_COUNT) ? k : -1;
}

/** Stops every search under the node. */
export function cut(): void {
  setHelpWord(L.HELP_CUT, 1);
}

/** Closes the node to new helpers and waits until none holds a move. */
export function close(): void {
  setHelpWord(L.HELP_STATE, L.HELP_CLOSED);
  atomic.notify(word(L.HELP_STATE));
  let busy = helpWord(L.HELP_BUSY);
  while (busy != 0) {
    atomic.wait<i32>(word(L.HELP_BUSY), busy, 1000000);
    busy = helpWord(L.HELP_BUSY);
  }
}

/** A helper starts waiting on this memory (the owner opens split points while one waits). */
export function arrive(): void {
  atomic.add<i32>(word(L.HELP_WANT), 1);
}

export function leave(): void {
  atomic.sub<i32>(word(L.HELP_WANT), 1);
}

/** A helper's claim on the open node (its thread's bit in the busy word): true when it may take moves (then release() after them). */
export function join(): bool {
  atomic.or<i32>(word(L.HELP_BUSY), 1 << thread);
  // The owner closes only once no helper is busy: after this, an open node stays open (and described) until release.
  if (helpWord(L.HELP_STATE) == L.HELP_OPEN && helpWord(L.HELP_CUT) == 0) return true;
  release();
  return false;
}

export function release(): void {
  atomic.and<i32>(word(L.HELP_BUSY), ~(1 << thread));
  atomic.notify(word(L.HELP_BUSY));
}

/** A helper waits (at most 1 ms: its host looks at its stop flag between waits) for the state word to leave `state`. */
export function waitWhile(state: i32): void {
  atomic.wait<i32>(word(L.HELP_STATE), state, 1000000);
}
