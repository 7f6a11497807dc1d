/**
 * Issue 11, "no game can freeze" (R-HOST-2): the app as host ends every step on its timer. Random games
 * over every built preset and every player count it allows, where some seats never act at all (no act,
 * no nomination, no vote, never ending a speech or a last word) and the others skip decisions at random.
 * The host sends nothing but `timeUp` (the timer); a seat's own "end my speech / my last word" is the
 * only other way a step ends.
 *
 * Properties:
 * - no command throws, and `timeUp` is never refused, in any state a running game reaches;
 * - every game ends, within a bound that follows from the rules: with `drawAfterQuietRounds` = 3
 *   (R-SPORT-4, an option of every preset; issue 11 gave it to the short game), a game in which nobody
 *   leaves for 6 phases in a row is a draw, and every other phase takes somebody out, so a game of n
 *   seats has at most 6·(n + 1) phases. A phase takes a bounded number of commands: a few acts per seat
 *   at night, per seat a speech, a nomination and a last word by day, and a few vote rounds (with their
 *   defence speeches) of at most one ballot per seat each, so COMMANDS_PER_SEAT_AND_PHASE · n + 40
 *   commands per phase bound it.
 * Without the draw option a table where nobody nominates or shoots any more plays quiet rounds for ever:
 * no rule of those presets ends it (docs/decisions.md, issue 11); the timers still end every step.
 */
import { describe, expect, it } from 'vitest';
import {
  builtPresets, createGame, decideInPlace, HOST, ownedCopy, pendingDecisions, project, seatNo, timeUpCommand,
  type Actor, type Command, type GameState, type SeatNo,
} from '@mafia/engine';
import { RandomBot, Rng } from '@mafia/bots';

const QUIET_ROUNDS = 3;
const COMMANDS_PER_SEAT_AND_PHASE = 20;
const SEEDS_PER_TABLE = 2;

interface Played {
  readonly winner: string | null;
  readonly phases: number;
  readonly commands: number;
  readonly problems: string[];
}

const where = (s: GameState) => `${s.setup.preset}/${s.seats} ${s.phase.kind}${s.phase.kind === 'ended' ? '' : ` ${s.phase.n}`} ${s.day?.stage ?? ''}`;

/** One game: `idle` seats never act; the others pass each decision with probability `skip`. */
function play(preset: string, players: number, seed: number): Played {
  const rng = new Rng(seed * 7919 + players);
  // fiim has its own draw after three quiet nights (R-FIIM-3), on always; the others get R-SPORT-4's.
  const created = createGame({ preset, players, seed, options: preset === 'fiim' ? {} : { drawAfterQuietRounds: QUIET_ROUNDS } });
  if (!created.ok) throw new Error(`${preset}/${players}: ${created.error.message}`);
  let state = ownedCopy(created.game.state);
  // Anything from nobody idle to the whole table idle (a third of the games: all of it).
  const idleShare = rng.next() < 0.33 ? 1 : rng.next();
  const idle = Array.from({ length: players + 1 }, (_, seat) => seat > 0 && rng.next() < idleShare);
  const skip = rng.next() * 0.8;
  const bots = Array.from({ length: players + 1 }, (_, seat) => new RandomBot(seatNo(seat), seed * 100 + seat));
  const problems: string[] = [];
  const bound = 6 * (players + 1);
  const commandBound = bound * (COMMANDS_PER_SEAT_AND_PHASE * players + 40);
  let phases = 0;
  let commands = 0;
  // passed[seat] === step: the seat let this step go by (asked again after the next timeUp).
  const passed = new Array<number>(players + 1).fill(-1);
  let step = 0;

  /** Sends a command; its refusal, or null. */
  const send = (command: Command, actor: Actor): string | null => {
    commands++;
    const before = state.phase;
    const d = decideInPlace(state, command, actor);
    if (!d.ok) return d.error.message;
    state = d.state;
    if (state.phase !== before) for (const e of d.events) if (e.type === 'NightStarted' || e.type === 'DayStarted') phases++;
    return null;
  };

  while (state.phase.kind !== 'ended') {
    if (phases > bound || commands > commandBound) {
      problems.push(`${where(state)}: not over after ${phases} phases and ${commands} commands (bound ${bound} phases)`);
      break;
    }
    let moved = false;
    for (const p of pendingDecisions(state)) {
      if (idle[p.seat] || passed[p.seat] === step) continue;
      const viewer: Actor = { kind: 'seat', seat: p.seat };
      const command = rng.next() < skip ? null : bots[p.seat].decide(() => project(state, { kind: 'seat', seat: p.seat }), p);
      if (command === null || send(command, viewer) !== null) {
        passed[p.seat] = step;
        continue;
      }
      moved = true;
      break;
    }
    if (moved) continue;
    // The speaker may end his own speech or last word (the server sends the latter as the host).
    const own = ownEnd(state);
    if (own !== null && !idle[own.seat] && passed[own.seat] !== step && rng.next() < 0.5) {
      passed[own.seat] = step;
      if (send(own.command, own.actor) === null) continue;
      problems.push(`${where(state)}: seat ${own.seat} could not end his own ${own.command.type}`);
    }
    const timer = timeUpCommand(state);
    if (timer === null) {
      problems.push(`${where(state)}: no timeUp in a running game`);
      break;
    }
    const at = where(state);
    const refusal = send(timer, HOST);
    if (refusal !== null) {
      problems.push(`${at}: timeUp refused: ${refusal}`);
      break;
    }
    step++;
  }
  return { winner: state.winner, phases, commands, problems };
}

/** The speaker's own "I am done" (endSpeech from his seat; his last word's end, sent as the host). */
function ownEnd(s: GameState): { seat: SeatNo; command: Command; actor: Actor } | null {
  const day = s.day;
  if (s.phase.kind !== 'day' || day === null) return null;
  if (day.stage === 'speeches' || day.stage === 'defence') {
    const seat = day.speakers[day.speakerIndex];
    return seat === undefined ? null : { seat, command: { type: 'endSpeech' }, actor: { kind: 'seat', seat } };
  }
  if (day.stage === 'lastWords' && day.lastWords.length > 0) return { seat: day.lastWords[0], command: { type: 'endLastWords' }, actor: HOST };
  return null;
}

describe('no game can freeze (R-HOST-2, R-SPORT-4)', () => {
  for (const preset of builtPresets()) {
    it(`every_${preset.id}_game_ends_on_timers_alone_within_the_bound (R-HOST-2, R-SPORT-4)`, () => {
      const problems: string[] = [];
      let games = 0;
      for (let players = preset.minPlayers; players <= preset.maxPlayers; players++) {
        for (let seed = 1; seed <= SEEDS_PER_TABLE; seed++) {
          const r = play(preset.id, players, seed);
          games++;
          problems.push(...r.problems);
          if (r.problems.length === 0) expect(r.winner, `${preset.id}/${players}/${seed}`).not.toBeNull();
        }
      }
      expect(problems).toEqual([]);
      expect(games).toBe((preset.maxPlayers - preset.minPlayers + 1) * SEEDS_PER_TABLE);
    });

    it(`a_wholly_idle_${preset.id}_table_never_freezes_with_the_default_options (R-HOST-2)`, () => {
      // Nobody acts at all and the draw option is the preset's own: the game may go on for ever
      // (see above), but every step still ends on its timer and the phases keep coming.
      for (const players of [preset.minPlayers, preset.maxPlayers]) {
        const created = createGame({ preset: preset.id, players, seed: players });
        if (!created.ok) throw new Error(created.error.message);
        let state = ownedCopy(created.game.state);
        let phases = 0;
        let sincePhase = 0;
        while (state.phase.kind !== 'ended' && phases < 40) {
          const before = state.phase;
          const d = decideInPlace(state, timeUpCommand(state)!, HOST);
          if (!d.ok) throw new Error(`${where(state)}: timeUp refused: ${d.error.message}`);
          state = d.state;
          sincePhase = state.phase === before ? sincePhase + 1 : 0;
          if (state.phase !== before) phases++;
          // A phase of an idle table: one timeUp per speech, last word and vote round, one for the night.
          expect(sincePhase, where(state)).toBeLessThanOrEqual(4 * players + 10);
        }
        expect(state.phase.kind === 'ended' || phases === 40).toBe(true);
      }
    });
  }
});
