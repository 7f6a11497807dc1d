/**
 * The simulator's fast paths give the same results as the pure engine:
 * - decideInPlace (folds into a state the caller owns) gives the same events and the same state as
 *   decide, step by step, in random games with fouls, removals, overrides and refused commands,
 *   and decide never changes the state it is given;
 * - project's caches (seat views per game, seat lists per viewer, shared pending decisions) never
 *   show a viewer anything an uncached projection made from `canSeeRole` would not, also when
 *   several games and the in-place path are projected in turn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSeeRole, createGame, dealGame, decide, decideInPlace, nextHostCommand, ownedCopy, pendingDecisions, project, ViewCache,
  type Actor, type Command, type GameState, type GameView, seatNo, type SeatNo, type Viewer,
} from '@mafia/engine';

const S = (n: number) => seatNo(n);
const HOST: Actor = { kind: 'host' };

const inputArb = fc
  .oneof(
    fc.record({ preset: fc.constant('classic'), players: fc.integer({ min: 4, max: 13 }) }),
    fc.record({ preset: fc.constant('sport'), players: fc.constant(10) }),
    fc.record({ preset: fc.constant('short'), players: fc.integer({ min: 3, max: 5 }) }),
  )
  .chain((p) => fc.record({
    preset: fc.constant(p.preset),
    players: fc.constant(p.players),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    salt: fc.integer({ min: 0, max: 0x7fffffff }),
  }));

/** A small deterministic generator for the command choices. */
function chooser(salt: number): (n: number) => number {
  let x = (salt ^ 0x9e3779b9) >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/** A command for the state: mostly what is pending, sometimes host actions and commands that must be refused. */
function nextCommand(s: GameState, r: (n: number) => number): { command: Command; actor: Actor } {
  const seat = () => S(1 + r(s.seats));
  const roll = r(100);
  if (roll < 3) return { command: { type: 'foul', seat: seat() }, actor: HOST };
  if (roll < 4) return { command: { type: 'remove', seat: seat() }, actor: HOST };
  if (roll < 5) return { command: { type: 'override', action: { kind: r(2) ? 'eliminate' : 'revive', seat: seat() } }, actor: HOST };
  if (roll < 10) {
    // Likely refused: a random seat tries a random thing.
    const by = seat();
    const junk: Command[] = [
      { type: 'vote', by, target: seat() },
      { type: 'nominate', by, target: seat() },
      { type: 'act', by, act: r(2) ? 'kill' : 'check', target: seat() },
      { type: 'liftVote', by, leave: true },
      { type: 'endNight' },
      { type: 'closeVote' },
    ];
    return { command: junk[r(junk.length)], actor: r(2) ? HOST : { kind: 'seat', seat: by } };
  }
  const pending = pendingDecisions(s);
  if (pending.length > 0 && r(4) !== 0) {
    const p = pending[r(pending.length)];
    const actor: Actor = { kind: 'seat', seat: p.seat };
    switch (p.kind) {
      case 'act': return { command: { type: 'act', by: p.seat, act: p.acts[r(p.acts.length)], target: seat() }, actor };
      case 'nominate': return { command: { type: 'nominate', by: p.seat, target: seat() }, actor };
      case 'vote': {
        const c = s.day!.candidates;
        return { command: { type: 'vote', by: p.seat, target: c.length ? c[r(c.length)] : seat() }, actor };
      }
      case 'liftVote': return { command: { type: 'liftVote', by: p.seat, leave: r(2) === 0 }, actor };
      case 'bestMove': return { command: { type: 'bestMove', by: p.seat, named: [seat(), seat(), seat()] }, actor };
    }
  }
  return { command: nextHostCommand(s) ?? { type: 'endNight' }, actor: HOST };
}

describe('decideInPlace', () => {
  it('in_place_decide_matches_pure_decide', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const created = createGame({ preset: input.preset, players: input.players, seed: input.seed });
        if (!created.ok) throw new Error(created.error.message);
        let pure = created.game.state;
        let owned = ownedCopy(pure);
        expect(owned).toEqual(pure);
        const r = chooser(input.salt);
        for (let step = 0; step < 400 && pure.phase.kind !== 'ended'; step++) {
          const { command, actor } = nextCommand(pure, r);
          const snapshot = step % 4 === 0 ? structuredClone(pure) : null;
          const a = decide(pure, command, actor);
          const b = decideInPlace(owned, command, actor);
          // decide is pure, and decideInPlace writes into nothing the pure states share with it
          // (arrays, setup): the state decide was given is as it was.
          if (snapshot !== null) expect(pure).toEqual(snapshot);
          expect(b.ok).toBe(a.ok);
          if (!a.ok || !b.ok) {
            if (!a.ok && !b.ok) expect(b.error).toEqual(a.error);
            expect(owned).toEqual(pure);
            continue;
          }
          expect(b.events).toEqual(a.events);
          expect(b.state).toEqual(a.state);
          pure = a.state;
          owned = b.state;
        }
      }),
      { numRuns: 120 },
    );
  });
});

/** The view a viewer is allowed, made from canSeeRole seat by seat (no caches). */
function expectedSeats(s: GameState, viewer: Viewer) {
  const out = [];
  for (let i = 0; i < s.seats; i++) {
    const seat = S(i + 1);
    const base = { seat, name: s.setup.names[i] ?? `${seat}`, alive: s.alive[i], fouls: s.fouls[i] };
    out.push(canSeeRole(s, viewer, seat) ? { ...base, role: s.roles[i], team: s.teams[i] } : base);
  }
  return out;
}

/** The parts of a view the caches make, as an uncached projection from canSeeRole would give them. */
const cachedParts = (v: GameView) => ({ seats: v.seats, me: v.me });
function expectedParts(s: GameState, viewer: Viewer) {
  const i = viewer.kind === 'seat' ? viewer.seat - 1 : -1;
  return {
    seats: expectedSeats(s, viewer),
    me: viewer.kind === 'seat' ? { seat: viewer.seat, role: s.roles[i], team: s.teams[i], alive: s.alive[i] } : null,
  };
}

describe('dealGame', () => {
  it('deals_the_state_and_events_of_createGame_as_a_state_of_its_own', () => {
    for (const preset of ['classic', 'sport', 'fiim', 'club', 'party', 'piter', 'extended', 'tabletop']) {
      for (const seed of [1, 'x/7']) {
        const created = createGame({ preset, players: 10, seed });
        const dealt = dealGame({ preset, players: 10, seed });
        if (!created.ok || !dealt.ok) throw new Error('setup');
        expect(dealt.events).toEqual(created.game.log);
        expect(dealt.state).toEqual(created.game.state);
        // Its own: not the state or day of any game or event.
        expect(dealt.state).not.toBe(created.game.state);
      }
    }
    const refused = dealGame({ preset: 'classic', players: 2, seed: 1 });
    expect(refused.ok).toBe(false);
  });
});

describe('projection caches', () => {
  it('cached_projections_show_exactly_what_canSeeRole_allows', () => {
    fc.assert(
      fc.property(inputArb, inputArb, (in1, in2) => {
        // Two games side by side (one pure, one in place), projected in turn for every viewer,
        // so that the per-game tables and per-viewer lists are reused and switched between; the
        // first through a ViewCache of its own (as a server's room), the second without.
        const g1 = createGame({ preset: in1.preset, players: in1.players, seed: in1.seed });
        const g2 = createGame({ preset: in2.preset, players: in2.players, seed: in2.seed });
        if (!g1.ok || !g2.ok) throw new Error('setup');
        let a = g1.game.state;
        let b = ownedCopy(g2.game.state);
        const r = chooser(in1.salt ^ in2.salt);
        const cache = new ViewCache();
        for (let step = 0; step < 200 && (a.phase.kind !== 'ended' || b.phase.kind !== 'ended'); step++) {
          for (const s of [a, b]) {
            const viewers: Viewer[] = [{ kind: 'spectator' }, { kind: 'host' }];
            for (let seat = 1; seat <= s.seats; seat++) viewers.push({ kind: 'seat', seat: S(seat) });
            const got = viewers.map((viewer) => cachedParts(project(s, viewer, s === a ? cache : undefined)));
            expect(got).toEqual(viewers.map((viewer) => expectedParts(s, viewer)));
          }
          if (a.phase.kind !== 'ended') {
            const { command, actor } = nextCommand(a, r);
            const d = decide(a, command, actor);
            if (d.ok) a = d.state;
          }
          if (b.phase.kind !== 'ended') {
            const { command, actor } = nextCommand(b, r);
            const d = decideInPlace(b, command, actor);
            if (d.ok) b = d.state;
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a_view_cache_keeps_its_games_seat_lists_while_many_other_games_are_projected_in_turn', () => {
    // A server projects a thousand games in turn; each room's ViewCache keeps its game's lists (and
    // their identity, which the server's serialiser caches texts by) from one update to the next.
    const games = [];
    for (let seed = 1; seed <= 40; seed++) {
      const g = createGame({ preset: 'classic', players: 10, seed });
      if (!g.ok) throw new Error('setup');
      games.push({ state: g.game.state, cache: new ViewCache() });
    }
    const seat3: Viewer = { kind: 'seat', seat: S(3) };
    const first = games.map((g) => project(g.state, seat3, g.cache).seats);
    for (let k = 0; k < games.length; k++) expect(project(games[k].state, seat3, games[k].cache).seats).toBe(first[k]);
    // Without a cache only the last few games keep theirs (a simulation plays one game at a time).
    const plain = games.map((g) => project(g.state, seat3).seats);
    expect(project(games[0].state, seat3).seats).not.toBe(plain[0]);
  });

  it('shared_pending_decisions_are_frozen_values', () => {
    const g = createGame({ preset: 'classic', players: 10, seed: 3 });
    if (!g.ok) throw new Error('setup');
    let s = g.game.state;
    for (let i = 0; i < 200 && s.phase.kind !== 'ended'; i++) {
      for (const p of pendingDecisions(s)) if (p.kind !== 'act') expect(Object.isFrozen(p)).toBe(true);
      const d = decide(s, nextHostCommand(s)!);
      if (!d.ok) break;
      s = d.state;
    }
  });
});
