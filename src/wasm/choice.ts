/**
 * Which engine searches below the root: the WebAssembly one (the default)
 * where it can, else the TypeScript one, with the reason in one line. The
 * engine never changes the tree (the same search, compiled twice), so it is
 * not part of what names a queue.
 */
import type { Layout } from '../search/table.js';
import { type EngineName, EngineUnavailable, loadEngine } from './engine.js';
import './engine-file.js'; // in Node, the module is dist/revsolve.wasm


/** The largest table the engine's 32-bit memory holds beside its weights: 2^26 entries of 32 bytes (2 GiB). */
export const WASM_MAX_BITS = 26;

/** The engine that runs for a request, and why another than asked (null when it is the one asked). */
export function chooseEngine(asked: EngineName, bits: number, layout: Layout): { engine: EngineName; why: string | null } {
  if (asked === 'ts') return { engine: 'ts', why: null };
  if (layout === 'key4') return { engine: 'ts', why: 'the WebAssembly engine has the board layouts only: the TypeScript engine runs (--table key4)' };
  if (bits > WASM_MAX_BITS) return { engine: 'ts', why: `a table of 2^${bits} entries is more than the WebAssembly engine's memory holds (2^${WASM_MAX_BITS}): the TypeScript engine runs` };
  try {
    loadEngine(); // compiles the module once, and checks its layout against this code's
  } catch (e) {
    if (!(e instanceof EngineUnavailable) && !(e instanceof WebAssembly.CompileError)) throw e;
    return { engine: 'ts', why: `the WebAssembly engine cannot load here (${e.message}): the TypeScript engine runs` };
  }
  return { engine: 'wasm', why: null };
}
