/**
 * Issue 23 (what is left): outside `fiim` the export wrote a day's fouls and removals in speaking
 * order. The spec (spec/protocol.md) says a step's `fouls` are one entry per foul, in order, and
 * the replay gives them in the order written: the export writes them in the order they were given,
 * and the replay of that export still gives the game's own result.
 */
import { describe, expect, it } from 'vitest';
import {
  createGame, exportProtocol, gameResult, pendingDecisions, project, replayProtocol, transition, nextHostCommand,
  type Command, type Game, type GameState, seatNo, type SeatNo,
} from '@mafia/engine';
import { createBot, viewOf } from '@mafia/bots';

const S = (n: number) => seatNo(n);
const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

function send(g: Game, c: Command): Game {
  const t = transition(g, c);
  if (!t.ok) throw new Error(`${c.type}: ${t.error.message}`);
  return t.game;
}

/** Heuristic bots at the seats, the engine's host commands between them, until `stop` says so (or the end). */
function playUntil(game: Game, seed: number, stop: (s: GameState) => boolean): Game {
  const n = game.state.alive.length;
  const bots = Array.from({ length: n }, (_, i) => createBot('heuristic', S(i + 1), seed * 31 + i));
  let g = game;
  for (let step = 0; step < 20_000 && g.state.phase.kind !== 'ended' && !stop(g.state); step++) {
    let moved = false;
    for (const p of pendingDecisions(g.state)) {
      const command = bots[p.seat - 1]!.decide(viewOf(project(g.state, { kind: 'seat', seat: p.seat })), p);
      if (command === null) continue;
      const t = transition(g, command, { kind: 'seat', seat: p.seat });
      if (t.ok) {
        g = t.game;
        moved = true;
        break;
      }
    }
    if (moved) continue;
    const host = nextHostCommand(g.state);
    if (host === null) break;
    g = send(g, host);
  }
  return g;
}

/** A game at its first day's speeches, with its speaking order. */
function atFirstSpeeches(preset: string, seed: number): Game {
  const created = createGame({ preset, players: 10, seed });
  if (!created.ok) throw new Error(created.error.message);
  const g = playUntil(created.game, seed, (s) => s.phase.kind === 'day' && s.day?.stage === 'speeches');
  expect(g.state.phase.kind).toBe('day');
  return g;
}

/** Alive seats in the day's speaking order. */
const speakers = (g: Game): SeatNo[] => g.state.day!.speakers.filter((s) => g.state.alive[s - 1]);

function roundTrip(g: Game) {
  const out = exportProtocol(g.log);
  if (!out.ok) throw new Error(out.reason);
  const replayed = replayProtocol(json(out.protocol));
  if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
  expect(json(replayed.result)).toEqual(json(gameResult(g.log)));
  return out.protocol;
}

describe('a day\'s fouls and removals in the order given (outside fiim)', () => {
  for (const preset of ['classic', 'sport', 'club']) {
    it(`fouls_are_written_in_the_order_given_${preset}`, () => {
      let g = atFirstSpeeches(preset, 11);
      const order = speakers(g);
      const last = order[order.length - 1]!;
      const first = order[0]!;
      // The last speaker is fouled first, then the first speaker, then the last speaker again.
      for (const seat of [last, first, last]) g = send(g, { type: 'foul', seat });
      g = playUntil(g, 11, (s) => s.phase.kind === 'night' && s.phase.n === 2);
      const day1 = roundTrip(g).steps.find((s) => 'day' in s && s.day === 1) as { fouls?: number[] };
      // In speaking order this was [first, last, last].
      expect(day1.fouls).toEqual([last, first, last]);
    });
  }

  it('removals_are_written_in_the_order_given', () => {
    let g = atFirstSpeeches('classic', 5);
    const order = speakers(g);
    const a = order[order.length - 2]!;
    const b = order[1]!;
    g = send(g, { type: 'remove', seat: a });
    g = send(g, { type: 'remove', seat: b });
    g = playUntil(g, 5, (s) => s.phase.kind === 'night' && s.phase.n === 2);
    const day1 = roundTrip(g).steps.find((s) => 'day' in s && s.day === 1) as { removed?: number[] };
    expect(day1.removed).toEqual([a, b]);
  });
});
