import { availableParallelism } from 'node:os';
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
      '@mafia/cli/tools': src('./packages/cli/src/tools.ts'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'apps/*/test/**/*.test.tsx'],
    testTimeout: 60_000,
    // One test file per core at a time (Vitest's default leaves one core idle: a single worker on
    // two cores). The PostgreSQL tests of each worker use a database of their own (storageTargets.ts).
    maxWorkers: availableParallelism(),
  },
});
