/**
 * Property tests for the presets of issue 3 (club, tabletop, party, piter, extended): random games
 * played through the pure API (`transition`) by the random bots, each deciding from its own view,
 * mixed with fouls, removals, host eliminations, undos and commands that must be refused.
 *
 * Invariants (the same as properties.test.ts for classic, sport and short):
 * - transition never throws; a refused command leaves the game exactly as it was (R-HOST-1);
 * - no seat's view holds the role of another alive player unless the rules let him know it: his
 *   mafia teammates (R-NIGHT-2), the mafia for the Sleepwalker (R-ROLE), the other Maniac under
 *   Bonnie & Clyde (R-MOD); dead players' cards only when the preset reveals them; and no seat sees
 *   another player's night answer;
 * - a game ends with exactly one winner (or a draw) and its winners hold that side (R-WIN-0);
 * - folding the event log rebuilds the same state (R-HOST-1: the log is the record).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGame, foldLog, HOST, nextHostCommand, pendingDecisions, project, transition,
  type Actor, type Command, type Game, type GameState, seatNo, type SeatNo,
} from '@mafia/engine';
import { createBot, viewOf } from '@mafia/bots';

const S = (n: number) => seatNo(n);

const TABLES = [
  { preset: 'club', min: 7, max: 16 },
  { preset: 'tabletop', min: 3, max: 18 },
  { preset: 'party', min: 5, max: 20 },
  { preset: 'piter', min: 7, max: 20 },
  { preset: 'extended', min: 4, max: 23 },
] as const;

interface Input {
  readonly preset: string;
  readonly players: number;
  readonly seed: number;
}

const inputArb: fc.Arbitrary<Input> = fc
  .constantFrom(...TABLES)
  .chain((t) => fc.record({
    preset: fc.constant(t.preset as string),
    players: fc.integer({ min: t.min, max: t.max }),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  }));

interface Report {
  game: Game;
  problems: string[];
}

const where = (s: GameState) => `${s.setup.preset}/${s.seats} ${s.phase.kind}${s.phase.kind === 'ended' ? '' : ` ${s.phase.n}`} ${s.day?.stage ?? ''}`;
const aliveSeats = (s: GameState): SeatNo[] => s.alive.flatMap((a, i) => (a ? [S(i + 1)] : []));

/** May seat `viewer` know the role at `seat`? Written from the rules, not from the engine. */
function mayKnow(s: GameState, viewer: number, seat: number): boolean {
  if (s.phase.kind === 'ended' || viewer === seat) return true;
  const lanterns = s.setup.modifications.includes('broken-lanterns');
  if (!s.alive[seat - 1] && s.options.revealOnDeath && !lanterns) return true;
  // RULES.md §10: an eliminated player's device shows what a spectator sees.
  if (!s.alive[viewer - 1]) return false;
  // What a player knew of a teammate he still knows when the teammate is gone.
  const mine = s.teams[viewer - 1];
  const theirs = s.teams[seat - 1];
  if (mine === 'mafia' && theirs === 'mafia') return true;
  if (s.roles[viewer - 1] === 'sleepwalker' && theirs === 'mafia') return true;
  if (s.setup.modifications.includes('bonnie-and-clyde') && s.roles[viewer - 1] === 'maniac' && s.roles[seat - 1] === 'maniac') return true;
  return false;
}

function checkViews(r: Report, s: GameState): void {
  if (r.problems.length) return;
  for (let viewer = 1; viewer <= s.seats; viewer++) {
    const v = project(s, { kind: 'seat', seat: S(viewer) });
    for (const sv of v.seats) {
      if (sv.role !== undefined && !mayKnow(s, viewer, sv.seat)) {
        r.problems.push(`seat ${viewer} (${s.roles[viewer - 1]}) sees the role of seat ${sv.seat} (${where(s)})`);
        return;
      }
    }
    if (v.results.some((x) => x.by !== viewer)) {
      r.problems.push(`seat ${viewer} sees another player's night answer (${where(s)})`);
      return;
    }
  }
  const spectator = project(s, { kind: 'spectator' });
  for (const sv of spectator.seats) {
    const open = !s.alive[sv.seat - 1] && s.options.revealOnDeath && !s.setup.modifications.includes('broken-lanterns');
    if (sv.role !== undefined && s.phase.kind !== 'ended' && !open) {
      r.problems.push(`a spectator sees the role of seat ${sv.seat} (${where(s)})`);
      return;
    }
  }
}

/** Sends a command; a throw or a refusal that changed the game is a problem. */
function send(r: Report, command: Command, actor: Actor = HOST): Game | null {
  const before = r.game;
  const snapshot = JSON.stringify(before);
  let t;
  try {
    t = transition(before, command, actor);
  } catch (e) {
    r.problems.push(`${JSON.stringify(command)} threw ${(e as Error).message} (${where(before.state)})`);
    return null;
  }
  if (!t.ok) {
    if (JSON.stringify(before) !== snapshot) r.problems.push(`refused ${JSON.stringify(command)} changed the game`);
    return null;
  }
  return t.game;
}

/** A little pseudo-random stream from the input seed. */
function stream(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = Math.imul(x ^ (x >>> 15), x | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function play(input: Input): Report {
  const created = createGame({ preset: input.preset, players: input.players, seed: input.seed });
  if (!created.ok) throw new Error(`createGame ${input.preset}/${input.players}: ${created.error.message}`);
  const r: Report = { game: created.game, problems: [] };
  const rnd = stream(input.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const bots = Array.from({ length: input.players }, (_, i) => createBot('random', S(i + 1), input.seed * 31 + i));
  const accept = (next: Game | null) => {
    if (!next) return;
    r.game = next;
    checkViews(r, next.state);
  };
  checkViews(r, r.game.state);
  for (let step = 0; step < 4000 && r.game.state.phase.kind !== 'ended' && !r.problems.length; step++) {
    const s = r.game.state;
    const roll = rnd();
    if (roll < 0.02) {
      // Commands no rule allows now: a seat acting for another, a host-only command from a seat.
      const me = pick(aliveSeats(s));
      const other = S((me % s.seats) + 1);
      const bad: [Command, Actor] = pick<[Command, Actor]>([
        [{ type: 'vote', by: other, target: me }, { kind: 'seat', seat: me }],
        [{ type: 'endNight' }, { kind: 'seat', seat: me }],
        [{ type: 'timeUp' }, { kind: 'seat', seat: me }],
        [{ type: 'act', by: other, act: 'kill', target: me }, { kind: 'seat', seat: me }],
      ]);
      if (send(r, bad[0], bad[1])) r.problems.push(`${JSON.stringify(bad[0])} from seat ${me} was accepted (${where(s)})`);
    } else if (roll < 0.03) {
      accept(send(r, { type: 'foul', seat: pick(aliveSeats(s)) }));
    } else if (roll < 0.034) {
      accept(send(r, { type: 'remove', seat: pick(aliveSeats(s)) }));
    } else if (roll < 0.037) {
      accept(send(r, { type: 'override', action: { kind: 'eliminate', seat: pick(aliveSeats(s)) } }));
    } else if (roll < 0.05 && r.game.batches.length > 2) {
      accept(send(r, { type: 'undo', count: 1 }));
    } else if (roll < 0.07) {
      // R-HOST-2: the timer may run out in any state a running game reaches; it is never refused.
      const next = send(r, { type: 'timeUp' });
      if (!next) r.problems.push(`timeUp was refused (${where(s)})`);
      accept(next);
    } else {
      let moved = false;
      for (const p of pendingDecisions(s)) {
        const command = bots[p.seat - 1].decide(viewOf(project(s, { kind: 'seat', seat: p.seat })), p);
        if (command === null) continue;
        const next = send(r, command, { kind: 'seat', seat: p.seat });
        if (next) {
          accept(next);
          moved = true;
          break;
        }
      }
      if (!moved) {
        const host = nextHostCommand(s);
        if (host === null) break;
        const next = send(r, host);
        if (!next) {
          r.problems.push(`the host's own step ${host.type} was refused (${where(s)})`);
          break;
        }
        accept(next);
      }
    }
  }
  return r;
}

const RUNS = 100;
const params = { numRuns: RUNS, seed: 20261130, endOnFailure: true };
const cache = new Map<string, Report>();
const played = (input: Input): Report => {
  const key = JSON.stringify(input);
  let r = cache.get(key);
  if (!r) cache.set(key, (r = play(input)));
  return r;
};

describe('random games of the issue-3 presets (properties)', () => {
  it('commands_never_throw_refusals_change_nothing_and_no_role_leaks (R-HOST-1, R-NIGHT-2, R-MOD)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(played(input).problems).toEqual([]);
    }), params);
  });

  it('every_game_ends_with_one_winner_whose_winners_hold_that_side (R-WIN-0)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const s = played(input).game.state;
      expect(s.phase.kind).toBe('ended');
      expect(s.winner).not.toBeNull();
      for (const seat of s.winners) {
        const i = seat - 1;
        if (s.winner === 'town' || s.winner === 'mafia') expect(s.teams[i]).toBe(s.winner);
        else expect(s.winner).not.toBe('draw');
      }
      if (s.winner === 'draw') expect(s.winners).toEqual([]);
    }), params);
  });

  it('folding_the_log_rebuilds_the_state (R-HOST-1)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const g = played(input).game;
      expect(foldLog(g.log)).toEqual(g.state);
    }), params);
  });
});
