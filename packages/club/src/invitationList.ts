import { CLUB_RULES } from './clubRules.js';

/** An invitation as the invitation list counts it: answered (YES or NO), closed unanswered, or still open. */
export type InvitationOutcome = 'answered' | 'unanswered' | 'open';

/**
 * A member's run of unanswered invitations: from his latest invitation back, how many closed
 * unanswered before the last one he answered. `history` is in the order of the answer deadlines
 * (oldest first); invitations still open do not count either way. Counting from the history, not
 * step by step, keeps "in a row" true to the calendar: a member who already answered the evening
 * of the 20th is not in a silent run when the invitation of the 10th closes unanswered.
 */
export function unansweredRun(history: readonly InvitationOutcome[]): number {
  let run = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h === 'answered') break;
    if (h === 'unanswered') run++;
  }
  return run;
}

/** The third unanswered invitation in a row takes the member off the invitation list (seed 003). */
export const offTheList = (run: number): boolean => run >= CLUB_RULES.unansweredLimit;
