/**
 * Safety net for tests that replay protocols: a game whose log passes 5000 events fails the test
 * instead of hanging the whole suite (no real game comes near that). Used from a test file as
 *   vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));
 */
type GameModule = typeof import('../src/game/game.js');

export const MAX_EVENTS = 5000;

export function guardGame(mod: GameModule): GameModule {
  return {
    ...mod,
    transition: (...args: Parameters<GameModule['transition']>) => {
      const t = mod.transition(...args);
      if (t.ok && t.game.log.length > MAX_EVENTS) {
        throw new Error(`runaway game: more than ${MAX_EVENTS} events; the engine does not stop (see the test report)`);
      }
      return t;
    },
  };
}
