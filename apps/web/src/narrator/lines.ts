import type { GameView, NightStep, RoleId, Winner } from '@mafia/engine';
import type { LogItem, TimerView } from '@mafia/protocol';
import { nightStepAt } from '../night/stepClock';
import { effectiveEvents, loneNominee, skippedSpeeches, type LoneNominee, type SkippedSpeech } from './dayNews';

/**
 * The narrator's script, as a pure function: (previous moment, this moment) → the host's lines to
 * say. A moment (`Beat`) is taken from what the server sent a spectator (the view and the timer) and
 * the time: at night, the step being called comes from the shared step clock (`nightStepAt`, the one
 * every phone uses), so the narrator wakes and puts to sleep each step of `view.nightSteps` in its
 * slice of the night timer (R-NIGHT-1, R-NIGHT-4) whoever acts. Nothing here knows a role of a seat.
 *
 * Lines are language-free (`key` + values); `lineText` turns one into words with i18next.
 */

export type DayStage = NonNullable<GameView['day']>['stage'];

/** One moment of the game as the narrator sees it. */
export interface Beat {
  readonly phase: 'none' | 'night' | 'day' | 'ended';
  readonly n: number;
  readonly steps: readonly NightStep[];
  /** The night step being called (-1: none, or not night). */
  readonly step: number;
  /** The night timer has run out (the last step's sleep line is due). */
  readonly nightOver: boolean;
  readonly stage: DayStage | null;
  readonly speaker: number | null;
  readonly round: number;
  readonly candidates: readonly number[];
  /** Today's nominees in order (a new one is answered «Принято»). */
  readonly nominated: readonly number[];
  /** Alive seats. */
  readonly alive: readonly number[];
  readonly winner: Winner | null;
  /** An emergency day (R-PHASE-4): no night came, the table votes again. */
  readonly emergency: boolean;
  /** Today's speeches skipped (or, in fiim, cut short) for fouls (from the log). */
  readonly skipped: readonly SkippedSpeech[];
  /** The lone nominee of the day just decided (from the log). */
  readonly lone: LoneNominee | null;
  /** The pause to look at the new cards before night 1 of a next game (the `cards` timer). */
  readonly cards: boolean;
}

export interface NarratorInput {
  readonly view: GameView | null;
  readonly timer: TimerView | null;
  /** The log the viewer was sent: what the view alone does not tell (skipped speeches, a lone nominee). */
  readonly log?: readonly LogItem[];
}

export type LineKey =
  | 'citySleeps' | 'cityWakes'
  | 'wakeMafia' | 'sleepMafia' | 'wakeRole' | 'sleepRole' | 'wakeRoles' | 'sleepRoles'
  | 'newsNobody' | 'newsKilled' | 'newsKilledMany'
  | 'accepted' | 'emergency' | 'lastWords' | 'speech' | 'defence' | 'vote' | 'revote' | 'nominees' | 'lift' | 'left'
  | 'gameOver' | 'winTown' | 'winMafia' | 'winDraw' | 'winRole'
  | 'skipped' | 'short' | 'loneOut' | 'loneStays' | 'cards';

export interface Line {
  readonly key: LineKey;
  /** Seat numbers the line names (one: `seat`, several: `seats`). */
  readonly seats?: readonly number[];
  /** Role ids the line names (a night step's wake roles, a solo winner). */
  readonly roles?: readonly string[];
  /** A number the line counts (a skipped speech's fouls), for its plural forms. */
  readonly count?: number;
}

const NO_SEATS: readonly number[] = [];

/** The moment `now` (server clock, epoch ms) of what a viewer was sent. */
export function beatOf({ view, timer, log = [] }: NarratorInput, now: number): Beat {
  if (!view) {
    return {
      phase: 'none', n: 0, steps: [], step: -1, nightOver: false, stage: null, speaker: null, round: 0, candidates: NO_SEATS, nominated: NO_SEATS,
      alive: NO_SEATS, winner: null, emergency: false, skipped: [], lone: null, cards: false,
    };
  }
  const p = view.phase;
  const night = p.kind === 'night';
  const nightTimer = night && timer?.kind === 'night' ? timer : null;
  const steps = view.nightSteps ?? [];
  const day = p.kind === 'day' ? view.day : null;
  return {
    phase: p.kind,
    n: p.kind === 'ended' ? 0 : p.n,
    steps,
    step: night ? nightStepAt(nightTimer, steps.length, now).step : -1,
    // A human host's night ends when he ends it, not on the clock (issue 23).
    nightOver: nightTimer !== null && nightTimer.step === undefined && steps.length > 0 && now >= nightTimer.deadline,
    stage: day?.stage ?? null,
    speaker: day?.speaker ?? (day?.stage === 'lastWords' ? (day.lastWords[0] ?? null) : null),
    round: day?.round ?? 0,
    candidates: day?.candidates ?? NO_SEATS,
    nominated: day ? day.nominations.map(([, target]) => target) : NO_SEATS,
    alive: view.seats.filter((s) => s.alive).map((s) => s.seat),
    winner: view.winner,
    emergency: day?.emergency === true,
    skipped: day ? skippedSpeeches(view, effectiveEvents(log)) : [],
    lone: loneNominee(log),
    cards: night && timer?.kind === 'cards',
  };
}

/** What was decided since `prev`: speeches skipped (or cut short) for fouls, the lone nominee's fate. */
function dayNews(prev: Beat, next: Beat): Line[] {
  const out: Line[] = next.skipped
    .filter((s) => !prev.skipped.some((p) => p.seat === s.seat && p.short === s.short))
    .map((s) => ({ key: s.short ? 'short' : 'skipped', seats: [s.seat], count: s.fouls }));
  const lone = next.lone;
  if (lone && (prev.lone?.seat !== lone.seat || prev.lone.day !== lone.day)) out.push({ key: lone.out ? 'loneOut' : 'loneStays', seats: [lone.seat] });
  return out;
}

function wake(step: NightStep | undefined): Line[] {
  if (!step) return [];
  if (step.wake.includes('mafia')) return [{ key: 'wakeMafia' }];
  return [{ key: step.wake.length === 1 ? 'wakeRole' : 'wakeRoles', roles: step.wake }];
}

function sleep(step: NightStep | undefined): Line[] {
  if (!step) return [];
  if (step.wake.includes('mafia')) return [{ key: 'sleepMafia' }];
  return [{ key: step.wake.length === 1 ? 'sleepRole' : 'sleepRoles', roles: step.wake }];
}

function news(died: readonly number[]): Line {
  if (died.length === 0) return { key: 'newsNobody' };
  return died.length === 1 ? { key: 'newsKilled', seats: died } : { key: 'newsKilledMany', seats: died };
}

function winnerLine(w: Winner): Line {
  if (w === 'town') return { key: 'winTown' };
  if (w === 'mafia') return { key: 'winMafia' };
  if (w === 'draw') return { key: 'winDraw' };
  return { key: 'winRole', roles: [w] };
}

function dayLines(prev: Beat, next: Beat, phaseChanged: boolean): Line[] {
  const stageChanged = phaseChanged || prev.stage !== next.stage;
  const speakerChanged = stageChanged || prev.speaker !== next.speaker;
  // «Принято»: the host accepts each new nomination (R-VOTE-1).
  const out: Line[] = phaseChanged ? [] : next.nominated.filter((s) => !prev.nominated.includes(s)).map((s) => ({ key: 'accepted' as const, seats: [s] }));
  // R-PHASE-4: a day that replaces the night is announced as it begins.
  if (phaseChanged && next.emergency) out.push({ key: 'emergency' });
  return out.concat(stageLines(prev, next, stageChanged, speakerChanged));
}

function stageLines(prev: Beat, next: Beat, stageChanged: boolean, speakerChanged: boolean): Line[] {
  switch (next.stage) {
    case 'lastWords':
      return speakerChanged && next.speaker !== null ? [{ key: 'lastWords', seats: [next.speaker] }] : [];
    case 'speeches':
      return speakerChanged && next.speaker !== null ? [{ key: 'speech', seats: [next.speaker] }] : [];
    case 'defence':
      return speakerChanged && next.speaker !== null ? [{ key: 'defence', seats: [next.speaker] }] : [];
    case 'vote':
      if (!stageChanged && prev.round === next.round) return [];
      return [{ key: next.round > 0 ? 'revote' : 'vote' }, { key: 'nominees', seats: next.candidates }];
    case 'lift':
      return stageChanged ? [{ key: 'lift' }] : [];
    default:
      return [];
  }
}

/**
 * What the host says between two moments. Nothing on the first look (`prev` null: the screen has
 * just opened; it joins in at the next change). Steps skipped while the screen slept are not said:
 * only the step left and the step now.
 */
export function linesBetween(prev: Beat | null, next: Beat): Line[] {
  if (prev === null || next.phase === 'none') return [];
  // The card pause before a next game's night 1 is a moment of its own; the night begins after it.
  if (next.cards) return prev.cards ? [] : [{ key: 'cards' }];
  const out: Line[] = dayNews(prev, next);
  const phaseChanged = prev.phase !== next.phase || prev.n !== next.n || prev.cards;
  const died = prev.alive.filter((s) => !next.alive.includes(s));
  // The card pause is no night step: nothing of it is put to sleep.
  const fromNight = prev.phase === 'night' && !prev.cards && phaseChanged;

  if (fromNight && !prev.nightOver) out.push(...sleep(prev.steps[prev.step]));
  if (!fromNight) for (const s of died) out.push({ key: 'left', seats: [s] });

  if (next.phase === 'night') {
    if (phaseChanged) {
      out.push({ key: 'citySleeps' }, ...wake(next.steps[next.step]));
      if (next.nightOver) out.push(...sleep(next.steps[next.step]));
    } else {
      if (next.step !== prev.step) {
        if (!prev.nightOver) out.push(...sleep(prev.steps[prev.step]));
        out.push(...wake(next.steps[next.step]));
        if (next.nightOver) out.push(...sleep(next.steps[next.step]));
      } else if (next.nightOver && !prev.nightOver) {
        out.push(...sleep(next.steps[next.step]));
      }
    }
    return out;
  }
  if (fromNight) out.push({ key: 'cityWakes' }, news(died));
  if (next.phase === 'day') out.push(...dayLines(prev, next, phaseChanged));
  if (next.phase === 'ended' && phaseChanged) {
    out.push({ key: 'gameOver' });
    if (next.winner) out.push(winnerLine(next.winner));
  }
  return out;
}

/**
 * One step of the narrator: the lines between `prev` and `next`, and the moment to remember. A night
 * step never goes back: when the host moves the night's deadline later, the slices stretch and the
 * clock may name an earlier step for a while; the narrator stays on the step it called.
 */
export function advance(prev: Beat | null, next: Beat): { lines: Line[]; beat: Beat } {
  const sameNight = prev !== null && prev.phase === 'night' && next.phase === 'night' && prev.n === next.n;
  const beat = sameNight && next.step < prev.step ? { ...next, step: prev.step } : next;
  return { lines: linesBetween(prev, beat), beat };
}

/** (previous state, new state, now) → the lines to say. */
export function narrate(prev: NarratorInput | null, next: NarratorInput, now: number): Line[] {
  return linesBetween(prev ? beatOf(prev, now) : null, beatOf(next, now));
}

/** Whether a batch starts a new night step or phase: what is still queued from before is stale. */
export function interrupts(lines: readonly Line[]): boolean {
  return lines.some((l) => l.key === 'citySleeps' || l.key === 'cityWakes' || l.key.startsWith('wake') || l.key === 'gameOver');
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The words of a line: `t` of the `table` namespace (keys `say.*`); role names come from `common`.
 * Seats are said as numbers ("3, 8").
 */
export function lineText(line: Line, t: T): string {
  const roles = (line.roles ?? []).map((r) => t(`roles.${r as RoleId}`, { ns: 'common' }));
  const seats = line.seats ?? [];
  return t(`say.${line.key}`, {
    seat: seats[0],
    seats: seats.join(', '),
    // The plural forms (i18next `_one/_few/_many/_other`) of a line that lists seats, or counts.
    ...(line.count !== undefined ? { count: line.count } : seats.length > 1 || line.key === 'nominees' ? { count: seats.length } : {}),
    role: roles[0],
    roles: roles.join(', '),
  });
}
