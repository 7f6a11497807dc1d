/** How many rooms may be made, by whom, and how long one that never starts stays (docs/server.md, "Room limits"). */
export interface RoomLimits {
  /** ROOMS_PER_ADDRESS_PER_HOUR: rooms one address may create in any hour. */
  readonly perAddressPerHour: number;
  /** UNSTARTED_ROOMS_PER_ADDRESS: rooms of one address open at once whose game has not started. */
  readonly unstartedPerAddress: number;
  /** MAX_OPEN_ROOMS: open rooms (not ended, not closed, not expired) on the server. */
  readonly maxOpen: number;
  /** ROOM_UNSTARTED_TTL_HOURS, in ms: a room whose game never starts is closed this long after it was made. */
  readonly unstartedTtlMs: number;
}

export const DEFAULT_ROOM_LIMITS: RoomLimits = { perAddressPerHour: 30, unstartedPerAddress: 10, maxOpen: 5000, unstartedTtlMs: 24 * 3_600_000 };

export const HOUR_MS = 3_600_000;

export const perHourRefusal = (l: RoomLimits) => `at most ${l.perAddressPerHour} rooms an hour may be created from one address; try again later`;
export const unstartedRefusal = (l: RoomLimits) => `at most ${l.unstartedPerAddress} rooms of one address may wait for their game to start; start or close one first`;

/**
 * Several nodes (issue 29): the per-address room limits counted over all of them
 * (cluster/creations.ts), after this node's own count admitted the room. `ticket` null: not
 * counted there (Redis away).
 */
export interface SharedCreations {
  admit(address: string, limits: RoomLimits): Promise<{ readonly refused: string } | { readonly ticket: string | null }>;
  created(address: string, ticket: string, roomId: string, limits: RoomLimits): void;
  failed(address: string, ticket: string): void;
  /** The room started, closed or expired, on whichever node. */
  settled(roomId: string): void;
}

/**
 * Who created which rooms lately, in memory (a restart forgets it: the total cap and the expiry
 * hold across restarts, the per-address counts start again). An address's entry is dropped when
 * it holds nothing, so the map is as large as the addresses that created rooms in the last hour.
 */
export class CreationLedger {
  /** Creation times within the last hour, by address, the oldest first. */
  private readonly recent = new Map<string, number[]>();
  /** Rooms not started yet, by address (a reservation is counted from the request on). */
  private readonly unstarted = new Map<string, Set<string>>();
  private readonly ownerOf = new Map<string, string>();
  private reserved = 0;

  constructor(private readonly limits: RoomLimits) {}

  /**
   * Why `address` may not create a room now, or null; when null, the attempt is counted (a refused
   * or failed creation counts too: it still cost us) and a place for the room is held until
   * `created` or `failed`.
   */
  admit(address: string, now: number): string | null {
    const times = (this.recent.get(address) ?? []).filter((t) => now - t < HOUR_MS);
    if (times.length >= this.limits.perAddressPerHour) {
      this.recent.set(address, times);
      return perHourRefusal(this.limits);
    }
    const waiting = this.unstarted.get(address)?.size ?? 0;
    if (waiting >= this.limits.unstartedPerAddress) return unstartedRefusal(this.limits);
    times.push(now);
    this.recent.set(address, times);
    this.hold(address, `reserved:${++this.reserved}`);
    return null;
  }

  /** The room made for the place `admit` held (the last reservation of the address becomes the room). */
  created(address: string, roomId: string): void {
    this.releaseReservation(address);
    this.hold(address, roomId);
  }

  failed(address: string): void {
    this.releaseReservation(address);
  }

  /** The room's game started, or it was closed or expired: it no longer waits. */
  settled(roomId: string): void {
    const address = this.ownerOf.get(roomId);
    if (address === undefined) return;
    this.ownerOf.delete(roomId);
    this.drop(address, roomId);
  }

  /** Addresses with nothing held or recent are forgotten (called now and then). */
  prune(now: number): void {
    for (const [address, times] of this.recent) {
      const fresh = times.filter((t) => now - t < HOUR_MS);
      if (fresh.length === 0) this.recent.delete(address);
      else this.recent.set(address, fresh);
    }
  }

  private hold(address: string, id: string): void {
    let set = this.unstarted.get(address);
    if (!set) this.unstarted.set(address, (set = new Set()));
    set.add(id);
    if (!id.startsWith('reserved:')) this.ownerOf.set(id, address);
  }

  private releaseReservation(address: string): void {
    const set = this.unstarted.get(address);
    const one = set && [...set].find((id) => id.startsWith('reserved:'));
    if (one !== undefined) this.drop(address, one);
  }

  private drop(address: string, id: string): void {
    const set = this.unstarted.get(address);
    set?.delete(id);
    if (set && set.size === 0) this.unstarted.delete(address);
  }
}
