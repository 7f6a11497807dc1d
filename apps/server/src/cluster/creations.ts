import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { HOUR_MS, perHourRefusal, unstartedRefusal, type RoomLimits, type SharedCreations } from '../room/roomLimits.js';

/**
 * One address's room creations over every node: `prefix made:ADDRESS` (a sorted set of the last
 * hour's creations, by time) and `prefix waiting:ADDRESS` (its rooms and reservations not started,
 * each until its expiry). Answers 1 (an hour's rooms made), 2 (too many waiting) or 0 (counted, and
 * the reservation ARGV[6] held). Redis's own clock, so the nodes' clocks do not matter.
 * ARGV: made key, waiting key, per hour, waiting most, waiting ttl ms, reservation.
 */
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local made, waiting = KEYS[1], KEYS[2]
redis.call('ZREMRANGEBYSCORE', made, '-inf', now - ${HOUR_MS})
if redis.call('ZCARD', made) >= tonumber(ARGV[1]) then return 1 end
redis.call('ZREMRANGEBYSCORE', waiting, '-inf', now)
if redis.call('ZCARD', waiting) >= tonumber(ARGV[2]) then return 2 end
redis.call('ZADD', made, now, ARGV[4])
redis.call('PEXPIRE', made, ${HOUR_MS})
redis.call('ZADD', waiting, now + tonumber(ARGV[3]), ARGV[4])
redis.call('PEXPIRE', waiting, tonumber(ARGV[3]))
return 0
`;

/** The reservation becomes the room (kept until the room starts or expires); the room remembers its address. */
const CREATED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('SET', KEYS[2], ARGV[4], 'PX', tonumber(ARGV[3]))
return 0
`;

/** The room started, closed or expired: it no longer waits, on whichever node it was made. */
const SETTLED = `
local address = redis.call('GET', KEYS[1])
if not address then return 0 end
redis.call('ZREM', ARGV[1] .. address, ARGV[2])
redis.call('DEL', KEYS[1])
return 1
`;

/**
 * Several nodes (issue 29): ROOMS_PER_ADDRESS_PER_HOUR and UNSTARTED_ROOMS_PER_ADDRESS counted in
 * Redis over all the nodes, beside each node's own count (roomLimits.ts, which still answers first
 * and alone while Redis is away: then each node counts alone, as one process would).
 */
export class RedisCreations implements SharedCreations {
  private failing = false;

  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly log: Logger) {}

  async admit(address: string, limits: RoomLimits): Promise<{ readonly refused: string } | { readonly ticket: string | null }> {
    const ticket = `r:${randomBytes(6).toString('hex')}`;
    try {
      const r = Number(await this.redis.eval(ADMIT, 2, this.made(address), this.waiting(address), limits.perAddressPerHour, limits.unstartedPerAddress, limits.unstartedTtlMs, ticket));
      this.back();
      if (r === 1) return { refused: perHourRefusal(limits) };
      if (r === 2) return { refused: unstartedRefusal(limits) };
      return { ticket };
    } catch (e) {
      this.away(e);
      return { ticket: null };
    }
  }

  created(address: string, ticket: string, roomId: string, limits: RoomLimits): void {
    this.redis.eval(CREATED, 2, this.waiting(address), this.roomKey(roomId), ticket, roomId, limits.unstartedTtlMs, address).then(() => this.back(), (e: unknown) => this.away(e));
  }

  failed(address: string, ticket: string): void {
    this.redis.zrem(this.waiting(address), ticket).then(() => this.back(), (e: unknown) => this.away(e));
  }

  settled(roomId: string): void {
    this.redis.eval(SETTLED, 1, this.roomKey(roomId), `${this.prefix}waiting:`, roomId).then(() => this.back(), (e: unknown) => this.away(e));
  }

  private made = (address: string) => `${this.prefix}made:${address}`;
  private waiting = (address: string) => `${this.prefix}waiting:${address}`;
  private roomKey = (roomId: string) => `${this.prefix}made-by:${roomId}`;

  private away(e: unknown): void {
    if (!this.failing) this.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'room limits per address not shared for now: each node counts alone');
    this.failing = true;
  }

  private back(): void {
    if (this.failing) this.log.info('room limits per address shared again');
    this.failing = false;
  }
}
