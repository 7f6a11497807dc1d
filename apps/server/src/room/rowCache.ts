import type { RoomRow, Storage } from '../storage/types.js';
import type { Placement } from './managerTypes.js';

/** How long a row of a room held elsewhere is kept (ms). */
const KEPT_MS = 10_000;

/**
 * Rooms' rows by code. One process reads them from storage each time (a room in memory is found
 * before this is asked). Several nodes keep the rows of rooms another node holds a few seconds: when
 * a node dies, its clients' hellos are tried again every half second until the room is held again,
 * and each would read the row anew, queueing before the reads of the nodes taking the rooms over. A
 * row never changes but for `ended`, which loading reads from the log anyway.
 */
export class RoomRows {
  private readonly elsewhere = new Map<string, { row: RoomRow; until: number }>();

  constructor(private readonly storage: Storage, private readonly placement: Placement | null) {}

  async byCode(code: string): Promise<RoomRow | undefined> {
    if (this.placement === null) return this.storage.roomByCode(code);
    const kept = this.elsewhere.get(code);
    if (kept && kept.until > Date.now()) return kept.row;
    this.elsewhere.delete(code);
    const row = await this.storage.roomByCode(code);
    if (row && !this.placement.holds(row.id)) {
      if (this.elsewhere.size >= 10_000) this.elsewhere.clear();
      this.elsewhere.set(code, { row, until: Date.now() + KEPT_MS });
    }
    return row;
  }
}
