/** The club API's evenings and invitations (docs/club-api.md "Evenings", "Invitations"). */
import { z } from 'zod';
import type { Answer, ClubRole } from './account.js';
import type { Attendance, EveningGame, EveningTable, HostLogEntry } from './door.js';
import type { LedgerEntry, Named } from './ledger.js';

export interface Counts {
  readonly invited: number;
  readonly yes: number;
  readonly no: number;
  readonly none: number;
}

export interface Evening {
  readonly id: string;
  readonly clubId: string;
  readonly startsAt: number;
  readonly answerBy: number;
  readonly place: string;
  readonly capacity: number;
  readonly weight: number;
  readonly preset: string;
  readonly gamesPlanned: number;
  readonly counts: Counts;
  readonly cancelledAt?: number | null;
}

/** GET /api/clubs/:clubId: the club, the reader's role and nickname, its evenings to come. */
export interface ClubPage {
  readonly club: { readonly id: string; readonly name: string };
  readonly me: { readonly role: ClubRole; readonly nickname: string };
  readonly upcoming: readonly Evening[];
}

/** A delivery that failed for good (a bounce): the channel, the address, the far end's words. */
export interface DeliveryFailure { readonly channel: 'email' | 'sms'; readonly to: string; readonly detail: string }

export interface Invitation {
  readonly userId: string;
  readonly nickname: string;
  readonly answer: Answer | null;
  readonly answeredAt: number | null;
  readonly unanswered: boolean;
  /** Admins only. */
  readonly deliveryError?: DeliveryFailure | null;
}

/** GET /api/evenings/:eveningId. */
export interface EveningPage {
  readonly evening: Evening;
  readonly me: { readonly role: ClubRole; readonly answer: Answer | null };
  readonly invitations: readonly Invitation[];
  /** Members who have not accepted the club's invitation to join: not invited, still let in at the door. */
  readonly nicknameOnly?: readonly Named[];
  readonly attendance: readonly Attendance[];
  readonly tables: readonly EveningTable[];
  readonly games: readonly EveningGame[];
  readonly ledger: readonly LedgerEntry[];
  /** Every assignment and handover of a table's host, oldest first. */
  readonly hostLog?: readonly HostLogEntry[];
}

/** GET /api/invitations/:token: what the invitation's link shows (no sign-in). */
export interface InvitationPage {
  readonly club: { readonly name: string };
  readonly evening: { readonly startsAt: number; readonly answerBy: number; readonly place: string };
  readonly nickname: string;
  readonly answer: Answer | null;
  readonly open: boolean;
  /** The evening was cancelled: no answers are taken. */
  readonly cancelled: boolean;
  readonly lateDeclineFrom: number;
  /** The invitation reached him less than a day before the evening: a first NO costs nothing (issue 24 point 5). */
  readonly invitedLate: boolean;
}

/** POST /api/clubs/:clubId/evenings; the preset is checked by the server against its built presets. */
export const NewEveningSchema = z.object({
  startsAt: z.number().int('startsAt must be a time in epoch milliseconds'),
  answerBy: z.number().int('answerBy must be a time in epoch milliseconds').optional(),
  place: z.string().trim().min(1, 'the place is empty').max(200, 'the place is longer than 200 characters'),
  capacity: z.number().int('capacity must be a whole number').min(1, 'capacity must be at least 1').max(500, 'capacity must be at most 500'),
  weight: z.number().finite('weight must be a finite number'),
  preset: z.string(),
  gamesPlanned: z.number().int('gamesPlanned must be a whole number').min(1, 'gamesPlanned must be at least 1').max(50, 'gamesPlanned must be at most 50'),
});
export type NewEvening = z.input<typeof NewEveningSchema>;

/** POST /api/evenings/:eveningId/invitations: the members named, or everyone on the list not invited yet. */
export const InviteSchema = z.object({ userIds: z.array(z.string().min(1)).max(1000).optional() });

/** POST /api/invitations/:token. */
export const AnswerSchema = z.object({ answer: z.enum(['yes', 'no']) });
