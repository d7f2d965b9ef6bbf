import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * What `npm run test:quick` leaves to `npm test`: the files that take the
 * longest (the differential test, the queue on Redis, the browser, the
 * command line's many processes, exact solves of larger positions, the
 * training, the package installed). The quick tier keeps the pinned node
 * counts, perft, the table and its rules, the settings, the readers, the
 * analysis and the record form; it runs on two workers.
 */
const SLOWEST = [
  'wasm',
  'pvs',
  'search-position',
  'queue',
  'web-player',
  'web',
  'cli',
  'key4',
  'wthor',
  'solver',
  'lab',
  'study',
  'selective',
  'train',
  'cli-eval',
  'eval',
  'wld',
  'game-files',
  'experiment',
  'package',
  'idle-helpers',
  'read-back',
  'bad-input-files',
  'bad-input-usage',
  'bad-input-signals',
].map((f) => `test/${f}.test.ts`);

export default defineConfig({
  resolve: {
    // Tests run on the TypeScript sources, built or not.
    alias: { 'native-free-bitboard': fileURLToPath(new URL('./native-free-bitboard/src/index.ts', import.meta.url)) },
  },
  test: {
    // The tests run against the current build (they spawn dist/cli, load dist/revsolve.wasm, serve dist/web): stale parts are rebuilt first.
    globalSetup: ['test/build-check.ts'],
    // A test that imports the build (dist/) gets it as Node loads it: the module runner's rewritten imports make the search several times slower.
    server: { deps: { external: [/\/dist\//] } },
    // The opt-in tier (test/slow/) runs alone, by `npm run test:slow`; `npm test` skips nothing.
    include: process.env.REVSOLVE_SLOW ? ['test/slow/**/*.test.ts'] : ['test/*.test.ts', 'native-free-bitboard/test/**/*.test.ts'],
    exclude: process.env.REVSOLVE_QUICK ? SLOWEST : [],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
