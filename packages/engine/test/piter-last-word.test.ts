/**
 * R-PHASE-3 (Piter): "an executed player gets a last word only if he had no checking ability and is
 * not mafia" — the option `executedLastWord: 'piter'` (piter's default; 'always' elsewhere).
 */
import { describe, expect, it } from 'vitest';
import { createGame, HOST, nextHostCommand, pendingDecisions, transition, type Command, type Game, type SeatNo } from '@mafia/engine';

const S = (n: number) => n as SeatNo;
const TABLE = ['commissar', 'mafia', 'don', 'civilian', 'civilian', 'journalist', 'civilian'];

function piter(options?: Record<string, unknown>): Game {
  const t = createGame({ preset: 'piter', roles: TABLE, ...(options ? { options } : {}) });
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
}

function send(g: Game, c: Command): Game {
  const t = transition(g, c, HOST);
  if (!t.ok) throw new Error(`${JSON.stringify(c)}: ${t.error.message}`);
  return t.game;
}

/** Night 1 (introduction), then day 1 with every vote against `target` (he votes for seat 4 or 5): the game right after the execution. */
function executeOnDayOne(g: Game, target: number): Game {
  g = send(g, { type: 'endNight' });
  for (let guard = 0; guard < 200; guard++) {
    const s = g.state;
    // Stop at the execution: a last word keeps day 1 open, no last word lets night 2 fall at once.
    if (s.day?.outcome || s.phase.kind !== 'day') return g;
    const votes = pendingDecisions(s).filter((p) => p.kind === 'vote');
    if (votes.length > 0) {
      const p = votes[0];
      const other = target === 4 ? 5 : 4;
      g = send(g, { type: 'vote', by: p.seat, target: S(p.seat === target ? other : target) });
      continue;
    }
    g = send(g, nextHostCommand(s)!);
  }
  throw new Error('day 1 did not end');
}

describe('the Piter last word (R-PHASE-3)', () => {
  it('an_executed_civilian_gets_a_last_word (R-PHASE-3)', () => {
    const g = executeOnDayOne(piter(), 4);
    expect(g.state.day?.outcome).toBe('vote');
    expect(g.state.alive[3]).toBe(false);
    expect(g.state.day?.stage).toBe('lastWords');
    expect(g.state.day?.lastWords).toEqual([4]);
  });

  it('an_executed_mafioso_gets_no_last_word_in_piter (R-PHASE-3)', () => {
    const g = executeOnDayOne(piter(), 2);
    expect(g.state.alive[1]).toBe(false);
    // No last word: the day closed at once and night 2 began.
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
  });

  it('executed_players_with_a_checking_ability_get_no_last_word_in_piter (R-PHASE-3)', () => {
    for (const seat of [1, 6]) {
      const g = executeOnDayOne(piter(), seat);
      expect(g.state.alive[seat - 1]).toBe(false);
      expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    }
  });

  it('with_the_option_always_every_executed_player_speaks (R-PHASE-3)', () => {
    const g = executeOnDayOne(piter({ executedLastWord: 'always' }), 2);
    expect(g.state.day?.stage).toBe('lastWords');
    expect(g.state.day?.lastWords).toEqual([2]);
  });

  it('the_last_word_option_is_validated (R-PHASE-3)', () => {
    const t = createGame({ preset: 'piter', roles: TABLE, options: { executedLastWord: 'never' } });
    expect(t.ok).toBe(false);
    if (!t.ok) {
      expect(t.error.rule).toBe('R-PHASE-3');
      expect(t.error.path).toBe('options.executedLastWord');
    }
  });
});
