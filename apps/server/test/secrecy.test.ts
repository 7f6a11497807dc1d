import { describe, expect, it } from 'vitest';
import { hiddenActPairs, type ScenarioName } from '../src/audit/hiddenActPairs.js';

/**
 * Issue 12, "Secrets" 2–4: two games that differ only in something hidden, played alike through the
 * RoomManager; every town seat with the same card in both, and the spectator, must get the same
 * frames byte for byte (times, ids, codes and tokens replaced by placeholders: src/audit/hiddenActPairs.ts).
 */
async function samePair(scenario: ScenarioName): Promise<void> {
  const r = await hiddenActPairs({ scenarios: [scenario] });
  expect(r.differing).toEqual([]);
  expect(r.pairs).toBe(1);
  expect(r.frames).toBeGreaterThan(20);
}

describe('a hidden act or card changes nothing in the stream of a viewer who may not see it (issue 12)', () => {
  it('sends the mafia\'s night-1 victim list to nobody else: no update, no seq moved', () => samePair('victim-list'), 30_000);
  it('gives every viewer the same night in Piter whichever card the extra card left out', () => samePair('extra-card-piter'), 30_000);
  it('gives every viewer the same night in the extended deck whichever card the extra card left out', () => samePair('extra-card-extended'), 30_000);
  it('names the voter who executed a player under broken lanterns alike whether the leaver was a shooter (the Student turned) or not', () => samePair('broken-lanterns'), 30_000);
  it('names the seat whose vote brought the night alike whether a nominee was the Psycho (he turned) or not', () => samePair('psycho'), 30_000);

  it('gives every other seat and the spectator the same frames whether a seat checked and another tapped a decoy, or the other way round (issue 23)', () => samePair('decoy-vs-act'), 30_000);
  it('gives every other viewer, the host too, the same frames whether a civilian tapped his phone at every night step or not (issue 23)', () => samePair('decoy-vs-nothing'), 30_000);

  it('plays every scenario when asked for all of them (what the audit runs)', async () => {
    const r = await hiddenActPairs();
    expect(r).toMatchObject({ pairs: 7, differing: [] });
  }, 60_000);
});
