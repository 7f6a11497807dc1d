import { randomBytes } from 'node:crypto';
import { createBot, nextSeatCommand, triedDecisions, type Bot, type BotKind, type JournalEntry } from '@mafia/bots';
import { seatNo, type Command } from '@mafia/engine';
import { parseServerFrame, type You } from '@mafia/protocol';
import type { Conn } from './managerTypes.js';

/** A room's bot keeps its journal (the review) and says its reading of the table (packages/bots opinions.ts). */
const ROOM_BOT = { journal: true, opinions: true } as const;

/** What a bot seat needs of the rooms: the same command path a person's connection takes. */
export interface BotSeatOptions {
  readonly id: number;
  readonly roomId: string;
  readonly seat: number;
  readonly kind: BotKind;
  readonly seed: number;
  /** Sends a game command as this connection (RoomManager.command: checked like anyone's). */
  readonly command: (conn: Conn, id: string, command: Command) => Promise<void>;
  /** How long the bot "thinks" before each decision, ms: [least, most]. */
  readonly thinkMs: readonly [number, number];
}

/**
 * A seat a bot plays (issue 26 point 3). It is a connection of the room like a person's phone: it is
 * sent the seat's own frames (the per-viewer projection, nothing else), reads them with the wire's
 * own parser, and answers with commands through the manager's `command`, which checks them as it
 * checks a person's. It decides on the latest frame after a think time; each decision of a frame is
 * tried once, so a refused command is not sent again and again.
 */
export class BotSeat implements Conn {
  readonly id: number;
  you: You | null;
  roomId: string | null;
  private bot: Bot;
  /** The room's game the bot plays (the lobby's `game`): the next game at this table gets a fresh bot (its record and journal start anew). */
  private game = 0;
  private games = 1;
  private latest: string | null = null;
  private busy = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private tried = triedDecisions();
  private nextId = 1;
  /**
   * Its command ids' prefix, new for each bot object: a room remembers every id it applied for the
   * seat, so a bot seated again after a restart must not count from 1 again (its commands would be
   * answered as repeats and never applied).
   */
  private readonly idPrefix = `bot-${randomBytes(6).toString('hex')}-`;
  /** Frames with its seat's view it was sent (welcome and updates). */
  viewFrames = 0;
  /** Frames the bot could not read, and refusals of its commands (for tests and the server's log). */
  readonly troubles: string[] = [];

  constructor(private readonly o: BotSeatOptions) {
    this.id = o.id;
    this.you = { as: 'seat', seat: o.seat };
    this.roomId = o.roomId;
    this.bot = createBot(o.kind, seatNo(o.seat), o.seed, ROOM_BOT);
  }

  /** What the bot did this game and why (the review of a practice game; journal.ts); empty for a bot that keeps none. */
  get journal(): readonly JournalEntry[] {
    return this.bot.journal ?? [];
  }

  get seat(): number {
    return this.o.seat;
  }

  get kind(): BotKind {
    return this.o.kind;
  }

  /** A frame for this seat (a welcome, an update, an error answering one of its commands). */
  send(text: string): void {
    if (this.stopped) return;
    // A command answered as a repeat of an earlier id was not applied: worth knowing (idPrefix).
    if (text.includes('"type":"error"') || (text.includes('"type":"ack"') && text.includes('"duplicate":true'))) {
      if (this.troubles.length < 20) this.troubles.push(text.slice(0, 300));
      return;
    }
    // A frame with the lobby (a claim, the start, the end) may start the table's next game: every
    // one is read, the bot may decide on a later frame only.
    if (text.includes('"lobby":')) this.followGame(text);
    // An update that changes nothing of the game (a chat line) has no view: nothing new to decide on.
    if (!text.includes('"view":')) return;
    this.viewFrames++;
    this.latest = text;
    this.schedule();
  }

  private followGame(text: string): void {
    const parsed = parseServerFrame(text);
    if (!parsed.ok) return;
    const m = parsed.message;
    const game = (m.type === 'welcome' || m.type === 'update') ? m.lobby?.game : undefined;
    if (game === undefined || game === this.game) return;
    if (this.game !== 0) {
      this.bot = createBot(this.o.kind, seatNo(this.o.seat), this.o.seed + this.games++, ROOM_BOT);
      this.tried = triedDecisions();
    }
    this.game = game;
  }

  stop(): void {
    this.stopped = true;
    this.you = null;
    this.roomId = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.busy || this.stopped || this.latest === null) return;
    this.busy = true;
    const [least, most] = this.o.thinkMs;
    this.timer = setTimeout(() => void this.act(), least + Math.random() * (most - least));
    this.timer.unref?.();
  }

  private async act(): Promise<void> {
    this.timer = null;
    const text = this.latest;
    const command = text === null ? null : this.decide(text);
    if (command !== null && !this.stopped) {
      try {
        await this.o.command(this, `${this.idPrefix}${this.nextId++}`, command);
      } catch (e) {
        this.troubles.push(e instanceof Error ? e.message : String(e));
      }
    }
    this.busy = false;
    // A newer frame came while the bot thought or its command ran: decide on it.
    if (this.latest !== text || command !== null) this.schedule();
  }

  /** The next command on this frame: a pending decision, else the end of its own turn; null when nothing is left to try. */
  private decide(text: string): Command | null {
    const parsed = parseServerFrame(text);
    if (!parsed.ok) {
      this.troubles.push(`bad frame: ${parsed.error}`);
      return null;
    }
    const m = parsed.message;
    if ((m.type !== 'welcome' && m.type !== 'update') || !m.view) return null;
    return nextSeatCommand(this.bot, m.seq, m.view, m.pending ?? [], this.tried);
  }
}
