/**
 * Node's source of the engine: dist/revsolve.wasm beside the compiled
 * TypeScript (from src/ under the tests, dist/ when built). Importing this
 * file gives it to engine.ts; every Node entry that may search on the
 * WebAssembly engine imports it (choice.ts for the main thread, the pool's
 * worker for its threads).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineUnavailable, provideEngine } from './engine.js';

export const ENGINE_WASM = fileURLToPath(new URL('../../dist/revsolve.wasm', import.meta.url));

provideEngine(() => {
  try {
    return new Uint8Array(readFileSync(ENGINE_WASM));
  } catch (e) {
    throw new EngineUnavailable(`${ENGINE_WASM}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (npm run build makes it)`);
  }
});
