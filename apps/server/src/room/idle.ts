import { randomInt } from 'node:crypto';
import type { GameEvent, IdleStage } from '@mafia/engine';
import { PROTOCOL_VERSION, type You } from '@mafia/protocol';
import { BotSeat } from './botSeat.js';
import { ROOM_BOT_KIND, THINK_MS, nextBotId } from './bots.js';
import { RoomChat } from './chat.js';
import { refuse } from './errors.js';
import { frame } from './frame.js';
import type { Conn } from './managerTypes.js';
import type { Entry } from './records.js';
import type { Room } from './room.js';
import { updateText, welcomeText } from './views.js';

/** A seat whose connection was lost (or whose room was just loaded: a restart) is not counted idle for this long (ms). */
export const IDLE_GRACE_MS = 60_000;
/** The steps a player must act in: a required night act, a vote. A speech that runs to its time is no miss. */
const MISSED: ReadonlySet<IdleStage> = new Set(['night', 'vote', 'lift', 'rake']);
/** Of those, the ones the whole table sees (the day's): the only ones the admin's list counts. */
const PUBLIC: ReadonlySet<IdleStage> = new Set(['vote', 'lift', 'rake']);

interface SeatIdle { misses: number; publicMisses: number }

/**
 * Idle players of online rooms (issue 26, point 4; the manager's eighth layer). When a step ends on
 * its timer (R-HOST-2) the engine names the seats it waited for (`SeatsIdle`); a person's seat that
 * missed a required act or a vote is told so on its own connections (`idle`: the phone warns with a
 * sound), and after the room's limit of misses in a row (`idleLimit`, 2 unless the admin set another) a stand-in bot plays it until he sends anything.
 * - Nobody else learns of a night miss or of the stand-in: a missed night act is the seat's secret
 *   (R-NIGHT-4), so the stand-in is no claim and no log entry; it sends the seat's commands through
 *   the seat's own path, as the person would. The admin's list (`idleSeats`) counts public misses
 *   only, reset by the seat's public acts: what the whole table saw.
 * - Nobody is punished for the server's fault: a seat without a connection that lost it less than
 *   IDLE_GRACE_MS ago, or any seat of a room loaded (a restart) less than that ago, is not counted.
 * In memory only: after a restart every seat starts from 0 (the grace would cover it anyway).
 */
export abstract class RoomIdle extends RoomChat {
  private readonly idleSeats = new Map<string, Map<number, SeatIdle>>();
  private readonly standIns = new Map<string, Map<number, BotSeat>>();
  private readonly lostAt = new Map<string, Map<number, number>>();
  private readonly loadedAt = new Map<string, number>();

  /** Host or room admin: the missed steps in a row after which a bot stands in (logged, public: the table's rule). */
  setIdleLimit(conn: Conn, limit: number, id: string | undefined): Promise<void> {
    return this.onlineRule(conn, id, 'set the idle limit', (room, by) => {
      if (room.idleLimit === limit) refuse('idle-limit-unchanged', `the idle limit is already ${limit}`, { path: 'limit' });
      return { kind: 'idleLimit', body: { by, limit, ...(id !== undefined ? { id } : {}) } };
    });
  }

  /** The seat's person is back (`back`): his stand-in stops and his misses count from 0. */
  async back(conn: Conn): Promise<void> {
    const room = this.roomOf(conn);
    const you = conn.you!;
    if (you.as !== 'seat') refuse('not-your-seat', 'only a seat comes back from being idle');
    await this.run(room, conn, undefined, async () => {
      this.personActed(room, conn, you.as === 'seat' ? you.seat : 0);
      conn.send(this.idleText(room, you.as === 'seat' ? you.seat : 0));
    });
  }

  /** A seat's own command or tap (manager.ts): if its person sent it, he is not idle, and a stand-in gives the seat back. */
  protected personActed(room: Room, conn: Conn, seat: number): void {
    if (conn instanceof BotSeat) return;
    const idle = this.idleSeats.get(room.row.id)?.get(seat);
    const standIn = this.standIns.get(room.row.id)?.get(seat);
    if (standIn) {
      standIn.stop();
      this.standIns.get(room.row.id)!.delete(seat);
    }
    if (idle && idle.misses > 0) {
      idle.misses = 0;
      this.tellSeat(room, seat);
    } else if (standIn) this.tellSeat(room, seat);
  }

  protected override tellBots(room: Room, entries: readonly Entry[]): void {
    super.tellBots(room, entries);
    const standIns = this.standIns.get(room.row.id);
    if (standIns) {
      for (const [seat, bot] of standIns) {
        // The seat changed hands (released, renamed, given to a bot): its stand-in has no one to stand in for.
        if (!room.claims[seat - 1] || room.claims[seat - 1]!.bot || room.closed) {
          bot.stop();
          standIns.delete(seat);
          continue;
        }
        const text = updateText(room, entries, bot.you!);
        if (text !== null) bot.send(text);
      }
    }
  }

  /** The misses an entry tells of, once everybody has its update: the warning comes after the step that ended. */
  protected override broadcasted(room: Room, entries: readonly Entry[]): void {
    if (room.row.mode === 'online') for (const e of entries) this.noteEntry(room, e);
  }

  private noteEntry(room: Room, e: Entry): void {
    if (e.kind !== 'command' && e.kind !== 'start' && e.kind !== 'next') return;
    if (e.kind === 'command' && typeof e.body.by === 'number' && e.body.to === undefined) this.publicAct(room, e.body.by);
    for (const ev of e.body.events) if (ev.type === 'SeatsIdle' && MISSED.has(ev.stage)) this.missedStep(room, ev);
  }

  /** A seat acted where everybody saw it: its public misses count from 0. */
  private publicAct(room: Room, seat: number): void {
    const idle = this.idleSeats.get(room.row.id)?.get(seat);
    if (!idle || idle.publicMisses === 0) return;
    idle.publicMisses = 0;
    this.tellAdmins(room);
  }

  private missedStep(room: Room, ev: Extract<GameEvent, { type: 'SeatsIdle' }>): void {
    const now = this.clock();
    const id = room.row.id;
    const grace = IDLE_GRACE_MS * this.timeScale;
    if (now - (this.loadedAt.get(id) ?? -Infinity) < grace) return;
    let seats = this.idleSeats.get(id);
    if (!seats) this.idleSeats.set(id, (seats = new Map()));
    let admins = false;
    for (const seat of ev.seats) {
      const claim = room.claims[seat - 1];
      if (!claim || claim.bot || this.standIns.get(id)?.has(seat)) continue;
      // A seat away for less than the grace: the server lost it (or it is between two pages), not its person.
      if (!this.seatPresent(id, seat) && now - (this.lostAt.get(id)?.get(seat) ?? -Infinity) < grace) continue;
      let idle = seats.get(seat);
      if (!idle) seats.set(seat, (idle = { misses: 0, publicMisses: 0 }));
      idle.misses++;
      if (PUBLIC.has(ev.stage)) {
        idle.publicMisses++;
        admins = true;
      }
      if (idle.misses >= room.idleLimit) this.standIn(room, seat);
      this.tellSeat(room, seat);
    }
    if (admins) this.tellAdmins(room);
  }

  /** Whether a person's connection of the seat is in the room now (bots are no members). */
  private seatPresent(roomId: string, seat: number): boolean {
    for (const c of this.members.get(roomId) ?? []) if (c.you?.as === 'seat' && c.you.seat === seat) return true;
    return false;
  }

  /** A bot plays the seat for its person from now on (the seat's own frames, its own commands). */
  private standIn(room: Room, seat: number): void {
    const id = room.row.id;
    let seated = this.standIns.get(id);
    if (!seated) this.standIns.set(id, (seated = new Map()));
    if (seated.has(seat)) return;
    const scale = this.timeScale;
    const bot = new BotSeat({
      id: nextBotId(), roomId: id, seat, kind: ROOM_BOT_KIND, seed: randomInt(2 ** 31),
      command: (c, cid, command) => this.command(c, cid, command),
      thinkMs: [THINK_MS[0] * scale, THINK_MS[1] * scale],
    });
    seated.set(seat, bot);
    bot.send(welcomeText(room, bot.you!, []));
    this.log.info({ room: id, seat }, 'a bot stands in for an idle player');
  }

  private idleText(room: Room, seat: number): string {
    const misses = this.idleSeats.get(room.row.id)?.get(seat)?.misses ?? 0;
    return frame({ v: PROTOCOL_VERSION, type: 'idle', misses, limit: room.idleLimit, standIn: this.standIns.get(room.row.id)?.has(seat) ?? false });
  }

  private idleSeatsText(room: Room): string {
    const seats = [...(this.idleSeats.get(room.row.id) ?? [])].filter(([, i]) => i.publicMisses > 0).sort((a, b) => a[0] - b[0]);
    return frame({ v: PROTOCOL_VERSION, type: 'idleSeats', seats: seats.map(([seat, i]) => ({ seat, misses: i.publicMisses })) });
  }

  private tellSeat(room: Room, seat: number): void {
    const text = this.idleText(room, seat);
    for (const c of this.members.get(room.row.id) ?? []) if (c.you?.as === 'seat' && c.you.seat === seat) c.send(text);
  }

  private tellAdmins(room: Room): void {
    this.tell(room, ['host', 'admin'], this.idleSeatsText(room));
  }

  /** After a welcome: a seat's phone learns where it stands (a stand-in may be playing), the admin who is idle. */
  protected override welcomed(conn: Conn, room: Room, you: You): void {
    if (room.row.mode !== 'online' || !room.started) return;
    if (you.as === 'seat') {
      const idle = this.idleSeats.get(room.row.id)?.get(you.seat);
      if ((idle?.misses ?? 0) > 0 || this.standIns.get(room.row.id)?.has(you.seat)) conn.send(this.idleText(room, you.seat));
    } else if (you.as === 'host' || you.as === 'admin') conn.send(this.idleSeatsText(room));
  }

  override leave(conn: Conn): void {
    const id = conn.roomId;
    if (id !== null && conn.you?.as === 'seat') {
      let lost = this.lostAt.get(id);
      if (!lost) this.lostAt.set(id, (lost = new Map()));
      lost.set(conn.you.seat, this.clock());
    }
    super.leave(conn);
  }

  protected override async loadRow(row: Parameters<RoomChat['loadRow']>[0]): Promise<Room> {
    const room = await super.loadRow(row);
    this.loadedAt.set(row.id, this.clock());
    return room;
  }

  protected override dropBots(roomId: string): void {
    super.dropBots(roomId);
    for (const bot of this.standIns.get(roomId)?.values() ?? []) bot.stop();
    this.standIns.delete(roomId);
  }

  protected override evict(room: Room): void {
    super.evict(room);
    for (const m of [this.idleSeats, this.lostAt]) m.delete(room.row.id);
    this.loadedAt.delete(room.row.id);
  }

  /** The seats a stand-in plays in a room in memory (tests). */
  standInSeats(roomId: string): number[] {
    return [...(this.standIns.get(roomId)?.keys() ?? [])].sort((a, b) => a - b);
  }
}
