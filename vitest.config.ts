import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@mafia/engine/media': src('./packages/engine/src/media/policy.ts'),
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
    // Hooks set up and drop databases: DROP DATABASE waits for a checkpoint, seen taking 13 s on a
    // busy machine (69,000 files to sync after the storage tests), past Vitest's default of 10 s.
    hookTimeout: 60_000,
    // One test file more than there are cores (Vitest's default, one worker on two cores, leaves a
    // core idle): many server files wait on timers, child processes and sockets, and a third file
    // fills that time (measured on 2 cores: 277 s with two workers, 232 s with three, the cores then
    // 95-99% busy; issue 25). The PostgreSQL tests of each worker use a database of their own (storageTargets.ts).
    maxWorkers: availableParallelism() + 1,
  },
});
