import { createGame, NIGHT_STEP_SECONDS, nightSteps, PRESETS, stepTimer, transition, type Command, type GameState } from '@mafia/engine';
import { createRoomSchema, DEFAULT_TIMERS } from '@mafia/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendTimer, nextTimer, timersFor } from '../src/room/timers.js';
import { rebaseTimer } from '../src/room/clock.js';
import { pauseTimer, resumeTimer } from '../src/room/pause.js';
import type { TimerRec } from '../src/room/records.js';

const game = () => {
  const t = createGame({ preset: 'classic', players: 10, seed: 7 });
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
};
const step = (g: ReturnType<typeof game>, c: Command) => {
  const t = transition(g, c);
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
};

describe('step timers', () => {
  it('gives the night, then each speech, its own timer with an absolute deadline', () => {
    let g = game();
    expect(stepTimer(g.state)?.kind).toBe('night');
    const night = nextTimer(null, stepTimer(g.state), DEFAULT_TIMERS, 1_000);
    // Classic's night script: the mafia, the Don, the Commissar — 15 s each.
    expect(night).toEqual({ kind: 'night', key: stepTimer(g.state)!.key, deadline: 1_000 + 45_000, started: 1_000, steps: [1_000, 16_000, 31_000] });
    g = step(g, { type: 'endNight' });
    const speech1 = nextTimer(night, stepTimer(g.state), DEFAULT_TIMERS, 5_000);
    expect(speech1).toMatchObject({ kind: 'speech', deadline: 5_000 + 60_000, started: 5_000 });
    // The same step keeps its timer: the deadline does not move.
    expect(nextTimer(speech1, stepTimer(g.state), DEFAULT_TIMERS, 9_000)).toBe(speech1);
    g = step(g, { type: 'endSpeech' });
    const speech2 = nextTimer(speech1, stepTimer(g.state), DEFAULT_TIMERS, 9_000);
    expect(speech2!.key).not.toBe(speech1!.key);
    expect(speech2!.deadline).toBe(9_000 + 60_000);
  });

  it('has no timer once the game is over', () => {
    const g = step(game(), { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(stepTimer(g.state)).toBeNull();
    expect(nextTimer(null, stepTimer(g.state), DEFAULT_TIMERS, 0)).toBeNull();
  });

  it('times the Rake\'s choice like a vote, so an app-hosted room never waits for it for ever (R-HOST-2)', () => {
    // Day 3 at the Rake's choice; every other day field as a fresh day has it.
    const rake: GameState = {
      ...game().state,
      phase: { kind: 'day', n: 3 },
      day: {
        n: 3, stage: 'rake', speakerIndex: 0, round: 0, candidates: [], emergency: false, lastWords: [], speakers: [], silenced: [], nominations: [],
        ballots: [], lift: [], tally: null, left: [], voteCancelled: false, outcome: null, circle: null, victims: [], blood: [], dyingNote: null, spoke: [],
        rakeChoice: null, shortSpeech: null,
      },
    };
    expect(stepTimer(rake)?.kind).toBe('vote');
    expect(nextTimer(null, stepTimer(rake), DEFAULT_TIMERS, 0)).toMatchObject({ kind: 'vote', deadline: DEFAULT_TIMERS.vote * 1000 });
  });
});

/** The step of a night timer running at `now` (the same reading as the web's stepClock). */
const stepAt = (t: TimerRec, now: number): number => {
  let i = 0;
  while (i + 1 < t.steps!.length && t.steps![i + 1]! <= now) i++;
  return i;
};

describe('night steps (R-NIGHT-4)', () => {
  it('night_length_is_steps_times_night_step_whoever_is_alive', () => {
    let g = game();
    const n = nightSteps(g.state.setup).length;
    g = step(g, { type: 'override', action: { kind: 'eliminate', seat: 1 as never } });
    g = step(g, { type: 'override', action: { kind: 'eliminate', seat: 2 as never } });
    const t = nextTimer(null, stepTimer(g.state), { ...DEFAULT_TIMERS, nightStep: 12 }, 0)!;
    expect(t.deadline).toBe(n * 12_000);
    expect(t.steps).toEqual(Array.from({ length: n }, (_, i) => i * 12_000));
  });

  it('night_timer_is_the_same_whichever_card_the_extra_card_left_out (R-MOD extra-card)', () => {
    const nights = new Map<string, string>();
    for (let seed = 1; seed <= 40; seed++) {
      const t = createGame({ preset: 'piter', players: 10, seed, modifications: ['extra-card'] });
      if (!t.ok) throw new Error(t.error.message);
      const s = t.game.state;
      // Which card stayed out: the deck less the cards dealt (Piter's deck for 10 is its 11-player table).
      const out = [...PRESETS.piter!.composition(11)!];
      for (const r of s.setup.roles) out.splice(out.indexOf(r), 1);
      const timer = nextTimer(null, stepTimer(s), timersFor('piter', s.options, undefined), 0)!;
      nights.set(out[0]!, JSON.stringify({ deadline: timer.deadline, steps: timer.steps }));
    }
    expect(nights.size).toBeGreaterThan(2);
    expect(new Set(nights.values()).size).toBe(1);
  });

  it('every_preset_gives_a_night_step_of_at_least_ten_seconds', () => {
    for (const [id, p] of Object.entries(PRESETS)) {
      const timers = timersFor(id, p.defaults, undefined);
      expect(timers.nightStep, id).toBeGreaterThanOrEqual(10);
    }
    expect(timersFor('club', PRESETS.club!.defaults, { nightStep: 20 }).nightStep).toBe(20);
  });

  it('gives_each_preset_the_engines_night_step_the_create_form_shows', () => {
    const got = Object.fromEntries(Object.entries(PRESETS).map(([id, p]) => [id, timersFor(id, p.defaults, undefined).nightStep]));
    expect(got).toEqual({ ...NIGHT_STEP_SECONDS });
    expect(got).toMatchObject({ classic: 15, sport: 15, short: 20, club: 12, tabletop: 12, party: 12, piter: 10, extended: 12 });
  });

  it('refuses_the_old_whole_night_field_with_a_message_naming_night_step', () => {
    const r = createRoomSchema.safeParse({ preset: 'classic', seats: 10, mode: 'app', timers: { night: 30 } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['timers', 'night']);
    expect(r.error!.issues[0]!.message).toContain('nightStep');
    expect(createRoomSchema.safeParse({ preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 12 } }).success).toBe(true);
  });

  it('an_old_room_keeps_its_whole_night_cut_into_equal_steps', () => {
    const g = game();
    const { nightStep: _, ...rest } = DEFAULT_TIMERS;
    const t = nextTimer(null, stepTimer(g.state), { ...rest, night: 30 }, 0)!;
    expect(t.deadline).toBe(30_000);
    expect(t.steps).toEqual([0, 10_000, 20_000]);
  });

  it('adding_time_lengthens_the_running_step_and_moves_the_later_ones', () => {
    const t = nextTimer(null, stepTimer(game().state), DEFAULT_TIMERS, 0)!;
    const longer = extendTimer(t, 10_000, 20_000);
    expect(longer.steps).toEqual([0, 15_000, 40_000]);
    expect(longer.deadline).toBe(55_000);
    expect(longer.started).toBe(0);
    // Less time never ends the running step before now.
    const shorter = extendTimer(t, -600_000, 20_000);
    expect(shorter.steps).toEqual([0, 15_000, 20_000]);
    expect(shorter.deadline).toBe(35_000);
  });

  it('adding_time_never_moves_a_step_back', () => {
    const base = nextTimer(null, stepTimer(game().state), DEFAULT_TIMERS, 0)!;
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: -60, max: 60 }).filter((n) => n !== 0), fc.integer({ min: 0, max: 30_000 })), { maxLength: 8 }), (adds) => {
      let t = base;
      let now = 0;
      for (const [add, wait] of adds) {
        now += wait;
        const before = stepAt(t, now);
        t = extendTimer(t, add * 1000, now);
        const after = stepAt(t, now);
        expect(after).toBeGreaterThanOrEqual(before);
        if (add > 0) expect(after).toBe(before);
        for (let k = 1; k < t.steps!.length; k++) expect(t.steps![k]!).toBeGreaterThanOrEqual(t.steps![k - 1]!);
        expect(t.deadline).toBeGreaterThanOrEqual(t.steps![t.steps!.length - 1]!);
      }
    }));
  });

  it('a_day_timer_moves_its_deadline_only', () => {
    const g = step(game(), { type: 'endNight' });
    const t = nextTimer(null, stepTimer(g.state), DEFAULT_TIMERS, 0)!;
    expect(extendTimer(t, 10_000, 5_000)).toEqual({ ...t, deadline: 70_000 });
    expect(extendTimer(t, -120_000, 5_000).deadline).toBe(5_000);
  });
});

describe('a loaded timer on a new process\'s clock (issue 12, point 8)', () => {
  const night = nextTimer(null, stepTimer(game().state), DEFAULT_TIMERS, 100_000)!;

  it('a_loaded_timer_that_begins_after_now_is_moved_to_begin_now_with_its_whole_length', () => {
    // Loaded by a process whose clock reads an hour before the step began.
    const moved = rebaseTimer(night, 100_000 - 3_600_000);
    expect(moved.started).toBe(100_000 - 3_600_000);
    expect(moved.deadline - moved.started).toBe(night.deadline - night.started);
    expect(moved.steps!.map((at) => at - moved.started)).toEqual(night.steps!.map((at) => at - night.started));
  });

  it('a_loaded_paused_timer_stopped_after_now_keeps_what_was_left', () => {
    const paused = pauseTimer(night, 110_000)!;
    const moved = rebaseTimer(paused, 50_000);
    expect(moved.pausedAt).toBe(50_000);
    expect(moved.deadline - moved.pausedAt!).toBe(paused.deadline - paused.pausedAt!);
    // Resumed at once, it runs for what was left, not for the 60 s the clock was behind.
    expect(resumeTimer(moved, 50_000)!.deadline).toBe(50_000 + paused.deadline - paused.pausedAt!);
  });

  it('a_loaded_timer_already_begun_stays_as_it_is', () => {
    expect(rebaseTimer(night, 100_000)).toBe(night);
    expect(rebaseTimer(night, 900_000)).toBe(night);
  });
});

describe('the short speech (R-FIIM-2)', () => {
  const fiim = (threeFouls: string) => {
    const t = createGame({ preset: 'fiim', players: 10, seed: 11, options: { threeFouls } });
    if (!t.ok) throw new Error(t.error.message);
    // Night 1 is the introduction: the day's first speaker is speaking once it ends.
    return step(t.game, { type: 'endNight' });
  };
  /** The second speaker's turn after his 3rd foul, given during the first speaker's speech. */
  const turnAfterThreeFouls = (threeFouls: string) => {
    let g = fiim(threeFouls);
    const second = g.state.day!.speakers[1]!;
    for (let i = 0; i < 3; i++) g = step(g, { type: 'foul', seat: second });
    const before = nextTimer(null, stepTimer(g.state), DEFAULT_TIMERS, 0);
    g = step(g, { type: 'endSpeech' });
    return { g, second, before };
  };

  it('times_the_turn_after_a_third_foul_by_the_engines_short_speech', () => {
    const { g, second, before } = turnAfterThreeFouls('short-speech');
    // The first speaker's turn was the room's minute.
    expect(before).toMatchObject({ kind: 'speech', deadline: 60_000 });
    expect(g.state.day!.speakers[g.state.day!.speakerIndex]).toBe(second);
    expect(nextTimer(before, stepTimer(g.state), DEFAULT_TIMERS, 100_000)).toMatchObject({ kind: 'speech', deadline: 100_000 + 30_000 });
    // A room with shorter speeches than the short speech keeps its own.
    expect(nextTimer(before, stepTimer(g.state), { ...DEFAULT_TIMERS, speech: 20 }, 0)).toMatchObject({ deadline: 20_000 });
  });

  it('keeps_the_rooms_speech_for_every_turn_the_engine_did_not_shorten', () => {
    // lose-speech with 10 alive: the turn is skipped, the next speaker has a full speech.
    const { g, second } = turnAfterThreeFouls('lose-speech');
    expect(g.state.day!.speakers[g.state.day!.speakerIndex]).not.toBe(second);
    expect(nextTimer(null, stepTimer(g.state), DEFAULT_TIMERS, 0)).toMatchObject({ kind: 'speech', deadline: 60_000 });
    // A room that asked for longer speeches keeps them (the preset's 60 s is not a cut).
    expect(nextTimer(null, stepTimer(g.state), { ...DEFAULT_TIMERS, speech: 90 }, 0)).toMatchObject({ deadline: 90_000 });
  });
});
