import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests (npm run test:e2e; part of npm test): the real server and Debian's Chromium.
// One file at a time: each starts its own server and browser, and the machine has two cores.
const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: src('../../..'),
  resolve: {
    alias: {
      '@mafia/engine': src('../../../packages/engine/src/index.ts'),
      '@mafia/protocol': src('../../../packages/protocol/src/index.ts'),
      // The bots and the club's points and ratings (ratings.e2e.test.ts), on the same engine source.
      '@mafia/bots': src('../../../packages/bots/src/index.ts'),
      '@mafia/club': src('../../../packages/club/src/index.ts'),
    },
  },
  test: {
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
