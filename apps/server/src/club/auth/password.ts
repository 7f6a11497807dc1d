import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16_384;
const R = 8;
const P = 1;
const KEYLEN = 64;

const derive = (password: string, salt: Buffer, o: ScryptOptions, keylen: number): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keylen, { ...o, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))));

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url): the parameters travel with the hash, so they can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P }, KEYLEN);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0)) return false;
  const expected = Buffer.from(parts[5], 'base64url');
  if (expected.length === 0) return false;
  const key = await derive(password, Buffer.from(parts[4], 'base64url'), { N: n, r, p }, expected.length);
  return timingSafeEqual(key, expected);
}

/** Spent on an unknown address so that its answer takes as long as a wrong password's. */
let dummy: Promise<string> | null = null;
export async function burnPasswordTime(password: string): Promise<void> {
  dummy ??= hashPassword('not a password of anyone');
  await verifyPassword(password, await dummy);
}
