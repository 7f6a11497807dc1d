import { createBot, type Bot } from '@mafia/bots';
import { createGame, decide, nextHostCommand, pendingDecisions, project, transition, type Command, type Game, type Viewer } from '@mafia/engine';
import { PROTOCOL_VERSION } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import { updateFrame, viewJson } from '../src/room/updateFrame.js';

/** Every viewer of a table of `seats`: the host, a spectator, each seat. */
const viewersOf = (seats: number): Viewer[] => [{ kind: 'host' }, { kind: 'spectator' }, ...Array.from({ length: seats }, (_, k) => ({ kind: 'seat' as const, seat: (k + 1) as never }))];

/** Plays a game to its end with heuristic bots and the host's next steps, calling `look` after every command. */
function playWatching(preset: string, seed: number, look: (game: Game, step: number) => void): Game {
  let game = createGame({ preset, players: 10, seed, names: Array.from({ length: 10 }, (_, k) => `Игрок ${k + 1}`) });
  if (!game.ok) throw new Error(JSON.stringify(game.error));
  let g = game.game;
  const bots = new Map<number, Bot>();
  const passed = new Set<string>();
  let hostSteps = 0;
  for (let step = 0; step < 3000 && g.state.phase.kind !== 'ended'; step++) {
    const s = g.state;
    let sent: Command | null = null;
    for (const p of pendingDecisions(s)) {
      const key = `${hostSteps}:${p.seat}`;
      if (passed.has(key)) continue;
      const bot = bots.get(p.seat) ?? createBot('heuristic', p.seat, seed * 100 + p.seat);
      bots.set(p.seat, bot);
      const c = bot.decide(() => project(s, { kind: 'seat', seat: p.seat }), p);
      if (c === null || !decide(s, c).ok) passed.add(key);
      else {
        sent = c;
        break;
      }
    }
    if (sent === null) {
      sent = nextHostCommand(s);
      hostSteps++;
    }
    if (sent === null) break;
    const next = transition(g, sent);
    if (!next.ok) throw new Error(JSON.stringify(next.error));
    g = next.game;
    look(g, step);
  }
  return g;
}

describe('an update frame with its view serialised from shared texts', () => {
  it('is_byte_for_byte_json_stringify_for_every_viewer_after_every_command_of_whole_games', () => {
    let compared = 0;
    for (const preset of ['classic', 'fiim', 'extended', 'piter', 'party']) {
      for (const seed of [1, 2]) {
        const end = playWatching(preset, seed, (g, step) => {
          for (const viewer of viewersOf(g.state.seats)) {
            const view = project(g.state, viewer);
            expect(viewJson(view)).toBe(JSON.stringify(view));
            const message = { v: PROTOCOL_VERSION, type: 'update' as const, seq: step + 1, items: [], view, pending: [], timer: null, ack: 'c1' };
            expect(updateFrame(message)).toBe(JSON.stringify(message));
            compared++;
          }
        });
        expect(end.state.phase.kind).toBe('ended');
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('a_seat_list_that_changed_is_serialised_anew_not_taken_from_the_text_of_the_old_one', () => {
    const texts: string[] = [];
    playWatching('classic', 3, (g) => {
      texts.push(viewJson(project(g.state, { kind: 'seat', seat: 1 as never })));
    });
    // The first and the last view of seat 1 differ in who is alive: both texts are the views' own.
    const alive = (t: string) => (JSON.parse(t) as { seats: { alive: boolean }[] }).seats.filter((s) => s.alive).length;
    expect(alive(texts[0])).toBe(10);
    expect(alive(texts.at(-1)!)).toBeLessThan(10);
  });

  it('an_update_without_a_view_is_the_plain_frame', () => {
    const message = { v: PROTOCOL_VERSION, type: 'update' as const, seq: 7, items: [{ seq: 7, kind: 'chat' as const, channel: 'day' as const, by: 3, text: 'привет "мир"' }] };
    expect(updateFrame(message)).toBe(JSON.stringify(message));
  });
});
