import { SEED_003, type Answer, type Penalty } from './seed003.js';

const MINUTE = 60_000;

/**
 * Late arrival: more than 5 minutes after the start costs −5. Minutes are whole minutes
 * started after the start («более чем на 5 минут»): 5:00 late is on time, 5:01 is late.
 */
export function latePenalty(startsAt: number, arrivedAt: number): Penalty | null {
  const lateMs = arrivedAt - startsAt;
  if (lateMs <= SEED_003.lateAfterMinutes * MINUTE) return null;
  const minutes = Math.ceil(lateMs / MINUTE);
  return { rule: 'late', points: SEED_003.latePoints, reason: `arrived ${minutes} minutes after the start (more than ${SEED_003.lateAfterMinutes})`, params: { minutes } };
}

/**
 * A NO given later than one day before the evening costs −10: a first answer NO, or a YES
 * withdrawn. A NO repeated over a NO changes nothing and costs nothing; a YES costs nothing.
 * (The issue reads the seed's «зарегистрировались … и отказались» as any late NO: a member who
 * never answered and declines at the last moment leaves the same empty seat.)
 */
export function lateDeclinePenalty(startsAt: number, answeredAt: number, answer: Answer, previous: Answer | null): Penalty | null {
  if (answer !== 'no' || previous === 'no') return null;
  const beforeMs = startsAt - answeredAt;
  if (beforeMs >= SEED_003.lateDeclineWindowMs) return null;
  const hours = Math.max(0, Math.floor(beforeMs / (60 * MINUTE)));
  const withdrawn = previous === 'yes';
  return {
    rule: 'late-decline', points: SEED_003.lateDeclinePoints,
    reason: `${withdrawn ? 'withdrew a YES' : 'answered NO'} ${hours} hours before the evening (later than one day before)`,
    params: { hours, withdrawn: withdrawn ? 1 : 0 },
  };
}

/**
 * Leaving the evening: −3 for each planned game not played, unless a replacement was named.
 * Games played beyond the plan leave nothing unplayed.
 */
export function leavePenalty(gamesPlanned: number, gamesPlayed: number, replaced: boolean): Penalty | null {
  const unplayed = Math.max(0, gamesPlanned - gamesPlayed);
  if (replaced || unplayed === 0) return null;
  return {
    rule: 'left-early', points: SEED_003.leavePointsPerGame * unplayed,
    reason: `left after ${gamesPlayed} of ${gamesPlanned} planned games without a replacement: ${unplayed} unplayed`,
    params: { played: gamesPlayed, planned: gamesPlanned, unplayed },
  };
}
