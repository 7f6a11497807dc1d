import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { testSeedFromEnv } from '../src/room/testSeed.js';
import { createRoom, startServer, tempDbUrl } from './helpers.js';
import { afterAll } from 'vitest';

/** MAFIA_TEST_SEED: every game dealt from one known seed, for end-to-end tests only. */
const db = tempDbUrl();
afterAll(() => db.cleanup());

describe('the test seed setting (MAFIA_TEST_SEED)', () => {
  it('is_refused_outside_tests_so_a_club_server_never_deals_from_a_chosen_seed', () => {
    for (const NODE_ENV of [undefined, 'production', 'development', '']) {
      expect(() => testSeedFromEnv({ NODE_ENV, MAFIA_TEST_SEED: '7' })).toThrow(/for tests only.*NODE_ENV=test/);
      expect(() => configFromEnv({ NODE_ENV, MAFIA_TEST_SEED: '7' })).toThrow(/MAFIA_TEST_SEED/);
    }
    expect(configFromEnv({}).testSeed).toBeNull();
    expect(configFromEnv({ NODE_ENV: 'test', MAFIA_TEST_SEED: '7' }).testSeed).toBe(7);
    for (const bad of ['-1', '1.5', 'lucky', String(2 ** 31)]) expect(() => testSeedFromEnv({ NODE_ENV: 'test', MAFIA_TEST_SEED: bad })).toThrow(/whole number/);
  });

  it('deals_every_room_from_the_seed', async () => {
    const server = await startServer(db.url, undefined, undefined, { testSeed: 7 });
    try {
      const a = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
      const b = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
      const rows = await Promise.all([a, b].map((r) => server.storage.roomByCode(r.code)));
      expect(rows.map((r) => r?.seed)).toEqual([7, 7]);
    } finally {
      await server.stop();
    }
  });
});
