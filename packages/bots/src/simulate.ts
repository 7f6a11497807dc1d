import {
  dealGame, decideInPlace, nextHostCommand, pendingDecisionsInto, project,
  type Pending,
  type Actor, type GameState, type RuleError, seatAt, type SeatNo, type Statement, type Team,
} from '@mafia/engine';
import type { Bot, BotKind, ViewSource } from './bot.js';
import { createBot } from './factory.js';
import { FollowUpCount, type FollowUp } from './followUp.js';
import { talkTurn } from './talk.js';
import { botSeed, countPhases, firstLivingMafia, fnv, sameRound, seatViewers } from './playParts.js';

/** Which bots play: one kind for every seat, or one kind per team (the harness deals them by the dealt team). */
export type BotsSpec = BotKind | { readonly [team in Team]?: BotKind };

export type BotFactory = (kind: BotKind, seat: SeatNo, seed: number) => Bot;

export interface GameOptionsForSim {
  readonly preset: string;
  readonly players: number;
  readonly seed: string | number;
  /** The deck dealt instead of the preset's recommended one (createGame's `composition`). */
  readonly composition?: readonly string[];
  /** Options over the preset's defaults (createGame's `options`). */
  readonly options?: Readonly<Record<string, unknown>>;
  readonly bots?: BotsSpec;
  /**
   * A game that runs longer than this many phases (or 500 times as many commands) is stopped and
   * counted as unfinished, an error (default 200).
   */
  readonly phaseCap?: number;
  /** Throw at a bot's illegal command instead of counting it (tests). */
  readonly strict?: boolean;
  /** Makes the bots (tests wrap the real ones to watch what they receive). */
  readonly makeBot?: BotFactory;
}

export interface SimulateOptions extends Omit<GameOptionsForSim, 'seed'> {
  readonly games: number;
  readonly seed?: string | number;
}

export interface GameRecord {
  /** The winner, or null when the game hit the phase cap or got stuck (an error). */
  readonly winner: string | null;
  /** Nights and days played (NightStarted + DayStarted events). */
  readonly phases: number;
  /** Bot commands the engine refused. */
  readonly illegal: number;
  /** Commands sent (seats and host). */
  readonly commands: number;
  /** The town checker's black checks on nights 2–3 and the days after them (followUp.ts). */
  readonly followUp: FollowUp;
}

export interface WinRate {
  readonly wins: number;
  readonly rate: number;
  /** 95% Wilson score interval. */
  readonly low: number;
  readonly high: number;
}

export interface SimulateResult {
  readonly games: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly phasesPerSecond: number;
  readonly meanPhases: number;
  /** Per winner (`town`, `mafia`, `draw`, and `unfinished` when any game hit the cap). */
  readonly winRates: Readonly<Record<string, WinRate>>;
  readonly phases: number;
  readonly unfinished: number;
  readonly illegalCommands: number;
  /** Over all games: the town checker's black checks on nights 2–3, and the next days a mafioso went. */
  readonly followUp: FollowUp;
}

/** createGame refused the setup (unknown preset, a player count the preset does not allow…). */
export class SetupError extends Error {
  constructor(readonly error: RuleError) {
    super(error.message);
  }
}

const DEFAULT_PHASE_CAP = 200;
/** A phase takes a few dozen commands at most (speeches, ballots, re-votes); far more is a runaway. */
const COMMANDS_PER_PHASE = 500;
const HOST: Actor = { kind: 'host' };
const NO_SEATS: readonly SeatNo[] = [];

function kindFor(spec: BotsSpec, team: Team): BotKind {
  if (typeof spec === 'string') return spec;
  return spec[team] ?? 'random';
}

/**
 * Plays one complete game with bots. Each bot is asked only through its own projected view
 * (`project(state, { kind: 'seat', seat })`, made when the bot looks) and the kind of decision pending; when no seat has
 * anything (more) to decide, the host moves the game on (`nextHostCommand`).
 */
export function playGame(o: GameOptionsForSim): GameRecord {
  const created = dealGame({ preset: o.preset, players: o.players, seed: o.seed, composition: o.composition, options: o.options });
  if (!created.ok) throw new SetupError(created.error);
  // The simulator owns this state and lets decideInPlace fold every command into it (no copies).
  let state: GameState = created.state;
  const n = state.seats;
  const spec = o.bots ?? 'random';
  const make = o.makeBot ?? createBot;
  const cap = o.phaseCap ?? DEFAULT_PHASE_CAP;
  const bots: Bot[] = new Array(n);
  const viewers = seatViewers(n);
  // Each bot's view of the current state, made only when the bot looks (`state` is read at the call).
  const sources: ViewSource[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const viewer = viewers[i + 1] as { kind: 'seat'; seat: SeatNo };
    sources[i] = () => project(state, viewer);
  }
  // seedFrom(`${o.seed}/bot/${seat}`), with the prefix hashed once per game.
  const prefix = fnv(0x811c9dc5, `${o.seed}/bot/`);
  for (let i = 0; i < n; i++) {
    const seat = seatAt(i);
    // The harness deals the bot kind by team; the bot itself sees only its view.
    bots[i] = make(kindFor(spec, state.teams[i]), seat, botSeed(prefix, seat));
  }
  // Whether any bot talks or meets: random bots do neither, and then nobody asks whose turn it is.
  let talks = false;
  let meets = false;
  for (let i = 0; i < n; i++) {
    if (bots[i].speak !== undefined) talks = true;
    if (bots[i].meet !== undefined) meets = true;
  }
  // The pending decisions, written into one list per game (no new list per command).
  const pending: Pending[] = [];
  // passed[seat] === hostSteps: the seat has passed since the host's last step (no clearing needed).
  const passed: number[] = new Array<number>(n + 1);
  for (let i = 0; i <= n; i++) passed[i] = 0;
  let hostSteps = 1;
  let phases = countPhases(created.events);
  let illegal = 0;
  let commands = 0;
  const followUp = new FollowUpCount();
  // The turn to talk last offered (talk.ts): each speaker is asked once per turn what he says.
  let talked = -1;
  // The night whose mafia meeting was held: its first living member is asked once what he says there.
  let met = -1;
  /** The seat's statements, in order, each a command the engine checks; the first refused one ends them. */
  const say = (seat: number, said: readonly Statement[], where: string): void => {
    for (let k = 0; k < said.length; k++) {
      commands++;
      const d = decideInPlace(state, { type: 'statement', by: seatAt(seat - 1), statement: said[k] }, viewers[seat]);
      if (!d.ok) {
        illegal++;
        if (o.strict) throw new Error(`bot ${bots[seat - 1].kind} at seat ${seat} said ${where}what it may not (${JSON.stringify(said[k])}): ${d.error.message}`);
        return;
      }
      state = d.state;
    }
  };

  while (state.phase.kind !== 'ended') {
    // Runaway guards: too many phases, or a phase that never ends (e.g. endless re-votes).
    if (phases > cap || commands > cap * COMMANDS_PER_PHASE) return { winner: null, phases, illegal, commands, followUp };
    if (meets && state.phase.kind === 'night' && state.phase.n !== met) {
      met = state.phase.n;
      const first = firstLivingMafia(state);
      const bot = bots[first - 1];
      if (first > 0 && bot.meet) say(first, bot.meet(sources[first - 1]), 'at the meeting ');
    }
    const turn = talks ? talkTurn(state) : null;
    if (turn !== null && turn.key !== talked) {
      talked = turn.key;
      const bot = bots[turn.seat - 1];
      if (bot.speak) say(turn.seat, bot.speak(sources[turn.seat - 1]), '');
    }
    let moved = false;
    const count = pendingDecisionsInto(state, pending);
    for (let k = 0; k < count; k++) {
      const p = pending[k];
      const seat = p.seat;
      if (passed[seat] === hostSteps) continue;
      const viewer = viewers[seat];
      const command = bots[seat - 1].decide(sources[seat - 1], p);
      if (command === null) {
        passed[seat] = hostSteps;
        continue;
      }
      commands++;
      const nightBefore = state.night;
      const before = state.day;
      const stage = before === null ? '' : before.stage;
      const round = before === null ? -1 : before.round;
      const candidates = before === null ? NO_SEATS : before.candidates;
      const dayN = before === null ? -1 : before.n;
      const phaseBefore: GameState['phase'] = state.phase;
      const d = decideInPlace(state, command, viewer);
      if (!d.ok) {
        illegal++;
        if (o.strict) {
          throw new Error(`bot ${bots[seat - 1].kind} at seat ${seat} sent an illegal ${command.type} (${JSON.stringify(command)}): ${d.error.message}`);
        }
        passed[seat] = hostSteps;
        continue;
      }
      state = d.state;
      // NightStarted and DayStarted always replace `phase`: the same object means no new phase
      // (and no pass over the events, whose many shapes make every `type` read a slow one).
      if (state.phase !== phaseBefore) {
        phases += countPhases(d.events);
        followUp.take(d.events, state);
      }
      moved = true;
      // A cast vote leaves the other voters' pending votes as they were, as long as the same round
      // is still open: go on down the list instead of asking pendingDecisions again.
      if ((p.kind === 'vote' || p.kind === 'liftVote') && before !== null && sameRound(state, stage, round, candidates, dayN)) continue;
      // Likewise a night act leaves the other seats' acts open while the same night goes on (a seat
      // with acts left is asked again at the next pass over the list).
      if (p.kind === 'act' && nightBefore !== null && state.night !== null && state.night.n === nightBefore.n && state.phase.kind === 'night') continue;
      break;
    }
    if (moved) continue;
    const host = nextHostCommand(state);
    if (host === null) return { winner: null, phases, illegal, commands, followUp };
    commands++;
    const phaseBefore: GameState['phase'] = state.phase;
    const d = decideInPlace(state, host, HOST);
    if (!d.ok) throw new Error(`the host's own step ${host.type} was refused: ${d.error.message}`);
    state = d.state;
    if (state.phase !== phaseBefore) {
      phases += countPhases(d.events);
      followUp.take(d.events, state);
    }
    hostSteps++;
  }
  return { winner: state.winner, phases, illegal, commands, followUp };
}

/** 95% Wilson score interval for `wins` out of `n`. */
export function wilson(wins: number, n: number, z = 1.959964): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = wins / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Plays `games` complete games and returns the totals. Game i is seeded from `${seed}/${i}`. */
export function simulate(o: SimulateOptions): SimulateResult {
  const seed = o.seed ?? 1;
  const wins = new Map<string, number>([['town', 0], ['mafia', 0], ['draw', 0]]);
  let phases = 0;
  let unfinished = 0;
  let illegal = 0;
  let blackChecks = 0;
  let executedNextDay = 0;
  const t0 = performance.now();
  for (let g = 0; g < o.games; g++) {
    const r = playGame({
      preset: o.preset, players: o.players, seed: `${seed}/${g}`, composition: o.composition, options: o.options,
      bots: o.bots, phaseCap: o.phaseCap, strict: o.strict, makeBot: o.makeBot,
    });
    phases += r.phases;
    illegal += r.illegal;
    blackChecks += r.followUp.blackChecks;
    executedNextDay += r.followUp.executedNextDay;
    const key = r.winner ?? 'unfinished';
    if (r.winner === null) unfinished++;
    wins.set(key, (wins.get(key) ?? 0) + 1);
  }
  const seconds = (performance.now() - t0) / 1000;
  const winRates: Record<string, WinRate> = {};
  for (const [key, w] of wins) {
    if (key === 'unfinished' && w === 0) continue;
    const { low, high } = wilson(w, o.games);
    winRates[key] = { wins: w, rate: o.games ? w / o.games : 0, low, high };
  }
  return {
    games: o.games,
    seconds,
    gamesPerSecond: seconds > 0 ? o.games / seconds : 0,
    phasesPerSecond: seconds > 0 ? phases / seconds : 0,
    meanPhases: o.games ? phases / o.games : 0,
    winRates,
    phases,
    unfinished,
    illegalCommands: illegal,
    followUp: { blackChecks, executedNextDay },
  };
}
