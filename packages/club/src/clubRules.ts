/**
 * The club rules (RULES.md §9, R-CLUB; first set by seed 003) as numbers: lateness, leaving,
 * late declines and unanswered invitations. Rating points are negative when taken away.
 */
export const CLUB_RULES = {
  /** «за опоздание более чем на 5 минут снимается 5 рейтинговых очков» */
  lateAfterMinutes: 5,
  latePoints: -5,
  /** «Если Вы покидаете игру без замены … вычитается 3 рейтинговых очка за каждую несыгранную игру» */
  leavePointsPerGame: -3,
  /** «отказались от участия позже чем за 1 день до её начала — лишаетесь 10 рейтинговых очков» */
  lateDeclineWindowMs: 24 * 60 * 60_000,
  lateDeclinePoints: -10,
  /** «если в течение 3 раз Вы не ответили на приглашение — Вы исключаетесь из списка приглашаемых» */
  unansweredLimit: 3,
} as const;

/** A ledger entry's rule: which club rule took the points. */
export type PenaltyRule = 'late' | 'left-early' | 'late-decline';

export type Answer = 'yes' | 'no';

/**
 * Points taken by a rule. `reason` is an English sentence for logs and the API's `reason`
 * field; `params` carries the numbers a translated text needs (minutes late, games unplayed).
 */
export interface Penalty {
  readonly rule: PenaltyRule;
  readonly points: number;
  readonly reason: string;
  readonly params: Readonly<Record<string, number | string>>;
}
