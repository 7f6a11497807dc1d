import { HOST, type Command } from '@mafia/engine';
import { alertOf } from './admin.js';
import { refuse, RoomError } from './errors.js';
import { RoomCreation } from './creation.js';
import { toRecord, type Conn } from './managerTypes.js';
import { pauseTimer, resumeTimer } from './pause.js';
import type { Entry } from './records.js';
import type { Made, Room } from './room.js';
import { stageNow } from './stages.js';
import { onTestClock } from './testClock.js';
import { alertText } from './views.js';

/** Committing entries and the rooms' clocks: alarms, the app host's steps, holds (the manager's third layer). */
export abstract class RoomClockwork extends RoomCreation {
  /**
   * Appends, then takes in, then broadcasts: in that order, always. `made`: the game an engine
   * entry was made with and the engine's effects, executed here (the end marked, the timer armed).
   */
  protected async commit(room: Room, madeEntry: Entry, made: Made | undefined, sender: Conn | null, ack: string | undefined): Promise<void> {
    if (this.closed) refuse('shutting-down', 'the server is shutting down; try again in a moment');
    // The test clock (tests only) is applied where a step's timer is committed and armed, so the
    // log, every client and the alarm below all see the same deadline.
    const entry = onTestClock(madeEntry, room.timer, this.timeScale);
    const ends = !room.ended && made?.effects.ended === true;
    const t0 = stageNow();
    await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
    this.stages.observe('durable', stageNow() - t0);
    // The end is marked after its entry is written and before anyone hears of it (a crash in between
    // is repaired when the next start loads the room and finds its game over).
    // Should the database go away between the two, the entry is on the record all the same: the
    // room goes on, and the mark is repaired when the room is next loaded.
    if (ends) await this.storage.markEnded(room.row.id).catch((e: unknown) => this.log.warn({ room: room.row.id, err: e instanceof Error ? e.message : String(e) }, 'game end not marked yet'));
    room.commit(entry, made?.game, made?.effects);
    // A step's new timer is held before it is told, when nobody plays (armTimer below holds it
    // anyway): the update carries the clock as it stands, not one that runs until the next step.
    if (entry.kind !== 'claim') this.holdWhileNobodyPlays(room);
    this.broadcast(room, [entry], sender, ack);
    if (ends) {
      this.log.info({ room: room.row.id, winner: room.game?.state.winner }, 'game ended');
      // A finished game nobody watches leaves memory now (after this job: see `evictIfUnwatched`).
      if (!this.members.has(room.row.id)) queueMicrotask(() => this.evictIfUnwatched(room));
      // Renames asked during the game (a replacement) apply now that it is over; should that fail,
      // loading the room or its next game applies them.
      if (room.seatNames.held.size > 0) {
        await this.applyHeldRenames(room).catch((e: unknown) => this.log.warn({ room: room.row.id, err: e instanceof Error ? e.message : String(e) }, 'held renames not applied yet'));
      }
    }
    if (entry.kind !== 'claim') {
      // R-NIGHT-4: the app host ends a night on its timer only, never as soon as every act is in:
      // a night that ended early would tell the table that the acts were made (and how fast).
      this.armTimer(room);
    }
  }

  /**
   * An app-hosted game does not run without players (issue 12 point 10): while no seat is
   * connected its running step is held the way a pause holds it (the time left is kept), in memory
   * only, without a log entry; when a seat connects again the step goes on from there (bots are
   * not people: they hold nothing up and keep nothing running, but at a table of bots only). Nothing
   * is written for it, so an empty room costs no writes. A human room's clock is its host's.
   * The alarm consults this before it arms (armTimer).
   */
  protected holdWhileNobodyPlays(room: Room): void {
    const t = room.timer;
    if (room.row.mode === 'human' || room.paused || t === null) return;
    // A table of bots only (the room admin watching a practice game) has nobody to wait for.
    const present = this.seatConnected(room.row.id) || room.claims.every((c) => c?.bot !== undefined);
    if (!present && t.pausedAt === undefined) room.timer = pauseTimer(t, this.clock());
    // A held timer in a room that is not paused is this hold's (also one a command logged while held).
    else if (present && t.pausedAt !== undefined) room.timer = resumeTimer(t, this.clock());
  }

  /** A change of the room's clock (a moved deadline, a pause, a resume): logged, taken in, the alarm re-armed, told. */
  protected async clockEntry(room: Room, made: Entry, conn: Conn | null, id: string | undefined): Promise<void> {
    const entry = onTestClock(made, room.timer, this.timeScale);
    await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
    room.commit(entry);
    this.armTimer(room);
    this.broadcast(room, [entry], conn, id);
  }

  /**
   * The app as host (R-HOST-2): when a step's timer runs out, the server ends the step (`timeUp`),
   * whatever is missing. Nothing fires while the clock is stopped.
   */
  protected armTimer(room: Room): void {
    const id = room.row.id;
    const old = this.alarms.get(id);
    if (old) clearTimeout(old);
    this.alarms.delete(id);
    if (this.rebaseLater(room)) return;
    this.holdWhileNobodyPlays(room);
    const t = room.timer;
    // The card pause ends by the server's clock whoever hosts: it is no step a host decides.
    const hostless = room.row.mode !== 'human' || t?.kind === 'cards';
    if (this.closed || !hostless || t === null || t.pausedAt !== undefined || room.ended || room.closed) return;
    // This very timer's step was refused: reported once, it waits for the admin or a new timer.
    if (room.stuck?.timer === t) return;
    const alarm = setTimeout(() => {
      this.alarms.delete(id);
      void this.run(room, null, undefined, async () => {
        if (room.timer !== t) return;
        // A timer may fire a millisecond early (they round): no step ends before its deadline, so
        // the night after the card pause never starts before the pause is over.
        if (this.clock() < t.deadline) return this.armTimer(room);
        if (t.kind === 'cards') return this.endCardPause(room, 'app', null, undefined);
        const command = room.game && this.appStep(room.game.state);
        if (!command) return;
        try {
          await this.appCommand(room, 'app', null, command, null);
        } catch (e) {
          // A refusal was reported to the admin by appCommand: the room waits for him or the next
          // timer, it is not tried again. Storage trouble (nothing was written) is tried again shortly.
          if (!(e instanceof RoomError)) this.armAgainSoon(room);
          throw e;
        }
      });
    }, Math.max(0, t.deadline - this.clock()));
    alarm.unref?.();
    this.alarms.set(id, alarm);
  }

  /** The card pause is over: the night's timer starts (logged and told, like any change of the clock). */
  protected async endCardPause(room: Room, by: 'app' | 'admin', conn: Conn | null, id: string | undefined): Promise<void> {
    try {
      await this.clockEntry(room, room.cardsOverEntry(by, this.clock(), id), conn, id);
    } catch (e) {
      // Nothing was written: tried again shortly, as an alarm is.
      if (by === 'app' && !(e instanceof RoomError)) this.armAgainSoon(room);
      throw e;
    }
  }

  /** After storage trouble (nothing was written): the room's timer is armed again in a second, while the room is in memory. */
  protected armAgainSoon(room: Room): void {
    if (!this.closed) setTimeout(() => this.rooms.get(room.row.id) === room && this.armTimer(room), 1000).unref?.();
  }

  /**
   * A loaded room whose timer began (or stopped) later than this process's clock reads now, as after
   * a restart with the wall clock behind: its timer is re-based (clock.ts) in the room's queue,
   * logged and told, and that entry arms the alarm. True when it was queued. Only a loaded timer can
   * be ahead: every timer made by this process is made on its monotonic clock.
   */
  protected rebaseLater(room: Room): boolean {
    if (this.closed || room.rebaseEntry(this.clock()) === null) return false;
    void this.run(room, null, undefined, async () => {
      const entry = room.rebaseEntry(this.clock());
      if (entry === null) return this.armTimer(room);
      try {
        await this.clockEntry(room, entry, null, undefined);
      } catch (e) {
        // Nothing was written: tried again shortly, as an alarm is (armTimer).
        this.armAgainSoon(room);
        throw e;
      }
    });
    return true;
  }

  /**
   * A command of the app host (its timer's `timeUp`) or of the room admin (its `skip` or undo), sent
   * as the host. A refusal is logged at error level and, for the app's own step, reported to the
   * admin's connections once (an `alert`); the admin's own request gets it as its error.
   */
  protected async appCommand(room: Room, by: 'app' | 'admin', id: string | null, command: Command, sender: Conn | null): Promise<void> {
    let made: ReturnType<Room['commandEntry']>;
    try {
      const t0 = stageNow();
      made = room.commandEntry(by, id, command, HOST, this.clock());
      this.stages.observe('engine', stageNow() - t0);
    } catch (e) {
      if (!(e instanceof RoomError)) throw e;
      this.log.error({ room: room.row.id, by, code: e.refusal.code, rule: e.refusal.rule, command, err: e.refusal.message }, 'the engine refused the app host\'s command');
      if (by === 'app') {
        room.stuck = { timer: room.timer, alert: alertOf(e.refusal, command, this.clock()) };
        this.tell(room, ['admin'], alertText(room.stuck.alert));
      }
      throw e;
    }
    await this.commit(room, made.entry, made, sender, id ?? undefined);
  }

  /** Stops the timers and waits for the jobs already queued (their appends finish). */
  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.rooms.keys()]) this.dropBots(id);
    if (this.sweep !== null) clearInterval(this.sweep);
    for (const t of this.alarms.values()) clearTimeout(t);
    this.alarms.clear();
    for (const t of this.idle.values()) clearTimeout(t);
    this.idle.clear();
    await Promise.all([...this.tails.values()]);
  }
}
