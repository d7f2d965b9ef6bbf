// Compiles assembly/ into dist/revsolve.wasm (npm run build:wasm). The
// memory base and page counts come from src/wasm/layout.ts, compiled by tsc
// before this runs (dist/wasm/layout.js): written once, for both engines.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const L = await import(new URL('../dist/wasm/layout.js', import.meta.url).href);
try {
  execFileSync(process.execPath, [
    `${root}node_modules/assemblyscript/bin/asc.js`, 'assembly/index.ts', '-O3', '--runtime', 'stub', '--noAssert', '--importMemory', '--sharedMemory',
    '--enable', 'threads', '--enable', 'simd', '--initialMemory', String(L.INITIAL_PAGES), '--maximumMemory', String(L.MAXIMUM_PAGES), '--memoryBase', String(L.MEMORY_BASE),
    '--noExportMemory', '-o', 'dist/revsolve.wasm',
  ], { cwd: root, stdio: 'inherit' });
} catch (e) {
  process.exit(e.status ?? 1); // asc said what is wrong above
}
