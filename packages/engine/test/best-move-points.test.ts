import { describe, expect, it } from 'vitest';
import { bestMovePoints, presetOf } from '@mafia/engine';

describe('best move points (R-SPORT-3)', () => {
  const sport = presetOf('sport')!.defaults;

  it('two_mafia_named_score_a_quarter_point (R-SPORT-3)', () => {
    expect(bestMovePoints(sport, 2)).toBe(0.25);
  });

  it('three_mafia_named_score_point_four (R-SPORT-3)', () => {
    expect(bestMovePoints(sport, 3)).toBe(0.4);
  });

  it('fewer_than_two_mafia_named_score_nothing (R-SPORT-3)', () => {
    expect(bestMovePoints(sport, 1)).toBe(0);
    expect(bestMovePoints(sport, 0)).toBe(0);
  });

  it('a_club_may_set_its_own_points (R-SPORT-3)', () => {
    expect(bestMovePoints({ ...sport, bestMoveTwoPoints: 0.3, bestMoveThreePoints: 0.5 }, 3)).toBe(0.5);
  });
});
