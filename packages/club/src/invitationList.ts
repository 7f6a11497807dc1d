import { SEED_003 } from './seed003.js';

/**
 * A member's run of unanswered invitations after one more invitation closed: an answer (YES or
 * NO) ends the run; the third unanswered in a row takes him off the invitation list.
 */
export function afterDeadline(streak: number, answered: boolean): { streak: number; offList: boolean } {
  if (answered) return { streak: 0, offList: false };
  const next = streak + 1;
  return { streak: next, offList: next >= SEED_003.unansweredLimit };
}
