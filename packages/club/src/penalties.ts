import { CLUB_RULES, type Answer, type Penalty } from './clubRules.js';

const MINUTE = 60_000;

/**
 * Late arrival: more than 5 minutes after the start costs −5. Minutes are whole minutes
 * started after the start («более чем на 5 минут»): 5:00 late is on time, 5:01 is late.
 */
export function latePenalty(startsAt: number, arrivedAt: number): Penalty | null {
  const lateMs = arrivedAt - startsAt;
  if (lateMs <= CLUB_RULES.lateAfterMinutes * MINUTE) return null;
  const minutes = Math.ceil(lateMs / MINUTE);
  return { rule: 'late', points: CLUB_RULES.latePoints, reason: `arrived ${minutes} minutes after the start (more than ${CLUB_RULES.lateAfterMinutes})`, params: { minutes } };
}

/**
 * A NO given later than one day before the evening costs −10: a YES withdrawn, or a first answer
 * NO from a member who had the invitation (`invitedAt`: when it was sent to him) at least a day
 * before the evening. A member invited later than that could not have refused in time, so his
 * first NO costs nothing (issue 24 point 5; docs/club.md); a YES he withdraws late still costs −10.
 * A NO repeated over a NO changes nothing and costs nothing; a YES costs nothing. `params` give the
 * time before the evening in whole hours and minutes (1 h 59 min is not «1 hour»).
 */
export function lateDeclinePenalty(startsAt: number, answeredAt: number, answer: Answer, previous: Answer | null, invitedAt: number): Penalty | null {
  if (answer !== 'no' || previous === 'no') return null;
  const window = CLUB_RULES.lateDeclineWindowMs;
  if (startsAt - answeredAt >= window) return null;
  const withdrawn = previous === 'yes';
  if (!withdrawn && startsAt - invitedAt < window) return null;
  const before = Math.max(0, Math.floor((startsAt - answeredAt) / MINUTE));
  const hours = Math.floor(before / 60);
  const minutes = before % 60;
  return {
    rule: 'late-decline', points: CLUB_RULES.lateDeclinePoints,
    reason: `${withdrawn ? 'withdrew a YES' : 'answered NO'} ${hours} h ${minutes} min before the evening (later than one day before)`,
    params: { hours, minutes, withdrawn: withdrawn ? 1 : 0 },
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
    rule: 'left-early', points: CLUB_RULES.leavePointsPerGame * unplayed,
    reason: `left after ${gamesPlayed} of ${gamesPlanned} planned games without a replacement: ${unplayed} unplayed`,
    params: { played: gamesPlayed, planned: gamesPlanned, unplayed },
  };
}
