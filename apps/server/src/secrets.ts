import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH, type AdminKey, type HostKey, type RoomCode, type RoomId, type SeatToken } from '@mafia/protocol';

/** 192 random bits, URL-safe: a host key, a room-admin key or a seat token. Only its hash is stored. */
const secret = (): string => randomBytes(16).toString('base64url') + randomBytes(8).toString('base64url');

export const newHostKey = (): HostKey => secret() as HostKey;
export const newAdminKey = (): AdminKey => secret() as AdminKey;
export const newSeatToken = (): SeatToken => secret() as SeatToken;
export const newRoomId = (): RoomId => randomUUID() as RoomId;

export function newRoomCode(): RoomCode {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code as RoomCode;
}

/** The seed the roles are dealt from, recorded with the room before anything is dealt. */
export const newSeed = (): number => randomInt(0, 2 ** 31 - 1);

export const hashSecret = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
