import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { RoomElsewhere, ROOM_UNAVAILABLE, RoomError } from '../room/errors.js';
import type { Placement } from '../room/managerTypes.js';
import { takeFence, type Fences } from '../storage/fences.js';
import type { ClusterConfig } from './config.js';

/**
 * Takes the lease when it is free or already this node's; otherwise answers who holds it. The
 * value is "<node id> <node url>": whoever finds the room taken learns where to send its client.
 */
const ACQUIRE = `
local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return false
end
return v`;

/**
 * Renews every lease this node holds; answers the keys another node holds now. A key that is gone
 * (expired during a stall, or Redis restarted and kept nothing) is set again: the fencing token in
 * PostgreSQL still decides whether this node may write, so a wrong renewal costs one refused append.
 * Each room renewed is (again) on the list of rooms held somewhere (ARGV[3]; keys are ARGV[4] and the
 * room id), which a restarted Redis has lost too: the sweep needs it to find the room if this node dies.
 */
const RENEW = `
local lost = {}
for i, k in ipairs(KEYS) do
  local v = redis.call('GET', k)
  if v == false or v == ARGV[1] then
    redis.call('SET', k, ARGV[1], 'PX', ARGV[2])
    redis.call('SADD', ARGV[3], string.sub(k, string.len(ARGV[4]) + 1))
  else
    lost[#lost + 1] = k
  end
end
return lost`;

/** Gives the lease up only if it is still this node's. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** How many orphaned rooms a node loads at once (each: a lease, a fencing token, the log read). */
const ADOPTING_AT_ONCE = 16;

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Room leases in Redis, with fencing tokens in PostgreSQL (issue 29). Each room has one holder at a
 * time: the node whose lease key names it. The holder renews its leases every third of their
 * length; a node that dies stops renewing, and within one lease length (CLUSTER_LEASE_MS, 3 s) its
 * rooms are free. Every node sweeps the rooms held anywhere (a Redis set) for ones whose lease is
 * gone and takes them over (the `adopt` handler loads them from the log), so a room whose node died
 * is held again within about four seconds even before any client comes back.
 */
export class RoomLeases implements Placement, Fences {
  private readonly held = new Map<string, number>();
  private readonly me: string;
  private lostHandler: (roomId: string) => void = () => {};
  private adoptHandler: (roomId: string) => Promise<boolean> = async () => true;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private redisFailing: string | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly db: Kysely<any>,
    private readonly config: ClusterConfig,
    private readonly log: Logger,
  ) {
    this.me = `${config.nodeId} ${config.nodeUrl}`;
  }

  private key(roomId: string): string {
    return `${this.config.prefix}room:${roomId}`;
  }

  private get liveKey(): string {
    return `${this.config.prefix}rooms`;
  }

  /** Starts renewing and sweeping. */
  start(): void {
    const every = Math.max(100, Math.floor(this.config.leaseMs / 3));
    this.timers.push(setInterval(() => void this.renew(), every));
    // Each node sweeps at its own moments (jittered), so three nodes do not race for every orphan at once.
    const sweep = () => {
      if (this.stopped) return;
      void this.sweep().finally(() => this.timers.push(setTimeout(sweep, every / 2 + Math.random() * every / 2)));
    };
    this.timers.push(setTimeout(sweep, every));
    for (const t of this.timers) t.unref?.();
  }

  onLost(handler: (roomId: string) => void): void {
    this.lostHandler = handler;
  }

  /** `handler` loads a room whose holder is gone (RoomManager.adopt). */
  onAdopt(handler: (roomId: string) => Promise<boolean>): void {
    this.adoptHandler = handler;
  }

  holds(roomId: string): boolean {
    return this.held.has(roomId);
  }

  tokenOf(roomId: string): number | undefined {
    return this.held.get(roomId);
  }

  /** How many rooms this node holds, and whether Redis answers (/api/health). */
  status(): { node: string; rooms: number; redis: string | null } {
    return { node: this.config.nodeId, rooms: this.held.size, redis: this.redisFailing };
  }

  async take(roomId: string): Promise<void> {
    if (this.held.has(roomId)) return;
    const deadline = Date.now() + this.config.leaseMs * 2;
    for (;;) {
      let other: string | null;
      try {
        other = (await this.redis.eval(ACQUIRE, 1, this.key(roomId), this.me, this.config.leaseMs)) as string | null;
        this.redisFailing = null;
      } catch (e) {
        // Redis away (a restart): wait for it, up to two lease lengths, then the client tries again.
        this.redisFailing = errorText(e);
        if (Date.now() >= deadline) throw new RoomError(ROOM_UNAVAILABLE);
        await pause(200);
        continue;
      }
      if (other !== null) throw new RoomElsewhere(roomId, other.slice(other.indexOf(' ') + 1));
      try {
        this.held.set(roomId, await takeFence(this.db, roomId, this.config.nodeId, Date.now()));
      } catch (e) {
        void this.redis.eval(RELEASE, 1, this.key(roomId), this.me).catch(() => {});
        throw e;
      }
      await this.redis.sadd(this.liveKey, roomId).catch(() => {});
      this.log.debug({ room: roomId, token: this.held.get(roomId) }, 'room lease taken');
      return;
    }
  }

  release(roomId: string): void {
    if (!this.held.delete(roomId)) return;
    void this.redis.eval(RELEASE, 1, this.key(roomId), this.me).catch(() => {});
    void this.redis.srem(this.liveKey, roomId).catch(() => {});
  }

  private async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    for (let i = 0; i < ids.length && !this.stopped; i += 500) {
      const chunk = ids.slice(i, i + 500);
      let lost: string[];
      try {
        lost = (await this.redis.eval(RENEW, chunk.length, ...chunk.map((id) => this.key(id)), this.me, this.config.leaseMs, this.liveKey, this.key(''))) as string[];
        this.redisFailing = null;
      } catch (e) {
        // Unrenewed, the leases run out and another node may take the rooms: its new fencing token
        // then refuses this node's next append, which drops the room here (RoomHub.dropMoved).
        this.redisFailing = errorText(e);
        return;
      }
      const prefix = this.key('');
      for (const k of lost) {
        const id = k.slice(prefix.length);
        if (!this.held.delete(id)) continue;
        this.log.warn({ room: id }, 'room lease lost to another node');
        this.lostHandler(id);
      }
    }
  }

  /** Takes over the rooms held anywhere whose lease is gone (their node died or was cut off). */
  private async sweep(): Promise<void> {
    let orphans: string[];
    try {
      const live = (await this.redis.smembers(this.liveKey)).filter((id) => !this.held.has(id));
      if (live.length === 0) return;
      const owners = await this.redis.mget(live.map((id) => this.key(id)));
      orphans = live.filter((_, i) => owners[i] === null);
    } catch (e) {
      this.redisFailing = errorText(e);
      return;
    }
    // Shuffled, so that the nodes left mostly take different rooms instead of racing for the same
    // ones; several at a time, so that a hundred rooms of a dead node are held again within seconds.
    for (let i = orphans.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [orphans[i], orphans[j]] = [orphans[j]!, orphans[i]!];
    }
    let next = 0;
    const adoptNext = async (): Promise<void> => {
      while (next < orphans.length && !this.stopped) {
        const id = orphans[next++]!;
        const needed = await this.adoptHandler(id).catch((e: unknown) => {
          if (!(e instanceof RoomElsewhere)) this.log.warn({ room: id, err: errorText(e) }, 'taking over a room failed');
          return true;
        });
        // An ended room that nobody holds: off the list of rooms held somewhere.
        if (!needed) await this.redis.srem(this.liveKey, id).catch(() => {});
      }
    };
    await Promise.all(Array.from({ length: Math.min(ADOPTING_AT_ONCE, orphans.length) }, adoptNext));
  }

  /** Stops renewing and gives every lease up (a clean shutdown: the other nodes take the rooms at once). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    const ids = [...this.held.keys()];
    this.held.clear();
    await Promise.all(ids.map((id) => this.redis.eval(RELEASE, 1, this.key(id), this.me).catch(() => {})));
  }
}
