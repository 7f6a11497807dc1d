import { createGame, nextHostCommand, project, projectEvent, transition, type Command, type Game } from '@mafia/engine';
import { commandSchema, type LogItem, type RoomMode, type TimerView } from '@mafia/protocol';
import type { RoomState } from '../src/net/client';
import { parseSeat } from '../src/screens/seat';
import { lobbyOf } from './typed';

const SPECTATOR = { kind: 'spectator' } as const;
export const ROLES = ['don', 'mafia', 'civilian', 'commissar', 'civilian', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian'];

/**
 * A classic game through the real engine, kept as a spectator connection would see it: the view
 * (project), the log items (projectEvent; an entry a spectator sees nothing of is not sent), the
 * timer. For the table screen's tests.
 */
export class SpectatorGame {
  game: Game;
  log: LogItem[] = [];
  now = 1_000_000;
  timer: TimerView | null = null;
  constructor(options: Record<string, unknown> = {}) {
    const t = createGame({ preset: 'classic', roles: ROLES, seed: 1, options });
    if (!t.ok) throw new Error(t.error.message);
    this.game = t.game;
    this.timer = { kind: 'night', started: this.now, deadline: this.now + 30_000 };
  }
  /** A command as a client would send it (plain seat numbers), parsed at the protocol's edge like the server does. */
  run(command: unknown, seat?: number): this {
    return this.apply(commandSchema.parse(command), seat);
  }
  private apply(command: Command, seat?: number): this {
    const t = transition(this.game, command, seat ? { kind: 'seat', seat: parseSeat(seat) } : undefined);
    if (!t.ok) throw new Error(`${JSON.stringify(command)}: ${t.error.code}`);
    const events = t.events.map((e) => projectEvent(e, t.game.state, SPECTATOR)).filter((e) => e !== null);
    this.game = t.game;
    if (events.length > 0) this.log.push({ seq: this.log.length + 1, kind: 'events', by: seat ?? 'app', events });
    const p = this.game.state.phase;
    this.timer = p.kind === 'night' ? { kind: 'night', started: this.now, deadline: this.now + 30_000 } : p.kind === 'day' ? { kind: this.game.state.day?.stage === 'vote' ? 'vote' : 'speech', started: this.now, deadline: this.now + 60_000 } : null;
    return this;
  }
  host(): this {
    const command = nextHostCommand(this.game.state);
    if (!command) throw new Error('game over: the host has no next step');
    return this.apply(command);
  }
  /** Night 1 over; day 1: seat 1 nominates 7, seat 2 nominates 8; up to the vote. */
  toVote(): this {
    this.host();
    while (this.game.state.day?.stage === 'speeches') {
      const sp = this.game.state.day.speakers[this.game.state.day.speakerIndex]!;
      if (sp === 1) this.run({ type: 'nominate', by: 1, target: 7 }, 1);
      if (sp === 2) this.run({ type: 'nominate', by: 2, target: 8 }, 2);
      this.host();
    }
    while (this.game.state.day?.stage === 'defence') this.host();
    return this;
  }
  state(mode: RoomMode = 'app'): RoomState {
    const lobby = lobbyOf({ room: 'r1', code: 'K7QX2M', mode, started: true, ended: this.game.state.phase.kind === 'ended' });
    return {
      status: 'open', you: { as: 'spectator' }, lobby, view: project(this.game.state, SPECTATOR), pending: [], timer: this.timer,
      seq: this.log.length, lastError: null, log: [...this.log], unacked: [], clockOffset: 0, attempt: 0,
    };
  }
}
