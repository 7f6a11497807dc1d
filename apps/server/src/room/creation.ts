import { createGame } from '@mafia/engine';
import type { CreateRoomRequest, CreatedRoom, OpenRoom, RoomCode, RoomId } from '@mafia/protocol';
import { hashSecret, newAdminKey, newHostKey, newRoomCode, newRoomId } from '../secrets.js';
import type { RoomDeal, RoomRow } from '../storage/types.js';
import { controllerMode } from './admin.js';
import { refuse } from './errors.js';
import { RoomHub } from './hub.js';
import type { Conn, Created } from './managerTypes.js';
import { listOpenRooms } from './openRooms.js';
import { Room } from './room.js';
import { timersFor } from './timers.js';

/** How often rooms that never started are looked for and expired (ROOM_UNSTARTED_TTL_HOURS). */
const EXPIRY_SWEEP_MS = 10 * 60_000;

/** Making rooms within the room limits, and expiring the ones that never started (the manager's second layer). */
export abstract class RoomCreation extends RoomHub {
  /**
   * At start: rooms are NOT loaded here (a thousand open rooms cost 464 MiB and 6.4 s to load):
   * `byCode` loads a room when somebody uses it, and an app-hosted room's clock runs only while a
   * seat is connected anyway. Expires the rooms that never started and keeps doing so; answers how
   * many rooms are open.
   */
  async resumeAll(): Promise<number> {
    await this.expireUnstarted();
    if (this.sweep === null && !this.closed) {
      this.sweep = setInterval(() => {
        this.ledger.prune(this.now());
        this.expireUnstarted().catch((e: unknown) => this.log.error({ err: e instanceof Error ? e.message : String(e) }, 'expiring rooms failed'));
      }, EXPIRY_SWEEP_MS);
      this.sweep.unref?.();
    }
    return this.storage.countOpenRooms();
  }

  /**
   * Closes (marks ended) every room whose game never started within ROOM_UNSTARTED_TTL_HOURS of
   * its creation, except one somebody is connected to: a table that is still gathering is left
   * alone. An expired room is neither loaded nor counted; its code answers no-room.
   */
  async expireUnstarted(): Promise<number> {
    const ids = await this.storage.unstartedBefore(this.now() - this.limits.unstartedTtlMs);
    let n = 0;
    for (const id of ids) {
      if (this.members.has(id)) continue;
      // Several nodes: a room another node holds is that node's to expire (its players may be
      // gathering there); one nobody holds is taken for the moment of its expiry.
      if (this.placement && !this.placement.holds(id) && !(await this.placement.take(id).then(() => true, () => false))) continue;
      const room = this.rooms.get(id);
      const expire = async () => {
        if (this.members.has(id) || room?.started) return;
        if (room) this.evict(room);
        await this.storage.markEnded(id);
        this.settled(id);
        n++;
      };
      // In the room's queue when it is in memory, so it never races a start.
      if (room) await this.run(room, null, undefined, expire);
      else await expire();
      if (!this.rooms.has(id)) this.placement?.release(id);
    }
    if (n > 0) this.log.info({ rooms: n }, 'rooms that never started expired');
    return n;
  }

  /**
   * Several nodes: a room whose node is gone (cluster/leases.ts sweeps for them) is loaded here from
   * its log if this node gets its lease first (RoomElsewhere when another node was quicker).
   * Answers false for a room nobody needs to hold any more (ended, or gone).
   */
  async adopt(roomId: string): Promise<boolean> {
    if (this.rooms.has(roomId) || this.closed) return true;
    const row = await this.storage.roomById(roomId);
    if (!row || row.ended) return false;
    await this.byCode(row.code, row);
    this.log.info({ room: roomId }, 'room taken over from a node that is gone');
    return true;
  }

  /**
   * The room was taken over by another node (its lease lost, or an append fenced off): every
   * connection of it here is told and closed (its client reconnects and reaches the new holder),
   * and the room leaves memory without another write.
   */
  protected dropMoved(id: string, sender: Conn | null = null, requestId?: string): void {
    const room = this.rooms.get(id);
    const conns = this.members.get(id);
    if (!room && !conns) return;
    this.members.delete(id);
    // The sender of the refused command is told which of its requests was not recorded.
    for (const c of new Set([...(conns ?? []), ...(sender ? [sender] : [])])) {
      c.roomId = null;
      c.you = null;
      c.moved?.(c === sender ? requestId : undefined);
    }
    if (room) this.evict(room);
    this.log.warn({ room: id }, 'room taken over by another node: dropped here');
  }

  /**
   * The lobby of open games (openRooms.ts): public online rooms not started, not closed and not
   * past ROOM_UNSTARTED_TTL_HOURS (even when the sweep has not closed them yet), the newest first.
   */
  openRooms(): Promise<OpenRoom[]> {
    return listOpenRooms(this.storage, this.now() - this.limits.unstartedTtlMs, (id) => this.rooms.get(id));
  }

  /**
   * Creates a room for the client at `address` (the HTTP request's), within the room limits
   * (ROOMS_PER_ADDRESS_PER_HOUR, UNSTARTED_ROOMS_PER_ADDRESS, MAX_OPEN_ROOMS: `too-many-rooms`).
   */
  async create(req: CreateRoomRequest, address = 'local'): Promise<Created> {
    const refused = this.ledger.admit(address, this.now());
    if (refused !== null) refuse('too-many-rooms', refused);
    this.creating++;
    let ticket: string | null = null;
    try {
      // Several nodes: the address's rooms on every node count too.
      const shared = await this.creations?.admit(address, this.limits);
      if (shared && 'refused' in shared) refuse('too-many-rooms', shared.refused);
      ticket = shared && 'ticket' in shared ? shared.ticket : null;
      const open = await this.storage.countOpenRooms();
      // `creating` counts this request too: the others in flight are counted as if already made.
      if (open + this.creating > this.limits.maxOpen) refuse('too-many-rooms', `the server already holds ${this.limits.maxOpen} open rooms, its most; try again later`);
      const created = await this.createRoom(req);
      this.ledger.created(address, created.room);
      if (ticket !== null) this.creations?.created(address, ticket, created.room, this.limits);
      return created;
    } catch (e) {
      this.ledger.failed(address);
      if (ticket !== null) this.creations?.failed(address, ticket);
      throw e;
    } finally {
      this.creating--;
    }
  }

  /** The room started, closed or expired: it no longer counts as waiting against its address. */
  protected settled(id: string): void {
    this.ledger.settled(id);
    this.creations?.settled(id);
  }

  /** The setup is checked by dealing a game once (nothing is kept from it). */
  protected async createRoom(req: CreateRoomRequest): Promise<Created> {
    // A room played at a table (a human host, or the app hosting in person) is no stranger's game.
    if (req.public && req.mode !== 'online') refuse('public-not-online', `only an online room can be public (listed on /play); a ${req.mode} room is joined by its code`, { path: 'public' });
    const seed = this.newGameSeed();
    const deal: RoomDeal = { ...(req.composition ? { composition: req.composition } : {}), ...(req.modifications ? { modifications: req.modifications } : {}) };
    const trial = createGame({ preset: req.preset, players: req.seats, seed, options: req.options ?? {}, ...deal, ...(req.names ? { names: padNames(req.names, req.seats) } : {}) });
    if (!trial.ok) return refuse(trial.error.code, trial.error.message, { rule: trial.error.rule, path: trial.error.path });
    const timers = timersFor(req.preset, trial.game.state.options, req.timers);
    if (req.names && req.names.length > req.seats) refuse('bad-names', `${req.names.length} names for ${req.seats} seats`, { path: 'names' });
    // One key per room: the host's in a human room, the room admin's in an app or online room (its
    // hash goes in the same column; the room's mode says which it is).
    const controller = controllerMode(req.mode);
    const key = controller === 'host' ? newHostKey() : newAdminKey();
    for (let attempt = 0; ; attempt++) {
      const row: RoomRow = {
        id: newRoomId(), code: newRoomCode(), preset: req.preset, mode: req.mode, seats: req.seats,
        options: JSON.stringify(req.options ?? {}), names: JSON.stringify(req.names ?? []),
        timers: JSON.stringify(timers), deal: JSON.stringify(deal), seed, hostKeyHash: hashSecret(key), createdAt: this.now(), ended: false,
        ...(req.public ? { public: true } : {}), ...(req.language ? { language: req.language } : {}),
      };
      try {
        await this.storage.createRoom(row);
      } catch (e) {
        // A code already in use: draw another (31^6 codes, so this is rare).
        if (attempt < 5 && (await this.storage.roomByCode(row.code))) continue;
        throw e;
      }
      // Several nodes: the node that made the room holds it (nobody else knows of it yet).
      await this.placement?.take(row.id);
      const room = new Room(row);
      this.rooms.set(row.id, room);
      this.codes.set(row.code, row.id);
      this.idleLater(room);
      this.log.info({ room: row.id, code: row.code, preset: row.preset, seats: row.seats, mode: row.mode, public: row.public === true }, 'room created');
      const base = { room: row.id as RoomId, code: row.code as RoomCode, link: `/r/${row.code}` };
      return controller === 'host' ? { ...base, hostKey: key as CreatedRoom['hostKey'] & string } : { ...base, adminKey: key as CreatedRoom['adminKey'] & string };
    }
  }
}

function padNames(names: readonly string[], seats: number): string[] {
  return Array.from({ length: seats }, (_, i) => names[i] ?? `${i + 1}`);
}
