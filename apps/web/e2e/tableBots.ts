/**
 * Bots play a club table's games over the real WebSocket, as a human-hosted table with phones
 * would: each seat is a client that claimed its seat before the start and decides with a seeded
 * bot (@mafia/bots) from nothing but the view and pending decisions the server sends it, and sends
 * its own acts, nominations and votes; the host is a client with the table's host key that, when
 * no seat has anything more to do, takes the host's next step (the engine's `nextHostCommand` on the
 * game folded from the events the server sent the host: end a speech, close a vote, end the night),
 * and once a game has ended deals «Новая игра с теми же местами» (`next`). This is the loop of
 * packages/bots/src/simulate.ts, with the server in the middle.
 *
 * Between two steps every client is brought up to date: the host has every entry so far (the log
 * counts one per accepted command), and each seat's view equals the engine's projection of the
 * folded game for that seat — so what the server sends each seat is checked at every step too.
 */
import { createBot, viewOf, type BotKind } from '@mafia/bots';
import { foldLog, nextHostCommand, project, seatAt, type GameEvent, type GameView } from '@mafia/engine';
import { isDeepStrictEqual } from 'node:util';
import { Refused, WireConn } from './wire';

export interface PlayedGame {
  readonly gameNo: number;
  /** The game's engine events as the server sent them to the host (its whole log). */
  readonly events: readonly GameEvent[];
  /** The host's final view as the server sent it. */
  readonly final: GameView;
}

export interface PlayedTable {
  readonly games: readonly PlayedGame[];
  /** Seat commands the server refused (a legal bot makes none). */
  readonly refused: readonly string[];
  /** Errors the server sent that answered no request. */
  readonly stray: readonly string[];
}

export interface TableBotsOptions {
  readonly wsUrl: string;
  readonly code: string;
  readonly hostKey: string;
  readonly seats: number;
  readonly games: number;
  readonly bots: BotKind;
  /** Seeds the bots: seat s of game g plays with seed `seed * 1000 + g * 100 + s`. */
  readonly seed: number;
  /**
   * Called after game `gameNo` ended and before the next one is dealt (the door's check-outs). A
   * table reseated into a new room (issue 24: the evening's seating confirmed between games) says
   * so by returning that room: its bots leave the old room and play the next game in the new one.
   * Seats a replacement took in the same room (the room renamed them) come back as their numbers:
   * their phones lost the seat, and the replacement's phone claims it with the host's new code.
   */
  readonly between?: (gameNo: number) => Promise<void | NextRoom | readonly number[]>;
}

/** The room a reseated table plays its next games in: its code, its host's key, its seat count. */
export interface NextRoom {
  readonly code: string;
  readonly hostKey: string;
  readonly seats: number;
}

/** Far more commands than any game takes (a few hundred): a game that does not end is a bug. */
const COMMAND_CAP = 3000;
const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

export async function playTable(o: TableBotsOptions): Promise<PlayedTable> {
  const refused: string[] = [];
  const stray: string[] = [];
  let room = await Room.open(o.wsUrl, { code: o.code, hostKey: o.hostKey, seats: o.seats }, refused);
  try {
    await room.table.hostSends(() => room.host.start());
    const games: PlayedGame[] = [];
    for (let g = 1; g <= o.games; g++) {
      if (g > 1) {
        const next = await o.between?.(g - 1);
        if (next && 'code' in next) {
          // The table was reseated: the next game is the first of a new room, started afresh.
          stray.push(...room.close());
          room = await Room.open(o.wsUrl, next, refused);
          await room.table.hostSends(() => room.host.start());
        } else {
          for (const s of next ?? []) await room.table.reseat(room.code, s);
          await room.table.hostSends(() => room.host.next());
        }
      }
      games.push(await room.table.play(g, o, room.code));
    }
    return { games, refused, stray };
  } finally {
    stray.push(...room.close());
  }
}

/** A room's connections: its host and a client per seat, each seat claimed before the start. */
class Room {
  private constructor(readonly code: string, readonly host: WireConn, private readonly seats: readonly WireConn[], readonly table: Table) {}

  static async open(wsUrl: string, r: NextRoom, refused: string[]): Promise<Room> {
    const host = await WireConn.open(wsUrl, `${r.code}-host`);
    const seats: WireConn[] = [];
    try {
      await host.enter(r.code, { host: r.hostKey });
      for (let s = 1; s <= r.seats; s++) {
        const c = await WireConn.open(wsUrl, `${r.code}-seat${s}`);
        seats.push(c);
        await c.enter(r.code, { seat: s });
      }
      // Each claim is an entry of the log: the host has them all before the count starts.
      await host.until(() => host.seq >= r.seats, 'the claims at the host');
    } catch (e) {
      for (const c of [host, ...seats]) c.close();
      throw e;
    }
    return new Room(r.code, host, seats, new Table(host, seats, refused));
  }

  /** Closes every connection (once); returns their stray errors. */
  close(): string[] {
    const all = [this.host, ...this.seats];
    for (const c of all) c.close();
    const out = all.flatMap((c) => c.stray.splice(0));
    return out;
  }
}

class Table {
  /** The host's seq once every accepted request so far has reached it. */
  private logSeq: number;

  constructor(private readonly host: WireConn, private readonly seats: readonly WireConn[], readonly refused: string[]) {
    this.logSeq = host.seq;
  }

  /**
   * Seat `s` was renamed for a replacement (one log entry): its phone lost the seat; the same
   * client claims it again as the replacement, with the seat's new code from the host (another entry).
   */
  async reseat(code: string, s: number): Promise<void> {
    const phone = this.seats[s - 1]!;
    await phone.until(() => phone.renamed, `seat ${s} to be told a replacement took it`);
    await this.host.until(() => this.host.seatCodes.some((c) => c.seat === s), `the host to get seat ${s}'s new code`);
    await phone.enter(code, { seat: s, seatCode: this.host.seatCodes.find((c) => c.seat === s)!.code });
    this.logSeq += 2;
    await this.caughtUp();
  }

  async hostSends(request: () => Promise<void>): Promise<void> {
    await request();
    await this.accepted();
  }

  async play(gameNo: number, o: TableBotsOptions, code: string): Promise<PlayedGame> {
    const bots = this.seats.map((_, i) => createBot(o.bots, seatAt(i), o.seed * 1000 + gameNo * 100 + i + 1));
    // passed[s] === hostSteps: seat s has passed since the host's last step.
    const passed = new Array<number>(this.seats.length + 1).fill(-1);
    let hostSteps = 0;
    await this.caughtUp();
    for (let commands = 0; ; commands++) {
      if (commands > COMMAND_CAP) throw new Error(`${code} game ${gameNo}: no end after ${COMMAND_CAP} commands`);
      const state = foldLog(this.host.events);
      if (state.phase.kind === 'ended') return { gameNo, events: [...this.host.events], final: this.host.view! };
      let moved = false;
      for (const [i, seat] of this.seats.entries()) {
        if (passed[i + 1] === hostSteps || seat.view === null) continue;
        const command = seat.pending.length > 0 ? bots[i]!.decide(viewOf(seat.view), seat.pending[0]!) : null;
        if (command === null) {
          passed[i + 1] = hostSteps;
          continue;
        }
        try {
          await seat.command(command);
        } catch (e) {
          if (!(e instanceof Refused)) throw e;
          this.refused.push(`${code} game ${gameNo} seat ${i + 1} ${JSON.stringify(command)}: ${e.message}`);
          passed[i + 1] = hostSteps;
          continue;
        }
        await this.accepted();
        moved = true;
        break;
      }
      if (moved) continue;
      const step = nextHostCommand(state);
      if (step === null) throw new Error(`${code} game ${gameNo}: stuck in ${JSON.stringify(state.phase)} (${state.day?.stage})`);
      await this.hostSends(() => this.host.command(step));
      hostSteps++;
    }
  }

  /** A request was accepted: one more log entry, which every client is brought up to. */
  private async accepted(): Promise<void> {
    this.logSeq++;
    await this.caughtUp();
  }

  private async caughtUp(): Promise<void> {
    const target = this.logSeq;
    await this.host.until(() => this.host.seq >= target, `the host at seq ${target}`);
    const state = foldLog(this.host.events);
    await Promise.all(this.seats.map((seat, i) => {
      const expected = json(project(state, { kind: 'seat', seat: seatAt(i) }));
      return seat.until(() => isDeepStrictEqual(json(seat.view), expected), `seat ${i + 1}'s view to be the engine's projection`);
    }));
  }
}
