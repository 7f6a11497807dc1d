import { HOST, mayEndOwnTurn, seatNo, timeUpCommand, type Actor, type Command, type SeatNo } from '@mafia/engine';
import type { You } from '@mafia/protocol';
import { checkAdminCommand, controllerOf } from './admin.js';
import { refuse } from './errors.js';
import { duplicateAckFrame } from './frame.js';
import type { CommandBody } from './records.js';
import type { Room } from './room.js';
import { tapEntry } from './tap.js';
import { stageNow } from './stages.js';
import { RoomIdle } from './idle.js';
import { viewerOf } from './views.js';
import { toRecord, type Conn, type NextGameCheck } from './managerTypes.js';

export type { RenameOutcome } from './renaming.js';
export { DEFAULT_IDLE_MS, type ClaimRequest, type Conn, type Created, type ManagerSeams, type NextGameCheck } from './managerTypes.js';

/**
 * The rooms: every change to a room runs in that room's queue, one at a time, as
 * command → engine → durable append → take in → broadcast. Nothing is sent before the append
 * has resolved, so a crash can lose only what no client has seen.
 */
export class RoomManager extends RoomIdle {
  /** What the room's owner (a club table) says about the next game's seats (setNextGameCheck). */
  private nextGameCheck: NextGameCheck | null = null;

  async start(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'start the game');
    await this.run(room, conn, id, () => this.showingSeatCodes(room, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const made = room.startEntry(this.clock(), by, id);
      await this.commit(room, made.entry, made, conn, id);
      this.settled(room.row.id);
      this.log.info({ room: room.row.id }, 'game started');
    }));
  }

  /**
   * Once the game has ended: the next game at the same table, same seats and tokens, dealt anew.
   * The row is marked open before the entry is written: a crash in between leaves an open row
   * whose game is over, which loading repairs (loadRow); the other order could leave a running
   * game that a restart would not resume.
   */
  async nextGame(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'start the next game');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      // Renames held for the end of the game not applied yet (a restart in between): now, before the deal.
      if (room.ended && !room.closed && room.seatNames.held.size > 0) await this.applyHeldRenames(room);
      if (room.ended && !room.closed && this.nextGameCheck) {
        const no = await this.nextGameCheck(room.row.id, room.gameNo + 1);
        if (no) refuse(no.code, no.message, no.path ? { path: no.path } : {});
      }
      const made = room.nextEntry(by, this.newGameSeed(), this.clock(), id);
      if (this.closed) refuse('shutting-down', 'the server is shutting down; try again in a moment');
      await this.storage.markOpen(room.row.id);
      await this.commit(room, made.entry, made, conn, id);
      this.log.info({ room: room.row.id, game: room.gameNo }, 'next game started');
    });
  }

  /** The check a room's owner makes before each next game (the club's tables: their seats changed). */
  setNextGameCheck(check: NextGameCheck | null): void {
    this.nextGameCheck = check;
  }

  /** Host only: moves the running step's deadline (±10 s on a speech); logged, so the table screen and a restart agree. */
  async adjustTimer(conn: Conn, addSeconds: number, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'host') refuse('host-only', 'only the host may change the timer');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'host', id)) return;
      await this.clockEntry(room, room.timerEntry(addSeconds * 1000, this.clock(), id), conn, id);
    });
  }

  /**
   * Host only (human rooms): opens night step `step` on every screen. Logged like a moved deadline,
   * so a reload, a reconnect or a restarted server keeps it, and a new phone gets it in its welcome.
   */
  async openStep(conn: Conn, step: number, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'host') refuse('host-only', 'only the host opens a night step');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'host', id)) return;
      await this.clockEntry(room, room.stepEntry(step, this.clock(), id), conn, id);
    });
  }

  /** Host or room admin: closes the room for good; everybody in it gets the update, then it leaves memory. */
  async closeRoom(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'close the room');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const entry = room.closeEntry(by, id);
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      await this.storage.markEnded(room.row.id);
      room.commit(entry);
      this.settled(room.row.id);
      this.armTimer(room);
      this.broadcast(room, [entry], conn, id);
      this.log.info({ room: room.row.id }, 'room closed');
    });
  }

  /**
   * Host or room admin: stops the clock (`pause`) or starts it again (`resume`). Logged with the
   * running step's timer, so a restarted server keeps the pause and the time that was left.
   */
  async setPaused(conn: Conn, paused: boolean, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, paused ? 'stop the clock' : 'start the clock again');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const now = this.clock();
      await this.clockEntry(room, paused ? room.pauseEntry(by, now, id) : room.resumeEntry(by, now, id), conn, id);
    });
  }

  /** Room admin only: ends the running step now, as its timer running out would (`timeUp`, R-HOST-2). */
  async skip(conn: Conn, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'admin') refuse('admin-only', 'only the room admin of an app or online room may skip a step (a host ends it himself)');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'admin', id)) return;
      if (room.timer?.kind === 'cards') return this.endCardPause(room, 'admin', conn, id);
      const command = room.game ? timeUpCommand(room.game.state) : null;
      if (!command) refuse(room.game ? 'game-over' : 'not-started', room.game ? 'the game in this room is over' : 'the game has not started yet');
      await this.appCommand(room, 'admin', id ?? null, command!, conn);
    });
  }

  /** A game command from the host or a seat (acting for itself: the engine checks `by`). */
  async command(conn: Conn, id: string, command: Command): Promise<void> {
    const room = this.roomOf(conn);
    const you = conn.you!;
    if (you.as === 'spectator') return refuse('spectator', 'spectators cannot send commands');
    const by: CommandBody['by'] = you.as === 'seat' ? you.seat : you.as;
    await this.run(room, conn, id, async () => {
      // Whatever comes of it, the seat's person is here (idle.ts).
      if (you.as === 'seat') this.personActed(room, conn, you.seat);
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      if (you.as === 'admin') {
        checkAdminCommand(room, command);
        return this.appCommand(room, 'admin', id, command, conn);
      }
      const actor = this.actorFor(room, you, command);
      const t0 = stageNow();
      const made = room.commandEntry(by, id, command, actor, this.clock());
      this.stages.observe('engine', stageNow() - t0);
      await this.commit(room, made.entry, made, conn, id);
    });
  }

  /**
   * A seat's decoy tap (issue 23): its phone was tapped in a step where the seat has no act. Checked
   * as an act is (tap.ts), logged for that seat alone, and answered the way a command is — the
   * seat's `update` with `ack`, or `ack` with `duplicate` for a re-sent id — through the same queue,
   * append and broadcast, so nobody else gets anything whether a seat acted or tapped. A second tap
   * of the same step (a new id) is answered with the first one's duplicate `ack`: it is on record.
   */
  async tap(conn: Conn, id: string, by: number, step: number): Promise<void> {
    const room = this.roomOf(conn);
    const you = conn.you!;
    if (you.as === 'spectator') return refuse('spectator', 'spectators cannot send commands');
    if (you.as !== 'seat') return refuse('not-your-seat', 'a night tap is a seat\'s own: the host and the room admin have no seat', { path: 'by' });
    await this.run(room, conn, id, async () => {
      this.personActed(room, conn, you.seat);
      if (this.answeredAsDuplicate(conn, room, you.seat, id)) return;
      if (by !== you.seat) refuse('not-your-seat', `seat ${you.seat} cannot tap for seat ${by}`, { path: 'by' });
      const entry = tapEntry(room, by, id, step);
      // The seat's tap of this step is on record already (a reloaded phone tapped again): that one answers.
      const earlier = room.tappedAt(entry.body);
      if (earlier !== undefined) return conn.send(duplicateAckFrame(id, room.numbering.at(earlier, viewerOf(you))));
      await this.commit(room, entry, undefined, conn, id);
    });
  }

  /**
   * Seats act as themselves. When the app is the host, a speaker may also end his own speech (and
   * a player his own last words): the engine keeps those host commands, and its effect `ownTurn`
   * says whose turn runs, so the server sends them as the host for that seat.
   */
  private actorFor(room: Room, you: You, command: Command): Actor {
    if (you.as === 'host') return HOST;
    if (you.as !== 'seat') return refuse('spectator', 'spectators cannot send commands');
    const seat = seatNo(you.seat);
    // A seat speaks for itself only: refused here whatever the phase, before the engine looks at it.
    const who = (command as { by?: unknown }).by;
    if (who !== undefined && who !== seat) refuse('not-your-seat', `seat ${seat} cannot act for seat ${String(who)}`, { path: 'command.by' });
    if (mayEndOwnTurn(room.effects?.ownTurn ?? null, seat, command.type, room.row.mode !== 'human')) return HOST;
    return { kind: 'seat', seat };
  }
}
