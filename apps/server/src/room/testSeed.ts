/**
 * FOR TESTS ONLY: every room and every next game dealt from one known seed (MAFIA_TEST_SEED), so an
 * end-to-end test knows before the start which seat holds which role and can seat its people where
 * the scenario needs them (issue 26: a mafia person in the meeting, a Commissar who goes idle). As
 * with the test clock (testClock.ts), the server refuses to start with it unless NODE_ENV is `test`:
 * a club's games are never dealt from a seed anybody chose.
 */
export const TEST_SEED_VARIABLE = 'MAFIA_TEST_SEED';

/** The seed the environment asks for, or null when unset; an Error when it is refused. */
export function testSeedFromEnv(env: NodeJS.ProcessEnv): number | null {
  const v = env[TEST_SEED_VARIABLE];
  if (v === undefined || v === '') return null;
  if (env.NODE_ENV !== 'test') throw new Error(`${TEST_SEED_VARIABLE} deals every game from one known seed and is for tests only: it is refused unless NODE_ENV=test`);
  const seed = Number(v);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31) throw new Error(`${TEST_SEED_VARIABLE} must be a whole number from 0 to 2^31 - 1, not ${JSON.stringify(v)}`);
  return seed;
}
