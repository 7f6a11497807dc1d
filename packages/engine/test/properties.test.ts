/**
 * Property tests: random games of the classic, sport and short presets driven through the command
 * API by picking among the decisions the engine says are pending (host/pending.ts), the host's next
 * step, fouls, removals, undos and eliminations, mixed with commands that must be refused.
 *
 * Invariants:
 * - transition never throws; a refused command leaves the game exactly as it was (R-HOST-1 undo aside);
 * - a seat's projected view shows a role only for itself, its mafia teammates, players who left when
 *   the preset reveals cards (R-VOTE-5), or everyone once the game is over (R-TEAM, R-NIGHT-4);
 * - a game always ends with exactly one winner or a draw, consistent with R-WIN-TOWN / R-WIN-MAFIA /
 *   R-SPORT-4 (R-WIN-0);
 * - folding the event log rebuilds the same state (R-HOST-1: the log is the record);
 * - undo restores the state before the last command (R-HOST-1).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGame, foldLog, HOST, nextHostCommand, pendingDecisions, project, timeUpCommand, transition,
  type Actor, type Command, type Game, type GameState, seatNo, type SeatNo,
} from '@mafia/engine';
import { badCommand } from './helpers.js';

const S = (n: number) => seatNo(n);

interface Input {
  readonly preset: 'classic' | 'sport' | 'short' | 'fiim';
  readonly players: number;
  readonly seed: number;
  /** Random choices, consumed in order (cycled). */
  readonly tape: readonly number[];
}

const inputArb: fc.Arbitrary<Input> = fc
  .oneof(
    fc.record({ preset: fc.constant('classic' as const), players: fc.integer({ min: 4, max: 13 }) }),
    fc.record({ preset: fc.constant('sport' as const), players: fc.constant(10) }),
    fc.record({ preset: fc.constant('fiim' as const), players: fc.constant(10) }),
    fc.record({ preset: fc.constant('short' as const), players: fc.integer({ min: 3, max: 5 }) }),
  )
  .chain((p) => fc.record({
    preset: fc.constant(p.preset),
    players: fc.constant(p.players),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    tape: fc.array(fc.integer({ min: 0, max: 9999 }), { minLength: 64, maxLength: 64 }),
  }));

/** What one simulated game reports. Each list holds the first violations found. */
interface Report {
  readonly input: Input;
  game: Game;
  thrown: string[];
  refusalChangedState: string[];
  illegalAccepted: string[];
  leakedRoles: string[];
  undoMismatch: string[];
  /** R-HOST-2: states in which the timer's `timeUp` was refused. */
  timeUpRefused: string[];
  commands: number;
}

const MAX_RANDOM_STEPS = 600;
const MAX_FINISH_STEPS = 3000;

class Tape {
  private i = 0;
  private salt = 0;
  constructor(private readonly values: readonly number[]) {}
  /** A number in [0, 1). */
  next(): number {
    const v = this.values[this.i % this.values.length];
    this.i++;
    if (this.i % this.values.length === 0) this.salt++;
    // Mix the cycle number in, so that a short tape does not repeat the same game pattern.
    const x = Math.imul((v + 1) * 2654435761 + this.salt * 40503 + this.i, 2246822519) >>> 0;
    return (x % 10000) / 10000;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

const aliveSeats = (s: GameState): SeatNo[] => s.alive.flatMap((a, i) => (a ? [S(i + 1)] : []));
const withoutSeq = (s: GameState) => ({ ...s, seq: 0 });

/** May a seat (or a spectator when seat is null) know the role at `j`? Written from the rules, not the engine. */
function mayKnow(s: GameState, seat: number | null, j: number): boolean {
  if (s.phase.kind === 'ended') return true;
  if (s.options.revealOnDeath && !s.alive[j - 1]) return true;
  if (seat === null) return false;
  if (seat === j) return true;
  // RULES.md §10: an eliminated player's device shows what a spectator sees.
  if (!s.alive[seat - 1]) return false;
  return s.teams[seat - 1] === 'mafia' && s.teams[j - 1] === 'mafia';
}

function checkViews(r: Report, s: GameState): void {
  if (r.leakedRoles.length) return;
  const viewers: (number | null)[] = [null];
  for (let seat = 1; seat <= s.seats; seat++) viewers.push(seat);
  for (const seat of viewers) {
    const v = project(s, seat === null ? { kind: 'spectator' } : { kind: 'seat', seat: S(seat) });
    for (const sv of v.seats) {
      const allowed = mayKnow(s, seat, sv.seat);
      if ((sv.role !== undefined || sv.team !== undefined) !== allowed) {
        r.leakedRoles.push(`viewer ${seat ?? 'spectator'} ${allowed ? 'misses' : 'sees'} the role of seat ${sv.seat} (${where(s)})`);
        return;
      }
    }
    if (v.results.some((x) => x.by !== seat)) {
      r.leakedRoles.push(`viewer ${seat ?? 'spectator'} sees another player's night answer (${where(s)})`);
      return;
    }
  }
}

const where = (s: GameState) => `${s.setup.preset} ${s.phase.kind}${s.phase.kind === 'ended' ? '' : ` ${s.phase.n}`} ${s.day?.stage ?? ''}`;

/** Sends a command; records throws and refusals that changed the game. Returns the new game or null. */
function send(r: Report, command: Command, actor: Actor = HOST): Game | null {
  const before = r.game;
  const snapshot = JSON.stringify(before);
  let t;
  try {
    t = transition(before, command, actor);
  } catch (e) {
    r.thrown.push(`${JSON.stringify(command)} by ${JSON.stringify(actor)} threw ${(e as Error).message} (${where(before.state)})`);
    return null;
  }
  r.commands++;
  if (!t.ok) {
    if (JSON.stringify(before) !== snapshot) r.refusalChangedState.push(`${JSON.stringify(command)} was refused but changed the game`);
    return null;
  }
  return t.game;
}

/** A command that no rule allows now. */
function illegalCommand(tape: Tape, s: GameState): [Command, Actor] {
  const seats = s.seats;
  const me = S(1 + Math.floor(tape.next() * seats));
  const other = S(((me % seats) + 1));
  const asSeat: Actor = { kind: 'seat', seat: me };
  const options: [Command, Actor][] = [
    // Host-only commands from a seat.
    [{ type: 'endNight' }, asSeat],
    [{ type: 'closeVote' }, asSeat],
    [{ type: 'timeUp' }, asSeat],
    [{ type: 'foul', seat: other }, asSeat],
    [{ type: 'remove', seat: other }, asSeat],
    [{ type: 'override', action: { kind: 'eliminate', seat: other } }, asSeat],
    [{ type: 'undo', count: 1 }, asSeat],
    // A seat acting for another seat.
    [{ type: 'act', by: other, act: 'kill', target: me }, asSeat],
    [{ type: 'act', by: other, act: 'check', target: me }, asSeat],
    [{ type: 'vote', by: other, target: me }, asSeat],
    [{ type: 'nominate', by: other, target: me }, asSeat],
    [{ type: 'liftVote', by: other, leave: true }, asSeat],
    [{ type: 'bestMove', by: other, named: [S(1), S(2), S(3)] }, asSeat],
    // Seats that do not exist, and unknown commands.
    [{ type: 'nominate', by: S(0), target: me }, HOST],
    [{ type: 'vote', by: me, target: S(seats + 1) }, HOST],
    [{ type: 'act', by: S(seats + 1), act: 'kill', target: me }, HOST],
    [badCommand({ type: 'dance' }), HOST],
    [{ type: 'undo', count: 0 }, HOST],
  ];
  // Commands out of their phase.
  if (s.phase.kind !== 'night') options.push([{ type: 'endNight' }, HOST], [{ type: 'act', by: me, act: 'kill', target: other }, HOST]);
  if (s.phase.kind !== 'day' || s.day?.stage !== 'vote') options.push([{ type: 'vote', by: me, target: other }, HOST]);
  if (s.phase.kind !== 'day' || s.day?.stage !== 'speeches') options.push([{ type: 'nominate', by: me, target: other }, HOST]);
  // A speech ends only during the speeches or the candidates' defence (R-VOTE-2).
  if (s.phase.kind !== 'day' || (s.day?.stage !== 'speeches' && s.day?.stage !== 'defence')) options.push([{ type: 'endSpeech' }, HOST]);
  if (s.phase.kind === 'ended') options.push([{ type: 'endSpeech' }, HOST], [{ type: 'timeUp' }, HOST]);
  // A foul after the end is recorded only in a fiim game's final minute (R-FIIM-13).
  if (s.phase.kind === 'ended' && s.final === null) options.push([{ type: 'foul', seat: me }, HOST]);
  // fiim's referee commands from a seat, and outside fiim at all (R-FIIM-14..16).
  options.push([{ type: 'extraPoints', seat: me, points: 0.1 }, asSeat], [{ type: 'teamDefeat', seat: me }, asSeat]);
  if (!s.options.fiim) options.push([{ type: 'extraPoints', seat: me, points: 0.1 }, HOST], [{ type: 'remove', seat: me, reason: 'left' }, HOST]);
  return tape.pick(options);
}

/**
 * How a random table plays: `busy` tables shoot and nominate a lot; `quiet` tables rarely agree on
 * a shot or nominate (so that draws happen); votes often split between the first two nominees
 * (so that ties, re-votes and lift votes happen).
 */
interface Style {
  readonly agree: number;
  readonly nominate: number;
  readonly split: number;
}

/** A command for one of the pending decisions, sent by that seat. */
function decisionCommand(tape: Tape, s: GameState, style: Style): [Command, Actor] | null {
  const pending = pendingDecisions(s);
  if (!pending.length) return null;
  const p = tape.pick(pending);
  const actor: Actor = tape.next() < 0.5 ? { kind: 'seat', seat: p.seat } : HOST;
  const alive = aliveSeats(s);
  switch (p.kind) {
    case 'act': {
      const act = tape.pick(p.acts);
      let target = tape.pick(alive);
      if (act === 'kill' && tape.next() < style.agree) {
        // The mafia usually agree: follow the first shot of the night, or the first alive town seat.
        const first = s.night?.acts.find((a) => a.act === 'kill');
        target = first ? first.target : alive.find((x) => s.teams[x - 1] !== 'mafia') ?? target;
      }
      return [{ type: 'act', by: p.seat, act, target }, actor];
    }
    case 'nominate':
      if (tape.next() >= style.nominate) return [{ type: 'endSpeech' }, actor];
      return [{ type: 'nominate', by: p.seat, target: tape.pick(alive) }, actor];
    case 'vote': {
      const candidates = s.day!.candidates;
      // A split vote alternates between the first two candidates along the alive seats: with an
      // even table it ties.
      const index = aliveSeats(s).indexOf(p.seat);
      const target = tape.next() < style.split ? candidates[index % Math.min(2, candidates.length)] : tape.pick(candidates);
      return [{ type: 'vote', by: p.seat, target }, actor];
    }
    case 'liftVote':
      return [{ type: 'liftVote', by: p.seat, leave: tape.next() < 0.5 }, actor];
    case 'bestMove': {
      const others = Array.from({ length: s.seats }, (_, i) => S(i + 1)).filter((x) => x !== p.seat);
      const named = new Set<SeatNo>();
      while (named.size < 3) named.add(tape.pick(others));
      return [{ type: 'bestMove', by: p.seat, named: [...named] }, actor];
    }
  }
}

/** A host command that drives a stuck game to its end: vote a mafia member out every day. */
function finishCommand(s: GameState): Command | null {
  if (s.phase.kind === 'ended') return null;
  if (s.phase.kind === 'day' && s.day) {
    const day = s.day;
    const mafia = aliveSeats(s).filter((x) => s.teams[x - 1] === 'mafia');
    if (day.stage === 'speeches') {
      const speaker = day.speakers[day.speakerIndex];
      const nominees = day.nominations.map(([, t]) => t);
      const target = mafia.find((m) => !nominees.includes(m) && m !== speaker);
      const others = aliveSeats(s).filter((x) => !nominees.includes(x) && x !== target && x !== speaker);
      const silenced = day.silenced.includes(speaker) || s.missNextSpeech[speaker - 1];
      if (!silenced && !day.nominations.some(([b]) => b === speaker)) {
        if (target !== undefined && !nominees.some((n) => mafia.includes(n))) return { type: 'nominate', by: speaker, target };
        if (nominees.length === 1 && others.length) return { type: 'nominate', by: speaker, target: others[0] };
      }
      return { type: 'endSpeech' };
    }
    if (day.stage === 'vote') {
      const target = day.candidates.find((c) => mafia.includes(c)) ?? day.candidates[0];
      const voter = aliveSeats(s).find((x) => day.ballots[x - 1] === 0);
      return voter ? { type: 'vote', by: voter, target } : { type: 'closeVote' };
    }
  }
  return nextHostCommand(s);
}

function simulate(input: Input): Report {
  const created = createGame({ preset: input.preset, players: input.players, seed: input.seed });
  if (!created.ok) throw new Error(`createGame failed: ${JSON.stringify(created.error)}`);
  const r: Report = { input, game: created.game, thrown: [], refusalChangedState: [], illegalAccepted: [], leakedRoles: [], undoMismatch: [], timeUpRefused: [], commands: 0 };
  const tape = new Tape(input.tape);
  const style: Style = tape.next() < 0.3 ? { agree: 0.05, nominate: 0.1, split: 0.9 } : { agree: 0.8, nominate: 0.6, split: 0.7 };
  const history: Game[] = [];
  checkViews(r, r.game.state);

  const accept = (next: Game | null) => {
    if (!next) return;
    history.push(r.game);
    r.game = next;
    checkViews(r, next.state);
  };

  for (let step = 0; step < MAX_RANDOM_STEPS && r.game.state.phase.kind !== 'ended'; step++) {
    const s = r.game.state;
    const roll = tape.next();
    if (roll < 0.06) {
      const [command, actor] = illegalCommand(tape, s);
      if (send(r, command, actor)) r.illegalAccepted.push(`${JSON.stringify(command)} by ${JSON.stringify(actor)} was accepted (${where(s)})`);
    } else if (roll < 0.09) {
      accept(send(r, { type: 'foul', seat: tape.pick(aliveSeats(s)) }));
    } else if (roll < 0.095) {
      const reason = s.options.fiim && tape.next() < 0.5 ? { reason: tape.pick(['left', 'disqualified'] as const) } : {};
      accept(send(r, { type: 'remove', seat: tape.pick(aliveSeats(s)), ...reason }));
    } else if (roll < 0.097 && s.options.fiim) {
      // R-FIIM-15/16: now and then a team defeat (it ends the game at the end of the step) or extra points.
      accept(send(r, tape.next() < 0.3 ? { type: 'teamDefeat', seat: tape.pick(aliveSeats(s)) } : { type: 'extraPoints', seat: tape.pick(aliveSeats(s)), points: 0.2 }));
    } else if (roll < 0.10) {
      accept(send(r, { type: 'override', action: { kind: 'eliminate', seat: tape.pick(aliveSeats(s)) } }));
    } else if (roll < 0.13 && history.length > 0) {
      const previous = history[history.length - 1];
      const next = send(r, { type: 'undo', count: 1 });
      if (next) {
        if (JSON.stringify(withoutSeq(next.state)) !== JSON.stringify(withoutSeq(previous.state)) && !r.undoMismatch.length) {
          r.undoMismatch.push(`undo did not restore the previous state (${where(s)})`);
        }
        history.pop();
        r.game = next;
        checkViews(r, next.state);
      }
    } else {
      const voting = s.day?.stage === 'vote' || s.day?.stage === 'lift';
      const decision = tape.next() < (voting ? 0.95 : 0.7) ? decisionCommand(tape, s, style) : null;
      if (decision) accept(send(r, decision[0], decision[1]));
      else {
        // The host's own step, or (R-HOST-2) the step's timer running out, which is never refused.
        const timer = tape.next() < 0.3;
        const host = timer ? timeUpCommand(s) : nextHostCommand(s);
        const next = host ? send(r, host) : null;
        if (timer && host && !next) r.timeUpRefused.push(`timeUp was refused (${where(s)})`);
        accept(next);
      }
    }
  }
  for (let step = 0; step < MAX_FINISH_STEPS && r.game.state.phase.kind !== 'ended'; step++) {
    const command = finishCommand(r.game.state);
    if (!command) break;
    const next = send(r, command);
    if (!next) break;
    accept(next);
  }
  // After the end, nothing but an undo is accepted.
  if (r.game.state.phase.kind === 'ended') {
    const [command, actor] = illegalCommand(tape, r.game.state);
    if (send(r, command, actor)) r.illegalAccepted.push(`${JSON.stringify(command)} was accepted after the end`);
  }
  return r;
}

// Every property looks at the same random games (fast-check picks them from a fixed seed).
const RUNS = 150;
const params = { numRuns: RUNS, seed: 20240601, endOnFailure: true };
const cache = new Map<string, Report>();
const play = (input: Input): Report => {
  const key = JSON.stringify(input);
  let r = cache.get(key);
  if (!r) cache.set(key, (r = simulate(input)));
  return r;
};

describe('random games (properties)', () => {
  it('commands_never_throw_and_refused_commands_change_nothing (R-HOST-1)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const r = play(input);
      expect(r.thrown).toEqual([]);
      expect(r.refusalChangedState).toEqual([]);
    }), params);
  });

  it('the_timer_can_end_every_step_of_a_running_game (R-HOST-2)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(play(input).timeUpRefused).toEqual([]);
    }), params);
  });

  it('commands_that_break_a_rule_are_always_refused (R-HOST-1, R-WIN-0)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(play(input).illegalAccepted).toEqual([]);
    }), params);
  });

  it('a_view_shows_only_the_roles_its_viewer_may_know (R-TEAM, R-VOTE-5, R-NIGHT-4)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(play(input).leakedRoles).toEqual([]);
    }), params);
  });

  it('every_game_ends_with_one_winner_or_a_draw (R-WIN-0, R-WIN-TOWN, R-WIN-MAFIA, R-SPORT-4)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const s = play(input).game.state;
      expect(s.phase.kind).toBe('ended');
      expect(['town', 'mafia', 'draw']).toContain(s.winner);
      const seatsOf = (team: string) => s.teams.flatMap((t, i) => (t === team ? [i + 1] : []));
      const alive = aliveSeats(s);
      const aliveMafia = alive.filter((x) => s.teams[x - 1] === 'mafia').length;
      // R-FIIM-15: a team defeat gives the game to the other team whatever the count.
      if (s.teamDefeat !== null && s.removedFor[s.teamDefeat - 1] === 'team-defeat') {
        const loser = s.teams[s.teamDefeat - 1];
        expect(s.winner).toBe(loser === 'mafia' ? 'town' : 'mafia');
        expect(s.winners).toEqual(seatsOf(s.winner!));
      } else if (s.winner === 'town') {
        expect(s.winners).toEqual(seatsOf('town'));
        expect(aliveMafia).toBe(0);
      } else if (s.winner === 'mafia') {
        expect(s.winners).toEqual(seatsOf('mafia'));
        expect(aliveMafia).toBeGreaterThanOrEqual(alive.length - aliveMafia);
      } else {
        expect(s.winners).toEqual([]);
        expect(s.options.drawAfterQuietRounds + s.options.drawAfterQuietNights + (s.options.killAll === 'draw' ? 1 : 0)).toBeGreaterThan(0);
        expect(aliveMafia).toBeGreaterThan(0);
        expect(aliveMafia).toBeLessThan(alive.length - aliveMafia);
      }
    }), params);
  });

  it('undo_restores_the_state_before_the_last_command (R-HOST-1)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      expect(play(input).undoMismatch).toEqual([]);
    }), params);
  });

  it('folding_the_event_log_rebuilds_the_state (R-HOST-1)', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const g = play(input).game;
      expect(withoutSeq(foldLog(g.log))).toEqual(withoutSeq(g.state));
    }), params);
  });

  it('the_state_event_counter_equals_the_log_length', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const g = play(input).game;
      expect(g.state.seq).toBe(g.log.length);
      expect(foldLog(g.log).seq).toBe(g.state.seq);
    }), params);
  });
});
