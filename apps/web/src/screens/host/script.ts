import type { GameView, Pending, RoleId } from '@mafia/engine';
import { seeksText } from '../../i18n/roleText';
import type { LoneNominee, SkippedSpeech } from '../../narrator/dayNews';

/**
 * What the host reads out now (the sources' phrases: «Город засыпает», «Просыпается мафия», «Мафия
 * делает свой выбор», «Мафия засыпает», «Просыпается Дон», «Просыпается Комиссар», «Город
 * просыпается», «Доброе утро», «Ваше слово», «Спасибо», «Принято», «Голосуем», «Кто за то, чтобы…»).
 * Pure: (view, pending, where the host is) → lines, each an i18n key of the `host` namespace
 * (`script.*`) with its parameters; a `role` parameter is a role id the screen names in its language.
 */
export type ScriptKey =
  | 'citySleeps' | 'mafiaWakes' | 'mafiaChooses' | 'mafiaSleeps' | 'mafiaMeet'
  | 'roleWakes' | 'roleSleeps' | 'roleMeet'
  | 'act.kill' | 'act.check' | 'act.seek' | 'act.compare' | 'act.heal' | 'act.visit' | 'act.block' | 'act.alibi' | 'act.silence' | 'act.guess' | 'act.recruit' | 'act.copy'
  | 'cityWakes' | 'goodMorning' | 'nightDied' | 'nobodyDied'
  | 'lastWords' | 'lastWordsNext' | 'speech' | 'thanks' | 'accepted' | 'nominated' | 'noNominations'
  | 'nominees' | 'defence' | 'voteStart' | 'voteFor' | 'voteLeft' | 'liftQuestion' | 'voteCancelled' | 'emergency' | 'rake'
  | 'gameOver' | 'winner.town' | 'winner.mafia' | 'winner.draw' | 'winner.role'
  | 'skipped' | 'shortSpeech' | 'loneOut' | 'loneStays' | 'cardPause';

export interface Line {
  readonly key: ScriptKey;
  /**
   * `role`: a role id (several may be joined by ","), named by the screen; `count`: how many seats `seats`
   * lists, for the plural forms (i18next `_one/_few/_many/_other`).
   */
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface ScriptContext {
  /** The night step the host is calling (the console keeps it; 0-based). */
  readonly step?: number;
  /** The vote candidate the host is counting hands for (index into view.day.candidates). */
  readonly candidate?: number;
  /** Who left the game last night (null/undefined: not known to this console). */
  readonly died?: readonly number[] | null;
  /** Speeches ended today (null/undefined: not known). */
  readonly spoke?: number | null;
  /** Speeches skipped (or cut short) for fouls since the last speech given (dayNews.skippedSpeeches): announced before what comes next. */
  readonly skipped?: readonly SkippedSpeech[];
  /** The day just decided had a lone nominee (dayNews.loneNominee): the host says what became of him and why. */
  readonly lone?: LoneNominee | null;
  /** The pause to look at the new cards before night 1 of a next game (the room's `cards` timer runs). */
  readonly cards?: boolean;
}

type NightStep = GameView['nightSteps'][number];

/**
 * Every role id (a copy of the engine's ALL_ROLE_IDS: a value import would bring the engine into the
 * bundle; test/host-script.test.ts keeps the two equal). For the Psycho's guess.
 */
export const ROLE_IDS: readonly RoleId[] = [
  'civilian', 'mafia', 'don', 'gangster', 'lawyer', 'lover', 'black-widow', 'beauty', 'recruiter',
  'commissar', 'sheriff', 'cop', 'doctor', 'girl', 'journalist', 'sleepwalker', 'immortal', 'elder',
  'rake', 'kamikaze', 'student', 'psycho', 'werewolf', 'maniac', 'cheater',
];

/** Roles whose wake-up is the mafia's («Просыпается мафия»). */
const MAFIA_WAKE: readonly RoleId[] = ['mafia', 'don', 'gangster'];

const seatList = (seats: readonly number[]): string => seats.join(', № ');
/** A list of seats with its count (the plural forms need it). */
const seatsParams = (seats: readonly number[]) => ({ seats: seatList(seats), count: seats.length });

/** Is this the mafia's shared step (the shot)? */
export function isMafiaStep(step: NightStep): boolean {
  return step.acts.includes('kill') && step.wake.some((r) => MAFIA_WAKE.includes(r));
}

/**
 * The lines of one night step: who wakes, what they do, who falls asleep. `acting` = whether anyone
 * acts in this step tonight (false on an introduction night: the roles only meet the host). Dead
 * roles are woken all the same (R-NIGHT-4): the lines never depend on who is alive.
 */
export function stepLines(step: NightStep, acting = true, seeks: readonly string[] = []): Line[] {
  if (isMafiaStep(step)) {
    return acting
      ? [{ key: 'mafiaWakes' }, { key: 'mafiaChooses' }, { key: 'mafiaSleeps' }]
      : [{ key: 'mafiaWakes' }, { key: 'mafiaMeet' }, { key: 'mafiaSleeps' }];
  }
  // The step's first role names it (Piter's «beauty, mafia, don» guess step is the Beauty's).
  const role = step.wake[0] ?? 'civilian';
  const act = step.acts[0];
  // The Don's check names whom he seeks in this deck («Дон ищет Шерифа» in club): view.donSeeks.
  const actLine: Line | null = !act ? null : role === 'don' && act === 'check' ? { key: 'act.seek', params: { seeks: seeks.join(',') } } : { key: `act.${act}` as ScriptKey };
  const middle: Line = acting && actLine ? actLine : { key: 'roleMeet', params: { role } };
  return [{ key: 'roleWakes', params: { role } }, middle, { key: 'roleSleeps', params: { role } }];
}

/** Does anybody have an act to make tonight (the host sees every seat's pending decisions)? */
const anyAct = (pending: readonly Pending[]): boolean => pending.some((p) => p.kind === 'act');

/** The line(s) for now. */
export function hostLines(view: GameView | null, pending: readonly Pending[], ctx: ScriptContext = {}): Line[] {
  if (!view) return [];
  // What was just decided is said first: the skipped (or short) speeches, then the lone nominee's fate.
  const news: Line[] = [
    ...(ctx.skipped ?? []).map((s): Line => ({ key: s.short ? 'shortSpeech' : 'skipped', params: { seat: s.seat, count: s.fouls } })),
    ...(ctx.lone ? [{ key: ctx.lone.out ? 'loneOut' : 'loneStays', params: { seat: ctx.lone.seat } } as Line] : []),
  ];
  return [...news, ...momentLines(view, pending, ctx)];
}

function momentLines(view: GameView, pending: readonly Pending[], ctx: ScriptContext): Line[] {
  const phase = view.phase;
  if (phase.kind === 'ended') {
    const w = view.winner;
    const win: Line | null =
      w === null ? null : w === 'town' || w === 'mafia' || w === 'draw' ? { key: `winner.${w}` } : { key: 'winner.role', params: { role: w } };
    return win ? [{ key: 'gameOver' }, win] : [{ key: 'gameOver' }];
  }
  if (phase.kind === 'night') {
    if (ctx.cards) return [{ key: 'cardPause' }];
    const steps = view.nightSteps;
    if (steps.length === 0) return [{ key: 'citySleeps' }];
    const i = Math.min(Math.max(ctx.step ?? 0, 0), steps.length - 1);
    // On a night with no acts at all (the introduction night) the roles only meet the host.
    const lines = stepLines(steps[i]!, anyAct(pending) || phase.n > 1, view.donSeeks ?? []);
    return i === 0 ? [{ key: 'citySleeps' }, ...lines] : lines;
  }
  const d = view.day;
  if (!d) return [];
  const out: Line[] = [];
  const morning = d.candidates.length === 0 && d.tally === null && d.left.length === 0 && d.round === 0;
  // R-PHASE-4: the emergency day is announced from its start until its vote opens.
  if (d.emergency && morning && (d.stage === 'lastWords' || d.stage === 'speeches')) out.push({ key: 'emergency' });
  const morningNews = (): Line[] => {
    const news: Line[] = [{ key: 'cityWakes' }, { key: 'goodMorning' }];
    const died = ctx.died ?? (d.stage === 'lastWords' ? d.lastWords : null);
    if (died) news.push(died.length > 0 ? { key: 'nightDied', params: seatsParams(died) } : { key: 'nobodyDied' });
    return news;
  };
  switch (d.stage) {
    case 'lastWords': {
      if (morning && !d.emergency) out.push(...morningNews());
      // Each leaving player gets his own last word, in the order of day.lastWords; the first speaks now.
      const [seat, ...rest] = d.lastWords;
      if (seat !== undefined) out.push({ key: 'lastWords', params: { seat } });
      if (rest.length > 0) out.push({ key: 'lastWordsNext', params: seatsParams(rest) });
      return out;
    }
    case 'speeches': {
      if (morning && ctx.spoke === 0 && d.lastWords.length === 0 && !d.emergency) out.push(...morningNews());
      if (d.voteCancelled && ctx.spoke === 0) out.push({ key: 'voteCancelled' });
      if (d.speaker !== null) {
        out.push({ key: 'speech', params: { seat: d.speaker } });
        const mine = d.nominations.find(([by]) => by === d.speaker);
        if (mine) out.push({ key: 'nominated', params: { seat: mine[1] } }, { key: 'accepted' });
      }
      return out;
    }
    case 'defence': {
      if (d.speaker !== null) out.push({ key: 'defence', params: { seat: d.speaker } });
      return out;
    }
    case 'vote': {
      if (d.candidates.length === 0) return [...out, { key: 'noNominations' }];
      const k = Math.min(Math.max(ctx.candidate ?? 0, 0), d.candidates.length - 1);
      if (k === 0) out.push({ key: 'nominees', params: seatsParams(d.candidates) }, { key: 'voteStart' });
      const seat = d.candidates[k]!;
      out.push(k === d.candidates.length - 1 && d.candidates.length > 1 ? { key: 'voteLeft', params: { seat } } : { key: 'voteFor', params: { seat } });
      out.push({ key: 'thanks' });
      return out;
    }
    case 'lift':
      return [...out, { key: 'liftQuestion', params: seatsParams(d.candidates) }, { key: 'thanks' }];
    case 'rake':
      return d.rakeChoice ? [...out, { key: 'rake', params: { seat: d.rakeChoice.by } }] : out;
    default:
      return out;
  }
}

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/**
 * A line in words: `t` of the `host` namespace (keys `script.*`); role ids are named through
 * `common:roles.*` (several, joined by ","), whom the Don seeks through `common:seek.*`, and `count`
 * picks the plural form.
 */
export function scriptText(l: Line, t: Tx): string {
  const params: Record<string, unknown> = { ...(l.params ?? {}) };
  if (typeof params.seeks === 'string') params.seeks = seeksText(t, { donSeeks: params.seeks.split(',').filter(Boolean) as RoleId[] });
  if (typeof params.role === 'string') params.role = params.role.split(',').map((r) => t(`roles.${r}`, { ns: 'common' })).join(', ');
  return t(`script.${l.key}`, params);
}
