import { isIPv6 } from 'node:net';
import { takeToken, tokensAt, type Bucket } from './rateLimit.js';

/** What one client address (IPv4, or an IPv6 /64) may use of the server (docs/server.md, "Limits per address"). */
export interface AddressLimits {
  /** WebSocket connections open at once from one address. */
  readonly connectionsPerAddress: number;
  /**
   * TCP connections (plain HTTP and WebSocket) open at once from one address (http/connectionCap.ts):
   * above the WebSocket cap, so an address with all its sockets open can still load a page.
   */
  readonly httpConnectionsPerAddress: number;
  /** WebSocket connections open at once in total: below the process's file descriptors, so HTTP and storage keep some. */
  readonly maxConnections: number;
  /** Messages a second one address may keep up over all its connections, and the burst it may send at once. */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /** Refused messages one address may make before its connections are closed at the next one and its upgrades refused. */
  readonly strikes: number;
  /** One of an address's strikes is forgiven every this many seconds. */
  readonly strikeDecaySeconds: number;
  /** Look-ups of room codes that do not exist, per address and minute (a burst of as many, then this rate). */
  readonly lookupMissesPerMinute: number;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = {
  connectionsPerAddress: 64,
  httpConnectionsPerAddress: 96,
  maxConnections: 768,
  messagesPerSecond: 100,
  messageBurst: 200,
  strikes: 30,
  strikeDecaySeconds: 10,
  lookupMissesPerMinute: 10,
};

/** One address's state: three buckets and a count. Small, and dropped when it is back to a fresh address's. */
interface AddressRecord {
  connections: number;
  readonly messages: Bucket;
  /** Tokens are the strikes left; refilled as strikes decay. */
  readonly strikes: Bucket;
  /** Tokens are the misses left. */
  readonly lookups: Bucket;
}

export type Admission = 'ok' | 'address-full' | 'server-full' | 'struck-out';

/**
 * The key an address is counted under: an IPv4 address as it is (also when mapped into IPv6), an
 * IPv6 address by its /64 prefix — one subscriber gets a whole /64, so counting each of its
 * addresses apart would give an attacker 2^64 fresh budgets.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Limits per client address over all its connections and requests: connections open, messages a
 * second, strikes, look-ups of codes that do not exist. A Map of address → small record; a record
 * back to a fresh address's state is swept away, so a flood of addresses leaves nothing behind.
 */
export class AddressGuard {
  private readonly records = new Map<string, AddressRecord>();
  private open = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly limits: AddressLimits, private readonly now: () => number = () => performance.now(), sweepMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepMs);
    this.sweeper.unref();
  }

  /** WebSocket connections open now, from every address. */
  get connections(): number {
    return this.open;
  }

  /** Addresses with a record now (for /api/health and tests). */
  get tracked(): number {
    return this.records.size;
  }

  /** Whether a new WebSocket from `address` may open; `opened` counts it once it has. */
  admission(address: string): Admission {
    if (this.open >= this.limits.maxConnections) return 'server-full';
    const r = this.records.get(address);
    if (!r) return 'ok';
    if (r.connections >= this.limits.connectionsPerAddress) return 'address-full';
    return this.hasToken(r.strikes, 1 / this.limits.strikeDecaySeconds, this.limits.strikes) ? 'ok' : 'struck-out';
  }

  opened(address: string): void {
    this.record(address).connections++;
    this.open++;
  }

  closed(address: string): void {
    const r = this.records.get(address);
    if (r && r.connections > 0) r.connections--;
    this.open = Math.max(0, this.open - 1);
  }

  /** Takes a message from the address's bucket; false when it is over its rate. */
  takeMessage(address: string): boolean {
    const { messagesPerSecond, messageBurst } = this.limits;
    return takeToken(this.record(address).messages, messagesPerSecond, messageBurst, this.now());
  }

  /** Counts a strike; false when the address had none left (its connection is to be closed). */
  strike(address: string): boolean {
    return takeToken(this.record(address).strikes, 1 / this.limits.strikeDecaySeconds, this.limits.strikes, this.now());
  }

  /** Whether the address may look up a room code now: it has misses left. */
  mayLookUp(address: string): boolean {
    const r = this.records.get(address);
    return !r || this.hasToken(r.lookups, this.limits.lookupMissesPerMinute / 60, this.limits.lookupMissesPerMinute);
  }

  /** Counts a look-up of a code that does not exist. */
  missed(address: string): void {
    takeToken(this.record(address).lookups, this.limits.lookupMissesPerMinute / 60, this.limits.lookupMissesPerMinute, this.now());
  }

  /** Drops the records of addresses with nothing open and every bucket full again. */
  sweep(): void {
    const l = this.limits;
    for (const [address, r] of this.records) {
      if (r.connections > 0) continue;
      const fresh =
        this.full(r.messages, l.messagesPerSecond, l.messageBurst) &&
        this.full(r.strikes, 1 / l.strikeDecaySeconds, l.strikes) &&
        this.full(r.lookups, l.lookupMissesPerMinute / 60, l.lookupMissesPerMinute);
      if (fresh) this.records.delete(address);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private record(address: string): AddressRecord {
    let r = this.records.get(address);
    if (!r) {
      const at = this.now();
      const l = this.limits;
      r = { connections: 0, messages: { tokens: l.messageBurst, refilled: at }, strikes: { tokens: l.strikes, refilled: at }, lookups: { tokens: l.lookupMissesPerMinute, refilled: at } };
      this.records.set(address, r);
    }
    return r;
  }

  private hasToken(b: Bucket, perSecond: number, burst: number): boolean {
    return tokensAt(b, perSecond, burst, this.now()) >= 1;
  }

  private full(b: Bucket, perSecond: number, burst: number): boolean {
    return tokensAt(b, perSecond, burst, this.now()) >= burst;
  }
}
