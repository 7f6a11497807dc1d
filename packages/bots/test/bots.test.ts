import { describe, expect, it } from 'vitest';
import { createGame, project, type GameView, type Pending, seatNo, type SeatNo } from '@mafia/engine';
import { createBot, playGame, simulate, viewOf, type Bot, type BotKind } from '@mafia/bots';

const S = (n: number): SeatNo => seatNo(n);

/** Fields of the game state that must never reach a bot. */
const STATE_ONLY = ['roles', 'teams', 'setup', 'rng', 'checks', 'night', 'options', 'missNextSpeech', 'firstKill'];

const TABLES = [
  { preset: 'classic', players: 10 },
  { preset: 'sport', players: 10 },
  { preset: 'short', players: 5 },
] as const;
const KINDS: readonly BotKind[] = ['random', 'heuristic'];

interface Seen {
  readonly seat: SeatNo;
  readonly view: GameView;
  readonly pending: Pending;
}

/** Real bots wrapped so that the test sees every (view, pending) pair they are given. */
function spying(seen: Seen[]) {
  return (kind: BotKind, seat: SeatNo, seed: number): Bot => {
    const bot = createBot(kind, seat, seed);
    return {
      kind,
      seat,
      decide(source, pending) {
        const view = source();
        seen.push({ seat, view, pending });
        return bot.decide(viewOf(view), pending);
      },
    };
  };
}

describe('simulated games', () => {
  it('simulated_games_always_end_with_one_winner_or_draw', () => {
    for (const t of TABLES) {
      for (const bots of KINDS) {
        const r = simulate({ ...t, games: 150, bots, seed: `end/${t.preset}/${bots}`, strict: true });
        expect(r.unfinished).toBe(0);
        expect(r.illegalCommands).toBe(0);
        // Every game is counted under exactly one outcome, and only known outcomes appear.
        expect(Object.keys(r.winRates).sort()).toEqual(['draw', 'mafia', 'town']);
        const total = Object.values(r.winRates).reduce((n, w) => n + w.wins, 0);
        expect(total).toBe(150);
        expect(r.meanPhases).toBeGreaterThan(0);
      }
    }
  });

  it('every_played_game_names_its_winner', () => {
    for (const t of TABLES) {
      for (let g = 0; g < 40; g++) {
        const r = playGame({ ...t, seed: `winner/${g}`, bots: g % 2 ? 'heuristic' : 'random', strict: true });
        expect(['town', 'mafia', 'draw']).toContain(r.winner);
        expect(r.phases).toBeGreaterThan(0);
      }
    }
  });

  it('bots_never_make_an_illegal_command', () => {
    for (const t of TABLES) {
      for (const bots of KINDS) {
        // strict: the first refused command throws with the engine's reason.
        const r = simulate({ ...t, games: 300, bots, seed: `legal/${bots}`, strict: true });
        expect(r.illegalCommands).toBe(0);
      }
      // Mixed tables too: heuristic mafia against random town and the reverse.
      for (const bots of [{ town: 'random', mafia: 'heuristic' }, { town: 'heuristic', mafia: 'random' }] as const) {
        expect(simulate({ ...t, games: 100, bots, seed: 'legal/mixed', strict: true }).illegalCommands).toBe(0);
      }
    }
  });

  it('same_seed_same_results', () => {
    for (const bots of KINDS) {
      const a = simulate({ preset: 'classic', players: 10, games: 200, bots, seed: 42 });
      const b = simulate({ preset: 'classic', players: 10, games: 200, bots, seed: 42 });
      expect(b.winRates).toEqual(a.winRates);
      expect(b.phases).toBe(a.phases);
      const c = simulate({ preset: 'classic', players: 10, games: 200, bots, seed: 43 });
      expect(c.phases === a.phases && c.winRates.town.wins === a.winRates.town.wins).toBe(false);
    }
    // One game: the same seed plays the same game (same length, same winner, same commands).
    const g1 = playGame({ preset: 'sport', players: 10, seed: 'x', bots: 'heuristic' });
    const g2 = playGame({ preset: 'sport', players: 10, seed: 'x', bots: 'heuristic' });
    expect(g2).toEqual(g1);
  });

  it('a_game_past_the_phase_cap_is_counted_as_unfinished', () => {
    const r = simulate({ preset: 'classic', players: 10, games: 20, seed: 1, phaseCap: 1 });
    expect(r.unfinished).toBe(20);
    expect(r.winRates.unfinished.wins).toBe(20);
    expect(r.winRates.town.wins + r.winRates.mafia.wins).toBe(0);
  });

  it('the_speed_figures_are_consistent', () => {
    const r = simulate({ preset: 'classic', players: 10, games: 50, seed: 3 });
    expect(r.games).toBe(50);
    expect(r.meanPhases).toBeCloseTo(r.phases / 50, 10);
    expect(r.seconds).toBeGreaterThan(0);
    expect(r.gamesPerSecond).toBeCloseTo(50 / r.seconds, 6);
    expect(r.phasesPerSecond).toBeCloseTo(r.phases / r.seconds, 6);
  });

  it('a_setup_the_engine_refuses_is_reported_with_its_message', () => {
    expect(() => simulate({ preset: 'nope', players: 10, games: 1 })).toThrow(/unknown preset "nope"/);
    expect(() => simulate({ preset: 'sport', players: 9, games: 1 })).toThrow(/sport is played by 10/);
  });
});

describe('what a bot sees', () => {
  it('bot_receives_only_its_projected_view', () => {
    for (const t of TABLES) {
      for (const kind of KINDS) {
        const seen: Seen[] = [];
        for (let g = 0; g < 10; g++) playGame({ ...t, seed: `view/${g}`, bots: kind, makeBot: spying(seen), strict: true });
        expect(seen.length).toBeGreaterThan(100);
        for (const { seat, view, pending } of seen) {
          // A view for this seat, never the game state.
          for (const key of STATE_ONLY) expect(view).not.toHaveProperty(key);
          expect(view.viewer).toEqual({ kind: 'seat', seat });
          expect(view.me?.seat).toBe(seat);
          expect(pending.seat).toBe(seat);
          // Only its own answers.
          for (const r of view.results) expect(r.by).toBe(seat);
          // Hidden roles stay hidden: while the game runs, another alive player's role is shown
          // only to a fellow mafioso.
          for (const other of view.seats) {
            if (other.seat === seat || !other.alive) continue;
            const mates = view.me!.team === 'mafia' && view.me!.alive;
            if (!mates) expect(other).not.toHaveProperty('role');
            if (other.role !== undefined) expect(other.team).toBe('mafia');
          }
        }
      }
    }
  });

  it('a_town_bots_view_holds_no_other_role', () => {
    const created = createGame({ preset: 'sport', players: 10, seed: 5 });
    if (!created.ok) throw new Error(created.error.message);
    const state = created.game.state;
    const town = state.teams.findIndex((t) => t === 'town') + 1;
    const view = project(state, { kind: 'seat', seat: S(town) });
    const shown = view.seats.filter((s) => s.role !== undefined).map((s) => s.seat);
    expect(shown).toEqual([town]);
    // The bot gets that view and answers with a command for its own seat only.
    const bot = createBot('heuristic', S(town), 1);
    const cmd = bot.decide(viewOf(view), { kind: 'act', seat: S(town), acts: ['check'] });
    expect(cmd === null || (cmd.type === 'act' && cmd.by === town)).toBe(true);
  });

  it('mafia_bots_agree_on_the_unanimous_shot_from_their_views', () => {
    // Heuristic mafia bots compute the same target from what all of them see: no misses.
    const seen: Seen[] = [];
    for (let g = 0; g < 30; g++) playGame({ preset: 'classic', players: 10, seed: `shot/${g}`, bots: 'heuristic', makeBot: spying(seen) });
    // Re-ask fresh bots with the recorded views: every mafia bot of one night names the same seat.
    const nights = new Map<string, Set<number>>();
    for (const { seat, view, pending } of seen) {
      if (pending.kind !== 'act' || view.me?.team !== 'mafia' || pending.acts[0] !== 'kill' || view.phase.kind !== 'night') continue;
      const cmd = createBot('heuristic', seat, 99).decide(viewOf(view), pending);
      expect(cmd?.type).toBe('act');
      const aliveKey = view.seats.map((s) => (s.alive ? 1 : 0)).join('');
      const key = `${view.phase.n}/${aliveKey}/${view.seats.filter((s) => s.team === 'mafia').map((s) => s.seat).join(',')}`;
      if (!nights.has(key)) nights.set(key, new Set());
      if (cmd?.type === 'act') nights.get(key)!.add(cmd.target);
    }
    expect(nights.size).toBeGreaterThan(10);
    for (const targets of nights.values()) expect(targets.size).toBe(1);
  });

  it('heuristic_bots_play_better_than_random_ones', () => {
    // Same seeds, same tables: only one team's bots change.
    const base = simulate({ preset: 'classic', players: 10, games: 600, bots: 'random', seed: 11 });
    const smartTown = simulate({ preset: 'classic', players: 10, games: 600, bots: { town: 'heuristic', mafia: 'random' }, seed: 11 });
    const smartMafia = simulate({ preset: 'classic', players: 10, games: 600, bots: { town: 'random', mafia: 'heuristic' }, seed: 11 });
    expect(smartTown.winRates.town.low).toBeGreaterThan(base.winRates.town.high);
    expect(smartMafia.winRates.mafia.low).toBeGreaterThan(base.winRates.mafia.high);
  });

  it('the_commissar_votes_against_the_mafioso_he_found', () => {
    const bot = createBot('heuristic', S(3), 1);
    // The per-game fields the decision does not read, as a real classic game's view has them.
    const created = createGame({ preset: 'classic', players: 10, seed: 1 });
    if (!created.ok) throw new Error(created.error.message);
    const { nightSteps, roleVariants, donSeeks } = project(created.game.state, { kind: 'seat', seat: S(3) });
    const view: GameView = {
      viewer: { kind: 'seat', seat: S(3) },
      preset: 'classic',
      nightSteps, roleVariants, donSeeks,
      phase: { kind: 'day', n: 2 },
      seats: Array.from({ length: 10 }, (_, i) => ({ seat: S(i + 1), name: `${i + 1}`, alive: true, fouls: 0, ...(i === 2 ? { role: 'commissar', team: 'town' } : {}) })),
      day: {
        n: 2, emergency: false, stage: 'vote', speaker: null, lastWords: [], nominations: [[S(1), S(4)], [S(6), S(8)]], round: 0,
        candidates: [S(4), S(8)], ballots: new Array(10).fill(0), lift: [], tally: null, left: [], voteCancelled: false,
        circle: null, blood: [], dyingNote: null, rakeChoice: null,
      },
      me: { seat: S(3), role: 'commissar', team: 'town', alive: true },
      myActs: [],
      said: [],
      results: [{ by: S(3), act: 'check', target: S(8), answer: 'yes', night: 2 }],
      bestMove: null,
      winner: null,
      winners: [],
    };
    expect(bot.decide(viewOf(view), { kind: 'vote', seat: S(3), candidates: [S(4), S(8)] })).toEqual({ type: 'vote', by: 3, target: 8 });
  });
});

describe('vote decisions', () => {
  it('a_vote_decision_names_the_candidates_of_the_round (R-VOTE-3)', () => {
    // Every pending vote of 30 games must carry exactly the day's candidates.
    let votes = 0;
    for (let g = 0; g < 30; g++) {
      const r = playGame({ preset: 'classic', players: 10, seed: `cands/${g}`, strict: true, makeBot: (kind, seat, seed) => {
        const bot = createBot(kind, seat, seed);
        return {
          kind, seat,
          decide(source, pending) {
            if (pending.kind === 'vote') {
              votes++;
              const day = source().day;
              expect(day?.stage).toBe('vote');
              expect(pending.candidates).toEqual(day?.candidates);
              expect(Object.isFrozen(pending)).toBe(true);
            }
            return bot.decide(source, pending);
          },
        };
      } });
      expect(r.winner).not.toBeNull();
    }
    expect(votes).toBeGreaterThan(100);
  });
});
