import { errorText, refuse, RoomError } from './errors.js';
import { toRecord, type Conn } from './managerTypes.js';
import type { Entry } from './records.js';
import type { RenameEntry } from './renames.js';
import type { Room } from './room.js';
import { RoomSeating } from './seating.js';

/** What a rename did: applied now (between games, before the start) or held for the end of the running game. */
export type RenameOutcome = 'applied' | 'held';

/**
 * Renaming a seat (issue 24: a replacement plays a leaver's seat in the same room): the host's
 * `rename`, or the room's owner (the club's check-out with a replacement). Never mid-game: asked
 * during a game, the rename is logged as held and applied when the game ends (the manager's fifth layer).
 */
export abstract class RoomRenames extends RoomSeating {
  /** Host only (the console): renames a seat of his room. */
  async rename(conn: Conn, seat: number, name: string, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    if (conn.you?.as !== 'host') refuse('host-only', 'only the host renames a seat');
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, 'host', id)) return;
      await this.writeRename(room, room.renameEntry(seat, name, 'host', id), conn, id);
    });
  }

  /**
   * The room's owner renames a seat (a club table's replacement): by room code, in the room's
   * queue. Resolves with what it did; a refusal (no such room, a closed room, a bad name) rejects
   * with its RoomError.
   */
  async renameSeat(code: string, seat: number, name: string): Promise<RenameOutcome> {
    const room = await this.byCode(code);
    if (!room) return refuse('no-room', `there is no room with the code ${code}`, { path: 'room' });
    let outcome: RenameOutcome | null = null;
    let failure: unknown = null;
    await this.run(room, null, undefined, async () => {
      try {
        const entry = room.renameEntry(seat, name, 'owner');
        await this.writeRename(room, entry, null, undefined);
        outcome = entry.body.held ? 'held' : 'applied';
      } catch (e) {
        failure = e;
      }
    });
    if (failure !== null) throw failure instanceof RoomError ? failure : new Error(String(failure instanceof Error ? failure.message : failure));
    return outcome!;
  }

  /** The renames held for the end of the game, written as applied (by the server) once it is over. */
  protected async applyHeldRenames(room: Room): Promise<void> {
    if (!room.ended || room.closed) return;
    for (const entry of room.seatNames.applyEntries(room.seq + 1)) await this.writeRename(room, { ...entry, seq: room.seq + 1 }, null, undefined);
  }

  /**
   * Logged, taken in, told. An applied rename ends the seat's claim: everybody gets the update
   * first (the leaver's phone learns the new name), then the seat's connections are told
   * (`seat-renamed`) and leave the seat; the host's device gets the seat's new code.
   */
  private async writeRename(room: Room, entry: RenameEntry, sender: Conn | null, id: string | undefined): Promise<void> {
    if (this.closed) refuse('shutting-down', 'the server is shutting down; try again in a moment');
    await this.showingSeatCodes(room, async () => {
      await this.storage.append(room.row.id, [toRecord(entry as Entry, this.now())]);
      room.commit(entry);
      this.broadcast(room, [entry], sender, id);
      if (entry.body.held) return;
      const { seat, name } = entry.body;
      for (const c of [...(this.members.get(room.row.id) ?? [])]) {
        if (c.you?.as === 'seat' && c.you.seat === seat) {
          c.send(errorText({ code: 'seat-renamed', message: `seat ${seat} is ${name}'s from the next game (a replacement): this device no longer holds it`, path: 'seat' }));
          this.leave(c);
        }
      }
    });
  }
}
