/**
 * The club API's accounts and memberships (docs/club-api.md "Sign-in and the account"): what the
 * server answers and the request bodies it parses, declared once for the server and the web app.
 */
import { z } from 'zod';

export type ClubRole = 'admin' | 'host' | 'member';
export type Answer = 'yes' | 'no';
/** The languages of the club's letters and CSV files. */
export const LETTER_LOCALES = ['ru', 'en'] as const;
export type LetterLocale = (typeof LETTER_LOCALES)[number];

export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly locale: string | null;
  readonly hasPassword: boolean;
}

export interface MyClub {
  readonly id: string;
  readonly name: string;
  readonly role: ClubRole;
  readonly nickname: string;
  /** What the member shares with the club beyond his nickname (GET /api/me sends them per club). */
  readonly shareName: boolean;
  readonly shareEmail: boolean;
  readonly sharePhone: boolean;
  /** Whether the club publishes its public page /p/:clubId (an admin turns it on). */
  readonly publicPage?: boolean;
}

export interface Me {
  readonly user: User | null;
  readonly clubs?: readonly MyClub[];
}

/** The answer of a sign-in: the user and the new session's CSRF token. */
export interface SignedIn {
  readonly user: User;
  readonly csrfToken: string;
}

/** An invitation to join a club, as its link shows it. */
export interface JoinInvite {
  readonly club: { readonly id: string; readonly name: string };
  readonly nickname: string;
}

/** A nickname in a club: trimmed, 1 to 40 characters. */
export const NicknameSchema = z.string().trim().min(1, 'the nickname is empty').max(40, 'the nickname is longer than 40 characters');

const optionalText = (max: number) => z.union([z.string().trim().max(max), z.null()]).transform((v) => (v === '' ? null : v));
/** PATCH /api/me: an empty text clears the field. */
export const MePatchSchema = z.object({
  name: optionalText(100).optional(),
  phone: optionalText(30).refine((v) => v === null || /^\+?[0-9][0-9 ()-]{4,28}$/.test(v), 'a phone number is digits, spaces, brackets and dashes, with an optional + first').optional(),
  locale: z.enum(LETTER_LOCALES).optional(),
}).strict();
export type MePatch = z.input<typeof MePatchSchema>;

/** POST /api/me/password. */
export const PasswordSchema = z.object({ password: z.string().min(8, 'at least 8 characters').max(200, 'at most 200 characters') }).strict();

/** PATCH /api/me/clubs/:clubId: his nickname and what he shares with the club. */
export const MembershipPatchSchema = z.object({
  nickname: z.string().trim().min(1, 'a nickname cannot be empty').max(40, 'at most 40 characters').optional(),
  shareName: z.boolean().optional(),
  shareEmail: z.boolean().optional(),
  sharePhone: z.boolean().optional(),
}).strict();
export type MembershipPatch = z.input<typeof MembershipPatchSchema>;

/** DELETE /api/me: the confirmation typed by the user. */
export const DeleteMeSchema = z.object({ confirm: z.string().max(300) });

/** POST /api/clubs: a new club and its creator's nickname. */
export const NewClubSchema = z.object({
  name: z.string().trim().min(1, 'the club needs a name').max(100, 'the name is longer than 100 characters'),
  nickname: NicknameSchema,
});
export type NewClub = z.input<typeof NewClubSchema>;

/** A join link's token (POST /api/join/show, accept, decline). */
export const JoinTokenSchema = z.object({ token: z.string().min(1).max(200) });

const SignInEmail = z.string().trim().toLowerCase().max(254).email();
/** POST /api/auth/link: a sign-in link mailed to the address, in the letter's language. */
export const SignInLinkSchema = z.object({ email: SignInEmail, locale: z.enum(LETTER_LOCALES).optional() });
/** POST /api/auth/link/consume: the link's token. */
export const ConsumeLinkSchema = z.object({ token: z.string().min(1).max(200) });
/** POST /api/auth/password. */
export const SignInPasswordSchema = z.object({ email: SignInEmail, password: z.string().min(1).max(200) });
