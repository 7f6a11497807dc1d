/**
 * Complete games as protocols (spec/protocol.md), each with its expected result worked out by hand
 * from RULES.md: fixtures/protocols/NAME.json and NAME.result.json. Every fixture is replayed and
 * its result compared with deep equality.
 *
 * - classic-town-wins: R-WIN-TOWN, R-CHECK-1 (useful check +1), R-VOTE-3, R-VOTE-4 (single from day 2)
 * - classic-mafia-wins: R-WIN-MAFIA, R-NIGHT-2, R-VOTE-4 (single on day 1)
 * - classic-revote: R-VOTE-6 re-votes
 * - classic-lift-vote: R-VOTE-6 "all tied leave"
 * - classic-emergency-day: R-PHASE-4
 * - sport-fouls: R-FOUL-1, R-PHASE-1 (checks on night 1)
 * - sport-fourth-foul: R-SPORT-1 (removal cancels the vote), −2 for a removal
 * - sport-best-move: R-SPORT-3
 * - sport-draw: R-SPORT-4, R-SPORT-5 (same pair tied twice → lift vote)
 * - short-4-players: R-PHASE-5
 * - club-immunity-town-wins: club (seed 004): active night 1, R-MOD first-victim immunity, R-CHECK-3,
 *   Doctor saves (+1), Maniac shot, the Sheriff's find (+1)
 * - tabletop-town-wins: tabletop (seed 000): Doctor save (+1) and "not twice in a row", R-VOTE-4
 * - piter-psycho-kamikaze: piter (seed 000): two-stage votes (R-VOTE-7), the Psycho turns as a
 *   defender (R-ROLE), УГАДАЙКА kills the Immortal through nothing, the Kamikaze takes the Don, the
 *   Commissar's find (+1), R-WIN-TOWN with the Psycho gone
 * - extended-lawyer-heir: extended (seed 002): circular votes (R-VOTE-8), the Lawyer's block (heal and
 *   check `blocked`), the Girl's alibi (R-VOTE-9), the Immortal survives, the Lawyer turns shooter
 * - tabletop-lover-gangster: tabletop: Lover's charm on night 2, Gangster shoots with the mafia and is
 *   black, the Commissar's "dead" answer; a game not over (winner null)
 * - party-journalist-sheriff: party (JustMafia deck): Journalist's compare (R-CHECK-2), shooting Sheriff,
 *   the Doctor cannot save the Maniac's victim, the Maniac seen as town; town wins once the Maniac falls
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { replayProtocol } from '@mafia/engine';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const dir = fileURLToPath(new URL('./fixtures/protocols/', import.meta.url));
const read = (file: string): unknown => JSON.parse(readFileSync(dir + file, 'utf8'));
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.result.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

describe('protocol fixtures', () => {
  it('every_fixture_has_an_expected_result', () => {
    expect(names.length).toBeGreaterThanOrEqual(9);
    const files = readdirSync(dir);
    for (const name of names) expect(files).toContain(`${name}.result.json`);
  });

  for (const name of names) {
    it(`replays_${name}`, () => {
      const out = replayProtocol(read(`${name}.json`));
      expect(out.ok ? out.result : out.error).toEqual(read(`${name}.result.json`));
    });
  }
});
