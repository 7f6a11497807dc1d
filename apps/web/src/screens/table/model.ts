import type { GameView, RoleId, Winner } from '@mafia/engine';
import type { LogItem, TimerView } from '@mafia/protocol';
import type { DayStage } from '../../narrator/lines';
import { nightStepAt } from '../../night/stepClock';

/**
 * What the table screen shows, from what the server sent this spectator (view, timer, log items)
 * and the time: a pure function, so the screen's logic is tested without a DOM. It copies only what
 * is there: a seat's role appears only when the view carries it (the server sends a spectator the
 * roles of the dead under `revealOnDeath`, and every role at the end); nothing is inferred.
 */

export interface TableSeat {
  readonly seat: number;
  readonly name: string | null;
  readonly alive: boolean;
  readonly fouls: number;
  /** Only when the server sent it. */
  readonly role?: RoleId;
}

export type TableStep =
  | { readonly kind: 'night'; readonly index: number; readonly count: number; readonly wake: readonly RoleId[] }
  | { readonly kind: 'day'; readonly stage: DayStage; readonly round: number };

export interface TallyRow {
  readonly seat: number;
  readonly votes: number;
  /** Who voted for this candidate (votes are open at the table, R-VOTE). */
  readonly voters: readonly number[];
}

export interface TableModel {
  readonly phase: 'lobby' | 'night' | 'day' | 'ended';
  readonly n: number;
  readonly step: TableStep | null;
  readonly speaker: number | null;
  readonly nominations: readonly { readonly by: number; readonly target: number }[];
  readonly candidates: readonly number[];
  readonly tally: readonly TallyRow[] | null;
  /** The lift vote (R-VOTE-5): for "all leave" / against. */
  readonly lift: { readonly leave: number; readonly stay: number } | null;
  readonly seats: readonly TableSeat[];
  /** Last night's news on its morning: who was killed (empty: nobody). */
  readonly news: { readonly night: number; readonly died: readonly number[] } | null;
  readonly winner: Winner | null;
  readonly winners: readonly number[];
  /** An emergency day (R-PHASE-4): announced on the screen. */
  readonly emergency: boolean;
  /** The seats owed a last word, in speaking order (the first speaks now, each his own). */
  readonly lastWords: readonly number[];
}

export interface TableInput {
  readonly view: GameView | null;
  readonly timer: TimerView | null;
  readonly log: readonly LogItem[];
}

/** The last night's news the log holds: its NightResolved (died) as this viewer was sent it. */
export function lastNightNews(log: readonly LogItem[]): { night: number; died: readonly number[] } | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const item = log[i]!;
    if (item.kind !== 'events') continue;
    for (let j = item.events.length - 1; j >= 0; j--) {
      const e = item.events[j]!;
      if (e.type === 'NightResolved') return { night: e.n, died: e.died };
    }
  }
  return null;
}

function tallyOf(day: NonNullable<GameView['day']>): TallyRow[] | null {
  if (day.candidates.length === 0) return null;
  if (day.stage !== 'vote' && day.tally === null) return null;
  return day.candidates.map((seat) => {
    const voters: number[] = [];
    day.ballots.forEach((b, i) => {
      if (b === seat) voters.push(i + 1);
    });
    const counted = day.tally?.[String(seat)];
    return { seat, votes: counted ?? voters.length, voters };
  });
}

/** The morning's news in words: its key in table.json and the key's values (the table screen's and an online phone's). */
export function newsWords(died: readonly number[]): readonly ['news.nobody' | 'news.killed' | 'news.killedMany', { readonly seat?: number; readonly seats?: string }] {
  if (died.length === 0) return ['news.nobody', {}];
  return died.length === 1 ? ['news.killed', { seat: died[0] }] : ['news.killedMany', { seats: died.join(', ') }];
}

export function tableModel({ view, timer, log }: TableInput, now: number): TableModel {
  if (!view) {
    return { phase: 'lobby', n: 0, step: null, speaker: null, nominations: [], candidates: [], tally: null, lift: null, seats: [], news: null, winner: null, winners: [], emergency: false, lastWords: [] };
  }
  const p = view.phase;
  const seats: TableSeat[] = view.seats.map((s) => ({
    seat: s.seat,
    // A seat without a name is named by its number in the engine: shown once, as the number.
    name: s.name && s.name !== String(s.seat) ? s.name : null,
    alive: s.alive,
    fouls: s.fouls,
    ...(s.role !== undefined ? { role: s.role } : {}),
  }));
  let step: TableStep | null = null;
  if (p.kind === 'night') {
    const steps = view.nightSteps ?? [];
    const at = nightStepAt(timer?.kind === 'night' ? timer : null, steps.length, now).step;
    // During a next game's card pause no step is called yet.
    if (at >= 0 && timer?.kind !== 'cards') step = { kind: 'night', index: at, count: steps.length, wake: steps[at]!.wake };
  }
  const day = p.kind === 'day' ? view.day : null;
  if (day) step = { kind: 'day', stage: day.stage, round: day.round };
  const news = lastNightNews(log);
  const liftVotes = day?.stage === 'lift' ? day.lift : null;
  return {
    phase: p.kind,
    n: p.kind === 'ended' ? 0 : p.n,
    step,
    speaker: day && (day.stage === 'speeches' || day.stage === 'defence' || day.stage === 'lastWords') ? (day.speaker ?? (day.stage === 'lastWords' ? (day.lastWords[0] ?? null) : null)) : null,
    nominations: day ? day.nominations.map(([by, target]) => ({ by, target })) : [],
    candidates: day?.candidates ?? [],
    tally: day ? tallyOf(day) : null,
    lift: liftVotes ? { leave: liftVotes.filter((x) => x === 1).length, stay: liftVotes.filter((x) => x === 2).length } : null,
    seats,
    news: news && p.kind === 'day' && news.night === p.n ? news : null,
    winner: view.winner,
    winners: view.winners,
    emergency: day?.emergency === true,
    lastWords: day?.stage === 'lastWords' ? day.lastWords : [],
  };
}
