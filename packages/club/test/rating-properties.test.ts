import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kFactors, rateGames, sideDelta, type GameWinner, type RatedGame, type Side } from '../src/rating/index.js';

const POOL = Array.from({ length: 14 }, (_, i) => `m${i}`);

/** Games among a small pool, so members meet again and ratings move away from 1000. */
const arbGame: fc.Arbitrary<Omit<RatedGame, 'id'>> = fc.record({
  kind: fc.constantFrom('club' as const, 'tournament' as const),
  seats: fc.uniqueArray(
    fc.record({ member: fc.constantFrom(...POOL), side: fc.constantFrom<Side>('red', 'red', 'black', 'solo') }),
    { selector: (s) => s.member, minLength: 1, maxLength: 12 },
  ),
  winner: fc.constantFrom<GameWinner>('red', 'black', 'solo', 'draw'),
});
const arbGames = fc.array(arbGame, { maxLength: 30 }).map((gs) => gs.map((g, i): RatedGame => ({ id: `g${i}`, ...g })));

describe('Elo properties (R-CLUB, issue 15)', () => {
  it('recomputation_is_deterministic', () => {
    fc.assert(fc.property(arbGames, (games) => {
      expect(rateGames(games)).toEqual(rateGames(games));
    }));
  });

  it('the_sum_of_a_games_changes_is_n_red_times_the_red_change_plus_n_black_times_the_black_change', () => {
    fc.assert(fc.property(arbGames, (games) => {
      const { history } = rateGames(games);
      history.forEach((h, i) => {
        if (!h.rated) return;
        const g = games[i]!;
        const p = h.chance!;
        const n = (side: Side) => g.seats.filter((s) => s.side === side).length;
        const k = kFactors(g.kind, g.seats.length);
        // The formula written out per result, not through the code's own helper.
        const [dRed, dBlack] =
          g.winner === 'red' ? [k.win * (1 - p), -k.loss * (1 - p)]
          : g.winner === 'black' ? [-k.loss * p, k.win * p]
          : g.winner === 'solo' ? [-k.loss * p, -k.loss * (1 - p)]
          : [(0.5 - p) * (p < 0.5 ? k.win : k.loss), (p - 0.5) * (p > 0.5 ? k.win : k.loss)];
        const sum = h.changes.reduce((a, c) => a + c.delta, 0);
        expect(sum).toBeCloseTo(n('red') * dRed + n('black') * dBlack, 9);
      });
    }));
  });

  it('ratings_change_only_for_the_red_and_black_players_of_the_game', () => {
    fc.assert(fc.property(arbGames, arbGame, (games, last) => {
      const before = rateGames(games).ratings;
      const game: RatedGame = { id: 'last', ...last };
      const after = rateGames([...games, game]).ratings;
      const rated = new Set(game.seats.filter((s) => s.side !== 'solo').map((s) => s.member));
      for (const m of POOL) if (!rated.has(m)) expect(after.get(m)).toEqual(before.get(m));
    }));
  });

  it('a_solo_players_ratings_never_change', () => {
    fc.assert(fc.property(arbGames, arbGame, (games, last) => {
      const before = rateGames(games).ratings;
      const game: RatedGame = { id: 'last', ...last };
      const { ratings: after, history } = rateGames([...games, game]);
      for (const s of game.seats.filter((x) => x.side === 'solo')) expect(after.get(s.member)).toEqual(before.get(s.member));
      for (const h of history) for (const c of h.changes) expect(games.concat(game).find((g) => g.id === h.gameId)!.seats.find((s) => s.member === c.member)!.side).not.toBe('solo');
    }));
  });

  it('the_history_replays_from_its_stored_chances', () => {
    // An auditor with only the history (chance and K per game) gets every delta again, and each
    // change starts from where the member's previous change on that track ended.
    fc.assert(fc.property(arbGames, (games) => {
      const { ratings, history } = rateGames(games);
      const last = new Map<string, number>();
      history.forEach((h, i) => {
        const g = games[i]!;
        for (const c of h.changes) {
          const outcome = g.winner === 'draw' ? 'draw' : g.winner === c.track ? 'win' : 'loss';
          const chance = c.track === 'red' ? h.chance! : 1 - h.chance!;
          expect(c.delta).toBe(sideDelta(outcome, chance, h.k));
          expect(c.after).toBe(c.before + c.delta);
          expect(c.before).toBe(last.get(`${c.member}/${c.track}`) ?? 1000);
          last.set(`${c.member}/${c.track}`, c.after);
        }
      });
      for (const [key, value] of last) {
        const [m, t] = key.split('/') as [string, 'red' | 'black'];
        expect(ratings.get(m)![t]).toBe(value);
      }
    }));
  });

  it('the_winning_side_never_loses_and_the_losing_side_never_gains', () => {
    fc.assert(fc.property(arbGames, (games) => {
      rateGames(games).history.forEach((h, i) => {
        const w = games[i]!.winner;
        if (w === 'draw') return;
        for (const c of h.changes) expect(c.track === w ? c.delta >= 0 : c.delta <= 0).toBe(true);
      });
    }));
  });
});
