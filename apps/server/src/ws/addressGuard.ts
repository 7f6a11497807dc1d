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
  /** Several nodes (addressShare.ts): the address's connections open on the other nodes, as last heard. */
  remote: number;
  /** Tokens taken from each bucket (messages, strikes, look-ups) since the last report to the other nodes. */
  usedMessages: number;
  usedStrikes: number;
  usedLookups: number;
  /** Whether the count of connections changed since the last report. */
  moved: boolean;
  /** Near a limit on some node (the nodes' watch list): reported at every turn while it is. */
  watched: boolean;
  readonly messages: Bucket;
  /** Tokens are the strikes left; refilled as strikes decay. */
  readonly strikes: Bucket;
  /** Tokens are the misses left. */
  readonly lookups: Bucket;
}

export type Admission = 'ok' | 'address-full' | 'server-full' | 'struck-out';

/** What this node reports of one address to the others (addressShare.ts): its connections here and what it took since the last report. */
export interface AddressReport {
  readonly address: string;
  readonly connections: number;
  readonly messages: number;
  readonly strikes: number;
  readonly lookups: number;
}

/** What every node together has left of one address's budgets, and its connections on the other nodes. */
export interface SharedBudget {
  readonly messages: number;
  readonly strikes: number;
  readonly lookups: number;
  readonly remote: number;
}

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
    if (r.connections + r.remote >= this.limits.connectionsPerAddress) return 'address-full';
    return this.hasToken(r.strikes, 1 / this.limits.strikeDecaySeconds, this.limits.strikes) ? 'ok' : 'struck-out';
  }

  /**
   * A WebSocket from `address` opened. `ofAddress` false: a client another node of the cluster
   * passed on (that node counts him against his address); it still takes one of this process's sockets.
   */
  opened(address: string, ofAddress = true): void {
    if (ofAddress) {
      const r = this.record(address);
      r.connections++;
      r.moved = true;
    }
    this.open++;
  }

  closed(address: string, ofAddress = true): void {
    const r = ofAddress ? this.records.get(address) : undefined;
    if (r && r.connections > 0) {
      r.connections--;
      r.moved = true;
    }
    this.open = Math.max(0, this.open - 1);
  }

  /** Takes a message from the address's bucket; false when it is over its rate. */
  takeMessage(address: string): boolean {
    const { messagesPerSecond, messageBurst } = this.limits;
    const r = this.record(address);
    const ok = takeToken(r.messages, messagesPerSecond, messageBurst, this.now());
    if (ok) r.usedMessages++;
    return ok;
  }

  /** Counts a strike; false when the address had none left (its connection is to be closed). */
  strike(address: string): boolean {
    const r = this.record(address);
    const ok = takeToken(r.strikes, 1 / this.limits.strikeDecaySeconds, this.limits.strikes, this.now());
    if (ok) r.usedStrikes++;
    return ok;
  }

  /** Whether the address may look up a room code now: it has misses left. */
  mayLookUp(address: string): boolean {
    const r = this.records.get(address);
    return !r || this.hasToken(r.lookups, this.limits.lookupMissesPerMinute / 60, this.limits.lookupMissesPerMinute);
  }

  /** Counts a look-up of a code that does not exist. */
  missed(address: string): void {
    const r = this.record(address);
    if (takeToken(r.lookups, this.limits.lookupMissesPerMinute / 60, this.limits.lookupMissesPerMinute, this.now())) r.usedLookups++;
  }

  /**
   * Several nodes: what to tell the others now. At every turn: an address that opened or closed a
   * connection, struck or missed, took a quarter of its message burst, or that the nodes watch (near
   * a limit). With `all` (every sixth turn): every address that took anything, holds connections
   * here or elsewhere, or is short of a budget (to hear what the others took). So an address far from
   * its limits is reported now and then, not at every turn. The counts taken are reset.
   */
  report(all: boolean): AddressReport[] {
    const out: AddressReport[] = [];
    const l = this.limits;
    for (const [address, r] of this.records) {
      const now = r.moved || r.watched || r.usedStrikes > 0 || r.usedLookups > 0 || r.usedMessages >= l.messageBurst / 4;
      const due = now || (all && (r.usedMessages > 0 || r.connections > 0 || r.remote > 0 || !this.fresh(r)));
      if (!due) continue;
      out.push({ address, connections: r.connections, messages: r.usedMessages, strikes: r.usedStrikes, lookups: r.usedLookups });
      r.usedMessages = r.usedStrikes = r.usedLookups = 0;
      r.moved = r.watched = false;
    }
    return out;
  }

  /**
   * What all the nodes have left of the address's budgets, as Redis counted them after the last
   * report: the buckets here become those (less what was taken here since), so one address has one
   * budget whichever node it talks to.
   */
  heard(address: string, b: SharedBudget): void {
    const r = this.record(address);
    const at = this.now();
    const set = (bucket: Bucket, tokens: number) => {
      bucket.tokens = tokens;
      bucket.refilled = at;
    };
    set(r.messages, b.messages - r.usedMessages);
    set(r.strikes, b.strikes - r.usedStrikes);
    set(r.lookups, b.lookups - r.usedLookups);
    r.remote = b.remote;
  }

  /** An address near a limit somewhere: reported at the next turn, to hear its budgets. */
  watch(address: string): void {
    this.record(address).watched = true;
  }

  /** Drops the records of addresses with nothing open and every bucket full again. */
  sweep(): void {
    for (const [address, r] of this.records) {
      if (r.connections === 0 && r.remote === 0 && this.fresh(r)) this.records.delete(address);
    }
  }

  /** Every bucket full: the address is as one never seen. */
  private fresh(r: AddressRecord): boolean {
    const l = this.limits;
    return this.full(r.messages, l.messagesPerSecond, l.messageBurst) && this.full(r.strikes, 1 / l.strikeDecaySeconds, l.strikes) &&
      this.full(r.lookups, l.lookupMissesPerMinute / 60, l.lookupMissesPerMinute);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private record(address: string): AddressRecord {
    let r = this.records.get(address);
    if (!r) {
      const at = this.now();
      const l = this.limits;
      r = { connections: 0, remote: 0, usedMessages: 0, usedStrikes: 0, usedLookups: 0, moved: false, watched: false, messages: { tokens: l.messageBurst, refilled: at }, strikes: { tokens: l.strikes, refilled: at }, lookups: { tokens: l.lookupMissesPerMinute, refilled: at } };
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
