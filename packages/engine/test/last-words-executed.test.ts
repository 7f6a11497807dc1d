/**
 * The executed player's last word in piter (R-PHASE-3, `executedLastWord: 'piter'`): the Commissar and
 * the mafia get none, a civilian does, `always` gives everyone one; and what each seat sees of it.
 * P10 (piter): Don 1, mafia 2, 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; civilians 9, 10.
 */
import { describe, expect, it } from 'vitest';
import type { Command, Game, GameEvent } from '@mafia/engine';
import { alive, game, night, passDay, S, step, view } from './night-role-helpers.js';

const P10 = ['don', 'mafia', 'mafia', 'commissar', 'doctor', 'immortal', 'kamikaze', 'psycho', 'civilian', 'civilian'];
const SEQ = { voting: 'sequential' };
const nominate = (by: number, target: number): Command => ({ type: 'nominate', by: S(by), target: S(target) });

/** Day 2 of a piter game (quiet night 2): the lone nominee `target` is executed. */
function executeOnDay2(target: number, options: Record<string, unknown> = SEQ): { g: Game; events: GameEvent[] } {
  let g = passDay(night(game('piter', P10, options)).g).g;
  g = night(g).g;
  return passDay(g, [nominate(target === 9 ? 10 : 9, target)]);
}

const resolved = (events: readonly GameEvent[]) => events.find((e) => e.type === 'DayResolved');

describe('executed last word (R-PHASE-3)', () => {
  it('piter_executed_commissar_gets_no_last_word (R-PHASE-3)', () => {
    const { g, events } = executeOnDay2(4);
    expect(resolved(events)).toMatchObject({ eliminated: [4] });
    expect(alive(g)).not.toContain(4);
    expect(events.some((e) => e.type === 'LastWordsEnded')).toBe(false);
    expect(g.state.phase.kind).toBe('night');
  });

  it('piter_executed_mafia_gets_no_last_word (R-PHASE-3)', () => {
    const { g, events } = executeOnDay2(2);
    expect(resolved(events)).toMatchObject({ eliminated: [2] });
    expect(events.some((e) => e.type === 'LastWordsEnded')).toBe(false);
    expect(alive(g)).not.toContain(2);
  });

  it('piter_executed_civilian_gets_his_last_word_and_every_seat_sees_it (R-PHASE-3)', () => {
    let g = passDay(night(game('piter', P10, SEQ)).g).g;
    g = night(g).g;
    const r = passDay(g, [nominate(10, 9)]);
    expect(r.events.some((e) => e.type === 'LastWordsEnded')).toBe(true);
    expect(alive(r.g)).not.toContain(9);
  });

  it('executed_last_word_always_gives_the_commissar_his_word_in_piter_when_chosen (R-PHASE-3)', () => {
    const { g, events } = executeOnDay2(4, { ...SEQ, executedLastWord: 'always' });
    expect(events.some((e) => e.type === 'LastWordsEnded')).toBe(true);
    expect(alive(g)).not.toContain(4);
  });
});

describe('executed last word as the seats see it (R-PHASE-3)', () => {
  /** Day 2 up to the DayResolved of the lone nominee `target`: the game right after it. */
  function atResolution(target: number, options: Record<string, unknown> = SEQ): Game {
    let g = passDay(night(game('piter', P10, options)).g).g;
    g = night(g).g;
    g = step(g, nominate(target === 9 ? 10 : 9, target)).g;
    for (let i = 0; i < 50 && !g.log.some((e) => e.type === 'DayResolved' && e.n === 2); i++) g = step(g, { type: 'endSpeech' }).g;
    return g;
  }

  it('piter_civilian_executed_every_seat_sees_his_last_word_owed (R-PHASE-3)', () => {
    const g = atResolution(9);
    for (const seat of [1, 4, 9, 10]) expect(view(g, seat).day).toMatchObject({ stage: 'lastWords', lastWords: [9] });
  });

  it('piter_commissar_executed_no_seat_sees_a_last_word (R-PHASE-3)', () => {
    const g = atResolution(4);
    expect(g.state.phase.kind).toBe('night');
    for (const seat of [1, 4, 9]) expect(view(g, seat).day?.lastWords ?? []).toEqual([]);
  });
});
