/**
 * Protocol export (spec/protocol.md, issue 15): `exportProtocol` writes a game as a protocol that
 * `replayProtocol` replays to the game's own result.
 *
 * - every replayable fixture of protocol-fixtures.test.ts: replayed, the replayed game exported, the
 *   export replayed: the same result as the fixture's expected one;
 * - bot games of every built preset (random and heuristic bots, many seeds and table sizes): exported
 *   and replayed, the same result as the game's own (`gameResult`), also for a game cut off halfway;
 * - what a protocol cannot record (a host override, a silenced player marked as having spoken, a
 *   night foul outside fiim) is refused with a reason; undone commands are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  builtPresets, createGame, exportProtocol, gameResult, nextHostCommand, pendingDecisions, project, replayProtocol, transition,
  type Command, type Game, type GameEvent, seatNo, type SeatNo,
} from '@mafia/engine';
import { createBot, viewOf, type BotKind } from '@mafia/bots';

/** The last game the replay made (replay.ts keeps it to itself): createGame and the transitions are watched. */
const watch = vi.hoisted(() => ({ last: null as Game | null }));
vi.mock('../src/game/game.js', async (orig) => {
  const m = (await orig()) as typeof import('../src/game/game.js');
  return {
    ...m,
    createGame: (...a: Parameters<typeof m.createGame>) => {
      const t = m.createGame(...a);
      if (t.ok) watch.last = t.game;
      return t;
    },
    transition: (...a: Parameters<typeof m.transition>) => {
      const t = m.transition(...a);
      if (t.ok) watch.last = t.game;
      return t;
    },
    // The replay's own path (a day held at its evening, replay.ts).
    transitionHolding: (...a: Parameters<typeof m.transitionHolding>) => {
      const t = m.transitionHolding(...a);
      if (t.ok) watch.last = t.game;
      return t;
    },
  };
});

const S = (n: number) => seatNo(n);

/** Replays a protocol and returns the game it made. */
function replayToGame(doc: unknown): Game {
  watch.last = null;
  const r = replayProtocol(doc);
  if (!r.ok) throw new Error(`replay failed: ${JSON.stringify(r.error)}`);
  return watch.last!;
}

const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

describe('export of the protocol fixtures', () => {
  const dir = fileURLToPath(new URL('./fixtures/protocols/', import.meta.url));
  const read = (file: string): unknown => JSON.parse(readFileSync(dir + file, 'utf8'));
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.result.json') && !f.startsWith('error-'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();

  it('there_are_fixtures_to_round_trip', () => {
    expect(names.length).toBeGreaterThan(50);
  });

  for (const name of names) {
    it(`round_trip_${name}`, () => {
      const doc = read(`${name}.json`) as Record<string, unknown>;
      const expected = read(`${name}.result.json`);
      const game = replayToGame(doc);
      // The game's own result (folded from its events) is the fixture's.
      expect(json(gameResult(game.log))).toEqual(expected);
      const out = exportProtocol(game);
      if (!out.ok) throw new Error(out.reason);
      expect(out.finished).toBe(game.state.phase.kind === 'ended');
      const again = replayProtocol(json(out.protocol));
      expect(again.ok).toBe(true);
      if (again.ok) expect(json(again.result)).toEqual(expected);
      // Names are kept; the preset and the seats are the fixture's.
      expect(out.protocol.preset).toBe(doc.preset);
      // Under the black-widow modification the Widow's card is written as the Girl's (setup turns it).
      const widow = (doc.modifications as string[] | undefined)?.includes('black-widow');
      expect(out.protocol.seats.map((r) => (widow && r === 'girl' ? 'black-widow' : r))).toEqual(doc.seats);
      if (doc.names !== undefined) expect(out.protocol.names).toEqual(doc.names);
    });
  }
});

/** Plays a whole game with bots through the pure API; `cut`: stop after that many commands. */
function botGame(preset: string, players: number, seed: number, kind: BotKind, cut = Infinity): Game {
  const created = createGame({ preset, players, seed, names: Array.from({ length: players }, (_, i) => `P${i + 1}`) });
  if (!created.ok) throw new Error(`createGame ${preset}/${players}: ${created.error.message}`);
  let game = created.game;
  const bots = Array.from({ length: players }, (_, i) => createBot(kind, S(i + 1), seed * 31 + i));
  for (let step = 0; step < 20_000 && step < cut && game.state.phase.kind !== 'ended'; step++) {
    const s = game.state;
    let moved = false;
    for (const p of pendingDecisions(s)) {
      const command: Command | null = bots[p.seat - 1].decide(viewOf(project(s, { kind: 'seat', seat: p.seat })), p);
      if (command === null) continue;
      const t = transition(game, command, { kind: 'seat', seat: p.seat });
      if (t.ok) {
        game = t.game;
        moved = true;
        break;
      }
    }
    if (moved) continue;
    const host = nextHostCommand(s);
    if (host === null) break;
    const t = transition(game, host);
    if (!t.ok) throw new Error(`the host's ${host.type} was refused: ${t.error.message}`);
    game = t.game;
  }
  return game;
}

/** Table sizes to try per preset: the smallest, the largest and a few between. */
function sizes(min: number, max: number): number[] {
  const out = new Set([min, max, Math.min(max, Math.max(min, 10)), Math.floor((min + max) / 2)]);
  return [...out].sort((a, b) => a - b);
}

const presets = builtPresets();
const SEEDS = 12;

describe('export of bot games, every built preset', () => {
  it('every_preset_of_the_spec_is_built', () => {
    expect(presets.map((p) => p.id).sort()).toEqual(['classic', 'club', 'extended', 'fiim', 'party', 'piter', 'short', 'sport', 'tabletop']);
  });

  for (const preset of presets) {
    it(`round_trip_${preset.id}`, () => {
      let games = 0;
      let finished = 0;
      for (const players of sizes(preset.minPlayers, preset.maxPlayers)) {
        for (let seed = 1; seed <= SEEDS; seed++) {
          for (const kind of ['random', 'heuristic'] as const) {
            const game = botGame(preset.id, players, seed * 7919 + players, kind);
            const where = `${preset.id}/${players} seed ${seed} ${kind}`;
            const out = exportProtocol(game.log, { verify: false });
            if (!out.ok) throw new Error(`${where}: ${out.reason}`);
            const replayed = replayProtocol(json(out.protocol));
            if (!replayed.ok) throw new Error(`${where}: ${JSON.stringify(replayed.error)}\n${JSON.stringify(out.protocol)}`);
            const own = gameResult(game.log);
            expect(json(replayed.result), where).toEqual(json(own));
            // The game's own state agrees with the replayed result.
            expect(replayed.result.winner, where).toBe(game.state.winner);
            expect(out.finished, where).toBe(game.state.phase.kind === 'ended');
            expect(out.protocol.names?.[0], where).toBe('P1');
            // The exporter's own check agrees.
            expect(exportProtocol(game).ok, where).toBe(true);
            games++;
            if (out.finished) finished++;
          }
        }
      }
      expect(games).toBeGreaterThanOrEqual(SEEDS * 2);
      expect(finished).toBeGreaterThan(games / 2);
    });
  }

  it('an_unfinished_game_exports_its_resolved_steps', () => {
    for (const preset of presets) {
      const players = Math.min(preset.maxPlayers, Math.max(preset.minPlayers, 10));
      for (const cut of [1, 15, 40, 90]) {
        const game = botGame(preset.id, players, 4242 + cut, 'random', cut);
        const out = exportProtocol(game);
        if (!out.ok) throw new Error(`${preset.id} cut ${cut}: ${out.reason}`);
        if (game.state.phase.kind === 'ended') continue;
        expect(out.finished).toBe(false);
        const replayed = replayProtocol(json(out.protocol));
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(json(replayed.result.timeline)).toEqual(json(gameResult(game.log).timeline));
      }
    }
  });
});

describe('what a protocol cannot record', () => {
  const sport = (): Game => {
    const created = createGame({ preset: 'sport', players: 10, seed: 3 });
    if (!created.ok) throw new Error(created.error.message);
    return created.game;
  };
  const send = (g: Game, c: Command): Game => {
    const t = transition(g, c);
    if (!t.ok) throw new Error(`${c.type}: ${t.error.message}`);
    return t.game;
  };

  it('a_game_ended_by_a_host_override_is_refused_with_a_reason', () => {
    const g = send(sport(), { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(g.state.phase.kind).toBe('ended');
    const out = exportProtocol(g);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toMatch(/host override ended the game \(winner: town\)/);
  });

  it('a_host_elimination_or_revival_is_refused_with_a_reason', () => {
    let g = send(sport(), { type: 'override', action: { kind: 'eliminate', seat: S(4) } });
    let out = exportProtocol(g);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toMatch(/eliminated seat 4/);
    g = send(g, { type: 'override', action: { kind: 'revive', seat: S(4) } });
    out = exportProtocol(g.log);
    expect(out.ok).toBe(false);
  });

  it('an_undone_override_is_left_out', () => {
    let g = send(sport(), { type: 'override', action: { kind: 'eliminate', seat: S(4) } });
    g = send(g, { type: 'undo', count: 1 });
    const out = exportProtocol(g);
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.protocol.steps).toEqual([]);
  });

  it('undone commands of a bot game are left out', () => {
    const game = botGame('classic', 10, 77, 'heuristic', 60);
    // A foul, then taken back, and an act taken back at night: the export is the game without them.
    let g = game;
    const alive = g.state.alive.findIndex((a) => a) + 1;
    if (g.state.phase.kind === 'day') {
      g = send(g, { type: 'foul', seat: S(alive) });
      g = send(g, { type: 'undo', count: 1 });
    }
    const a = exportProtocol(game);
    const b = exportProtocol(g);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(b.protocol).toEqual(a.protocol);
  });

  it('a_foul_at_night_outside_fiim_is_refused', () => {
    const g = send(sport(), { type: 'foul', seat: S(2) });
    const out = exportProtocol(g);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toMatch(/night 1.*fiim/);
  });

  it('a_log_that_does_not_start_with_GameCreated_is_refused', () => {
    const out = exportProtocol([{ type: 'NightStarted', n: 1 } as GameEvent]);
    expect(out).toEqual({ ok: false, reason: 'the log does not start with GameCreated' });
  });

  it('options_and_modifications_are_kept', () => {
    const created = createGame({
      preset: 'extended', players: 12, seed: 5, options: { revealOnDeath: false },
      modifications: ['name-in-blood', 'heir'],
    });
    if (!created.ok) throw new Error(created.error.message);
    const out = exportProtocol(created.game);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.protocol.modifications).toEqual(['name-in-blood', 'heir']);
    expect(replayProtocol(json(out.protocol)).ok).toBe(true);
  });
});
