/**
 * A token bucket per connection: `burst` messages at once, refilled at `perSecond`. A player sends
 * a few messages a minute; a client far above that is broken or abusive. Two numbers on the
 * connection itself, not an object per connection: 10,000 idle connections are the server's memory.
 */
export interface Bucket {
  tokens: number;
  /** When `tokens` was last refilled (ms on the monotonic clock: a wall clock set back must not empty the bucket). */
  refilled: number;
}

/** Takes one token if there is one; refills first for the time since the last take. */
export function takeToken(b: Bucket, perSecond: number, burst: number, now: number): boolean {
  b.tokens = tokensAt(b, perSecond, burst, now);
  b.refilled = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/** The tokens the bucket holds at `now`, without taking one. */
export const tokensAt = (b: Bucket, perSecond: number, burst: number, now: number): number =>
  Math.min(burst, b.tokens + ((now - b.refilled) / 1000) * perSecond);
