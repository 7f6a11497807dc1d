import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// End-to-end tests (npm run test:e2e; part of npm test): the real server and Debian's Chromium.
// Three files at a time: each starts its own server (a free port, its own SQLite file in a temp
// directory), its own browser and mailbox (a free port), and writes its own artifacts folder. The
// whole games mostly wait on their rooms' timers (online's club nights: six 8 s steps each), so a
// third file fills the waiting: on 2 cores 241 s instead of 314 s, and 303 s with the run held to
// 1.3 cores (a cgroup quota: a machine half as fast again), every file passing (issue 25).
const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The longest files first (measured, longest first), so that the last file to finish is a short one.
 * Vitest's own order (its cache of the last run's durations, else the largest file first) knows
 * nothing on a fresh clone, and the longest game, online.e2e, is one of the smallest files.
 */
const LONGEST_FIRST = ['online', 'online-talk', 'app-host', 'game', 'bots', 'ratings', 'club', 'nightStep'];
const rank = (f: TestSpecification): number => {
  const i = LONGEST_FIRST.findIndex((n) => f.moduleId.endsWith(`/${n}.e2e.test.ts`));
  return i === -1 ? LONGEST_FIRST.length : i;
};
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

export default defineConfig({
  root: src('../../..'),
  resolve: {
    alias: {
      '@mafia/engine/media': src('../../../packages/engine/src/media/policy.ts'),
      '@mafia/engine': src('../../../packages/engine/src/index.ts'),
      '@mafia/protocol': src('../../../packages/protocol/src/index.ts'),
      // The bots and the club's points and ratings (ratings.e2e.test.ts), on the same engine source.
      '@mafia/bots': src('../../../packages/bots/src/index.ts'),
      '@mafia/club': src('../../../packages/club/src/index.ts'),
    },
  },
  test: {
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    // Two at a time on two cores: with three, the whole-game drivers (online, app-host) missed
    // their steps' windows beside the voice-and-video game (CI, 2026-12-05, load average 18-20).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
