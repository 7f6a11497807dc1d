import { createHmac, randomBytes } from 'node:crypto';
import type { SeatToken } from '@mafia/protocol';
import { hashSecret, newSeatToken, secretMatches } from '../secrets.js';
import type { Claim } from './room.js';

/**
 * A claim's token (issue 12, point 7). With the client's `key` the token is derived from it and a
 * random salt of the claim's (HMAC-SHA256(salt, key), 192 bits): the same key finds the same token
 * again, across restarts, with nothing new logged and nothing told to the table. Only the salt and
 * the token's hash are logged, never the key or the token. Without a key the token is random, as
 * before.
 */
export interface ClaimSecret {
  readonly token: SeatToken;
  readonly tokenHash: string;
  readonly salt?: string;
}

const derive = (salt: string, key: string): SeatToken => createHmac('sha256', Buffer.from(salt, 'hex')).update(key).digest().subarray(0, 24).toString('base64url') as SeatToken;

export function newClaimSecret(key: string | undefined): ClaimSecret {
  if (key === undefined) {
    const token = newSeatToken();
    return { token, tokenHash: hashSecret(token) };
  }
  const salt = randomBytes(24).toString('hex');
  const token = derive(salt, key);
  return { token, tokenHash: hashSecret(token), salt };
}

/**
 * The seat this key already claimed, and its token: a claim re-sent after its welcome was lost.
 * `wanted` is the seat asked for (only that seat is looked at) or `draw` (every seat).
 */
export function claimMadeWith(claims: readonly (Claim | null)[], wanted: number | 'draw', key: string): { seat: number; token: SeatToken } | null {
  const seats = wanted === 'draw' ? claims.map((_, i) => i + 1) : [wanted];
  for (const seat of seats) {
    const c = claims[seat - 1];
    if (!c?.salt) continue;
    const token = derive(c.salt, key);
    if (secretMatches(token, c.tokenHash)) return { seat, token };
  }
  return null;
}
