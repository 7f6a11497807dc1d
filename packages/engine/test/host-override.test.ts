/**
 * The host is always right (RULES.md R-HOST-1): undo and override commands, recorded as events;
 * only the host may send them; a seat may act only for itself.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { foldLog, transition, type Game } from '@mafia/engine';
import { endSpeeches, MAFIA10, newGame, night, quietDay, refused, run, S, shot, TOWN10, withoutSeq } from './helpers.js';

function undo(game: Game, count = 1): Game {
  const t = transition(game, { type: 'undo', count });
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.game;
}

describe('undo (R-HOST-1)', () => {
  it('undo_restores_the_state_before_the_last_command (R-HOST-1)', () => {
    const before = night(newGame('classic'));
    const after = run(before, { type: 'nominate', by: S(1), target: S(8) });
    const undone = undo(after);
    expect(withoutSeq(undone.state)).toEqual(withoutSeq(before.state));
    expect(undone.state.day?.nominations).toEqual([]);
  });

  it('undo_is_recorded_in_the_log (R-HOST-1)', () => {
    const after = run(night(newGame('classic')), { type: 'nominate', by: S(1), target: S(8) });
    const undone = undo(after);
    expect(undone.log.slice(0, after.log.length)).toEqual(after.log);
    expect(undone.log.at(-1)).toEqual({ type: 'Undone', count: 1 });
    expect(withoutSeq(foldLog(undone.log))).toEqual(withoutSeq(undone.state));
  });

  it('undo_takes_back_a_whole_command_with_all_its_events (R-HOST-1)', () => {
    const atNight = run(quietDay(night(newGame('classic'))), ...shot(4).map((a) => ({ type: 'act' as const, by: S(a.by), act: 'kill' as const, target: S(4) })));
    const morning = run(atNight, { type: 'endNight' });
    expect(morning.state.alive[3]).toBe(false);
    const undone = undo(morning);
    expect(undone.state.phase).toEqual({ kind: 'night', n: 2 });
    expect(undone.state.alive[3]).toBe(true);
    expect(undone.state.night?.acts).toHaveLength(3);
    expect(withoutSeq(undone.state)).toEqual(withoutSeq(atNight.state));
  });

  it('undo_of_several_commands_goes_back_that_many (R-HOST-1)', () => {
    const start = night(newGame('classic'));
    const g = run(start, { type: 'nominate', by: S(1), target: S(8) }, { type: 'endSpeech' }, { type: 'nominate', by: S(2), target: S(3) });
    expect(withoutSeq(undo(g, 3).state)).toEqual(withoutSeq(start.state));
    expect(withoutSeq(undo(undo(g, 1), 2).state)).toEqual(withoutSeq(start.state));
  });

  it('the_game_goes_on_after_an_undo (R-HOST-1)', () => {
    let g = undo(run(night(newGame('classic')), { type: 'nominate', by: S(1), target: S(8) }));
    g = run(g, { type: 'nominate', by: S(1), target: S(2) });
    expect(g.state.day?.nominations).toEqual([[1, 2]]);
    expect(withoutSeq(foldLog(g.log))).toEqual(withoutSeq(g.state));
  });

  it('folding_the_log_rebuilds_the_state_exactly_after_a_lift_vote (R-HOST-1, R-VOTE-6)', () => {
    let g = night(newGame('classic'));
    g = endSpeeches(run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }));
    for (let round = 0; round < 2; round++) {
      for (const v of [1, 3, 4, 6, 7]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
      g = endSpeeches(run(g, { type: 'closeVote' })); // the tie speeches (R-VOTE-6)
    }
    g = run(g, { type: 'liftVote', by: S(1), leave: true }, { type: 'closeVote' });
    expect(g.log.some((e) => e.type === 'LiftVoteCounted')).toBe(true);
    expect(foldLog(g.log)).toEqual(g.state);
    expect(g.state.seq).toBe(g.log.length);
  });

  it('the_host_can_undo_the_command_that_ended_the_game (R-HOST-1)', () => {
    let g = night(newGame('classic'));
    for (const seat of MAFIA10) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.winner).toBe('town');
    g = undo(g);
    expect(g.state.winner).toBeNull();
    expect(g.state.phase).toEqual({ kind: 'day', n: 1 });
  });

  it('only_the_host_may_undo (R-HOST-1)', () => {
    const g = run(night(newGame('classic')), { type: 'nominate', by: S(1), target: S(8) });
    const e = refused(g, { type: 'undo', count: 1 }, { kind: 'seat', seat: S(1) });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/only the host/);
  });

  it('the_opening_of_the_game_cannot_be_undone (R-HOST-1)', () => {
    const g = run(newGame('classic'), { type: 'endNight' });
    const e = refused(g, { type: 'undo', count: 2 });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/only 1 command/);
    expect(refused(newGame('classic'), { type: 'undo', count: 1 }).rule).toBe('R-HOST-1');
  });

  it('undo_needs_a_positive_whole_count (R-HOST-1)', () => {
    const g = run(night(newGame('classic')), { type: 'endSpeech' });
    for (const count of [0, -1, 1.5]) expect(refused(g, { type: 'undo', count }).message).toMatch(/positive whole count/);
  });
});

describe('override (R-HOST-1)', () => {
  it('an_eliminate_override_is_recorded_and_the_win_is_checked (R-HOST-1, R-WIN-0)', () => {
    let g = night(newGame('classic'));
    g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(2) } }, { type: 'override', action: { kind: 'eliminate', seat: S(5) } });
    expect(g.state.winner).toBeNull();
    g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(8) } });
    const overrides = g.log.filter((e) => e.type === 'HostOverride');
    expect(overrides).toEqual([2, 5, 8].map((seat) => ({ type: 'HostOverride', action: { kind: 'eliminate', seat } })));
    expect(g.state.winner).toBe('town');
    expect(g.state.winners).toEqual(TOWN10);
    expect(g.log.at(-1)).toEqual({ type: 'GameEnded', winner: 'town', winners: TOWN10 });
  });

  it('a_revive_override_brings_a_player_back (R-HOST-1)', () => {
    let g = night(quietDay(night(newGame('classic'))), shot(4));
    expect(g.state.alive[3]).toBe(false);
    g = run(g, { type: 'override', action: { kind: 'revive', seat: S(4) } });
    expect(g.state.alive[3]).toBe(true);
    expect(g.log.at(-1)).toEqual({ type: 'HostOverride', action: { kind: 'revive', seat: 4 } });
    expect(refused(g, { type: 'override', action: { kind: 'revive', seat: S(4) } }).rule).toBe('R-HOST-1');
  });

  it('an_end_game_override_sets_the_winner (R-HOST-1)', () => {
    const g = run(night(newGame('classic')), { type: 'override', action: { kind: 'endGame', winner: 'mafia' } });
    expect(g.state.phase).toEqual({ kind: 'ended' });
    expect(g.state.winner).toBe('mafia');
    expect(g.state.winners).toEqual(MAFIA10);
    expect(g.log.slice(-2)).toEqual([
      { type: 'HostOverride', action: { kind: 'endGame', winner: 'mafia' } },
      { type: 'GameEnded', winner: 'mafia', winners: MAFIA10 },
    ]);
  });

  it('the_host_may_declare_a_draw (R-HOST-1)', () => {
    const g = run(night(newGame('classic')), { type: 'override', action: { kind: 'endGame', winner: 'draw' } });
    expect(g.state.winner).toBe('draw');
    expect(g.state.winners).toEqual([]);
    expect(refused(g, { type: 'endSpeech' }).rule).toBe('R-WIN-0');
  });

  it('an_end_game_override_needs_a_known_winner (R-HOST-1)', () => {
    const e = refused(night(newGame('classic')), { type: 'override', action: { kind: 'endGame', winner: 'maniac' } });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/maniac/);
  });

  it('eliminating_a_player_who_is_out_is_refused (R-HOST-1)', () => {
    const g = night(quietDay(night(newGame('classic'))), shot(4));
    const e = refused(g, { type: 'override', action: { kind: 'eliminate', seat: S(4) } });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/seat 4/);
  });

  it('only_the_host_may_override (R-HOST-1)', () => {
    const e = refused(night(newGame('classic')), { type: 'override', action: { kind: 'eliminate', seat: S(2) } }, { kind: 'seat', seat: S(5) });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/only the host/);
  });
});

describe('seats act only for themselves (R-HOST-1)', () => {
  it('a_seat_cannot_shoot_for_another_seat (R-HOST-1)', () => {
    const g = quietDay(night(newGame('classic')));
    const e = refused(g, { type: 'act', by: S(2), act: 'kill', target: S(4) }, { kind: 'seat', seat: S(5) });
    expect(e.rule).toBe('R-HOST-1');
    expect(e.message).toMatch(/seat 5 cannot act for seat 2/);
    const t = transition(g, { type: 'act', by: S(2), act: 'kill', target: S(4) }, { kind: 'seat', seat: S(2) });
    expect(t.ok && t.game.state.night?.acts).toEqual([{ by: 2, act: 'kill', target: 4 }]);
  });

  it('a_seat_cannot_check_for_another_seat (R-HOST-1)', () => {
    const g = quietDay(night(newGame('classic')));
    expect(refused(g, { type: 'act', by: S(3), act: 'check', target: S(5) }, { kind: 'seat', seat: S(1) }).rule).toBe('R-HOST-1');
  });

  it('a_seat_cannot_end_the_night (R-HOST-1)', () => {
    const e = refused(newGame('classic'), { type: 'endNight' }, { kind: 'seat', seat: S(3) });
    expect(e.rule).toBe('R-HOST-1');
  });
});

describe('host-only commands (R-HOST-1)', () => {
  it('every_host_only_command_is_refused_from_a_seat (R-HOST-1)', async () => {
    const { createGame, decide, HOST_ONLY } = await import('@mafia/engine');
    const created = createGame({ preset: 'classic', players: 10, seed: 5 });
    if (!created.ok) throw new Error(created.error.message);
    const state = created.game.state;
    for (const type of HOST_ONLY) {
      if (type === 'undo') continue; // undo is decided on the log by transition()
      const d = decide(state, { type } as never, { kind: 'seat', seat: 1 as never });
      expect(d.ok, type).toBe(false);
      if (!d.ok) expect(d.error.code, type).toBe('host-only');
    }
    // The hot path's switch names the same commands as HOST_ONLY, no more and no fewer.
    const { isHostOnly } = await import('@mafia/engine');
    const ALL_TYPES = ['act', 'endNight', 'timeUp', 'bestMove', 'endLastWords', 'nominate', 'endSpeech', 'foul', 'remove', 'vote', 'liftVote', 'closeVote', 'override', 'undo', 'circle', 'blood', 'silenceBroken', 'rakeTakes', 'techFoul', 'teamDefeat', 'extraPoints'];
    for (const type of ALL_TYPES) expect(isHostOnly(type), type).toBe(HOST_ONLY.has(type as never));
    expect(ALL_TYPES.filter(isHostOnly).length).toBe(HOST_ONLY.size);
  });
});
