/** The club API's members, the ledger and the pairs kept apart (docs/club-api.md "Members", "The ledger"). */
import { z } from 'zod';
import type { Answer, ClubRole } from './account.js';
import { LETTER_LOCALES, NicknameSchema } from './account.js';
import type { Evening } from './evenings.js';
import type { LedgerEntry, Named } from './ledger.js';


export interface Member {
  readonly userId: string;
  readonly nickname: string;
  readonly role: ClubRole;
  readonly name?: string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  /**
   * 'invited': added by e-mail, has not accepted yet (nickname only); 'expired': that invitation
   * expired unanswered (its address erased); 'nickname': invitation withdrawn or declined, kept for his games.
   */
  readonly status?: 'invited' | 'expired' | 'nickname';
  readonly onList: boolean;
  readonly unansweredStreak: number;
  readonly offListAt?: number | null;
  readonly invitations?: { readonly sent: number; readonly yes: number; readonly no: number; readonly unanswered: number };
  readonly points: number;
  /** Issue 24: archived (off the lists, history kept). */
  readonly archivedAt?: number;
}


/** GET /api/clubs/:clubId/members/:userId: his evenings, games, ledger and points. */
export interface MemberPage {
  readonly member: Member;
  readonly evenings: readonly {
    readonly evening: Evening;
    readonly answer: Answer | null;
    readonly arrivedAt: number | null;
    readonly leftAt: number | null;
    readonly late: boolean;
    readonly gamesPlayed: number;
  }[];
  readonly games: readonly {
    readonly gameId: string;
    readonly eveningId: string;
    readonly startsAt: number;
    /** Null for a game entered as a paper protocol. */
    readonly tableNo: number | null;
    readonly gameNo: number | null;
    readonly seat: number;
    readonly winner: string | null;
  }[];
  readonly ledger: readonly LedgerEntry[];
  readonly points: number;
}

/** One line of a bulk list, as the server read it (POST /api/clubs/:clubId/members/bulk). */
export interface BulkRow {
  readonly line: number;
  readonly nickname: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly errors: readonly string[];
  /** The line this one repeats (the same nickname or e-mail). */
  readonly firstLine?: number;
}

export interface BulkResult {
  readonly separator: ',' | ';';
  readonly rows: readonly BulkRow[];
  /** Lines without errors: what a confirmation adds. */
  readonly ready: number;
  /** Members added (0 on a preview). */
  readonly added: number;
}

/** Someone as a table's host, a host log or a pair kept apart names him. */
/** Two members the seating keeps at different tables. */
export interface ApartPair { readonly a: Named; readonly b: Named }

export const ClubRoleSchema = z.enum(['admin', 'host', 'member']);
const Email = z.string().trim().toLowerCase().email('not an e-mail address').max(254);

/** POST /api/clubs/:clubId/members: a nickname-only member invited to join by e-mail. */
export const NewMemberSchema = z.object({
  email: Email,
  nickname: NicknameSchema,
  role: ClubRoleSchema.optional(),
  /** The invitation letter's language. */
  locale: z.enum(LETTER_LOCALES).optional(),
});
export type NewMember = z.input<typeof NewMemberSchema>;

/** PATCH /api/clubs/:clubId/members/:userId. */
export const MemberPatchSchema = z.object({ role: ClubRoleSchema.optional(), nickname: NicknameSchema.optional(), restore: z.literal(true).optional() });
export type MemberPatch = z.input<typeof MemberPatchSchema>;

/** POST /api/clubs/:clubId/members/bulk: a pasted list or CSV, previewed or added. */
export const BulkMembersSchema = z.object({
  text: z.string().min(1, 'the list is empty').max(100_000, 'the list is too long'),
  confirm: z.boolean().default(false),
  locale: z.enum(LETTER_LOCALES).default('ru'),
}).strict();
export type BulkMembersRequest = z.input<typeof BulkMembersSchema>;

/** POST /api/clubs/:clubId/members/:userId/invite: the invitation to join again. */
export const ResendJoinSchema = z.object({
  email: Email.optional(),
  locale: z.enum(LETTER_LOCALES).optional(),
});
export type ResendJoin = z.input<typeof ResendJoinSchema>;

/** POST /api/ledger/:entryId/cancel. */
export const CancelEntrySchema = z.object({ note: z.string().trim().min(1, 'a note saying why is required').max(500, 'the note is longer than 500 characters') });
