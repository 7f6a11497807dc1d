/**
 * Maniac variants (RULES.md §6) and the solo-before-team win order (§2), plus the other issue-3 night
 * roles of the party and extended presets: shooting Sheriff (000), Cop (002), Girl (002), Black Widow
 * (002), JustMafia Lover (000), extended Doctor (002).
 */
import { describe, expect, it } from 'vitest';
import { createGame, type Game } from '@mafia/engine';
import { protocol, quietDay, replayErr, replayOk, run, S, type Step } from './helpers.js';

/** EXT10 (extended): mafia 2, 5, Lawyer 8; Commissar 3; Doctor 4; Cop 6; Girl 7; Maniac 9; civilians 1, 10. */
const EXT10 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'cop', 'girl', 'lawyer', 'maniac', 'civilian'];
const SEQ = { options: { voting: 'sequential' } };
const ext = (steps: Step[], extra: Record<string, unknown> = SEQ, seats = EXT10) => protocol('extended', seats, [{ night: 1 }, { day: 1 }, ...steps], extra);
/** PARTY10: mafia 2, Don 5, Lover 9; Commissar 3; Doctor 4; Maniac 6; Sheriff (shooter) 7; civilians 1, 8, 10. */
const PARTY10 = ['civilian', 'mafia', 'commissar', 'doctor', 'don', 'maniac', 'sheriff', 'civilian', 'lover', 'civilian'];
const party = (steps: Step[]) => protocol('party', PARTY10, [{ night: 1 }, { day: 1 }, ...steps]);

function game(preset: string, seats: readonly string[], extra: Record<string, unknown> = {}): Game {
  const t = createGame({ preset, roles: seats, ...extra });
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.game;
}
const eliminate = (g: Game, seats: number[]) => {
  for (const seat of seats) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
  return g;
};

describe('Maniac variants and win order (R-ROLE, R-TEAM §2)', () => {
  it('extended_maniac_wins_one_on_one_with_any_role_even_a_mafioso (R-ROLE 002; solo beats team)', () => {
    const g = eliminate(game('extended', EXT10, SEQ), [1, 3, 4, 5, 6, 7, 8, 10]);
    // Maniac 9 and mafia 2 left: the mafia hold parity, but the solo condition comes first.
    expect(g.state.winner).toBe('maniac');
    expect(g.state.winners).toEqual([9]);
  });

  it('party_maniac_wins_one_on_one_with_a_town_player (R-ROLE 000)', () => {
    const g = eliminate(game('party', PARTY10), [2, 3, 4, 5, 7, 8, 9, 10]);
    expect(g.state.winner).toBe('maniac');
  });

  it('a_lone_solo_player_wins (Decision: the last one standing)', () => {
    // Maniac 6 and civilian 1 die the same night: the JustMafia Maniac's 1-on-1 never came.
    let g = eliminate(game('party', PARTY10), [2, 3, 4, 5, 7, 8, 9]);
    expect(g.state.winner).toBeNull();
    g = eliminate(g, [1]);
    expect(g.state.winner).toBe('maniac');
  });

  it('party_doctor_cannot_save_the_maniac_victim (R-ROLE 000)', () => {
    const r = replayOk(party([{ night: 2, acts: [{ by: 6, act: 'kill', target: 10 }, { by: 4, act: 'heal', target: 10 }] }]));
    expect(r.timeline[2].died).toEqual([10]);
  });

  it('extended_doctor_saves_the_maniac_victim (R-ROLE 002: from all attempts)', () => {
    const r = replayOk(ext([{ night: 2, acts: [{ by: 9, act: 'kill', target: 10 }, { by: 4, act: 'heal', target: 10 }, { by: 6, act: 'kill', target: 1 }] }]));
    expect(r.timeline[2].died).toEqual([1]);
  });

  it('extended_doctor_heals_himself_more_than_once (R-ROLE 002)', () => {
    const r = replayOk(ext([
      { night: 2, acts: [{ by: 4, act: 'heal', target: 4 }, { by: 6, act: 'kill', target: 1 }] }, { day: 2 },
      { night: 3, acts: [{ by: 4, act: 'heal', target: 10 }, { by: 6, act: 'kill', target: 10 }] }, { day: 3 },
      { night: 4, acts: [{ by: 4, act: 'heal', target: 4 }, { by: 6, act: 'kill', target: 4 }, { by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 4 }] },
    ]));
    expect(r.timeline[2].died).toEqual([1]);
    expect(r.timeline[4].died).toEqual([]);
    expect(r.timeline[6].died).toEqual([]);
  });
});

describe('shooters of the town: Sheriff (000) and Cop (002)', () => {
  it('sheriff_shooter_kills_his_target (R-ROLE 000)', () => {
    const r = replayOk(party([{ night: 2, acts: [{ by: 7, act: 'kill', target: 2 }] }]));
    expect(r.timeline[2].died).toEqual([2]);
  });

  it('sheriff_shooter_may_skip_a_night (R-ROLE 000)', () => {
    expect(replayOk(party([{ night: 2 }])).timeline[2].died).toEqual([]);
  });

  it('doctor_saves_the_sheriffs_victim (R-ROLE)', () => {
    const r = replayOk(party([{ night: 2, acts: [{ by: 7, act: 'kill', target: 1 }, { by: 4, act: 'heal', target: 1 }] }]));
    expect(r.timeline[2].died).toEqual([]);
  });

  it('sheriff_shooter_cannot_check (R-ROLE 000)', () => {
    const e = replayErr(party([{ night: 2, acts: [{ by: 7, act: 'check', target: 2 }] }]));
    expect(e.rule).toBe('R-ROLE');
  });

  it('cop_must_shoot_every_night (R-ROLE 002)', () => {
    const e = replayErr(ext([{ night: 2 }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/seat 6 must use "kill"/);
  });

  it('a_blocked_cop_need_not_shoot (R-ROLE 002)', () => {
    const r = replayOk(ext([{ night: 2, acts: [{ by: 8, act: 'block', target: 6 }] }]));
    expect(r.timeline[2].died).toEqual([]);
  });

  it('cop_shot_kills (R-ROLE 002)', () => {
    expect(replayOk(ext([{ night: 2, acts: [{ by: 6, act: 'kill', target: 2 }] }])).timeline[2].died).toEqual([2]);
  });
});

describe('Girl, Black Widow, Lover: alibi and silence (R-VOTE-9, R-VOTE-11, night side)', () => {
  function night2(seats: readonly string[], acts: { by: number; act: string; target: number }[], extra: Record<string, unknown> = SEQ): Game {
    let g = quietDay(run(game('extended', seats, extra), { type: 'endNight' }));
    g = run(g, ...acts.map((a) => ({ type: 'act' as const, by: S(a.by), act: a.act as 'kill', target: S(a.target) })), { type: 'endNight' });
    return g;
  }

  it('girl_gives_an_alibi_for_the_next_day (R-VOTE-9)', () => {
    const g = night2(EXT10, [{ by: 7, act: 'alibi', target: 1 }, { by: 6, act: 'kill', target: 10 }]);
    expect(g.state.alibi).toEqual([1]);
  });

  it('girl_cannot_give_herself_an_alibi (R-VOTE-9)', () => {
    const e = replayErr(ext([{ night: 2, acts: [{ by: 7, act: 'alibi', target: 7 }] }]));
    expect(e.code ?? e.message).toMatch(/self|herself/);
  });

  it('black_widow_silences_a_player_herself_allowed (R-VOTE-11)', () => {
    const seats = [...EXT10];
    seats[6] = 'black-widow';
    const extra = { ...SEQ, modifications: ['black-widow'] };
    const g = night2(seats, [{ by: 7, act: 'silence', target: 7 }, { by: 6, act: 'kill', target: 10 }], extra);
    expect(g.state.silenced).toEqual([7]);
    expect(g.state.teams[6]).toBe('mafia');
  });

  it('justmafia_lover_has_no_ability (R-ROLE 000)', () => {
    const e = replayErr(party([{ night: 2, acts: [{ by: 9, act: 'visit', target: 1 }] }]));
    expect(e.rule).toBe('R-ROLE');
  });

  it('justmafia_lover_does_not_need_to_join_the_mafia_shot (R-NIGHT-3)', () => {
    const r = replayOk(party([{ night: 2, acts: [{ by: 2, act: 'kill', target: 1 }, { by: 5, act: 'kill', target: 1 }] }]));
    expect(r.timeline[2].died).toEqual([1]);
  });
});

describe('pairwise night interactions in extended (RULES §5: block → visit → kill → protect → inform)', () => {
  const block = (target: number) => ({ by: 8, act: 'block', target });
  const copShot = (target: number) => ({ by: 6, act: 'kill', target });

  it('a_blocked_doctor_does_not_heal (R-NIGHT, 002 Lawyer)', () => {
    const r = replayOk(ext([{ night: 2, acts: [block(4), { by: 2, act: 'kill', target: 1 }, { by: 5, act: 'kill', target: 1 }, { by: 4, act: 'heal', target: 1 }, copShot(10)] }]));
    expect(r.timeline[2].died).toEqual([1, 10]);
  });

  it('a_blocked_maniac_does_not_kill (R-NIGHT, 002 Lawyer)', () => {
    const r = replayOk(ext([{ night: 2, acts: [block(9), { by: 9, act: 'kill', target: 1 }, copShot(10)] }]));
    expect(r.timeline[2].died).toEqual([10]);
  });

  it('a_blocked_sherlock_is_told_blocked (R-CHECK-2, R-MOD sherlock)', () => {
    const r = replayOk(ext([{ night: 2, acts: [block(3), { by: 3, act: 'compare', target: 1, target2: 2 }, copShot(10)] }], { ...SEQ, modifications: ['sherlock'] }));
    expect(r.timeline[2].results).toEqual([{ by: 3, act: 'compare', target: 1, target2: 2, answer: 'blocked' }]);
  });

  it('sherlock_in_extended_a_mafioso_and_the_lawyer_are_the_same_team (R-CHECK-2)', () => {
    const r = replayOk(ext([{ night: 2, acts: [{ by: 3, act: 'compare', target: 2, target2: 8 }, copShot(10)] }], { ...SEQ, modifications: ['sherlock'] }));
    expect(r.timeline[2].results).toEqual([{ by: 3, act: 'compare', target: 2, target2: 8, answer: 'same' }]);
  });

  it('the_doctor_saves_the_cops_victim (R-ROLE 002)', () => {
    const r = replayOk(ext([{ night: 2, acts: [copShot(10), { by: 4, act: 'heal', target: 10 }] }]));
    expect(r.timeline[2].died).toEqual([]);
  });

  it('maniac_and_cop_on_the_same_player_one_death (R-NIGHT)', () => {
    const r = replayOk(ext([{ night: 2, acts: [copShot(10), { by: 9, act: 'kill', target: 10 }] }]));
    expect(r.timeline[2].died).toEqual([10]);
  });

  it('a_blocked_girl_gives_no_alibi (R-VOTE-9, 002 Lawyer)', () => {
    let g = quietDay(run(game('extended', EXT10, SEQ), { type: 'endNight' }));
    g = run(g, ...[block(7), { by: 7, act: 'alibi', target: 1 }, copShot(10)].map((a) => ({ type: 'act' as const, by: S(a.by), act: a.act as 'kill', target: S(a.target) })), { type: 'endNight' });
    expect(g.state.alibi).toEqual([]);
  });
});
