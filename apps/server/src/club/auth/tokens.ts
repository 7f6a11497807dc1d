import { createHash, randomBytes } from 'node:crypto';

/** A one-time link's token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a database leak gives no usable link. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How long a sign-in link works. */
export const LINK_VALID_MS = 30 * 60_000;
