/**
 * The bots play the presets club (seed 004), tabletop (seed 000), party (JustMafia deck),
 * piter (seed 000) and extended (seed 002) to the end with no illegal command (strict: the first refused command throws), at every
 * composition size the simulator is asked for most (R-PRESET), with both bot kinds. The seeds keep
 * their first name's `issue3/` prefix so that the same games are played.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index.js';

const TABLES: { preset: string; players: number }[] = [
  { preset: 'club', players: 7 }, { preset: 'club', players: 8 }, { preset: 'club', players: 10 }, { preset: 'club', players: 16 },
  { preset: 'tabletop', players: 3 }, { preset: 'tabletop', players: 6 }, { preset: 'tabletop', players: 12 }, { preset: 'tabletop', players: 18 },
  { preset: 'party', players: 5 }, { preset: 'party', players: 10 }, { preset: 'party', players: 20 },
  { preset: 'piter', players: 7 }, { preset: 'piter', players: 10 }, { preset: 'piter', players: 12 }, { preset: 'piter', players: 14 }, { preset: 'piter', players: 20 },
  { preset: 'extended', players: 4 }, { preset: 'extended', players: 9 }, { preset: 'extended', players: 10 }, { preset: 'extended', players: 12 }, { preset: 'extended', players: 23 },
];

describe('bots on club, tabletop, party, piter and extended (R-PRESET)', () => {
  for (const t of TABLES) {
    for (const bots of ['random', 'heuristic'] as const) {
      it(`bots_finish_${t.preset}_${t.players}_with_${bots}_bots_and_no_illegal_command (R-PRESET)`, () => {
        const r = simulate({ ...t, games: 150, bots, seed: `issue3/${t.preset}/${t.players}/${bots}`, strict: true });
        expect(r.unfinished).toBe(0);
        expect(r.illegalCommands).toBe(0);
      });
    }
  }
});
