/**
 * Issue 27, the bots' win rates (docs/bots.md "Both sides stronger"): what the town reads and how it
 * nominates and votes, and the mafia's silence, hunt and threat. One scenario per behaviour; on a
 * table where the mafia are seats 2, 5 (Don) and 8 and seat 3 claims the checker's role.
 */
import { type GameView, type Pending, type Said, type SeatNo } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createBot, playGame, viewOf } from '../src/index.js';
import { onlyMafiaShoot } from '../src/deaths.js';
import { TableRecord, type Side } from '../src/record.js';
import { MAFIA, S, view } from './tableView.js';

const claim = (by: number, day = 2): Said => ({ day, by: S(by), statement: { kind: 'claim', role: 'commissar' } });
const checked = (by: number, target: number, color: 'red' | 'black', day = 2): Said => ({ day, by: S(by), statement: { kind: 'checked', target: S(target), night: 1, color } });

/** The town player `me`'s suspicion after looking at `views` in order; sides: his own and the shown cards. */
function suspicionAfter(me: number, views: GameView[]): Float64Array {
  const record = new TableRecord();
  for (const v of views) record.observe(v);
  const last = views[views.length - 1];
  const sideOf = (s: SeatNo): Side | null => {
    if (s === me) return 'town';
    const t = last.seats[s - 1].team;
    return t === 'mafia' ? 'mafia' : t === 'town' ? 'town' : null;
  };
  return record.suspicion(last, S(me), sideOf);
}

const nominate = (seat: number): Pending => ({ kind: 'nominate', seat: S(seat) });

describe('the town reads the table', () => {
  it('only_where_the_mafia_alone_shoot_is_every_night_victim_red', () => {
    const expected: Record<string, boolean> = { sport: true, fiim: true, classic: true, club: false, party: false, piter: false, extended: false };
    for (const [preset, only] of Object.entries(expected)) expect(onlyMafiaShoot(view({ preset, me: 7 })), preset).toBe(only);
  });

  it('the_player_who_pushed_a_night_victim_is_suspected_where_the_mafia_alone_shoot', () => {
    // Day 2: 4 nominates 6 after 1 nominated 9 (so 4's is no routine nomination); night 3 takes 6.
    const day2 = view({ me: 7, nominations: [[1, 9], [4, 6]], stage: 'vote', candidates: [9, 6] });
    const night3 = view({ me: 7, phase: { kind: 'night', n: 3 }, dead: [9] });
    const day3 = view({ me: 7, phase: { kind: 'day', n: 3 }, dead: [9, 6] });
    expect(suspicionAfter(7, [day2, night3, day3])[4]).toBeGreaterThanOrEqual(1);
  });

  it('the_town_suspects_whom_a_night_victim_had_pushed', () => {
    // 6 nominated 9, then the night took 6: the mafia shoot whoever reads them.
    const day2 = view({ me: 7, nominations: [[1, 4], [6, 9]], stage: 'vote', candidates: [4, 9] });
    const night3 = view({ me: 7, phase: { kind: 'night', n: 3 }, dead: [4] });
    const day3 = view({ me: 7, phase: { kind: 'day', n: 3 }, dead: [4, 6] });
    expect(suspicionAfter(7, [day2, night3, day3])[9]).toBeGreaterThanOrEqual(0.5);
  });

  it('a_quiet_days_first_nomination_without_a_reason_is_not_read', () => {
    // 3 claimed and called 6 and 7 red; 1 had nominated 6 first (the day's routine nomination), 4 nominated 7 after him.
    const said = [claim(3), checked(3, 6, 'red'), checked(3, 7, 'red')];
    const score = suspicionAfter(9, [view({ me: 9, nominations: [[1, 6], [4, 7]], said })]);
    expect(score[1]).toBe(0);
    expect(score[4]).toBeGreaterThanOrEqual(1);
  });

  it('a_nomination_on_day_1_without_a_reason_is_held_against_the_nominator', () => {
    // Day 1: 2 nominated 6 with no reason; 4 then added 9 (the routine second candidate); 6 answered by nominating 2.
    const score = suspicionAfter(7, [view({ me: 7, phase: { kind: 'day', n: 1 }, nominations: [[2, 6], [4, 9], [6, 2]] })]);
    expect(score[2]).toBeCloseTo(0.3);
    expect(score[4]).toBe(0);
    expect(score[6]).toBe(0);
  });

  it('a_lone_claimant_is_trusted_as_a_known_red_and_whoever_pushed_him_is_suspected', () => {
    const score = suspicionAfter(9, [view({ me: 9, nominations: [[1, 6], [4, 3]], said: [claim(3)] })]);
    expect(score[3]).toBeLessThanOrEqual(-4);
    expect(score[4]).toBeGreaterThanOrEqual(1);
  });

  it('a_claimant_whose_black_was_shown_red_lies_and_the_other_is_the_checker', () => {
    // classic: 3 claimed first and called 6 black; 8 claimed after and called 3 black; 6's card was shown red.
    const said = [claim(3), checked(3, 6, 'black'), claim(8), checked(8, 3, 'black')];
    const score = suspicionAfter(9, [view({ preset: 'classic', me: 9, said, dead: [6], shown: { 6: ['civilian', 'town'] } })]);
    expect(score[3]).toBeGreaterThanOrEqual(8);
    expect(score[8]).toBeLessThanOrEqual(-4);
  });

  it('a_shown_maniac_is_no_red_whoever_pushed_him', () => {
    // club: 4 nominated 6 (after 1's nomination of 9), and 6's card was shown: the Maniac.
    const v = view({ preset: 'club', me: 7, nominations: [[1, 9], [4, 6]], stage: 'vote', candidates: [9, 4], dead: [6], shown: { 6: ['maniac', 'solo'] } });
    const bot = createBot('heuristic', S(7), 1);
    // The bot's own reading: nothing against 4, so it keeps to the first nominee, 9 (a shown red
    // would have made 4 the prime suspect).
    const cmd = bot.decide(viewOf(v), { kind: 'vote', seat: S(7), candidates: [S(9), S(4)] });
    expect(cmd).toEqual({ type: 'vote', by: 7, target: 9 });
  });
});

describe('the town nominates and votes', () => {
  it('the_town_nominates_on_a_quiet_day_from_day_2_only_and_never_a_player_it_trusts', () => {
    const said = [claim(3), checked(3, 6, 'red')];
    let day2 = 0;
    for (let seed = 0; seed < 40; seed++) {
      const day1 = createBot('heuristic', S(7), seed).decide(viewOf(view({ me: 7, phase: { kind: 'day', n: 1 }, said })), nominate(7));
      expect(day1).toBeNull();
      const cmd = createBot('heuristic', S(7), seed).decide(viewOf(view({ me: 7, said })), nominate(7));
      if (cmd === null) continue;
      day2++;
      expect(cmd.type === 'nominate' && [3, 6, 7].includes(cmd.target)).toBe(false);
    }
    expect(day2).toBeGreaterThan(10);
    expect(day2).toBeLessThan(40);
  });

  it('on_day_1_the_town_adds_a_second_candidate_when_its_suspect_stands_alone', () => {
    // sport day 1: 3 claimed and nominated 8, whom he checked black; alone, 8 would not be voted on.
    const v = view({ me: 7, phase: { kind: 'day', n: 1 }, said: [claim(3, 1), checked(3, 8, 'black', 1)], nominations: [[3, 8]] });
    expect(createBot('heuristic', S(7), 1).decide(viewOf(v), nominate(7))).toEqual({ type: 'nominate', by: 7, target: 3 });
  });

  it('the_town_adds_a_candidate_when_only_players_it_trusts_stand', () => {
    // Day 2: the only nominee is the claimed checker (the Don's hunt): he would leave without a vote.
    for (let seed = 0; seed < 10; seed++) {
      const v = view({ me: 7, said: [claim(3)], nominations: [[5, 3]] });
      const cmd = createBot('heuristic', S(7), seed).decide(viewOf(v), nominate(7));
      expect(cmd?.type).toBe('nominate');
      expect(cmd?.type === 'nominate' && [3, 7].includes(cmd.target)).toBe(false);
    }
  });

  it('among_candidates_it_knows_nothing_of_the_town_votes_for_the_first_nominee', () => {
    // Three ballots for 6 are cast already (the mafia's bloc votes first): the town keeps to 4.
    const v = view({ me: 7, nominations: [[1, 4], [2, 6]], stage: 'vote', candidates: [4, 6], ballots: { 2: 6, 5: 6, 8: 6 } });
    expect(createBot('heuristic', S(7), 1).decide(viewOf(v), { kind: 'vote', seat: S(7), candidates: [S(4), S(6)] })).toEqual({ type: 'vote', by: 7, target: 4 });
  });

  it('the_town_lifts_when_every_tied_player_is_a_suspect_and_keeps_them_when_it_trusts_one', () => {
    const said = [claim(3), checked(3, 4, 'black'), checked(3, 8, 'black')];
    const lift: Pending = { kind: 'liftVote', seat: S(7) };
    const both = view({ me: 7, said, stage: 'lift', candidates: [4, 8] });
    expect(createBot('heuristic', S(7), 1).decide(viewOf(both), lift)).toEqual({ type: 'liftVote', by: 7, leave: true });
    const trusted = view({ me: 7, said, stage: 'lift', candidates: [3, 8] });
    expect(createBot('heuristic', S(7), 1).decide(viewOf(trusted), lift)).toEqual({ type: 'liftVote', by: 7, leave: false });
  });
});

describe('a deadlock of ties', () => {
  it('a_tied_town_player_stays_on_the_first_lift_vote_and_leaves_with_his_suspect_when_the_next_day_ties_again', () => {
    // Claimed checker 3 showed 8 black; 7 (town) is tied with 8 two days running.
    const said = [claim(3), checked(3, 8, 'black')];
    const bot = createBot('heuristic', S(7), 1);
    const lift: Pending = { kind: 'liftVote', seat: S(7) };
    const day2 = view({ me: 7, said, stage: 'lift', candidates: [7, 8], phase: { kind: 'day', n: 2 } });
    expect(bot.decide(viewOf(day2), lift)).toEqual({ type: 'liftVote', by: 7, leave: false });
    const day3 = view({ me: 7, said, stage: 'lift', candidates: [7, 8], phase: { kind: 'day', n: 3 } });
    expect(bot.decide(viewOf(day3), lift)).toEqual({ type: 'liftVote', by: 7, leave: true });
    // Tied two days running with a player it trusts (the claimant): it stays.
    const other = createBot('heuristic', S(7), 1);
    other.decide(viewOf(view({ me: 7, said, stage: 'lift', candidates: [3, 7], phase: { kind: 'day', n: 2 } })), lift);
    expect(other.decide(viewOf(view({ me: 7, said, stage: 'lift', candidates: [3, 7], phase: { kind: 'day', n: 3 } })), lift)).toEqual({ type: 'liftVote', by: 7, leave: false });
  });

  it('a_short_game_whose_days_tied_without_end_now_ends', () => {
    // Short, 4 players, seed 1/2981 (balance table): every day tied 2–2 and nobody leaves, 200 days.
    const g = playGame({ preset: 'short', players: 4, composition: ['mafia', 'civilian', 'civilian', 'civilian'], seed: '1/2981', bots: 'heuristic' });
    expect(g.winner).not.toBeNull();
    expect(g.phases).toBeLessThan(20);
  });
});

describe('the mafia play', () => {
  it('the_mafia_nominate_nobody_but_the_dons_find', () => {
    for (let seed = 0; seed < 20; seed++) {
      expect(createBot('heuristic', S(2), seed).decide(viewOf(view({ me: 2, role: 'mafia', team: 'mafia' })), nominate(2))).toBeNull();
    }
    const results: GameView['results'] = [{ by: S(5), act: 'check', target: S(7), answer: 'yes', night: 1 }];
    const don = view({ me: 5, role: 'don', team: 'mafia', results });
    expect(createBot('heuristic', S(5), 1).decide(viewOf(don), nominate(5))).toEqual({ type: 'nominate', by: 5, target: 7 });
  });

  it('the_mafia_shoot_the_checker_their_don_nominated', () => {
    const bot = createBot('heuristic', S(2), 1);
    // Day 2 was voted on: every member saw the Don's nomination of 7.
    const day2 = view({ me: 2, role: 'mafia', team: 'mafia', nominations: [[5, 7], [1, 9]], stage: 'vote', candidates: [7, 9] });
    bot.decide(viewOf(day2), { kind: 'vote', seat: S(2), candidates: [S(7), S(9)] });
    const night3 = view({ me: 2, role: 'mafia', team: 'mafia', phase: { kind: 'night', n: 3 }, dead: [9] });
    expect(bot.decide(viewOf(night3), { kind: 'act', seat: S(2), acts: ['kill'] })).toEqual({ type: 'act', by: 2, act: 'kill', target: 7 });
  });

  it('the_don_shoots_his_find_himself_where_his_shot_decides', () => {
    // club (open choice, R-NIGHT-3): the Don needs no signal.
    const results: GameView['results'] = [{ by: S(5), act: 'check', target: S(7), answer: 'yes', night: 2 }];
    const night3 = view({ preset: 'club', me: 5, role: 'don', team: 'mafia', phase: { kind: 'night', n: 3 }, results });
    expect(createBot('heuristic', S(5), 1).decide(viewOf(night3), { kind: 'act', seat: S(5), acts: ['kill'] })).toEqual({ type: 'act', by: 5, act: 'kill', target: 7 });
  });

  it('the_mafia_shoot_the_red_who_nominated_one_of_them', () => {
    const bot = createBot('heuristic', S(2), 1);
    const day2 = view({ me: 2, role: 'mafia', team: 'mafia', nominations: [[1, 9], [4, 8]], stage: 'vote', candidates: [9, 8] });
    bot.decide(viewOf(day2), { kind: 'vote', seat: S(2), candidates: [S(9), S(8)] });
    const night3 = view({ me: 2, role: 'mafia', team: 'mafia', phase: { kind: 'night', n: 3 }, dead: [9] });
    expect(bot.decide(viewOf(night3), { kind: 'act', seat: S(2), acts: ['kill'] })).toEqual({ type: 'act', by: 2, act: 'kill', target: 4 });
  });
});
