import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@mafia/engine': src('./packages/engine/src/index.ts'),
      '@mafia/club': src('./packages/club/src/index.ts'),
      '@mafia/bots': src('./packages/bots/src/index.ts'),
      '@mafia/protocol': src('./packages/protocol/src/index.ts'),
      '@mafia/server': src('./apps/server/src/index.ts'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'apps/*/test/**/*.test.tsx'],
    testTimeout: 60_000,
  },
});
