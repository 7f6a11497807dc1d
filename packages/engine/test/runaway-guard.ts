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
    transition: (...args: Parameters<GameModule['transition']>) => guarded(mod.transition(...args)),
    // The protocol replay's path.
    transitionHolding: (...args: Parameters<GameModule['transitionHolding']>) => guarded(mod.transitionHolding(...args)),
  };
}

function guarded<T extends { ok: boolean; game?: { log: readonly unknown[] } }>(t: T): T {
  if (t.ok && t.game !== undefined && t.game.log.length > MAX_EVENTS) {
    throw new Error(`runaway game: more than ${MAX_EVENTS} events; the engine does not stop (see the test report)`);
  }
  return t;
}
