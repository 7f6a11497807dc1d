/**
 * Issue 27: what the heuristic bot says in its turn to talk, and what the town makes of it. One
 * scenario per behaviour, on a classic table where seat 3 is the Commissar and 2, 5 (Don), 8 the mafia.
 */
import { createGame, project, seatNo, type GameView, type Said } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createBot, viewOf } from '../src/index.js';
import { playGame, type BotFactory } from '../src/simulate.js';
import { speechOf } from '../src/talking.js';
import { opinionsOf } from '../src/opinions.js';

const S = seatNo;
const MAFIA = [2, 5, 8];

/** Seat `me`'s view on day 2 (speeches), with its own card and the talk so far. */
function dayView(me: number, o: { role: string; team: 'town' | 'mafia'; results?: GameView['results']; said?: Said[]; stage?: 'speeches' | 'lastWords' | 'vote'; candidates?: number[]; nominations?: [number, number][] }): GameView {
  const created = createGame({ preset: 'classic', players: 10, seed: 1 });
  if (!created.ok) throw new Error(created.error.message);
  const { nightSteps, roleVariants, donSeeks } = project(created.game.state, { kind: 'seat', seat: S(me) });
  const mafiaSeesTeam = o.team === 'mafia';
  return {
    viewer: { kind: 'seat', seat: S(me) },
    preset: 'classic',
    nightSteps, roleVariants, donSeeks,
    phase: { kind: 'day', n: 2 },
    seats: Array.from({ length: 10 }, (_, i) => ({
      seat: S(i + 1), name: `${i + 1}`, alive: true, fouls: 0,
      ...(i + 1 === me ? { role: o.role as never, team: o.team } : mafiaSeesTeam && MAFIA.includes(i + 1) ? { role: 'mafia' as never, team: 'mafia' as const } : {}),
    })),
    day: {
      n: 2, emergency: false, stage: o.stage ?? 'speeches', speaker: o.stage === 'vote' ? null : S(me), lastWords: o.stage === 'lastWords' ? [S(me)] : [],
      nominations: (o.nominations ?? []).map(([by, t]) => [S(by), S(t)]), round: 0, candidates: (o.candidates ?? []).map(S), ballots: new Array(10).fill(0), lift: [], tally: null, left: [],
      voteCancelled: false, circle: null, blood: [], dyingNote: null, rakeChoice: null,
    },
    me: { seat: S(me), role: o.role as never, team: o.team, alive: true },
    myActs: [],
    said: o.said ?? [],
    results: o.results ?? [],
    bestMove: null,
    winner: null,
    winners: [],
  } as GameView;
}

describe('the heuristic bot talks', () => {
  it('the_commissar_who_found_a_living_mafioso_claims_and_names_every_check', () => {
    const view = dayView(3, { role: 'commissar', team: 'town', results: [
      { by: S(3), act: 'check', target: S(6), answer: 'no', night: 1 },
      { by: S(3), act: 'check', target: S(8), answer: 'yes', night: 2 },
    ] });
    expect(speechOf(view, S(3))).toEqual([
      { kind: 'claim', role: 'commissar' },
      { kind: 'checked', target: 6, night: 1, color: 'red' },
      { kind: 'checked', target: 8, night: 2, color: 'black' },
    ]);
  });

  it('the_commissar_with_only_red_checks_keeps_his_card_hidden_until_his_last_word', () => {
    const results: GameView['results'] = [{ by: S(3), act: 'check', target: S(6), answer: 'no', night: 1 }];
    expect(speechOf(dayView(3, { role: 'commissar', team: 'town', results }), S(3))).toEqual([]);
    expect(speechOf(dayView(3, { role: 'commissar', team: 'town', results, stage: 'lastWords' }), S(3))).toEqual([
      { kind: 'claim', role: 'commissar' },
      { kind: 'checked', target: 6, night: 1, color: 'red' },
    ]);
  });

  it('a_mafioso_answers_the_checker_who_named_a_teammate_with_a_counter_claim', () => {
    const said: Said[] = [
      { day: 2, by: S(3), statement: { kind: 'claim', role: 'commissar' } },
      { day: 2, by: S(3), statement: { kind: 'checked', target: S(8), night: 2, color: 'black' } },
    ];
    expect(speechOf(dayView(5, { role: 'don', team: 'mafia', said }), S(5))).toEqual([
      { kind: 'claim', role: 'commissar' },
      { kind: 'checked', target: 3, night: 2, color: 'black' },
    ]);
    // Once a teammate has answered, the others keep quiet.
    const answered: Said[] = [...said, { day: 2, by: S(5), statement: { kind: 'claim', role: 'commissar' } }];
    expect(speechOf(dayView(2, { role: 'mafia', team: 'mafia', said: answered }), S(2))).toEqual([]);
  });

  it('a_civilian_votes_for_the_seat_a_lone_claimed_commissar_named_black', () => {
    const said: Said[] = [
      { day: 2, by: S(3), statement: { kind: 'claim', role: 'commissar' } },
      { day: 2, by: S(3), statement: { kind: 'checked', target: S(8), night: 2, color: 'black' } },
    ];
    const bot = createBot('heuristic', S(7), 1);
    const view = dayView(7, { role: 'civilian', team: 'town', said, stage: 'vote', candidates: [4, 8] });
    expect(bot.decide(viewOf(view), { kind: 'vote', seat: S(7), candidates: [S(4), S(8)] })).toEqual({ type: 'vote', by: 7, target: 8 });
  });

  it('a_room_bot_without_a_claim_names_its_suspect_and_whom_it_will_vote_for', () => {
    const score = new Float64Array(11);
    score[7] = 1;
    const view = dayView(4, { role: 'civilian', team: 'town', nominations: [[1, 7]] });
    expect(opinionsOf(view, S(4), score)).toEqual([{ kind: 'suspect', target: 7 }, { kind: 'willVote', target: 7 }]);
    // Said once a day: his defence does not repeat his speech.
    const said: Said[] = [{ day: 2, by: S(4), statement: { kind: 'suspect', target: S(7) } }];
    expect(opinionsOf(dayView(4, { role: 'civilian', team: 'town', nominations: [[1, 7]], said }), S(4), score)).toEqual([{ kind: 'willVote', target: 7 }]);
  });

  it('a_room_bot_with_no_suspect_names_whom_it_trusts_or_keeps_quiet', () => {
    const score = new Float64Array(11);
    expect(opinionsOf(dayView(4, { role: 'civilian', team: 'town' }), S(4), score)).toEqual([]);
    score[6] = -2;
    score[9] = -2;
    // The lowest of equals, without dice: a bot's later choices stay the same.
    expect(opinionsOf(dayView(4, { role: 'civilian', team: 'town' }), S(4), score)).toEqual([{ kind: 'trust', target: 6 }]);
  });

  it('a_room_mafioso_keeps_quiet_when_a_civilian_in_his_seat_would', () => {
    // Nothing in the public record against anyone: a red nominating his teammate is no reason to speak.
    const score = new Float64Array(11);
    expect(opinionsOf(dayView(5, { role: 'don', team: 'mafia', nominations: [[6, 8], [1, 9]] }), S(5), score)).toEqual([]);
  });

  it('a_room_mafioso_says_the_towns_reading_with_a_red_in_place_of_his_teammate', () => {
    // The public record points at his teammate 8: he names the red who nominated 8, and votes for the red nominee.
    const score = new Float64Array(11);
    score[8] = 1;
    score[9] = 0.2;
    const view = dayView(5, { role: 'don', team: 'mafia', nominations: [[6, 8], [1, 9]] });
    expect(opinionsOf(view, S(5), score)).toEqual([{ kind: 'suspect', target: 6 }, { kind: 'willVote', target: 9 }]);
    // Where it points at a red, he says it as it is.
    score[7] = 2;
    expect(opinionsOf(dayView(5, { role: 'don', team: 'mafia' }), S(5), score)).toEqual([{ kind: 'suspect', target: 7 }]);
  });

  it('room_mafiosi_voice_an_opinion_about_as_often_as_civilians', () => {
    // A mafioso who spoke whenever he had a red to blame spoke on day 2 of classic in 67 % of his
    // turns, a civilian in 20 %: his words gave him away.
    for (const preset of ['classic', 'club']) {
      const turns = { mafia: [0, 0], town: [0, 0] };
      const talkative: BotFactory = (kind, seat, seed) => {
        const bot = createBot(kind, seat, seed, { opinions: true });
        return { kind: bot.kind, seat: bot.seat, decide: (v, p) => bot.decide(v, p), meet: bot.meet?.bind(bot), speak: (source) => {
          const said = bot.speak!(source);
          const v = source();
          const plain = v.me?.role === 'civilian' || v.me?.role === 'mafia';
          if (plain && v.me!.alive && v.day?.stage === 'speeches' && v.day.n >= 2 && !said.some((x) => x.kind === 'claim')) {
            const t = turns[v.me!.team === 'mafia' ? 'mafia' : 'town'];
            t[0]++;
            if (said.length > 0) t[1]++;
          }
          return said;
        } };
      };
      for (let g = 0; g < 150; g++) playGame({ preset, players: 10, seed: `voice/${g}`, bots: 'heuristic', makeBot: talkative });
      const rate = (t: number[]) => t[1] / t[0];
      expect(turns.mafia[0], preset).toBeGreaterThan(200);
      expect(Math.abs(rate(turns.mafia) - rate(turns.town)), `${preset}: mafia ${rate(turns.mafia)}, town ${rate(turns.town)}`).toBeLessThan(0.1);
    }
  });

  it('room_bots_speak_their_minds_and_play_the_same_games_as_the_simulations_bots', () => {
    const kinds = new Map<string, number>();
    const talkative: BotFactory = (kind, seat, seed) => {
      const bot = createBot(kind, seat, seed, { opinions: true });
      return { kind: bot.kind, seat: bot.seat, decide: (v, p) => bot.decide(v, p), meet: bot.meet?.bind(bot), speak: (v) => {
        const said = bot.speak!(v);
        for (const st of said) kinds.set(st.kind, (kinds.get(st.kind) ?? 0) + 1);
        return said;
      } };
    };
    for (const preset of ['classic', 'club']) {
      for (let g = 0; g < 15; g++) {
        const room = playGame({ preset, players: 10, seed: `mind/${g}`, bots: 'heuristic', strict: true, makeBot: talkative });
        const sim = playGame({ preset, players: 10, seed: `mind/${g}`, bots: 'heuristic', strict: true });
        expect([room.winner, room.phases, room.illegal], `${preset} game ${g}`).toEqual([sim.winner, sim.phases, 0]);
        expect(room.commands).toBeGreaterThanOrEqual(sim.commands);
      }
    }
    expect(kinds.get('suspect')).toBeGreaterThan(30);
    expect(kinds.get('willVote')).toBeGreaterThan(10);
  });

  it('talking_bots_say_only_what_the_rules_let_them_say_in_every_preset', () => {
    for (const preset of ['sport', 'classic', 'fiim', 'club', 'tabletop', 'party', 'piter', 'extended']) {
      for (let g = 0; g < 20; g++) {
        const r = playGame({ preset, players: 10, seed: `talk/${g}`, bots: 'heuristic', strict: true });
        expect(r.illegal, `${preset} game ${g}`).toBe(0);
      }
    }
  });
});
