import type { BotKind } from '@mafia/bots';
import type { Command } from '@mafia/engine';
import { randomInt } from 'node:crypto';
import { controllerOf } from './admin.js';
import { refuse } from './errors.js';
import { BotSeat } from './botSeat.js';
import { newClaimSecret } from './claimKeys.js';
import { toRecord, type Conn } from './managerTypes.js';
import { RoomRenames } from './renaming.js';
import type { Room } from './room.js';
import type { Entry } from './records.js';
import { updateText, welcomeText } from './views.js';

/** The policy a room's bots play: the project's best (issue 26: "the project's best bot policy"). */
export const ROOM_BOT_KIND: BotKind = 'heuristic';
/** A bot's think time before each decision at real time (ms): inside the shortest night step (3 s). */
export const THINK_MS: readonly [number, number] = [400, 1800];
/** The entries after which the room's bots may differ from its claims (a claim, a release, a rename, a close, the next game). */
const SEATING_KINDS: ReadonlySet<Entry['kind']> = new Set(['claim', 'release', 'rename', 'close', 'next']);
/** Bot connections are numbered apart from the sockets' (negative), so no id is shared. */
let nextBotConnId = -1;
export const nextBotId = (): number => nextBotConnId--;

/**
 * Bots in rooms (issue 26 point 3; the manager's sixth layer). The room admin of an app or online
 * room gives a free seat to a bot; the claim is logged with the bot's kind, so a restarted server
 * seats the same bots again. A bot is not one of the room's members: it never keeps a room in
 * memory nor holds its clock running for a table nobody is at (`seatConnected` counts people). It
 * gets the seat's frames beside them (hub.ts `broadcast`) and sends its commands through `command`.
 */
export abstract class RoomBots extends RoomRenames {
  protected readonly bots = new Map<string, Map<number, BotSeat>>();

  /** Room admin only: a bot plays the free seat `seat` from now on. */
  async addBot(conn: Conn, seat: number, name: string | undefined, id: string | undefined): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, 'give a seat to a bot');
    if (by !== 'admin') refuse('bots-need-app-host', 'bots play only where the app is the host (app and online rooms): at a human host\'s table every seat is a person');
    await this.run(room, conn, id, () => this.showingSeatCodes(room, async () => {
      if (this.answeredAsDuplicate(conn, room, 'admin', id)) return;
      const entry = room.claimEntry(seat, name, newClaimSecret(undefined), undefined, { kind: ROOM_BOT_KIND, ...(id !== undefined ? { id } : {}) });
      await this.storage.append(room.row.id, [toRecord(entry, this.now())]);
      room.commit(entry);
      this.broadcast(room, [entry], conn, id);
      this.log.info({ room: room.row.id, seat }, 'a bot took a seat');
    }));
  }

  /** The bots of the room's seats as its claims say: new ones are seated (with the seat's welcome), gone ones stop. */
  protected syncBots(room: Room): void {
    const id = room.row.id;
    let seated = this.bots.get(id);
    for (const [seat, bot] of seated ?? []) {
      const claim = room.claims[seat - 1];
      if (!claim || claim.bot !== bot.kind || room.closed) {
        bot.stop();
        seated!.delete(seat);
      }
    }
    if (room.closed) return void this.bots.delete(id);
    room.claims.forEach((claim, i) => {
      const seat = i + 1;
      if (!claim?.bot || seated?.has(seat)) return;
      if (!seated) this.bots.set(id, (seated = new Map()));
      const scale = this.timeScale;
      const bot = new BotSeat({
        id: nextBotId(), roomId: id, seat, kind: claim.bot, seed: randomInt(2 ** 31),
        command: (c, cid, command) => this.command(c, cid, command),
        thinkMs: [THINK_MS[0] * scale, THINK_MS[1] * scale],
      });
      seated.set(seat, bot);
      bot.send(welcomeText(room, bot.you!, []));
    });
    if (seated?.size === 0) this.bots.delete(id);
  }

  /** The entries as each bot of the room may see them (its seat's own update), after the people got theirs. */
  protected tellBots(room: Room, entries: readonly Entry[]): void {
    // Only an entry that changes who holds a seat can seat or stop a bot: no scan of the claims on every command.
    if (entries.some((e) => SEATING_KINDS.has(e.kind))) this.syncBots(room);
    for (const bot of this.bots.get(room.row.id)?.values() ?? []) {
      const text = updateText(room, entries, bot.you!);
      if (text !== null) bot.send(text);
    }
  }

  /** A game command from a connection (manager.ts): a bot's goes the way a person's goes. */
  abstract command(conn: Conn, id: string, command: Command): Promise<void>;

  protected dropBots(roomId: string): void {
    for (const bot of this.bots.get(roomId)?.values() ?? []) bot.stop();
    this.bots.delete(roomId);
  }

  /** The seats bots play in a room in memory (tests and the admin's view). */
  botSeats(roomId: string): BotSeat[] {
    return [...(this.bots.get(roomId)?.values() ?? [])];
  }
}
