/**
 * Issue 27: each role's night act as a sensible player uses it, and what a player makes of who the
 * night took. One scenario per behaviour on a club table (the checker is the Sheriff): the mafia are
 * seats 2, 5 (Don) and 8.
 */
import { createGame, project, seatNo, type GameView, type Said, type SeatNo } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/bot.js';
import { NightDeaths } from '../src/deaths.js';
import { mafiaShot, SHOOT_CLAIMANT_PERCENT, shieldTarget, teammateInDanger, type Pick } from '../src/nightChoice.js';
import { talkEvidence } from '../src/talking.js';
import { meetingPlan, plannedTonight } from '../src/meeting.js';

const S = seatNo;
const MAFIA = [2, 5, 8];

interface ViewSpec {
  readonly me: number;
  readonly role: string;
  readonly team: 'town' | 'mafia';
  readonly phase?: GameView['phase'];
  readonly said?: Said[];
  readonly dead?: number[];
  readonly nominations?: [number, number][];
}

function view(o: ViewSpec): GameView {
  const created = createGame({ preset: 'club', players: 10, seed: 1 });
  if (!created.ok) throw new Error(created.error.message);
  const { nightSteps, roleVariants, donSeeks } = project(created.game.state, { kind: 'seat', seat: S(o.me) });
  const phase = o.phase ?? { kind: 'night', n: 2 };
  return {
    viewer: { kind: 'seat', seat: S(o.me) }, preset: 'club', nightSteps, roleVariants, donSeeks, phase,
    seats: Array.from({ length: 10 }, (_, i) => ({
      seat: S(i + 1), name: `${i + 1}`, alive: !(o.dead ?? []).includes(i + 1), fouls: 0,
      ...(i + 1 === o.me ? { role: o.role as never, team: o.team } : o.team === 'mafia' && MAFIA.includes(i + 1) ? { role: 'mafia' as never, team: 'mafia' as const } : {}),
    })),
    day: phase.kind === 'day' ? {
      n: phase.n, emergency: false, stage: 'speeches', speaker: null, lastWords: [], nominations: (o.nominations ?? []).map(([a, b]) => [S(a), S(b)] as const),
      round: 0, candidates: [], ballots: new Array(10).fill(0), lift: [], tally: null, left: [], voteCancelled: false, circle: null, blood: [], dyingNote: null, rakeChoice: null,
    } : null,
    me: { seat: S(o.me), role: o.role as never, team: o.team, alive: true },
    myActs: [], said: o.said ?? [], results: [], bestMove: null, winner: null, winners: [],
  } as GameView;
}

const claim = (by: number, day = 2): Said => ({ day, by: S(by), statement: { kind: 'claim', role: 'sheriff' } });
const black = (by: number, target: number, day = 2): Said => ({ day, by: S(by), statement: { kind: 'checked', target: S(target), night: 1, color: 'black' } });
/** The highest scorer, the lowest seat among equals (the bot breaks ties at random; a test wants one answer). */
const pick: Pick = (seats, score) => {
  let top: SeatNo | 0 = 0;
  for (const s of seats) if (top === 0 || score(s) > score(top)) top = s;
  return top;
};

describe('the night acts of the heuristic bot', () => {
  it('doctor_heals_the_claimed_sheriff', () => {
    const v = view({ me: 4, role: 'doctor', team: 'town', said: [claim(6), black(6, 8)], phase: { kind: 'night', n: 3 } });
    expect(shieldTarget(v, S(4), new Float64Array(11), pick, 'heal')).toBe(6);
  });

  it('club_doctor_and_beauty_take_turns_with_the_claimed_sheriff_so_that_he_is_covered_every_night', () => {
    // Neither may cover the same player two nights running: the Doctor takes the odd nights, the
    // Beauty the even ones, and each leaves him free the night before its turn.
    for (let n = 2; n <= 7; n++) {
      const phase = { kind: 'night' as const, n };
      const doctor = shieldTarget(view({ me: 4, role: 'doctor', team: 'town', said: [claim(6)], phase }), S(4), new Float64Array(11), pick, 'heal');
      const beauty = shieldTarget(view({ me: 9, role: 'beauty', team: 'town', said: [claim(6)], phase }), S(9), new Float64Array(11), pick, 'visit');
      expect([n, doctor === 6, beauty === 6]).toEqual([n, n % 2 === 1, n % 2 === 0]);
    }
  });

  it('doctor_covers_the_claimed_sheriff_on_any_night_once_the_beauty_is_shown_dead', () => {
    const v = view({ me: 4, role: 'doctor', team: 'town', said: [claim(6)], phase: { kind: 'night', n: 4 }, dead: [9] });
    const seats = v.seats.map((s) => (s.seat === 9 ? { ...s, role: 'beauty' as const, team: 'town' as const } : s));
    expect(shieldTarget({ ...v, seats }, S(4), new Float64Array(11), pick, 'heal')).toBe(6);
  });

  it('a_shield_takes_the_best_seat_its_limits_allow_tonight', () => {
    const suspicion = new Float64Array(11);
    suspicion[7] = -3;
    suspicion[3] = -2;
    expect(shieldTarget(view({ me: 4, role: 'doctor', team: 'town' }), S(4), suspicion, pick, 'heal', [S(7)])).toBe(3);
  });

  it('doctor_without_a_claim_heals_the_player_he_trusts_most_and_not_himself', () => {
    const suspicion = new Float64Array(11).fill(1);
    suspicion[4] = -10;
    suspicion[7] = -3;
    expect(shieldTarget(view({ me: 4, role: 'doctor', team: 'town' }), S(4), suspicion, pick, 'heal')).toBe(7);
  });

  it('beauty_covers_the_most_trusted_living_player_once_the_claimant_is_dead', () => {
    const v = view({ me: 9, role: 'beauty', team: 'town', said: [claim(6)], dead: [6] });
    const suspicion = new Float64Array(11);
    suspicion[3] = -2;
    expect(shieldTarget(v, S(9), suspicion, pick, 'visit')).toBe(3);
  });

  it('the_mafia_shoot_a_lone_claimant_on_some_nights_and_every_member_computes_the_same_night', () => {
    let shot = 0;
    let nights = 0;
    for (let n = 2; n < 60; n++) {
      for (const claimant of [1, 3, 4, 6, 7, 9, 10]) {
        const said = [claim(claimant)];
        const phase = { kind: 'night', n } as const;
        const a = mafiaShot(view({ me: 2, role: 'mafia', team: 'mafia', phase, said }), S(10 === claimant ? 9 : 10));
        const b = mafiaShot(view({ me: 5, role: 'don', team: 'mafia', phase, said }), S(10 === claimant ? 9 : 10));
        expect(b).toBe(a);
        nights++;
        if (a === claimant) shot++;
      }
    }
    expect(shot / nights).toBeGreaterThan(SHOOT_CLAIMANT_PERCENT / 100 - 0.1);
    expect(shot / nights).toBeLessThan(SHOOT_CLAIMANT_PERCENT / 100 + 0.1);
  });

  it('the_mafia_spare_the_claimant_when_a_teammate_counter_claimed', () => {
    for (let n = 2; n < 30; n++) {
      const v = view({ me: 2, role: 'mafia', team: 'mafia', phase: { kind: 'night', n }, said: [claim(6), black(6, 8), claim(5), black(5, 6)] });
      expect(mafiaShot(v, S(9))).toBe(9);
    }
  });

  it('the_lawyer_gives_his_alibi_to_the_teammate_the_checker_called_black', () => {
    const v = view({ me: 5, role: 'lawyer', team: 'mafia', said: [claim(6), black(6, 8)] });
    expect(teammateInDanger(v, new Rng(1))).toBe(8);
    const nominated = view({ me: 5, role: 'lawyer', team: 'mafia', phase: { kind: 'day', n: 2 }, nominations: [[1, 2]] });
    expect(teammateInDanger(nominated, new Rng(1))).toBe(2);
  });
});

describe('who the night took', () => {
  it('a_player_found_dead_at_dawn_who_was_no_nominee_was_killed_at_night', () => {
    const d = new NightDeaths();
    d.look(view({ me: 1, role: 'civilian', team: 'town', phase: { kind: 'day', n: 1 }, nominations: [[3, 4]] }));
    d.look(view({ me: 1, role: 'civilian', team: 'town', phase: { kind: 'day', n: 2 }, dead: [4, 6] }));
    expect(d.has(S(6))).toBe(true);
    // Seat 4 stood for the vote: he may have been voted out.
    expect(d.has(S(4))).toBe(false);
  });

  it('a_death_found_after_a_look_at_night_is_the_nights', () => {
    const d = new NightDeaths();
    d.look(view({ me: 6, role: 'sheriff', team: 'town', phase: { kind: 'day', n: 1 }, nominations: [[3, 4]] }));
    d.look(view({ me: 6, role: 'sheriff', team: 'town', phase: { kind: 'night', n: 2 }, dead: [4] }));
    d.look(view({ me: 6, role: 'sheriff', team: 'town', phase: { kind: 'day', n: 2 }, dead: [4, 7] }));
    expect(d.has(S(7))).toBe(true);
    expect(d.has(S(4))).toBe(false);
  });

  it('the_town_believes_the_claimant_the_night_took_and_suspects_the_one_it_spared', () => {
    const said = [claim(6), black(6, 8), claim(5), black(5, 6)];
    const v = view({ me: 1, role: 'civilian', team: 'town', phase: { kind: 'day', n: 3 }, said, dead: [6] });
    const before = new Float64Array(11);
    talkEvidence(v, S(1), before);
    // Without knowing who the night took, the first claimant is believed a little more.
    expect(before[8]).toBeGreaterThan(0);
    const after = new Float64Array(11);
    talkEvidence(v, S(1), after, { has: (s) => s === 6 });
    expect(after[5]).toBeGreaterThanOrEqual(8);
    expect(after[8]).toBeGreaterThan(before[8]);
    expect(after[6]).toBeLessThan(0);
  });
});

describe('the mafia\'s night meeting', () => {
  it('the_first_living_mafioso_names_the_shot_order_once_and_the_shots_follow_it', () => {
    const night1 = view({ me: 2, role: 'mafia', team: 'mafia', phase: { kind: 'night', n: 1 } });
    const said = meetingPlan(night1, S(2));
    expect(said).toHaveLength(1);
    const plan = said[0] as Extract<(typeof said)[number], { kind: 'plan' }>;
    expect(plan.shots.map((x) => x.night)).toEqual([2, 3, 4]);
    for (const x of plan.shots) expect(MAFIA).not.toContain(x.target);
    expect(new Set(plan.shots.map((x) => x.target)).size).toBe(3);
    // The others listen; once said, nobody says it again.
    expect(meetingPlan(view({ me: 5, role: 'don', team: 'mafia', phase: { kind: 'night', n: 1 } }), S(5))).toEqual([]);
    const heard: Said = { day: 1, night: 1, by: S(2), statement: plan };
    expect(meetingPlan(view({ me: 2, role: 'mafia', team: 'mafia', phase: { kind: 'night', n: 2 }, said: [heard] }), S(2))).toEqual([]);
    // Night 3: every member's shot is the plan's seat for night 3.
    const night3 = (me: number) => view({ me, role: 'mafia', team: 'mafia', phase: { kind: 'night', n: 3 }, said: [heard] });
    expect(plannedTonight(night3(2))).toBe(plan.shots[1].target);
    expect(plannedTonight(night3(8))).toBe(plan.shots[1].target);
    // The planned seat is gone: no planned shot tonight (the agreed hash decides).
    expect(plannedTonight(view({ me: 2, role: 'mafia', team: 'mafia', phase: { kind: 'night', n: 3 }, said: [heard], dead: [plan.shots[1].target] }))).toBe(0);
  });

  it('a_town_player_says_nothing_at_night', () => {
    expect(meetingPlan(view({ me: 4, role: 'doctor', team: 'town', phase: { kind: 'night', n: 1 } }), S(4))).toEqual([]);
  });
});
