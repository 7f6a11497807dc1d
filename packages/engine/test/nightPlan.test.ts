/**
 * Issue 27: the mafia's night meeting as data — their shot order (`plan`), said at night by a living
 * mafioso and heard by the mafia alone (and the host). On sport's table of the helpers: mafia 2, 5
 * (Don), 8; Commissar 3.
 */
import { exportProtocol, nextHostCommand, project, projectEvent, replayProtocol, transition, type Command, type Game, type GameView, type Statement } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { newGame, refused, run, S, speaker } from './helpers.js';

const plan: Statement = { kind: 'plan', shots: [{ night: 2, target: S(3) }, { night: 3, target: S(7) }] };
const say = (by: number, statement: Statement): Command => ({ type: 'statement', by: S(by), statement });
const asSeat = (seat: number) => ({ kind: 'seat' as const, seat: S(seat) });

describe('the mafia\'s night plan', () => {
  it('a_mafioso_says_the_plan_at_night_and_only_the_mafia_and_the_host_hear_it', () => {
    const g0 = newGame('sport');
    expect(g0.state.phase.kind).toBe('night');
    const t = transition(g0, say(5, plan), asSeat(5));
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    const said = [{ day: 1, night: 1, by: S(5), statement: plan }];
    for (const seat of [2, 5, 8]) {
      expect(project(t.game.state, asSeat(seat)).said).toEqual(said);
      expect(projectEvent(t.events[0], t.game.state, asSeat(seat))).not.toBeNull();
    }
    expect(project(t.game.state, { kind: 'host' }).said).toEqual(said);
    // The town and the spectators: no event, and a view the same as without a meeting.
    for (const viewer of [asSeat(1), asSeat(3), asSeat(7), { kind: 'spectator' as const }]) {
      expect(projectEvent(t.events[0], t.game.state, viewer)).toBeNull();
      expect(JSON.stringify(project(t.game.state, viewer))).toBe(JSON.stringify(project(g0.state, viewer) as GameView));
    }
  });

  it('only_a_mafioso_says_a_plan_and_only_at_night', () => {
    const g0 = newGame('sport');
    expect(refused(g0, say(3, plan), asSeat(3)).code).toBe('not-mafia');
    expect(refused(g0, say(5, { kind: 'claim', role: 'commissar' }), asSeat(5)).code).toBe('bad-statement');
    // By day, even in his own speech: a plan is the night meeting's.
    const day = run(g0, { type: 'endNight' });
    expect(refused(day, say(speaker(day.state)!, plan)).message).toMatch(/a plan is said at night/);
  });

  it('a_plan_names_tonight_or_later_nights_each_once_and_seats_at_the_table', () => {
    const g0 = newGame('sport');
    const bad = (shots: unknown) => refused(g0, say(2, { kind: 'plan', shots } as unknown as Statement), asSeat(2));
    expect(bad([]).message).toMatch(/1 to 5 shots/);
    expect(bad([{ night: 0, target: 3 }]).message).toMatch(/tonight \(1\) or a night after it/);
    expect(bad([{ night: 2, target: 3 }, { night: 2, target: 4 }]).message).toMatch(/names night 2 once/);
    expect(bad([{ night: 2, target: 11 }]).code).toBe('bad-seat');
  });

  it('the_protocol_writes_the_plan_in_its_nights_said_and_replays_to_the_same_result', () => {
    let g: Game = run(newGame('sport'), say(2, plan), { type: 'endNight' });
    // Play the game to its end with the host's steps: the plan changes no rule.
    for (let k = 0; k < 400 && g.state.phase.kind !== 'ended'; k++) {
      const next = nextHostCommand(g.state);
      if (!next) break;
      g = run(g, next);
    }
    const out = exportProtocol(g.log);
    expect(out.ok, JSON.stringify(out)).toBe(true);
    if (!out.ok) return;
    const first = out.protocol.steps[0] as { night: number; said?: unknown };
    expect(first.night).toBe(1);
    expect(first.said).toEqual([[2, { plan: [[2, 3], [3, 7]] }]]);
    const replayed = replayProtocol(out.protocol);
    expect(replayed.ok).toBe(true);
  });
});
