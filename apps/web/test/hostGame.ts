/** Test helper for the host console tests: a real engine game and what the server would send its host. */
import { createGame, HOST, pendingDecisions, project, transition, type Command, type Game, type GameEvent, type GameView, type Pending, type ProjectedEvent } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import type { RoomState } from '../src/net/client';

/** Ten seats: mafia 2, 8; Don 5; Commissar 3; the rest civilians. */
export const TABLE10 = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];

export class HostGame {
  game: Game;
  log: LogItem[] = [];
  constructor(preset = 'classic', roles: readonly string[] = TABLE10, options?: Record<string, unknown>, modifications?: readonly string[]) {
    const t = createGame({ preset, roles, ...(options ? { options } : {}), ...(modifications ? { modifications } : {}) });
    if (!t.ok) throw new Error(JSON.stringify(t.error));
    this.game = t.game;
    this.push(t.events);
  }
  private push(events: readonly GameEvent[]) {
    this.log.push({ seq: this.log.length + 1, kind: 'events', by: 'host', events: events as readonly ProjectedEvent[] });
  }
  run(...commands: Command[]): this {
    for (const c of commands) {
      const t = transition(this.game, c, HOST);
      if (!t.ok) throw new Error(`${JSON.stringify(c)} refused: ${JSON.stringify(t.error)}`);
      this.game = t.game;
      this.push(t.events);
    }
    return this;
  }
  /** Ends the day with the host's next steps (last words, speeches, the vote closed as it stands). */
  passDay(): this {
    for (let k = 0; k < 200 && this.game.state.phase.kind === 'day'; k++) {
      const stage = this.game.state.day?.stage;
      this.run(stage === 'lastWords' ? { type: 'endLastWords' } : stage === 'vote' || stage === 'lift' ? { type: 'closeVote' } : { type: 'endSpeech' });
    }
    return this;
  }
  /** The events of the last command. */
  get lastEvents(): readonly ProjectedEvent[] {
    const last = this.log[this.log.length - 1];
    return last && last.kind === 'events' ? last.events : [];
  }
  get view(): GameView {
    return project(this.game.state, { kind: 'host' });
  }
  get pending(): Pending[] {
    return pendingDecisions(this.game.state);
  }
}

export const S = (n: number) => n as never;

/** Night 2 of the ten-seat classic table (night 1 is the introduction; day 1 without nominations). */
export function nightTwo(): HostGame {
  const g = new HostGame();
  g.run({ type: 'endNight' });
  for (let i = 0; i < 10; i++) g.run({ type: 'endSpeech' });
  return g;
}

/** What the server would have sent the host of this game (a fake RoomClient state). */
export function hostStateOf(g: HostGame, timer: RoomState['timer'] = null): RoomState {
  return {
    status: 'open', you: { as: 'host' }, lobby: null, view: g.view, pending: g.pending, timer, seq: g.log.length,
    lastError: null, log: g.log, unacked: [], clockOffset: 0, attempt: 0,
  };
}
