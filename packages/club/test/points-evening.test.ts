import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayPoints, eveningPoints, EVENING_POINT } from '../src/points/index.js';

describe('seed-004 evening points (R-CLUB, seed 004)', () => {
  it('an_alive_mafioso_of_a_winning_mafia_at_a_10_player_table_with_weight_1_5_scores_75', () => {
    // Alive mafia, mafia won: 4 game points; + 1 evening point = 5 баллов × 10 players × 1.5 = 75.
    const b = eveningPoints({ weight: 1.5, games: [{ gameId: 'g1', points: 4, players: 10 }] });
    expect(b.points).toBe(5);
    expect(b.players).toBe(10);
    expect(b.total).toBe(75);
    expect(b.eveningPoint).toEqual({ points: 1, players: 10, score: 15 }); // 1 × 10 × 1.5
    expect(b.games).toEqual([{ gameId: 'g1', points: 4, players: 10, score: 60 }]); // 4 × 10 × 1.5
    expect(displayPoints(b.total)).toBe('75.00');
  });
  it('a_dead_doctor_of_a_winning_town_who_saved_once_scores_his_useful_action', () => {
    // Dead town, town won: 2; one save: +1 → 3 game points; (1 + 3) × 10 × 1.5 = 60.
    expect(eveningPoints({ weight: 1.5, games: [{ points: 3, players: 10 }] }).total).toBe(60);
  });
  it('a_dead_mafioso_of_a_winning_mafia_at_a_9_player_table_scores_36', () => {
    // Dead mafia, mafia won: 3; (1 + 3) × 9 players × weight 1 = 36.
    expect(eveningPoints({ weight: 1, games: [{ points: 3, players: 9 }] }).total).toBe(36);
  });
  it('a_losing_player_at_a_9_player_table_keeps_the_evening_point', () => {
    // Town lost, no useful action: 0; (1 + 0) × 9 × 1.2 = 10.8.
    const b = eveningPoints({ weight: 1.2, games: [{ points: 0, players: 9 }] });
    expect(b.points).toBe(1);
    expect(displayPoints(b.total)).toBe('10.80');
  });
  it('two_games_at_one_table_add_their_points_to_one_evening_point', () => {
    // Game 1: alive town, town won: 3. Game 2: dead mafia, mafia won: 3.
    // (1 + 3 + 3) = 7 баллов × 10 × 1.5 = 105 (the evening point is counted once, not per game).
    const b = eveningPoints({ weight: 1.5, games: [{ gameId: 'g1', points: 3, players: 10 }, { gameId: 'g2', points: 3, players: 10 }] });
    expect(b.points).toBe(7);
    expect(b.total).toBe(105);
    expect(b.games.map((g) => g.score)).toEqual([45, 45]);
    expect(b.eveningPoint?.score).toBe(15);
  });
  it('games_at_tables_of_different_sizes_multiply_each_by_its_own_table_and_the_evening_point_by_the_first', () => {
    // Game 1 at 10 players: alive mafia won, 4. Game 2 at 9 players: dead town won, 2. Weight 1.
    // Evening point 1 × 10 (his first table) = 10; 4 × 10 = 40; 2 × 9 = 18; total 68.
    const b = eveningPoints({ weight: 1, games: [{ points: 4, players: 10 }, { points: 2, players: 9 }] });
    expect(b.eveningPoint).toEqual({ points: 1, players: 10, score: 10 });
    expect(b.games.map((g) => g.score)).toEqual([40, 18]);
    expect(b.points).toBe(7);
    expect(b.total).toBe(68);
  });
  it('a_removal_costs_two_points_and_can_make_the_evening_negative', () => {
    // Removed (−2) from a losing town: 0 − 2 = −2; (1 − 2) × 10 × 1 = −10.
    expect(eveningPoints({ weight: 1, games: [{ points: -2, players: 10 }] }).total).toBe(-10);
    // Removed from a winning town (dead town 2 − 2 = 0): (1 + 0) × 10 × 1 = 10.
    expect(eveningPoints({ weight: 1, games: [{ points: 0, players: 10 }] }).total).toBe(10);
  });
  it('a_member_who_played_no_game_scores_nothing_not_even_the_evening_point', () => {
    expect(eveningPoints({ weight: 1.5, games: [] })).toEqual({ weight: 1.5, eveningPoint: null, games: [], points: 0, players: null, total: 0 });
  });
  it('a_weight_of_zero_scores_zero', () => {
    expect(eveningPoints({ weight: 0, games: [{ points: 4, players: 10 }] }).total).toBe(0);
  });
  it('a_negative_weight_or_an_empty_table_is_refused', () => {
    expect(() => eveningPoints({ weight: -1, games: [] })).toThrow(RangeError);
    expect(() => eveningPoints({ weight: Number.NaN, games: [] })).toThrow(RangeError);
    expect(() => eveningPoints({ weight: 1, games: [{ points: 1, players: 0 }] })).toThrow(RangeError);
    expect(() => eveningPoints({ weight: 1, games: [{ points: 1, players: 9.5 }] })).toThrow(RangeError);
    expect(() => eveningPoints({ weight: 1, games: [{ points: Number.POSITIVE_INFINITY, players: 10 }] })).toThrow(RangeError);
  });
  it('with_one_table_size_the_total_is_the_seeds_plain_product_exactly', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: -6, max: 10 }), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 50 }).map((x) => x / 10),
      (n, pts, weight) => {
        const b = eveningPoints({ weight, games: pts.map((points) => ({ points, players: n })) });
        const balls = EVENING_POINT + pts.reduce((s, p) => s + p, 0);
        expect(b.points).toBe(balls);
        expect(b.total).toBe(balls * n * weight + 0);
      },
    ));
  });
  it('the_total_is_the_sum_of_the_lines_shown', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ points: fc.integer({ min: -6, max: 10 }), players: fc.integer({ min: 4, max: 20 }) }), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 50 }).map((x) => x / 10),
      (games, weight) => {
        const b = eveningPoints({ weight, games });
        const lines = [b.eveningPoint!, ...b.games].reduce((s, l) => s + l.score, 0);
        expect(displayPoints(b.total)).toBe(displayPoints(lines));
        expect(b.total).toBeCloseTo(lines, 9);
      },
    ));
  });
});

describe('display rounding (R-CLUB, seed 004)', () => {
  it('float_dust_around_zero_shows_as_zero_not_nan', () => {
    // fast-check found it: -3·0.1·8 + 1·0.1·16 + the evening point's line summed to 5.55e-17.
    expect(displayPoints(5.551115123125783e-17)).toBe('0.00');
    expect(displayPoints(-5.551115123125783e-17)).toBe('0.00');
    expect(displayPoints(1e-7)).toBe('0.00');
  });

  it('points_are_shown_with_two_decimals_rounded_half_away_from_zero', () => {
    expect(displayPoints(75)).toBe('75.00');
    expect(displayPoints(1.005)).toBe('1.01');
    expect(displayPoints(-2.345)).toBe('-2.35');
    expect(displayPoints(0.1 + 0.2)).toBe('0.30');
    expect(displayPoints(-0.001)).toBe('0.00');
    expect(displayPoints(1.1 * 3)).toBe('3.30');
  });
  it('infinite_points_are_refused', () => {
    expect(() => displayPoints(Number.NaN)).toThrow(RangeError);
  });
});
