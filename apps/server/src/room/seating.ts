import type { ParsedAuth, You } from '@mafia/protocol';
import { randomInt } from 'node:crypto';
import { secretMatches } from '../secrets.js';
import { controllerOf, refuseWrongKeyKind } from './admin.js';
import { claimMadeWith, newClaimSecret } from './claimKeys.js';
import { RoomClockwork } from './clockwork.js';
import { errorText, refuse } from './errors.js';
import { toRecord, type ClaimRequest, type Conn } from './managerTypes.js';
import type { Entry } from './records.js';
import { parseEntry } from './storedEntry.js';
import type { Room } from './room.js';
import { seatCodesText, viewerOf, welcomeText } from './views.js';

/** Entering a room and its seats: hello, claims, releases, seat codes, host keys (the manager's fourth layer). */
export abstract class RoomSeating extends RoomClockwork {
  /**
   * The log entries after the viewer's `lastSeq` (his own numbering, checked by `refuseLastSeqAhead`),
   * of the game being played only: each game at the table has its own log, and a viewer who saw
   * an earlier game gets this one from its `next` entry on.
   */
  protected async missed(room: Room, lastSeq: number | undefined, you: You): Promise<Entry[]> {
    if (lastSeq === undefined) return [];
    const after = Math.max(room.numbering.position(lastSeq, viewerOf(you)), room.gameFrom - 1);
    if (after >= room.seq) return [];
    const records = await this.storage.readLog(room.row.id, after);
    return records.filter((r) => r.seq <= room.seq).map((r) => parseEntry(r.seq, r.kind, r.body));
  }

  /** Enters a room as the host (key), a claimed seat (token) or a spectator; sends what was missed. */
  async hello(conn: Conn, code: string, auth: ParsedAuth, lastSeq: number | undefined): Promise<void> {
    const room = await this.roomOrRefuse(code);
    await this.run(room, conn, undefined, async () => {
      let you: You;
      if (auth.as === 'host' || auth.as === 'admin') {
        refuseWrongKeyKind(room.row.mode, auth.as);
        if (!secretMatches(auth.key, room.row.hostKeyHash)) refuse('bad-key', `wrong ${auth.as === 'host' ? 'host' : 'room-admin'} key for this room`, { path: 'auth.key' });
        you = { as: auth.as };
      } else if (auth.as === 'seat') {
        const claim = room.claims[auth.seat - 1];
        if (!claim) refuse('seat-not-claimed', `seat ${auth.seat} has not been claimed; claim it first`, { path: 'auth.seat' });
        if (!secretMatches(auth.token, claim!.tokenHash)) refuse('bad-token', `wrong token for seat ${auth.seat}`, { path: 'auth.token' });
        you = { as: 'seat', seat: auth.seat };
      } else you = { as: 'spectator' };
      refuseLastSeqAhead(room, you, lastSeq);
      const missed = await this.missed(room, lastSeq, you);
      this.join(conn, room, you);
      conn.send(welcomeText(room, you, missed));
      if ((you.as === 'host' || you.as === 'admin') && room.started) conn.send(seatCodesText(room));
      this.welcomed(conn, room, you);
    });
  }

  /**
   * Claims a free seat: the token is made here, sent once, and only its hash is logged. After the
   * start the seat's code is needed (seatCodes.ts). A claim re-sent with the key of a claim already
   * made gets that seat and token again, and nothing is logged or told (claimKeys.ts).
   */
  async claim(conn: Conn, code: string, c: ClaimRequest): Promise<void> {
    const room = await this.roomOrRefuse(code);
    await this.run(room, conn, undefined, () => this.showingSeatCodes(room, async () => {
      const retried = c.key === undefined ? null : claimMadeWith(room.claims, c.seat, c.key);
      if (retried) {
        const you: You = { as: 'seat', seat: retried.seat };
        refuseLastSeqAhead(room, you, c.lastSeq);
        const missed = await this.missed(room, c.lastSeq, you);
        this.join(conn, room, you);
        conn.send(welcomeText(room, you, missed, retried.token));
        return this.welcomed(conn, room, you);
      }
      // Drawn inside the room's queue, so two players drawing at once never get the same seat.
      const seat = c.seat === 'draw' ? room.drawSeat(randomInt) : c.seat;
      const you: You = { as: 'seat', seat };
      refuseLastSeqAhead(room, you, c.lastSeq);
      const secret = newClaimSecret(c.key);
      const entry = room.claimEntry(seat, c.name, secret, c.seatCode);
      const missed = await this.missed(room, c.lastSeq, you);
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      room.commit(entry);
      this.leave(conn);
      this.broadcast(room, [entry], null, undefined);
      this.join(conn, room, you);
      conn.send(welcomeText(room, you, missed, secret.token));
      this.welcomed(conn, room, you);
    }));
  }

  /**
   * Runs `job`, then, if a seat code came, went or was replaced meanwhile, sends the new list to
   * the host's (or room admin's) connections: they alone show the codes.
   */
  protected async showingSeatCodes(room: Room, job: () => Promise<void>): Promise<void> {
    const before = room.seatCodes.version;
    try {
      await job();
    } finally {
      if (room.seatCodes.version !== before) this.tell(room, ['host', 'admin'], seatCodesText(room));
    }
  }

  /**
   * The room's host key was replaced by its owner (a club table handed to another host; the row
   * is already stored): the room takes the new hash, and the host connections of the old key are
   * told (an error `host-handed-over`, `message` in words) and leave the room.
   */
  hostKeyChanged(roomId: string, hostKeyHash: string, message: string): void {
    const room = this.rooms.get(roomId);
    if (!room || room.row.hostKeyHash === hostKeyHash) return;
    room.row = { ...room.row, hostKeyHash };
    for (const c of [...(this.members.get(roomId) ?? [])]) {
      if (c.you?.as === 'host') {
        c.send(errorText({ code: 'host-handed-over', message }));
        this.leave(c);
      }
    }
  }

  /** Host or room admin: frees a claimed seat. Its connections are told (an error `seat-released`) and leave the room. */
  async release(conn: Conn, seat: number, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'release a seat');
    await this.run(room, conn, id, () => this.showingSeatCodes(room, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      const entry = room.releaseEntry(seat, by, id);
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      room.commit(entry);
      for (const c of [...(this.members.get(room.row.id) ?? [])]) {
        if (c.you?.as === 'seat' && c.you.seat === seat) {
          c.send(errorText({ code: 'seat-released', message: `the ${by === 'host' ? 'host' : 'room admin'} released seat ${seat}; claim a seat again to play` }));
          this.leave(c);
        }
      }
      this.broadcast(room, [entry], conn, id);
    }));
  }
}

/** A `lastSeq` past the viewer's own last entry is refused (it counts in the viewer's numbering: numbering.ts). */
function refuseLastSeqAhead(room: Room, you: You, lastSeq: number | undefined): void {
  if (lastSeq === undefined) return;
  const last = room.numbering.last(room.seq, viewerOf(you));
  if (lastSeq > last) refuse('bad-last-seq', `lastSeq ${lastSeq} is ahead of what you have been sent (${last})`, { path: 'lastSeq' });
}
