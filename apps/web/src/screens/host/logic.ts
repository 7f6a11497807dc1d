import type { Command, GameView, Pending, ProjectedEvent, RoleId } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { effectiveEvents } from '../../narrator/dayNews';

/**
 * The host console's logic as pure functions of what the server sent the host (view, pending, log
 * items): nothing here guesses; the host's view already holds every role and every seat's decisions.
 */

type Seat = GameView['seats'][number]['seat'];
type ActPending = Extract<Pending, { kind: 'act' }>;
type NightStep = GameView['nightSteps'][number];

/** The host's primary "next step" now (the engine's nextHostCommand, read from the view). */
export function nextCommand(view: GameView | null): Command | null {
  if (!view || view.phase.kind === 'ended') return null;
  if (view.phase.kind === 'night') return { type: 'endNight' };
  const day = view.day;
  switch (day?.stage) {
    case 'lastWords':
      return { type: 'endLastWords' };
    case 'speeches':
    case 'defence':
      return { type: 'endSpeech' };
    case 'vote':
    case 'lift':
      return { type: 'closeVote' };
    case 'rake': {
      const choice = day.rakeChoice;
      return choice && choice.among.length > 0 ? { type: 'rakeTakes', by: choice.by, target: choice.among[0]! } : null;
    }
    default:
      return null;
  }
}

/** One seat that acts in a night step, as the host enters it. */
export interface StepActor {
  readonly seat: Seat;
  readonly role: RoleId | undefined;
  /** The act of this step the seat still owes (the first of its open acts that the step calls). */
  readonly act: ActPending['acts'][number];
  readonly forbidden: readonly Seat[];
  readonly needsTarget2: boolean;
  readonly needsRole: boolean;
}

/** Does the seat with `role` wake in `step`? */
const wakesIn = (step: NightStep, role: RoleId | undefined): boolean => role !== undefined && step.wake.includes(role);

/**
 * The open acts of the seats that wake in step `index` (the host's pending `act` entries whose
 * seat's role wakes in the step and whose acts include one the step calls), in seat order.
 */
export function stepActors(view: GameView, pending: readonly Pending[], index: number): StepActor[] {
  const step = view.nightSteps[index];
  if (!step || view.phase.kind !== 'night') return [];
  const out: StepActor[] = [];
  for (const p of pending) {
    if (p.kind !== 'act') continue;
    const role = view.seats[p.seat - 1]?.role;
    if (!wakesIn(step, role)) continue;
    const act = p.acts.find((a) => step.acts.includes(a));
    if (act === undefined) continue;
    const first = p.acts[0] === act;
    out.push({
      seat: p.seat, role, act,
      forbidden: first ? (p.forbidden ?? []) : [],
      needsTarget2: first && p.needsTarget2 === true,
      needsRole: first && p.needsRole === true,
    });
  }
  return out.sort((a, b) => a.seat - b.seat);
}

/** Open acts that no step of the night calls (a safety net: the host can still enter them). */
export function strayActors(view: GameView, pending: readonly Pending[]): StepActor[] {
  if (view.phase.kind !== 'night') return [];
  const seatsCalled = new Set<number>();
  view.nightSteps.forEach((_, i) => stepActors(view, pending, i).forEach((a) => seatsCalled.add(a.seat)));
  const out: StepActor[] = [];
  for (const p of pending) {
    if (p.kind !== 'act' || seatsCalled.has(p.seat) || p.acts.length === 0) continue;
    out.push({ seat: p.seat, role: view.seats[p.seat - 1]?.role, act: p.acts[0]!, forbidden: p.forbidden ?? [], needsTarget2: p.needsTarget2 === true, needsRole: p.needsRole === true });
  }
  return out;
}

/** The command that enters `actor`'s act on `target` (target2 / role when the act needs them). */
export function actCommand(actor: StepActor, target: number, extra: { target2?: number | null; role?: RoleId | null } = {}): Command | null {
  if (actor.needsTarget2 && !extra.target2) return null;
  if (actor.needsRole && !extra.role) return null;
  return {
    type: 'act', by: actor.seat, act: actor.act, target: target as Seat,
    ...(actor.needsTarget2 && extra.target2 ? { target2: extra.target2 as Seat } : {}),
    ...(actor.needsRole && extra.role ? { role: extra.role } : {}),
  } as Command;
}

/** The events of the host's log, oldest first, with the item's seq. */
function* eventsOf(log: readonly LogItem[]): Generator<{ seq: number; e: ProjectedEvent }> {
  for (const item of log) if (item.kind === 'events') for (const e of item.events) yield { seq: item.seq, e };
}

/** The acts recorded tonight (night `n`) as far as this console's log goes (it starts when it connects). */
export function recordedActs(log: readonly LogItem[], n: number): { by: number; act: string; target: number; target2?: number; role?: RoleId }[] {
  let out: { by: number; act: string; target: number; target2?: number; role?: RoleId }[] = [];
  let night = -1;
  for (const { e } of eventsOf(log)) {
    if (e.type === 'NightStarted') {
      night = e.n;
      out = [];
    } else if (e.type === 'ActRecorded' && night === n) {
      out.push({ by: e.act.by, act: e.act.act, target: e.act.target, ...(e.act.target2 ? { target2: e.act.target2 } : {}), ...(e.act.role ? { role: e.act.role } : {}) });
    } else if (e.type === 'Undone') {
      // An undo takes entries back: what was recorded is not known any more from the log alone.
      out = [];
    }
  }
  return out;
}

/** The last night's outcome in the log: who left the game and the answers (null when the log has none). */
export function lastNight(log: readonly LogItem[]): Extract<ProjectedEvent, { type: 'NightResolved' }> | null {
  let last: Extract<ProjectedEvent, { type: 'NightResolved' }> | null = null;
  for (const { e } of eventsOf(log)) if (e.type === 'NightResolved') last = e;
  return last;
}

/**
 * Who left the game last night (for the morning news): the log's NightResolved when it is for the
 * night before this day, else the seats owed a morning last word (the view), else null (unknown).
 */
export function nightDeaths(view: GameView, log: readonly LogItem[]): readonly number[] | null {
  if (view.phase.kind !== 'day' || !view.day) return null;
  const night = lastNight(log);
  if (night && night.n === view.phase.n) return night.died;
  if (view.day.stage === 'lastWords' && isMorning(view)) return view.day.lastWords;
  return null;
}

/** The day has not reached its vote yet and nobody left by it: the morning's last words and speeches. */
export function isMorning(view: GameView): boolean {
  const d = view.day;
  return !!d && d.candidates.length === 0 && d.tally === null && d.left.length === 0 && d.round === 0 && (d.stage === 'lastWords' || d.stage === 'speeches');
}

/** Speeches ended today according to the log (null when the log does not reach back to this day's start). */
export function speechesToday(log: readonly LogItem[]): number | null {
  let count: number | null = null;
  for (const { e } of eventsOf(log)) {
    if (e.type === 'DayStarted') count = 0;
    else if (e.type === 'NightStarted') count = null;
    else if (e.type === 'SpeechEnded' && count !== null) count++;
  }
  return count;
}

/** The vote now: votes per candidate from the open ballots, and the votes not cast yet. */
export interface VoteBoard {
  readonly candidates: readonly { readonly seat: number; readonly votes: number; readonly voters: readonly number[] }[];
  /** Voters who may still vote (the host's pending `vote` entries). */
  readonly notCast: readonly number[];
  /** The last candidate, who gets the votes not cast when the vote closes (R-VOTE-3; the engine decides). */
  readonly last: number | null;
  /** The engine's count when the round was counted (view.day.tally). */
  readonly tally: Readonly<Record<string, number>> | null;
}

export function voteBoard(view: GameView, pending: readonly Pending[]): VoteBoard | null {
  const d = view.day;
  if (!d || d.candidates.length === 0) return null;
  const candidates = d.candidates.map((seat) => {
    const voters: number[] = [];
    d.ballots.forEach((b, i) => {
      if (b === seat) voters.push(i + 1);
    });
    return { seat, votes: voters.length, voters };
  });
  const notCast = pending.filter((p) => p.kind === 'vote').map((p) => p.seat as number);
  return { candidates, notCast, last: d.candidates[d.candidates.length - 1] ?? null, tally: d.tally };
}

/** The lift vote ("everyone tied leaves"): for, against, not yet. */
export function liftBoard(view: GameView, pending: readonly Pending[]): { for: number[]; against: number[]; notCast: number[] } | null {
  const d = view.day;
  if (!d || d.stage !== 'lift') return null;
  const yes: number[] = [];
  const no: number[] = [];
  d.lift.forEach((v, i) => {
    if (v === 1) yes.push(i + 1);
    else if (v === 2) no.push(i + 1);
  });
  return { for: yes, against: no, notCast: pending.filter((p) => p.kind === 'liftVote').map((p) => p.seat as number) };
}

/** One line of the short history: the item's seq, who sent it, and what happened. */
export interface HistoryEntry {
  readonly seq: number;
  readonly by: Extract<LogItem, { kind: 'events' }>['by'] | null;
  readonly kind: LogItem['kind'];
  readonly events: readonly ProjectedEvent[];
}

/** The last `k` log entries, newest first. */
export function history(log: readonly LogItem[], k = 8): HistoryEntry[] {
  return log
    .slice(-k)
    .reverse()
    .map((item) => ({ seq: item.seq, by: item.kind === 'events' ? item.by : null, kind: item.kind, events: item.kind === 'events' ? item.events : [] }));
}

/** The seat a night step's first actor targets by default: none. Seats that may be targeted (alive, not forbidden). */
export function targetable(view: GameView, actor: StepActor | null): Set<number> {
  const out = new Set<number>();
  if (!actor) return out;
  for (const s of view.seats) if (s.alive && !actor.forbidden.includes(s.seat)) out.add(s.seat);
  return out;
}

/** The host's events in effect (one rule for every screen: the narrator's dayNews). */
export { effectiveEvents } from '../../narrator/dayNews';

/** The game's setup as the log's GameCreated gives it (options, modifications), or null before the start. */
export type SetupOf = Extract<ProjectedEvent, { type: 'GameCreated' }>['setup'];
export function setupOf(log: readonly LogItem[]): SetupOf | null {
  for (const { e } of eventsOf(log)) if (e.type === 'GameCreated') return e.setup;
  return null;
}

/**
 * R-VOTE-8: the voting circle the host may still choose now (presets voting `circular`): on the day's
 * last words and speeches, and on its vote until the first ballot of round 0 (day/vote.ts `circle`).
 * Gives the circle in effect (seat 1, up, until the host sets one), or null when it may not be set.
 */
export function circleChoice(view: GameView | null, setup: SetupOf | null): { from: number; dir: 'up' | 'down' } | null {
  const d = view?.phase.kind === 'day' ? view.day : null;
  if (!d || setup?.options.voting !== 'circular') return null;
  const open = d.stage === 'lastWords' || d.stage === 'speeches' || (d.stage === 'vote' && d.round === 0 && d.ballots.every((b) => b === 0));
  if (!open) return null;
  return d.circle ? { from: d.circle.from, dir: d.circle.dir } : { from: 1, dir: 'up' };
}

/** Roles whose silence holds only if the player speaks (R-VOTE-11): the Black Widow (and the Girl under the black-widow modification). */
const widowLike = (role: RoleId | undefined, setup: SetupOf | null): boolean =>
  role === 'black-widow' || (role === 'girl' && (setup?.modifications ?? []).includes('black-widow'));

/**
 * R-VOTE-11: the seats the Black Widow silenced last night who keep their vote until the host marks
 * that they spoke (`silenceBroken`): from the log's NightResolved `silenced` of the night before this
 * day, the silence acts of that night (the Lover's silence is not marked: it takes the vote anyway),
 * less the seats already marked today and the dead. Empty outside the stages the engine takes it in.
 */
export function widowSilenced(view: GameView | null, log: readonly LogItem[]): { open: number[]; marked: number[] } {
  const none = { open: [], marked: [] };
  const d = view?.phase.kind === 'day' ? view.day : null;
  if (!view || !d || !(d.stage === 'lastWords' || d.stage === 'speeches' || d.stage === 'defence' || d.stage === 'vote')) return none;
  const setup = setupOf(log);
  let silencers = new Map<number, number>();
  let silenced: readonly number[] = [];
  let marked: number[] = [];
  for (const e of effectiveEvents(log)) {
    if (e.type === 'NightStarted') {
      silencers = new Map();
      silenced = [];
    } else if (e.type === 'ActRecorded' && e.act.act === 'silence') silencers.set(e.act.target, e.act.by);
    else if (e.type === 'NightResolved') silenced = e.silenced ?? [];
    else if (e.type === 'DayStarted') {
      marked = [];
      // A silence holds for the day after its night only, not for an emergency day (R-VOTE-11).
      if (e.emergency) silenced = [];
    } else if (e.type === 'SilenceBroken') marked.push(e.seat);
  }
  const open = silenced.filter((seat) => {
    const by = silencers.get(seat);
    const role = by === undefined ? undefined : view.seats[by - 1]?.role;
    return (by === undefined || widowLike(role, setup)) && view.seats[seat - 1]?.alive === true && !marked.includes(seat);
  });
  return { open: [...open].sort((a, b) => a - b), marked };
}

/** R-MOD victim-list: the host may record the mafia's list (night 1 of a game with the modification). */
export function victimListOpen(view: GameView | null, setup: SetupOf | null): boolean {
  return view?.phase.kind === 'night' && view.phase.n === 1 && (setup?.modifications ?? []).includes('victim-list');
}

/** The mafia's victim list as last recorded (VictimListSet in effect), or null. */
export function recordedVictimList(log: readonly LogItem[]): readonly number[] | null {
  let out: readonly number[] | null = null;
  for (const e of effectiveEvents(log)) if (e.type === 'VictimListSet') out = e.seats;
  return out;
}
