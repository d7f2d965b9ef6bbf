// Bundles the page into dist/web/ (npm run build): its script and its
// worker's, each an esbuild entry point, with the FFO suites as text; the
// engine module and the shipped weights beside them, so that the folder is
// the whole page (a static host can serve it as is). The browser platform
// refuses any node: import, which keeps the shared modules free of Node.

import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}dist/web`;
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { main: `${root}web/main.ts`, worker: `${root}web/worker.ts`, database: `${root}web/database-worker.ts` },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  loader: { '.obf': 'text' },
  logLevel: 'warning',
});
for (const f of ['index.html', 'style.css', 'favicon.svg']) copyFileSync(`${root}web/${f}`, `${out}/${f}`);
copyFileSync(`${root}dist/revsolve.wasm`, `${out}/revsolve.wasm`);
copyFileSync(`${root}weights/revsolve.rsev`, `${out}/revsolve.rsev`);
