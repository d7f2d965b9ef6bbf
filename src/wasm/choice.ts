/**
 * Which engine runs in Node: the engine's rule (engine.ts, engineFor), with
 * whether the WebAssembly module loads here found out by loading it (the
 * module is dist/revsolve.wasm: engine-file.ts).
 */
import type { Layout } from '../search/table.js';
import { type EngineName, EngineUnavailable, engineFor, loadEngine, provideEngine } from './engine.js';
import { engineFile } from './engine-file.js';

let provided = false;

/**
 * Gives the engine its module file (dist/revsolve.wasm), once: this module
 * is the main thread's entry to the engine. Called when an engine is first
 * chosen, not at import: importing the library runs nothing.
 */
export function useNodeEngine(): void {
  if (provided) return;
  provideEngine(engineFile);
  provided = true;
}

export { WASM_MAX_BITS } from './layout.js';

/** Why the module cannot load here, or null when it loads (compiled once; its layout checked against this code's). */
function unavailable(): string | null {
  try {
    loadEngine();
    return null;
  } catch (e) {
    if (!(e instanceof EngineUnavailable) && !(e instanceof WebAssembly.CompileError)) throw e;
    return e.message;
  }
}

/** The engine that runs for a request, and why another than asked (null when it is the one asked). */
export function chooseEngine(asked: EngineName, bits: number, layout: Layout): { engine: EngineName; why: string | null } {
  useNodeEngine();
  const rule = engineFor(asked, bits, layout, null);
  return rule.engine === 'ts' ? rule : engineFor(asked, bits, layout, unavailable());
}
