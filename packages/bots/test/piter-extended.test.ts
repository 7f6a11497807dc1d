/**
 * The bots play piter (seed 000 Piter) and extended (seed 002) to the end with no illegal command
 * (strict: the first refused command throws), at small, recommended and large tables (R-PRESET), with
 * both bot kinds: guesses (role), copies (target2), recruits, blocks and alibis included.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index.js';

const TABLES: { preset: string; players: number }[] = [
  { preset: 'piter', players: 7 }, { preset: 'piter', players: 10 }, { preset: 'piter', players: 12 }, { preset: 'piter', players: 14 }, { preset: 'piter', players: 20 },
  { preset: 'extended', players: 4 }, { preset: 'extended', players: 9 }, { preset: 'extended', players: 10 }, { preset: 'extended', players: 12 }, { preset: 'extended', players: 23 },
];

describe('bots on piter and extended (R-PRESET)', () => {
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
