/**
 * Hidden information: what each viewer is told (project / projectEvent).
 * R-TEAM (the town is uninformed, the mafia informed), R-PHASE-1 (the mafia meet on night 1),
 * R-VOTE-5 (card shown on death in classic, hidden until the end in sport), R-NIGHT-4 and
 * R-NIGHT-5 (the night gives no clue; the news names only who left), R-CHECK-1 (answers go to the checker).
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { project, projectEvent, type Game, type GameView, type Viewer } from '@mafia/engine';
import { check, endSpeeches, newGame, night, quietDay, run, S, shot, TABLE10 } from './helpers.js';

const seat = (n: number): Viewer => ({ kind: 'seat', seat: S(n) });
/** Seats whose role the view shows. */
const known = (v: GameView) => v.seats.filter((s) => s.role !== undefined).map((s) => s.seat);

/** Classic or sport game at day 1 with seat 8 voted out (and in his last word). */
function eightVotedOut(preset: 'classic' | 'sport'): Game {
  let g = night(newGame(preset));
  g = endSpeeches(run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }));
  for (const v of [1, 3, 4, 6, 7, 9, 10]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
  return run(g, { type: 'closeVote' });
}

describe('who knows which role (R-TEAM, R-PHASE-1)', () => {
  it('a_town_seat_sees_only_his_own_role (R-TEAM)', () => {
    const g = newGame('classic');
    for (const n of [1, 3, 4]) {
      const v = project(g.state, seat(n));
      expect(known(v)).toEqual([n]);
      expect(v.seats.filter((s) => s.seat !== n).every((s) => s.team === undefined)).toBe(true);
      expect(v.me).toEqual({ seat: n, role: TABLE10[n - 1], team: 'town', alive: true });
    }
  });

  it('the_mafia_see_their_whole_team_and_nobody_else (R-TEAM, R-PHASE-1)', () => {
    const g = newGame('classic');
    for (const n of [2, 5, 8]) {
      const v = project(g.state, seat(n));
      expect(known(v)).toEqual([2, 5, 8]);
      expect(v.seats[4]).toMatchObject({ role: 'don', team: 'mafia' });
      expect(v.seats[2].role).toBeUndefined();
    }
  });

  it('the_host_sees_every_role (R-HOST-1)', () => {
    const v = project(newGame('classic').state, { kind: 'host' });
    expect(v.seats.map((s) => s.role)).toEqual([...TABLE10]);
  });

  it('a_spectator_sees_no_role (R-TEAM)', () => {
    const v = project(newGame('classic').state, { kind: 'spectator' });
    expect(known(v)).toEqual([]);
    expect(v.me).toBeNull();
  });

  it('the_game_setup_event_hides_other_roles_and_the_seed (R-TEAM)', () => {
    const g = newGame('classic');
    const created = projectEvent(g.log[0], g.state, seat(1));
    expect(created).toMatchObject({ type: 'GameCreated' });
    const setup = (created as { setup: Record<string, unknown> }).setup;
    expect(setup.roles).toEqual(['civilian', null, null, null, null, null, null, null, null, null]);
    expect('seed' in setup).toBe(false);
    const forMafia = projectEvent(g.log[0], g.state, seat(2)) as { setup: { roles: readonly unknown[] } };
    expect(forMafia.setup.roles).toEqual([null, 'mafia', null, null, 'don', null, null, 'mafia', null, null]);
  });
});

describe('cards of players who left (R-VOTE-5)', () => {
  it('classic_shows_the_card_of_an_executed_player (R-VOTE-5)', () => {
    const g = eightVotedOut('classic');
    expect(g.state.alive[7]).toBe(false);
    const v = project(g.state, seat(1));
    expect(v.seats[7]).toMatchObject({ role: 'mafia', team: 'mafia', alive: false });
    expect(known(v)).toEqual([1, 8]);
  });

  it('classic_shows_the_card_of_a_night_victim (R-VOTE-5)', () => {
    const g = night(quietDay(night(newGame('classic'))), shot(4));
    expect(project(g.state, seat(1)).seats[3]).toMatchObject({ role: 'civilian', alive: false });
  });

  it('sport_keeps_the_card_of_an_executed_player_hidden (R-VOTE-5)', () => {
    const g = eightVotedOut('sport');
    expect(g.state.alive[7]).toBe(false);
    const v = project(g.state, seat(1));
    expect(v.seats[7].role).toBeUndefined();
    expect(v.seats[7].alive).toBe(false);
    expect(known(v)).toEqual([1]);
  });

  it('everyone_sees_every_card_when_the_game_is_over (R-VOTE-5)', () => {
    let g = night(newGame('sport'));
    g = run(g, { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(project(g.state, seat(1)).seats.map((s) => s.role)).toEqual([...TABLE10]);
    expect(project(g.state, { kind: 'spectator' }).seats.map((s) => s.role)).toEqual([...TABLE10]);
  });
});

describe('night information (R-NIGHT-4, R-NIGHT-5, R-CHECK-1)', () => {
  it('a_civilians_view_does_not_change_while_others_act_at_night (R-NIGHT-4)', () => {
    const g = quietDay(night(newGame('classic')));
    const acted = run(g, ...[...shot(4), check(5, 3), check(3, 5)].map((a) => ({ type: 'act' as const, by: S(a.by), act: a.act as 'kill', target: S(a.target) })));
    const strip = (v: GameView) => ({ ...v, seq: 0 });
    expect(strip(project(acted.state, seat(1)))).toEqual(strip(project(g.state, seat(1))));
  });

  it('a_seat_sees_only_his_own_acts_of_the_night (R-NIGHT-4)', () => {
    const g = run(quietDay(night(newGame('classic'))), { type: 'act', by: S(2), act: 'kill', target: S(4) }, { type: 'act', by: S(5), act: 'check', target: S(3) });
    expect(project(g.state, seat(2)).myActs).toEqual([{ act: 'kill', target: 4 }]);
    expect(project(g.state, seat(5)).myActs).toEqual([{ act: 'check', target: 3 }]);
    expect(project(g.state, seat(1)).myActs).toEqual([]);
    const recorded = g.log.filter((e) => e.type === 'ActRecorded');
    expect(projectEvent(recorded[0], g.state, seat(2))).toEqual(recorded[0]);
    expect(projectEvent(recorded[1], g.state, seat(2))).toBeNull();
    expect(projectEvent(recorded[0], g.state, { kind: 'spectator' })).toBeNull();
  });

  it('each_checker_sees_only_his_own_answers (R-CHECK-1)', () => {
    const g = night(quietDay(night(newGame('classic'))), [check(3, 5), check(5, 3)]);
    expect(project(g.state, seat(3)).results).toEqual([{ by: 3, act: 'check', target: 5, answer: 'yes', night: 2 }]);
    expect(project(g.state, seat(5)).results).toEqual([{ by: 5, act: 'check', target: 3, answer: 'yes', night: 2 }]);
    expect(project(g.state, seat(2)).results).toEqual([]);
    expect(project(g.state, seat(1)).results).toEqual([]);
    expect(project(g.state, { kind: 'spectator' }).results).toEqual([]);
    expect(project(g.state, { kind: 'host' }).results).toHaveLength(2);
  });

  it('the_host_receives_every_event_unchanged (R-HOST-1)', () => {
    const g = night(quietDay(night(newGame('classic'))), [check(3, 5), ...shot(4)]);
    for (const e of g.log) expect(projectEvent(e, g.state, { kind: 'host' })).toEqual(e);
  });

  it('the_morning_news_tells_everyone_only_who_left (R-NIGHT-5)', () => {
    const g = night(quietDay(night(newGame('classic'))), [check(3, 5), ...shot(4)]);
    const resolved = g.log.filter((e) => e.type === 'NightResolved').at(-1)!;
    for (const n of [1, 4, 2, 5]) {
      expect(projectEvent(resolved, g.state, seat(n))).toEqual({ type: 'NightResolved', n: 2, died: [4], results: [], useful: [] });
    }
  });
});

describe('eliminated players spectate (RULES.md §10, R-VOTE-5)', () => {
  it('a_dead_mafia_member_no_longer_sees_his_team_nor_his_checks (R-VOTE-5)', async () => {
    const { createGame, transition, project } = await import('@mafia/engine');
    const roles = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
    const created = createGame({ preset: 'sport', roles });
    if (!created.ok) throw new Error(created.error.message);
    let g = created.game;
    const run = (c: Parameters<typeof transition>[1]) => {
      const t = transition(g, c);
      if (!t.ok) throw new Error(t.error.message);
      g = t.game;
    };
    run({ type: 'act', by: 5 as never, act: 'check', target: 3 as never });
    run({ type: 'endNight' });
    const alive = project(g.state, { kind: 'seat', seat: 5 as never });
    expect(alive.seats[1].role).toBe('mafia');
    expect(alive.results.length).toBe(1);
    run({ type: 'remove', seat: 5 as never });
    const dead = project(g.state, { kind: 'seat', seat: 5 as never });
    expect(dead.me?.role).toBe('don');
    expect(dead.seats[1].role).toBeUndefined();
    expect(dead.seats[7].role).toBeUndefined();
    expect(dead.results).toEqual([]);
  });
});
