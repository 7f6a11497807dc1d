import type { Viewer } from '@mafia/engine';
import type { Entry } from './records.js';

/**
 * R-NIGHT-4, §10: a night act is seen by its author and the host only. Numbering one log for
 * everybody would still give it away — a civilian's next `seq` would jump over the acts he was not
 * sent, so the jump would count the night's acts. So each viewer counts only the entries he may
 * see: the host every entry (his `seq` is the log's), a seat the public entries and his own acts, a
 * spectator the public entries.
 *
 * Whether an entry is private is a fact of the entry alone (a night act, whoever entered it), never
 * of the state, so the numbering of an entry never changes later (not at the end of the game either).
 */

/** The seat a private entry belongs to (a night act: its author), or null for a public entry. */
export function privateTo(e: Entry): number | null {
  return e.kind === 'command' && e.body.command.type === 'act' ? e.body.command.by : null;
}

/** Whether the viewer may learn anything from the entry (a private entry: its seat and the host only). */
export function visibleTo(e: Entry, viewer: Viewer): boolean {
  if (viewer.kind === 'host') return true;
  const owner = privateTo(e);
  return owner === null || (viewer.kind === 'seat' && viewer.seat === owner);
}

const seatOf = (viewer: Viewer): number => (viewer.kind === 'seat' ? viewer.seat : 0);

/** The private entries of one room log, in order: enough to number it for any viewer. */
export class ViewerNumbering {
  /** Log seqs of the private entries, ascending, and the seat each belongs to. */
  private readonly seqs: number[] = [];
  private readonly owners: number[] = [];
  /** Private entries per seat (index = seat; 0 unused). */
  private readonly perSeat: number[];

  constructor(seats: number) {
    this.perSeat = new Array<number>(seats + 1).fill(0);
  }

  /** Takes in the next entry of the log. */
  note(e: Entry): void {
    const owner = privateTo(e);
    if (owner === null) return;
    this.seqs.push(e.seq);
    this.owners.push(owner);
    if (owner >= 1 && owner < this.perSeat.length) this.perSeat[owner]++;
  }

  /** The viewer's number for the log entry `logSeq` (or, for an entry hidden from him, his last number before it). */
  at(logSeq: number, viewer: Viewer): number {
    if (viewer.kind === 'host') return logSeq;
    const mine = seatOf(viewer);
    let hidden = 0;
    for (let k = 0; k < this.seqs.length && this.seqs[k] <= logSeq; k++) if (this.owners[k] !== mine) hidden++;
    return logSeq - hidden;
  }

  /** The viewer's number for the whole log of `logSeq` entries (the fast path of `at` for the last entry). */
  last(logSeq: number, viewer: Viewer): number {
    if (viewer.kind === 'host') return logSeq;
    const mine = seatOf(viewer);
    return logSeq - (this.seqs.length - (mine >= 1 && mine < this.perSeat.length ? this.perSeat[mine] : 0));
  }

  /**
   * The log position a viewer's `lastSeq` stands for: the log seq of his `lastSeq`-th visible entry
   * (0 for none). Everything he has not seen comes after it.
   */
  position(viewerSeq: number, viewer: Viewer): number {
    if (viewer.kind === 'host' || viewerSeq <= 0) return Math.max(0, viewerSeq);
    const mine = seatOf(viewer);
    let pos = viewerSeq;
    for (let k = 0; k < this.seqs.length && this.seqs[k] <= pos; k++) if (this.owners[k] !== mine) pos++;
    return pos;
  }
}
