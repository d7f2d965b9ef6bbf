import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    // Tests run on the TypeScript sources, built or not.
    alias: { 'native-free-bitboard': fileURLToPath(new URL('./native-free-bitboard/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts', 'native-free-bitboard/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
