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
    testTimeout: 60_000,
    // Hooks set up and drop databases: DROP DATABASE waits for a checkpoint, seen taking 13 s on a
    // busy machine (69,000 files to sync after the storage tests), past Vitest's default of 10 s.
    hookTimeout: 60_000,
    // One test file more than there are cores (Vitest's default, one worker on two cores, leaves a
    // core idle): many server files wait on timers, child processes and sockets, and a third file
    // fills that time (measured on 2 cores: 277 s with two workers, 232 s with three, the cores then
    // 95-99% busy; issue 25). The PostgreSQL tests of each worker use a database of their own (storageTargets.ts).
    maxWorkers: availableParallelism() + 1,
    // A test file's modules are loaded anew for each file (Vitest's isolation) where a file changes
    // what others would share: the engine's files replace its game module (vi.mock, runaway-guard.ts),
    // the web's stub the browser's globals and run in jsdom. The server's, the club's, the bots' and
    // the CLI's share a worker's loaded modules: loading the server's graph again for each of ~140
    // files was a quarter of the unit stage (import 380 s of worker time in 571 s on two cores).
    // Such a file restores what it fakes (timers, spies) when it ends.
    projects: [
      { extends: true, test: { name: 'engine', include: ['packages/engine/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx'] } },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['packages/engine/**', '**/node_modules/**'],
          isolate: false,
        },
      },
    ],
  },
});
