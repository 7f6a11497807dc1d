import type { Audience, Viewer } from '@mafia/engine';
import type { CommandBody, Entry } from './records.js';

/**
 * R-NIGHT-4, §10: a night act is seen by its author and the host only. Numbering one log for
 * everybody would still give it away — a civilian's next `seq` would jump over the acts he was not
 * sent, so the jump would count the night's acts. So each viewer counts only the entries he may
 * see: the host every entry but the seats' decoy taps (without taps his `seq` is the log's), a seat
 * the public entries and the private ones addressed to him (his own taps among them), a spectator
 * the public entries.
 *
 * Whether an entry is private, and to whom, is decided once, when it is written: the engine's
 * audience effect, joined with the sender by `addressOf` and stored as the command's `to`; never
 * from the state later, so the numbering of an entry never changes (not at the end of the game, not
 * when a restart rebuilds it from the log). An entry written before `to` existed keeps the old
 * rule: a night act is its author's, the rest is public.
 */

/**
 * Whom a command entry is addressed to, executing the engine's audience effect (`audience`: who
 * hears each of its events): null for everybody, else the seats that hear at least one of them
 * (the host always does). An entry with no events at all stays public, as before `to` existed.
 * Issue 12: a hidden change (a role that changed, the mafia's victim list) must not reach, nor be
 * counted by, anybody who may not see it, or the bare arrival of an update would tell that it happened.
 */
export function addressOf(audience: readonly Audience[], sender: CommandBody['by']): readonly number[] | null {
  if (audience.length === 0 || audience.includes('everyone')) return null;
  const to = new Set<number>();
  // The seat that sent it knows it did (and waits for its ack), whatever of it he may see.
  if (typeof sender === 'number') to.add(sender);
  for (const seats of audience) if (seats !== 'everyone') for (const seat of seats) to.add(seat);
  return [...to].sort((a, b) => a - b);
}

/** The seats a private entry is addressed to (besides the host, unless `hostSees` says not), or null for a public entry. */
export function privateTo(e: Entry): readonly number[] | null {
  // A decoy tap (issue 23) is its seat's alone.
  if (e.kind === 'tap') return [e.body.by];
  // The mafia's meeting and the dead's chat: their readers, fixed when the line was written (chat.ts).
  if (e.kind === 'chat') return e.body.to ?? null;
  if (e.kind !== 'command') return null;
  if (e.body.to !== undefined) return e.body.to;
  return e.body.command.type === 'act' ? [e.body.command.by] : null;
}

/**
 * Whether the host learns of the entry: of every one but a seat's decoy tap (issue 23), which
 * records only that a phone was tapped where its seat had nothing to do. The host's console has no
 * use for it, and a tap per phone per step would bury his history.
 */
export const hostSees = (e: Entry): boolean => e.kind !== 'tap';

/** Whether the viewer may learn anything from the entry (a private entry: its seats and the host only). */
export function visibleTo(e: Entry, viewer: Viewer): boolean {
  if (viewer.kind === 'host') return hostSees(e);
  const to = privateTo(e);
  return to === null || (viewer.kind === 'seat' && to.includes(viewer.seat));
}

/** Who counts the entries in `owners`: a seat by its number, the host as HOST_OWNER, a spectator as 0 (no private entry is his). */
const HOST_OWNER = -1;
const ownerOf = (viewer: Viewer): number => (viewer.kind === 'seat' ? viewer.seat : viewer.kind === 'host' ? HOST_OWNER : 0);

/**
 * The private entries of one room log, in order: enough to number it for any viewer. The host
 * counts every entry but the seats' decoy taps, so while there are none his numbering is the log's.
 */
export class ViewerNumbering {
  /** Log seqs of the private entries, ascending, and who each is addressed to (seats, and HOST_OWNER when the host sees it). */
  private readonly seqs: number[] = [];
  private readonly owners: (readonly number[])[] = [];
  /** Private entries addressed to each seat (index = seat; 0 unused). */
  private readonly perSeat: number[];
  /** Private entries the host sees (all but the decoy taps). */
  private forHost = 0;

  constructor(seats: number) {
    this.perSeat = new Array<number>(seats + 1).fill(0);
  }

  /** Takes in the next entry of the log. */
  note(e: Entry): void {
    const to = privateTo(e);
    if (to === null) return;
    const host = hostSees(e);
    this.seqs.push(e.seq);
    this.owners.push(host ? [...to, HOST_OWNER] : to);
    if (host) this.forHost++;
    for (const seat of to) if (seat >= 1 && seat < this.perSeat.length) this.perSeat[seat]++;
  }

  /** The viewer's number for the log entry `logSeq` (or, for an entry hidden from him, his last number before it). */
  at(logSeq: number, viewer: Viewer): number {
    if (viewer.kind === 'host' && this.forHost === this.seqs.length) return logSeq;
    const mine = ownerOf(viewer);
    let hidden = 0;
    for (let k = 0; k < this.seqs.length && this.seqs[k] <= logSeq; k++) if (!this.owners[k].includes(mine)) hidden++;
    return logSeq - hidden;
  }

  /** The viewer's number for the whole log of `logSeq` entries (the fast path of `at` for the last entry). */
  last(logSeq: number, viewer: Viewer): number {
    if (viewer.kind === 'host') return logSeq - (this.seqs.length - this.forHost);
    const mine = ownerOf(viewer);
    return logSeq - (this.seqs.length - (mine >= 1 && mine < this.perSeat.length ? this.perSeat[mine] : 0));
  }

  /**
   * The log position a viewer's `lastSeq` stands for: the log seq of his `lastSeq`-th visible entry
   * (0 for none). Everything he has not seen comes after it.
   */
  position(viewerSeq: number, viewer: Viewer): number {
    if (viewerSeq <= 0) return Math.max(0, viewerSeq);
    if (viewer.kind === 'host' && this.forHost === this.seqs.length) return viewerSeq;
    const mine = ownerOf(viewer);
    let pos = viewerSeq;
    for (let k = 0; k < this.seqs.length && this.seqs[k] <= pos; k++) if (!this.owners[k].includes(mine)) pos++;
    return pos;
  }
}
