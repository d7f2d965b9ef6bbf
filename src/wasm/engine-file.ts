/**
 * Node's source of the engine: dist/revsolve.wasm beside the compiled
 * TypeScript (from src/ under the tests, dist/ when built). Each Node entry
 * that may search on the WebAssembly engine hands it to engine.ts
 * (provideEngine(engineFile)): choice.ts for the main thread, the pool's
 * worker for its threads; the page hands its own compiled module.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineUnavailable } from './engine.js';

export const ENGINE_WASM = fileURLToPath(new URL('../../dist/revsolve.wasm', import.meta.url));

/** The module's bytes, read when first needed; EngineUnavailable when the file is missing. */
export function engineFile(): Uint8Array<ArrayBuffer> {
  try {
    return new Uint8Array(readFileSync(ENGINE_WASM));
  } catch (e) {
    throw new EngineUnavailable(`${ENGINE_WASM}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (npm run build makes it)`);
  }
}
