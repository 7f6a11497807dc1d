import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AddressGuard } from './addressGuard.js';

/**
 * One address's budgets in Redis (a hash `prefix addr:ADDRESS`), given what one node took since
 * its last report: each bucket (tokens `mt`/`st`/`lt`, refilled at `ma`/`sa`/`la`, on Redis's own
 * clock, so the nodes' clocks do not matter) refilled and drawn; the node's connections as a field
 * `c:NODE` = "count:when" (a node that stops reporting is forgotten after ARGV[3] ms). An address
 * with a bucket below half, or with all its connections open over the nodes, goes into the
 * `prefix addr-hot` set for ARGV[4] ms: every node then reports it at every turn and hears what is
 * left, so that it is refused on every node at once (an address far from its limits costs nothing).
 * Returns, per address, the tokens left of each bucket and the connections on the other nodes;
 * then the hot addresses.
 *
 * ARGV: prefix, node, stale ms, hot ms, idle ms (the hash's expiry), connection cap, then the three
 * buckets' rate per second and burst, then 5 values per address (address, connections, messages,
 * strikes, look-ups).
 */
const SHARE = `
local prefix, node = ARGV[1], ARGV[2]
local stale, hotMs, idle, cap = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local rates = { tonumber(ARGV[7]), tonumber(ARGV[9]), tonumber(ARGV[11]) }
local bursts = { tonumber(ARGV[8]), tonumber(ARGV[10]), tonumber(ARGV[12]) }
local names = { 'm', 's', 'l' }
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local hotKey = prefix .. 'addr-hot'
local out = {}
for i = 13, #ARGV, 5 do
  local address = ARGV[i]
  local conns = tonumber(ARGV[i + 1])
  local key = prefix .. 'addr:' .. address
  -- The hash read once: the buckets and every node's connections.
  local fields = redis.call('HGETALL', key)
  local h = {}
  for f = 1, #fields, 2 do h[fields[f]] = fields[f + 1] end
  local left = {}
  for k = 1, 3 do
    local n = names[k]
    local tokens = tonumber(h[n .. 't'] or bursts[k])
    local at = tonumber(h[n .. 'a'] or now)
    tokens = math.min(bursts[k], tokens + (now - at) / 1000 * rates[k]) - tonumber(ARGV[i + 1 + k])
    if tokens < -bursts[k] then tokens = -bursts[k] end
    left[k] = tokens
  end
  redis.call('HSET', key, 'mt', tostring(left[1]), 'ma', now, 'st', tostring(left[2]), 'sa', now, 'lt', tostring(left[3]), 'la', now)
  if conns > 0 then redis.call('HSET', key, 'c:' .. node, conns .. ':' .. now) else redis.call('HDEL', key, 'c:' .. node) end
  local remote = 0
  for name, value in pairs(h) do
    if string.sub(name, 1, 2) == 'c:' and name ~= 'c:' .. node then
      local count, when = string.match(value, '^(%d+):(%d+)$')
      if count and now - tonumber(when) <= stale then remote = remote + tonumber(count) else redis.call('HDEL', key, name) end
    end
  end
  redis.call('PEXPIRE', key, idle)
  local near = false
  for k = 1, 3 do if left[k] < bursts[k] / 2 then near = true end end
  if near or remote + conns >= cap then redis.call('ZADD', hotKey, now + hotMs, address) end
  table.insert(out, address)
  table.insert(out, tostring(left[1]))
  table.insert(out, tostring(left[2]))
  table.insert(out, tostring(left[3]))
  table.insert(out, remote)
end
redis.call('ZREMRANGEBYSCORE', hotKey, '-inf', now)
table.insert(out, redis.call('ZRANGEBYSCORE', hotKey, now, '+inf', 'LIMIT', 0, 1000))
redis.call('PEXPIRE', hotKey, hotMs)
return out
`;

export interface AddressShareOptions {
  readonly redis: Redis;
  readonly prefix: string;
  readonly node: string;
  /** How often the node reports and hears (ms). */
  readonly everyMs?: number;
  readonly log: Logger;
}

/** Every this many reports, a node refreshes the connections it holds (before the others count them stale). */
const REFRESH_EVERY = 6;
/** Addresses per call to Redis: one script runs alone there, so a long one would hold up the leases. */
const CHUNK = 500;

/**
 * Several nodes (issue 29): the limits per client address (addressGuard.ts) are one budget over
 * the cluster. Every `everyMs` (250) each node reports to Redis what the addresses near a limit
 * or busy took and the connections they opened or closed (every sixth time: every address with
 * anything to tell; AddressGuard.report), and hears back what is left of their budgets over all the
 * nodes; its own buckets become those. Checks stay in memory (a message never waits for Redis): over one
 * report's time an address can take at most one burst more per node than it could from one node.
 * Redis away: each node goes on counting alone, as one process would.
 */
export class AddressShare {
  private readonly timer: NodeJS.Timeout;
  private ticks = 0;
  private running = false;
  private failed = false;

  constructor(private readonly guard: AddressGuard, private readonly o: AddressShareOptions) {
    this.timer = setInterval(() => void this.tick(), o.everyMs ?? 250);
    this.timer.unref();
  }

  /** One report and what it hears back (also called by tests). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const reports = this.guard.report(this.ticks++ % REFRESH_EVERY === 0);
      const l = this.guard.limits;
      const everyMs = this.o.everyMs ?? 250;
      const head = [
        this.o.prefix, this.o.node, everyMs * REFRESH_EVERY * 3, Math.max(2000, everyMs * 8), 10 * 60_000, l.connectionsPerAddress,
        l.messagesPerSecond, l.messageBurst, 1 / l.strikeDecaySeconds, l.strikes, l.lookupMissesPerMinute / 60, l.lookupMissesPerMinute,
      ];
      // At least one call, even with nothing to report: it brings the hot addresses.
      for (let from = 0; from === 0 || from < reports.length; from += CHUNK) {
        const args = head.map(String);
        for (const r of reports.slice(from, from + CHUNK)) args.push(r.address, String(r.connections), String(r.messages), String(r.strikes), String(r.lookups));
        const answer = (await this.o.redis.eval(SHARE, 0, ...args)) as (string | number | string[])[];
        this.hear(answer);
      }
      if (this.failed) this.o.log.info('per-address limits shared again');
      this.failed = false;
    } catch (e) {
      if (!this.failed) this.o.log.warn({ err: (e as Error).message }, 'per-address limits not shared for now: each node counts alone');
      this.failed = true;
    } finally {
      this.running = false;
    }
  }

  private hear(answer: (string | number | string[])[]): void {
    const hot = answer[answer.length - 1] as string[];
    for (let i = 0; i + 4 < answer.length; i += 5) {
      this.guard.heard(String(answer[i]), {
        messages: Number(answer[i + 1]), strikes: Number(answer[i + 2]), lookups: Number(answer[i + 3]), remote: Number(answer[i + 4]),
      });
    }
    for (const address of hot) this.guard.watch(address);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
