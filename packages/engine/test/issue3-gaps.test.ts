/**
 * Issue 3 gaps (docs/decisions.md "Issue 3 gaps").
 * P10 (piter): Don 1, mafia 2, 3; Commissar 4; Doctor 5; Immortal 6; Kamikaze 7; Psycho 8; civilians 9, 10.
 */
import { describe, expect, it } from 'vitest';
import type { Command, Game, GameEvent } from '@mafia/engine';
import { HOST, pendingDecisions, transition } from '@mafia/engine';
import { actCmd, alive, game, night, passDay, S, step, told, view } from './issue3-helpers.js';
import { protocol, replayOk } from './helpers.js';

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

/** E9 (extended): mafia 1, 2; Lawyer 3; Doctor 4; Commissar 5; Girl 6; Immortal 7; civilians 8, 9. */
const E9 = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'girl', 'immortal', 'civilian', 'civilian'];

describe('the Lawyer\'s block is told to the blocked player (R-ROLE)', () => {
  it('blocked_immortal_learns_it_during_the_night_and_nobody_else_does (R-ROLE)', () => {
    let g = passDay(night(game('extended', E9, SEQ)).g).g;
    expect(g.state.phase.kind).toBe('night');
    expect(view(g, 7).blockedTonight).toBeUndefined();
    g = step(g, actCmd({ by: 3, act: 'block', target: 7 })).g;
    // The Immortal has no act to make, yet his view tells him at once.
    expect(view(g, 7).blockedTonight).toBe(true);
    for (const seat of [1, 2, 3, 4, 5, 6, 8, 9]) expect(view(g, seat).blockedTonight).toBeUndefined();
    // Shot that night he dies (the block makes him mortal); at dawn the flag is gone.
    g = step(g, actCmd({ by: 1, act: 'kill', target: 7 })).g;
    g = step(g, actCmd({ by: 2, act: 'kill', target: 7 })).g;
    g = step(g, { type: 'endNight' }).g;
    expect(alive(g)).not.toContain(7);
    for (const seat of [5, 7, 9]) expect(view(g, seat).blockedTonight).toBeUndefined();
  });

  it('blocked_commissar_sees_the_block_before_his_turn (R-ROLE)', () => {
    let g = passDay(night(game('extended', E9, SEQ)).g).g;
    g = step(g, actCmd({ by: 3, act: 'block', target: 5 })).g;
    expect(view(g, 5).blockedTonight).toBe(true);
    expect(view(g, 4).blockedTonight).toBeUndefined();
  });
});

/** TAB15 (tabletop): mafia 2, 5, 8 and Gangster 7; Commissar 3; Doctor 4; Lover 6; Maniac 13; civilians 1, 9–12, 14, 15. */
const TAB15 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'lover', 'gangster', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian', 'maniac', 'civilian', 'civilian'];
const darkShot = (target: number) => [2, 5, 7, 8].map((by) => ({ by, act: 'kill', target }));

/** Tabletop night 2 with the given acts: the morning of day 2. */
function tabMorning(acts: { by: number; act: string; target: number }[], options?: Record<string, unknown>) {
  const g = passDay(night(game('tabletop', TAB15, options)).g).g;
  return night(g, acts);
}

describe('the Commissar\'s dying note (R-ROLE)', () => {
  it('commissar_killed_by_the_mafia_leaves_a_dying_note_the_whole_town_sees (R-ROLE)', () => {
    let { g, events } = tabMorning(darkShot(3));
    expect(alive(g)).not.toContain(3);
    expect(events).toContainEqual({ type: 'DyingNoteOwed', by: 3 });
    const p = pendingDecisions(g.state).filter((x) => x.kind === 'dyingNote');
    expect(p).toEqual([{ kind: 'dyingNote', seat: 3, candidates: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }]);
    // Another seat may not write it for him.
    const wrong = transition(g, { type: 'dyingNote', by: S(3), named: S(5) }, { kind: 'seat', seat: S(9) });
    expect(wrong.ok).toBe(false);
    const r = transition(g, { type: 'dyingNote', by: S(3), named: S(5) }, { kind: 'seat', seat: S(3) });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    g = r.game;
    expect(r.events).toEqual([{ type: 'DyingNoteLeft', by: 3, named: 5 }]);
    // Public: every seat (town, mafia, the named one) and a spectator sees the named seat.
    for (const seat of [1, 3, 4, 5, 9, 13]) {
      expect(view(g, seat).day?.dyingNote).toEqual({ by: 3, named: 5 });
      expect(told(g, r.events, seat)).toEqual([{ type: 'DyingNoteLeft', by: 3, named: 5 }]);
    }
    expect(pendingDecisions(g.state).some((x) => x.kind === 'dyingNote')).toBe(false);
    // Once only.
    const again = transition(g, { type: 'dyingNote', by: S(3), named: S(2) }, HOST);
    expect(again.ok ? null : again.error).toMatchObject({ code: 'already-named', rule: 'R-ROLE' });
  });

  it('commissar_killed_by_the_maniac_also_leaves_a_note_but_a_civilian_victim_does_not (R-ROLE)', () => {
    const { g, events } = tabMorning([{ by: 13, act: 'kill', target: 3 }]);
    expect(alive(g)).not.toContain(3);
    expect(events).toContainEqual({ type: 'DyingNoteOwed', by: 3 });
    const other = tabMorning(darkShot(9));
    expect(other.events.some((e) => e.type === 'DyingNoteOwed')).toBe(false);
    const t = transition(other.g, { type: 'dyingNote', by: S(9), named: S(5) }, HOST);
    expect(t.ok ? null : t.error).toMatchObject({ code: 'no-dying-note', rule: 'R-ROLE' });
    expect(view(other.g, 1).day?.dyingNote).toBeNull();
  });

  it('dying_note_is_off_when_the_option_is_off_and_elsewhere_by_default (R-ROLE)', () => {
    const { g, events } = tabMorning(darkShot(3), { commissarDyingNote: false });
    expect(events.some((e) => e.type === 'DyingNoteOwed')).toBe(false);
    const t = transition(g, { type: 'dyingNote', by: S(3), named: S(5) }, HOST);
    expect(t.ok ? null : t.error).toMatchObject({ code: 'no-dying-note', rule: 'R-ROLE' });
    expect(game('classic', ['civilian', 'mafia', 'civilian', 'commissar', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian']).state.options.commissarDyingNote).toBe(false);
  });

  it('a_protocol_without_the_note_still_replays_the_commissar_death (R-ROLE)', () => {
    const r = replayOk(protocol('tabletop', TAB15, [{ night: 1 }, { day: 1 }, { night: 2, acts: darkShot(3) }, { day: 2 }]));
    expect(r.alive).not.toContain(3);
  });
});
