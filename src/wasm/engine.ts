/**
 * The search compiled to WebAssembly (assembly/, AssemblyScript on u64):
 * one module, built by `npm run build` into dist/revsolve.wasm, compiled
 * once per process and instantiated once per thread over one shared
 * WebAssembly.Memory. Its layout (assembly/memory.ts), laid out by hand
 * below MEMORY_BASE: control words, one scratch region per thread, and the
 * read-only tables at fixed addresses, which each instance's start code
 * writes with their final bytes (so an instance that starts beside running
 * threads changes nothing they read); nothing allocated. The TypeScript search stays
 * the reference: the two are compared tree for tree (test/wasm.test.ts).
 *
 * The module holds the whole null-window search below the root (search.ts
 * hands it the context's calls): bitboard primitives, the table, the
 * evaluator's line of play, ordering with its sorting searches, ETC, the
 * stability cutoff, ProbCut, the last-4 solvers and the shallow search.
 *
 * This file touches no file system, so that the web page's workers run it:
 * where the module comes from is given to it (provideEngine) by each
 * host, Node's from dist/revsolve.wasm (engine-file.ts), the page's from a
 * fetch compiled once and posted to its workers.
 */

import { N_WEIGHTS } from '../eval/features.js';
import { LAYOUTS, type Layout } from '../search/table.js';
import {
  COUNTERS,
  INITIAL_PAGES,
  LAYOUT_FACTS,
  MAX_THREADS,
  MAXIMUM_PAGES,
  MEMORY_BASE,
  SCRATCH_BYTES,
  SETTINGS_BYTE,
  SETTINGS_WORDS,
  WASM_MAX_TABLE_BYTES,
  WEIGHTS_HEADER_WORDS,
} from './layout.js';

/** The two engines: the search compiled to WebAssembly, and the TypeScript one (the reference). */
export type EngineName = 'wasm' | 'ts';
export const ENGINES: readonly EngineName[] = ['wasm', 'ts'];

// The memory's pages and the threads that can share it: src/wasm/layout.ts, the engines' one home for them.
export { INITIAL_PAGES, MAX_SPLIT_WORKERS, MAX_THREADS, MAXIMUM_PAGES } from './layout.js';

/** The largest table of a layout the WebAssembly engine's 32-bit memory holds: 2^26 entries of 32 bytes, 2^27 of 16 (key4). */
export function wasmMaxBits(layout: Layout): number {
  return Math.log2(WASM_MAX_TABLE_BYTES / LAYOUTS[layout].entryBytes);
}

/**
 * The engine that runs for a request, and why another than asked (null when
 * it is the one asked). `unavailable`: why the WebAssembly module cannot
 * load here, or null when it can (the host finds out its own way). A table
 * larger than the engine's memory holds is refused before this (the
 * settings' combinations); this rule never takes it to the other engine.
 * The engine never changes the tree (the same search, compiled twice).
 */
export function engineFor(
  asked: EngineName,
  bits: number,
  layout: Layout,
  unavailable: string | null,
): { engine: EngineName; why: string | null } {
  if (asked === 'ts') return { engine: 'ts', why: null };
  if (bits > wasmMaxBits(layout))
    throw new RangeError(
      `a ${layout} table of 2^${bits} entries is more than the WebAssembly engine's memory holds (2^${wasmMaxBits(layout)})`,
    );
  if (unavailable !== null)
    return { engine: 'ts', why: `the WebAssembly engine cannot load here (${unavailable}): the TypeScript engine runs` };
  return { engine: 'wasm', why: null };
}

/** What one instance exports (positions as four int32 words). */
export interface EngineExports {
  init(thread: number): void;
  memoryBase(): number;
  layoutOf(k: number): number;
  heapEnd(): number;
  scratchAt(): number;
  scratchBytes(): number;
  stopFlagAt(): number;
  useTable(at: number, bits: number, ways: number, entryBytes: number): void;
  useWeights(at: number, tables: number, band: number, constantOffset: number): void;
  noWeights(): void;
  /** Zeroes the table placed by useTable (memory.fill). */
  zeroTable(): void;
  /** The shallow midgame search's value of a position (assembly/index.ts). */
  midValue(ph: number, pl: number, oh: number, ol: number, empties: number, depth: number, alpha: number, beta: number): number;
  midPvs(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    empties: number,
    depth: number,
    alpha: number,
    beta: number,
    confidence: number,
    margin: number,
    date: number,
    floor: number,
  ): number;
  /** The root's ordered moves into the thread's list slots empties * LIST on (assembly/index.ts); how many. */
  orderedMoves(ph: number, pl: number, oh: number, ol: number, empties: number, parity: number, hashMove: number): number;
  /** The thread's move lists: 0 squares, 1 and 2 the flips' high and low words. */
  listAt(field: number): number;
  /** Takes the settings block written at scratchAt() + SETTINGS_BYTE (src/wasm/layout.ts). */
  configure(): void;
  searchNull(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    alpha: number,
    empties: number,
    level: number,
    margin: number,
    date: number,
    floor: number,
  ): number;
  shallowMax(): number;
  flipsHi(x: number, ph: number, pl: number, oh: number, ol: number): number;
  flipsLo(x: number, ph: number, pl: number, oh: number, ol: number): number;
  movesHi(ph: number, pl: number, oh: number, ol: number): number;
  movesLo(ph: number, pl: number, oh: number, ol: number): number;
  lastFlipCount(x: number, ph: number, pl: number): number;
  stabilityBound(ph: number, pl: number, oh: number, ol: number): number;
  lineLoad(empties: number, ph: number, pl: number, oh: number, ol: number): void;
  linePlay(empties: number, x: number, fh: number, fl: number): void;
  linePass(empties: number): void;
  lineScore(empties: number): number;
  lineChildScore(empties: number, x: number, fh: number, fl: number): number;
  /** Takes moves of the split points that the owner of this memory (thread 0) opens, until its search ends or this thread's stop flag is set (assembly/nws.ts, help). */
  help(): void;
}

/** One thread's instance of the engine, and the memory it shares. */
export interface Engine {
  readonly exports: EngineExports;
  readonly memory: WebAssembly.Memory;
  readonly thread: number;
}

/** The engine could not be loaded here (no module file, no shared WebAssembly memory): why, in one line. */
export class EngineUnavailable extends Error {
  override name = 'EngineUnavailable';
}

let compiled: WebAssembly.Module | undefined;
let source: WebAssembly.Module | (() => Uint8Array<ArrayBuffer>) = () => {
  throw new EngineUnavailable('no WebAssembly module was given to this thread');
};

/** Where this thread's module comes from: a compiled module, or its bytes (read when first needed). */
export function provideEngine(from: WebAssembly.Module | (() => Uint8Array<ArrayBuffer>)): void {
  source = from;
  compiled = undefined;
}

/** The compiled module (once per thread). */
export function engineModule(): WebAssembly.Module {
  if (compiled) return compiled;
  compiled = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source());
  layoutChecked = false;
  return compiled;
}

/** The layout the hosts expect of the module, fact by fact (src/wasm/layout.ts, LAYOUT_FACTS). */
export function expectedLayout(): readonly { name: string; value: number; atMost?: boolean }[] {
  return [
    { name: 'threads', value: MAX_THREADS },
    { name: 'memory base', value: MEMORY_BASE },
    { name: 'scratch bytes per thread', value: SCRATCH_BYTES },
    { name: 'weights header words', value: WEIGHTS_HEADER_WORDS },
    { name: 'weights per table', value: N_WEIGHTS },
    { name: 'scratch bytes used', value: SCRATCH_BYTES, atMost: true },
    { name: 'settings block byte', value: SETTINGS_BYTE },
    { name: 'settings words', value: SETTINGS_WORDS },
    { name: 'counters', value: COUNTERS },
  ];
}

/**
 * Compares what a module says of its layout with what the hosts expect:
 * one line naming the first disagreement (a module built from other
 * numbers than this code's: a stale build), or null.
 */
export function layoutProblem(reported: (k: number) => number, expected = expectedLayout()): string | null {
  if (expected.length !== LAYOUT_FACTS) return `the loader knows ${expected.length} layout facts, the layout file ${LAYOUT_FACTS}`;
  for (const [k, f] of expected.entries()) {
    const got = reported(k);
    if (f.atMost ? !(got >= 0 && got <= f.value) : got !== f.value) {
      return `the WebAssembly engine was built for another layout (${f.name}: ${got}, this code's: ${f.atMost ? 'at most ' : ''}${f.value}): rebuild it (npm run build)`;
    }
  }
  return null;
}

let layoutChecked = false;

/** A memory for one or more threads' instances. */
export function engineMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared: true });
}

/**
 * An instance for `thread` (0 ‥ MAX_THREADS - 1) over `memory` (a new one
 * by default): the threads of one search share one memory, each with a
 * thread number of its own. `poll` is called every 1024 nodes of the
 * table-backed search with the search's node count so far: the host's
 * chance to set the thread's stop flag and show progress.
 */
export function loadEngine(
  memory: WebAssembly.Memory = engineMemory(),
  thread = 0,
  poll: (nodes: number) => void = () => undefined,
): Engine {
  if (!Number.isInteger(thread) || thread < 0 || thread >= MAX_THREADS)
    throw new RangeError(`engine thread ${thread}: 0 to ${MAX_THREADS - 1}`);
  const instance = new WebAssembly.Instance(engineModule(), {
    env: {
      memory,
      abort: () => {
        throw new Error('the WebAssembly engine aborted');
      },
      poll,
    },
  });
  const exports = instance.exports as unknown as EngineExports;
  if (!layoutChecked) {
    const problem =
      typeof exports.layoutOf === 'function'
        ? layoutProblem((k) => exports.layoutOf(k))
        : 'the WebAssembly engine reports no layout (a module older than this code): rebuild it (npm run build)';
    if (problem) throw new EngineUnavailable(problem);
    layoutChecked = true;
  }
  exports.init(thread);
  return { exports, memory, thread };
}
