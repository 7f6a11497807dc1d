/**
 * Commissar (Комиссар), his dying note (R-ROLE, tabletop `commissarDyingNote`): killed at night he names
 * one player for the whole town to see. The check itself is in checks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOST, pendingDecisions, transition } from '@mafia/engine';
import { alive, game, night, passDay, S, told, view } from './night-role-helpers.js';
import { protocol, replayOk } from './helpers.js';

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
