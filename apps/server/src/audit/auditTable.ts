import { createGame, nextHostCommand, seatAt, type Command, type GameState, type SeatNo } from '@mafia/engine';
import type { CreateRoomRequest, You } from '@mafia/protocol';
import type { Conn, RoomManager } from '../room/manager.js';

/**
 * What the hidden-act pairs (hiddenActPairs.ts) play with: one game in a room of its own through
 * the server's RoomManager, every viewer's frames recorded, and the frames normalised so that two
 * games can be compared byte for byte.
 */

/** A connection that keeps every frame sent to it. */
export class Recorder implements Conn {
  you: You | null = null;
  roomId: string | null = null;
  readonly frames: string[] = [];
  constructor(readonly id: number) {}
  send(text: string): void {
    this.frames.push(text);
  }
}

/** One game in a room of its own: the host, every seat claimed, a spectator, all recording. */
export class Table {
  readonly seats: Recorder[] = [];
  readonly spectator = new Recorder(0);
  readonly host = new Recorder(-1);
  private ids = 0;
  private tapIds = 0;
  private constructor(private readonly manager: RoomManager, readonly code: string, readonly roomId: string) {}

  static async open(manager: RoomManager, req: CreateRoomRequest): Promise<Table> {
    const created = await manager.create(req);
    const t = new Table(manager, created.code, created.room);
    await t.ok(t.host, manager.hello(t.host, created.code, { as: 'host', key: created.hostKey! }, undefined));
    await t.ok(t.spectator, manager.hello(t.spectator, created.code, { as: 'spectator' }, undefined));
    for (let seat = 1; seat <= req.seats; seat++) {
      const c = new Recorder(seat);
      t.seats.push(c);
      await t.ok(c, manager.claim(c, created.code, { seat }));
    }
    await t.ok(t.host, manager.start(t.host, 'start'));
    return t;
  }

  /** The room's game state now (the host's knowledge: what the scripts decide their moves from). */
  get state(): GameState {
    const state = this.manager.gameStateOf(this.roomId);
    if (state === undefined) throw new Error(`audit room ${this.roomId} has no game in memory`);
    return state;
  }

  /** A command from the host, or from a seat (`by`), that must be accepted. */
  async send(command: Command, by: 'host' | number = 'host'): Promise<void> {
    const conn = by === 'host' ? this.host : this.seats[by - 1]!;
    await this.ok(conn, this.manager.command(conn, `c${++this.ids}`, command));
  }

  /** The host opens night step `step` on his console (issue 23): every screen follows it. */
  async openStep(step: number): Promise<void> {
    await this.ok(this.host, this.manager.openStep(this.host, step, `s${++this.ids}`));
  }

  /** Seat `seat`'s decoy tap at night step `step` (issue 23): recorded for that seat alone; must be accepted. */
  async tap(seat: number, step: number): Promise<void> {
    const conn = this.seats[seat - 1]!;
    // Its own counter: the host's request ids (in his acks) stay the same whether a seat tapped or not.
    await this.ok(conn, this.manager.tap(conn, `t${++this.tapIds}`, seat, step));
    if (!conn.frames.at(-1)!.includes('"kind":"tap"')) throw new Error(`seat ${seat}'s tap was not acked`);
  }

  /** The host's own next steps (nextHostCommand) until `until` holds (at most `max`, or until the game is over). */
  async hostSteps(until: (s: GameState) => boolean, max = 100): Promise<void> {
    for (let k = 0; k < max && !until(this.state); k++) {
      const c = nextHostCommand(this.state);
      if (c === null) return;
      await this.send(c);
    }
  }

  private async ok(conn: Recorder, job: Promise<void>): Promise<void> {
    const before = conn.frames.length;
    await job;
    const refused = conn.frames.slice(before).find((f) => f.includes('"type":"error"'));
    if (refused !== undefined) throw new Error(`refused: ${refused}`);
  }
}

/** Keys whose values are wall-clock times (or lists of them): the same placeholder in both games. */
const TIME_KEYS = new Set(['deadline', 'started', 'steps', 'pausedAt', 'stepAt', 'now', 'at']);
const ID_KEYS: Record<string, string> = { room: '<room>', code: '<code>', token: '<token>', link: '<link>' };

/** A frame with its times and the room's id, code and tokens replaced, ready to compare byte for byte. */
export function normalised(frame: string): string {
  return JSON.stringify(JSON.parse(frame), (key, value: unknown) => {
    // A list of times (a night's step starts) keeps its length: how many steps a night has is compared.
    if (TIME_KEYS.has(key) && value !== null) return Array.isArray(value) ? value.map(() => '<time>') : '<time>';
    if (key in ID_KEYS && typeof value === 'string') return ID_KEYS[key];
    return value;
  });
}

export interface Variant {
  /** The seed the game is dealt from. */
  readonly seed: number;
  /** The hidden act (or nothing), played at its point of the script. */
  readonly hidden?: (t: Table) => Promise<void>;
}

export interface Scenario {
  readonly name: string;
  readonly request: Omit<CreateRoomRequest, 'mode'>;
  /** The two games: dealt from these seeds, each with its own hidden act (or none). */
  readonly pair: readonly [Variant, Variant];
  /** The public moves, the same in both games; `hidden` is where the variant's hidden act goes. */
  readonly script: (t: Table, hidden: () => Promise<void>) => Promise<void>;
  /** Seats that made the difference themselves (they know it): never compared. */
  readonly self?: readonly number[];
  /** The host is compared too: the difference is hidden even from him (a decoy tap, issue 23). */
  readonly host?: boolean;
}

/** The roles a room's game is dealt (as the server deals them: createGame from the room's seed). */
export function dealt(request: Omit<CreateRoomRequest, 'mode'>, seed: number): readonly string[] {
  const g = createGame({ preset: request.preset, players: request.seats, seed, options: request.options ?? {}, ...(request.composition ? { composition: request.composition } : {}), ...(request.modifications ? { modifications: request.modifications } : {}) });
  if (!g.ok) throw new Error(`${request.preset}: ${g.error.message}`);
  return g.game.state.setup.roles;
}

/** The first seed (from 1) whose deal passes `fits`: the scripts pick their deals, the server deals them. */
export function seedWhere(request: Omit<CreateRoomRequest, 'mode'>, fits: (roles: readonly string[]) => boolean): number {
  for (let seed = 1; seed < 10_000; seed++) if (fits(dealt(request, seed))) return seed;
  throw new Error(`no seed deals ${request.preset} as the scenario needs`);
}

export const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dina', 'Egor', 'Zoya', 'Igor', 'Kira', 'Lev', 'Mila', 'Nik'];
export const isMafia = (r: string | undefined) => r === 'mafia' || r === 'don';
export const alive = (s: GameState): SeatNo[] => s.alive.flatMap((a, i) => (a ? [seatAt(i)] : []));
