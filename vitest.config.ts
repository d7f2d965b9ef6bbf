import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
