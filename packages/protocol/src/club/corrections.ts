/** Corrections on the record (issue 24 point 3, docs/club-api.md "Corrections"): admins only, each with a reason. */
import { z } from 'zod';
import { NicknameSchema } from './account.js';

export type AuditAction =
  | 'evening-edited' | 'evening-cancelled' | 'evening-restored'
  | 'member-archived' | 'member-unarchived' | 'member-merged'
  | 'game-voided' | 'game-unvoided'
  | 'ledger-cancelled';

export type AuditTarget = 'evening' | 'member' | 'game' | 'ledger';

/** A correction's values, for the page: numbers and texts only (what changed, the names involved). */
export type AuditDetails = Readonly<Record<string, string | number | boolean | null>>;

export interface AuditEntry {
  readonly id: string;
  readonly at: number;
  readonly actor: { readonly userId: string; readonly nickname: string | null };
  /** A newer server may log an action this client does not know yet. */
  readonly action: AuditAction | string;
  readonly target: { readonly kind: AuditTarget; readonly id: string };
  readonly reason: string;
  readonly details: AuditDetails;
}

/** Why a correction was made: every correction carries one. */
export const ReasonSchema = z.string().trim().min(1, 'a reason saying why is required').max(500, 'the reason is longer than 500 characters');
/** The body of a correction that needs nothing but its reason (cancel, restore, archive, void…). */
export const ReasonBodySchema = z.object({ reason: ReasonSchema }).strict();

/** PATCH /api/evenings/:eveningId: the fields changed, and why. */
export const EveningEditSchema = z.object({
  startsAt: z.number().int('startsAt must be a time in epoch milliseconds').optional(),
  answerBy: z.number().int('answerBy must be a time in epoch milliseconds').optional(),
  place: z.string().trim().min(1, 'the place is empty').max(200, 'the place is longer than 200 characters').optional(),
  capacity: z.number().int('capacity must be a whole number').min(1, 'capacity must be at least 1').max(500, 'capacity must be at most 500').optional(),
  weight: z.number().finite('weight must be a finite number').optional(),
  gamesPlanned: z.number().int('gamesPlanned must be a whole number').min(1, 'gamesPlanned must be at least 1').max(50, 'gamesPlanned must be at most 50').optional(),
  reason: ReasonSchema,
}).strict();
export type EveningEdit = z.input<typeof EveningEditSchema>;

/** POST /api/clubs/:clubId/members/:userId/merge: his record moves into another member's. */
export const MergeMemberSchema = z.object({ into: z.string().min(1).max(100), nickname: NicknameSchema.optional(), reason: ReasonSchema }).strict();
