import { describe, expect, it } from 'vitest';
import { kFactors, overall, rateGame, rateGames, redChance, sideOfTeam, type MemberRating, type RatedGame, type RatedSeat, type Side } from '../src/rating/index.js';

/** Seats named r1…, b1…, s1… by side. */
function seats(red: number, black: number, solo = 0): RatedSeat[] {
  const mk = (n: number, side: Side, p: string) => Array.from({ length: n }, (_, i) => ({ member: `${p}${i + 1}`, side }));
  return [...mk(red, 'red', 'r'), ...mk(black, 'black', 'b'), ...mk(solo, 'solo', 's')];
}
const at = (red: number, black: number): MemberRating => ({ red, black, gamesRed: 0, gamesBlack: 0 });
const deltas = (r: ReturnType<typeof rateGame>) => Object.fromEntries(r.changes.map((c) => [c.member, c.delta]));

describe('Elo K factors and chance (R-CLUB, issue 15)', () => {
  it('club_games_use_4_and_3_and_tournament_games_16_and_12', () => {
    expect(kFactors('club', 10)).toEqual({ win: 4, loss: 3 });
    expect(kFactors('tournament', 12)).toEqual({ win: 16, loss: 12 });
  });
  it('fewer_than_ten_players_halve_k', () => {
    expect(kFactors('club', 9)).toEqual({ win: 2, loss: 1.5 });
    expect(kFactors('tournament', 7)).toEqual({ win: 8, loss: 6 });
  });
  it('equal_means_give_red_an_even_chance_and_400_points_ahead_give_ten_to_one', () => {
    expect(redChance(1000, 1000)).toBe(0.5);
    expect(redChance(1400, 1000)).toBeCloseTo(10 / 11, 15);
    expect(redChance(1000, 1400)).toBeCloseTo(1 / 11, 15);
  });
  it('town_plays_red_mafia_black_and_solo_roles_are_left_out', () => {
    expect(sideOfTeam('town')).toBe('red');
    expect(sideOfTeam('mafia')).toBe('black');
    expect(sideOfTeam('solo')).toBe('solo');
  });
});

describe('Elo hand-worked examples (R-CLUB, issue 15)', () => {
  it('a_winner_gains_k_win_times_his_sides_chance_of_losing_in_a_10_player_club_game', () => {
    // 7 red at red 1000; black b1 at black 1300, b2 and b3 at 1000.
    // mean red = 1000, mean black = (1300 + 1000 + 1000) / 3 = 1100.
    // p(red) = 1 / (1 + 10^(100/400)) = 1 / (1 + 1.77827941) = 0.35993500
    // Red wins, K = 4/3: each red + 4·(1 − 0.359935) = +2.5602600;
    //                    each black − 3·(1 − 0.359935) = −1.9201950 (black's chance was 0.640065).
    const ratings = new Map([['b1', at(1000, 1300)]]);
    const r = rateGame(ratings, { id: 'g1', kind: 'club', seats: seats(7, 3), winner: 'red' });
    expect(r.rated).toBe(true);
    expect(r.chance).toBeCloseTo(0.359935, 6);
    expect(r.k).toEqual({ win: 4, loss: 3 });
    const d = deltas(r);
    for (let i = 1; i <= 7; i++) expect(d[`r${i}`]).toBeCloseTo(2.560260, 6);
    for (let i = 1; i <= 3; i++) expect(d[`b${i}`]).toBeCloseTo(-1.920195, 6);
    const b1 = r.changes.find((c) => c.member === 'b1')!;
    expect(b1).toMatchObject({ track: 'black', before: 1300 });
    expect(b1.after).toBeCloseTo(1298.079805, 6);
  });

  it('a_9_player_club_game_halves_k_and_the_underdog_black_gains_more', () => {
    // 6 red, r1 at red 1200, the rest 1000; 3 black at 1000. 9 players: K = 2/1.5.
    // mean red = (1200 + 5·1000) / 6 = 1033.33, mean black = 1000.
    // p(red) = 1 / (1 + 10^(−33.33/400)) = 1 / (1 + 10^(−1/12)) = 1 / (1 + 0.82540419) = 0.54782388
    // Black wins: black's chance = 0.45217612; each black + 2·(1 − 0.452176) = +1.0956478;
    //             each red − 1.5·0.547824 = −0.8217358.
    const ratings = new Map([['r1', at(1200, 1000)]]);
    const r = rateGame(ratings, { id: 'g2', kind: 'club', seats: seats(6, 3), winner: 'black' });
    expect(r.chance).toBeCloseTo(0.547824, 6);
    expect(r.k).toEqual({ win: 2, loss: 1.5 });
    const d = deltas(r);
    for (let i = 1; i <= 6; i++) expect(d[`r${i}`]).toBeCloseTo(-0.821736, 6);
    for (let i = 1; i <= 3; i++) expect(d[`b${i}`]).toBeCloseTo(1.095648, 6);
    expect(r.changes.find((c) => c.member === 'r1')!.after).toBeCloseTo(1199.178264, 6);
  });

  it('a_10_player_tournament_game_uses_16_and_12', () => {
    // 7 red, 3 black, everybody at 1000: p = 0.5.
    // Red wins, K = 16/12: each red + 16·0.5 = +8, each black − 12·0.5 = −6 (exact in binary).
    const r = rateGame(new Map(), { id: 'g3', kind: 'tournament', seats: seats(7, 3), winner: 'red' });
    expect(r.chance).toBe(0.5);
    const d = deltas(r);
    for (let i = 1; i <= 7; i++) expect(d[`r${i}`]).toBe(8);
    for (let i = 1; i <= 3; i++) expect(d[`b${i}`]).toBe(-6);
  });

  it('a_draw_is_half_a_win_the_underdog_gains_at_k_win_and_the_favourite_loses_at_k_loss', () => {
    // The example-1 table (mean red 1000, mean black 1100, p = 0.359935), a draw, K = 4/3.
    // Red:   0.5 − 0.359935 = +0.140065 > 0 → 4·0.140065 = +0.5602600
    // Black: 0.5 − 0.640065 = −0.140065 < 0 → 3·(−0.140065) = −0.4201950
    const ratings = new Map([['b1', at(1000, 1300)]]);
    const r = rateGame(ratings, { id: 'g4', kind: 'club', seats: seats(7, 3), winner: 'draw' });
    const d = deltas(r);
    expect(d.r1).toBeCloseTo(0.560260, 6);
    expect(d.b1).toBeCloseTo(-0.420195, 6);
  });

  it('a_draw_between_equal_sides_changes_nothing', () => {
    const r = rateGame(new Map(), { id: 'g4b', kind: 'club', seats: seats(7, 3), winner: 'draw' });
    expect(r.changes.every((c) => c.delta === 0)).toBe(true);
  });

  it('a_maniac_win_makes_red_and_black_both_lose_and_leaves_the_maniac_out', () => {
    // 6 red (r1 at red 1400, the rest 1000), 3 black at 1000, 1 maniac s1 at red 500, black 2000
    // (his ratings must not count). 10 seats → full K = 4/3.
    // mean red = (1400 + 5·1000) / 6 = 1066.67, mean black = 1000.
    // p(red) = 1 / (1 + 10^(−1/6)) = 1 / (1 + 0.68129207) = 0.59478066; black's = 0.40521934.
    // Both lose: each red − 3·0.594781 = −1.7843420; each black − 3·0.405219 = −1.2156580.
    const ratings = new Map([['r1', at(1400, 1000)], ['s1', at(500, 2000)]]);
    const r = rateGame(ratings, { id: 'g5', kind: 'club', seats: seats(6, 3, 1), winner: 'solo' });
    expect(r.k).toEqual({ win: 4, loss: 3 });
    expect(r.chance).toBeCloseTo(0.594781, 6);
    const d = deltas(r);
    for (let i = 1; i <= 6; i++) expect(d[`r${i}`]).toBeCloseTo(-1.784342, 6);
    for (let i = 1; i <= 3; i++) expect(d[`b${i}`]).toBeCloseTo(-1.215658, 6);
    expect(d.s1).toBeUndefined();
    const after = rateGames([{ id: 'g5', kind: 'club', seats: seats(6, 3, 1), winner: 'solo' }], 1000, ratings).ratings;
    expect(after.get('s1')).toEqual(at(500, 2000));
  });

  it('a_solo_seat_counts_as_a_player_for_the_k_halving', () => {
    // 6 red + 3 black + a maniac = 10 seats: not halved; without him 9 seats: halved.
    expect(rateGame(new Map(), { id: 'a', kind: 'club', seats: seats(6, 3, 1), winner: 'red' }).k).toEqual({ win: 4, loss: 3 });
    expect(rateGame(new Map(), { id: 'b', kind: 'club', seats: seats(6, 3), winner: 'red' }).k).toEqual({ win: 2, loss: 1.5 });
  });
});

describe('games that are not rated (R-CLUB, issue 15)', () => {
  const unrated = (g: Omit<RatedGame, 'id' | 'kind'>) => rateGame(new Map(), { id: 'x', kind: 'club', ...g });
  it('a_game_with_an_empty_side_is_not_rated', () => {
    expect(unrated({ seats: seats(9, 0, 1), winner: 'red' })).toMatchObject({ rated: false, reason: 'no black players', chance: null, changes: [] });
    expect(unrated({ seats: seats(0, 3, 7), winner: 'solo' })).toMatchObject({ rated: false, reason: 'no red players', changes: [] });
  });
  it('a_member_in_two_seats_is_not_rated', () => {
    const s = seats(7, 3);
    s[9] = { member: 'r1', side: 'black' };
    expect(unrated({ seats: s, winner: 'red' })).toMatchObject({ rated: false, reason: 'member r1 holds two seats' });
  });
  it('a_solo_win_without_a_solo_player_is_not_rated', () => {
    expect(unrated({ seats: seats(7, 3), winner: 'solo' })).toMatchObject({ rated: false, reason: 'a solo win without a solo player' });
  });
  it('an_unrated_game_stays_in_the_history_and_counts_no_games', () => {
    const { ratings, history } = rateGames([{ id: 'x', kind: 'club', seats: seats(10, 0), winner: 'red' }]);
    expect(history.map((h) => [h.gameId, h.rated])).toEqual([['x', false]]);
    expect(ratings.size).toBe(0);
  });
});

describe('the fold and the overall rating (R-CLUB, issue 15)', () => {
  it('everybody_starts_at_1000_and_games_are_counted_per_track', () => {
    const g = (id: string, winner: 'red' | 'black'): RatedGame => ({ id, kind: 'tournament', seats: seats(7, 3), winner });
    const { ratings, history } = rateGames([g('1', 'red'), g('2', 'black')]);
    expect(history[0]!.changes[0]).toEqual({ member: 'r1', track: 'red', before: 1000, delta: 8, after: 1008 });
    expect(history[1]!.changes[0]!.before).toBe(1008);
    expect(ratings.get('r1')).toMatchObject({ black: 1000, gamesRed: 2, gamesBlack: 0 });
  });
  it('the_overall_rating_is_the_games_weighted_mean_of_the_two_tracks', () => {
    expect(overall(1100, 900, 3, 1)).toBe(1050);
    expect(overall(1100, 900, 0, 2)).toBe(900);
    expect(overall(1000, 1000, 0, 0)).toBe(1000);
  });
});
