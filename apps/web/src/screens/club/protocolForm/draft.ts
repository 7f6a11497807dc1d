/**
 * The score sheet of a game played on paper, as the form holds it (issue 24 point 4): what a club's
 * secretary writes — seats with nicknames and roles, each night's shot and checks, each day's
 * nominations, votes and fouls — in the form's own words. `compile.ts` turns it into the game's
 * protocol; nothing here knows the engine.
 */

/** A seat: the player (a member's nickname, or a guest's name) and the role dealt. */
export interface SeatDraft {
  readonly name: string;
  readonly guest: boolean;
  readonly role: string;
}

/** Another role's night act (Doctor, Beauty, Maniac…): who, which ability, on whom. */
export interface ActDraft {
  readonly by: string;
  readonly act: string;
  readonly target: string;
  readonly target2: string;
  /** The role a guess names (the Piter Beauty's, the mafia's УГАДАЙКА, the Werewolf's); '' otherwise. */
  readonly role?: string;
}

/**
 * The tournament entries of a step (preset `fiim`, R-FIIM-11…16), as seat lists written on paper:
 * technical fouls, players who left the table (a removal for `left`), the team defeat's offender,
 * the referee's extra points («3: 0,3; 5: -0,2») and, on a day, the fouls and removals after the
 * vote was decided (in the last words).
 */
export interface FiimDraft {
  readonly techFouls: string;
  readonly left: string;
  readonly teamDefeat: string;
  readonly extraPoints: string;
  readonly foulsAfter: string;
  readonly removedAfter: string;
}

export const emptyFiim = (): FiimDraft => ({ techFouls: '', left: '', teamDefeat: '', extraPoints: '', foulsAfter: '', removedAfter: '' });

/** A name written in blood (`name-in-blood`): the night's victim and the player he names as his killer. */
export interface BloodDraft {
  readonly victim: string;
  readonly suspect: string;
}

/** A night: the mafia's shot ('' not written yet, MISS, or a seat), the Don's and the Commissar's checks, other acts. */
export interface NightDraft {
  readonly kind: 'night';
  readonly n: number;
  readonly shot: string;
  readonly don: string;
  readonly commissar: string;
  readonly others: readonly ActDraft[];
  /** Fouls and removals (disqualified) given during the night (`fiim`, R-FIIM-11/12). */
  readonly fouls?: string;
  readonly removed?: string;
  readonly fiim?: FiimDraft;
  /** Fields of a loaded protocol the form does not show (kept as they were). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** A nomination: who put whom up, in speech order. */
export interface NominationDraft {
  readonly by: string;
  readonly target: string;
}

/**
 * A day. Seat lists (`votes` per candidate, `fouls`, `removed`…) are written as on paper: numbers
 * separated by spaces or commas. `revotes` holds the re-vote rounds (R-VOTE-6, repeated by
 * R-SPORT-5); `lift` is null until the day reaches the vote to lift all.
 */
export interface DayDraft {
  readonly kind: 'day';
  readonly n: number;
  readonly bestMoveBy: string;
  readonly bestMove: string;
  readonly nominations: readonly NominationDraft[];
  readonly votes: Readonly<Record<string, string>>;
  readonly revotes: readonly Readonly<Record<string, string>>[];
  readonly lift: string | null;
  readonly fouls: string;
  readonly removed: string;
  readonly blood?: readonly BloodDraft[];
  readonly fiim?: FiimDraft;
  /** Circular voting (R-VOTE-8): the seat the host started the circle from ('' = seat 1) and its direction. */
  readonly circle?: { readonly from: string; readonly dir: 'up' | 'down' };
  readonly extra?: Readonly<Record<string, unknown>>;
}

export type StepDraft = NightDraft | DayDraft;

export interface SheetDraft {
  readonly preset: string;
  readonly seats: readonly SeatDraft[];
  readonly steps: readonly StepDraft[];
  /** Header fields of a loaded protocol the form does not show (options, modifications, immune). */
  readonly header?: Readonly<Record<string, unknown>>;
}

/** The shot that missed (the mafia did not agree on one target). */
export const MISS = 'miss';

export const emptyNight = (n: number): NightDraft => ({ kind: 'night', n, shot: '', don: '', commissar: '', others: [] });
export const emptyDay = (n: number): DayDraft => ({
  kind: 'day', n, bestMoveBy: '', bestMove: '', nominations: [], votes: {}, revotes: [], lift: null, fouls: '', removed: '',
});

/** A sheet of `roles.length` seats with the given deck, no names yet, no steps. */
export function emptySheet(preset: string, roles: readonly string[]): SheetDraft {
  return { preset, seats: roles.map((role) => ({ name: '', guest: false, role })), steps: [] };
}

/**
 * The step after the last one: night 1 first (presets with nights), then day N, night N+1, … An
 * emergency day (R-PHASE-4, `emergency`: the rules hold one now) takes the number of the night it
 * replaces: … day 4, day 5, night 6 …
 */
export function nextStep(sheet: SheetDraft, hasNights: boolean, emergency = false): StepDraft {
  const last = sheet.steps[sheet.steps.length - 1];
  if (!last) return hasNights ? emptyNight(1) : emptyDay(1);
  if (last.kind === 'night') return emptyDay(last.n);
  return hasNights && !emergency ? emptyNight(last.n + 1) : emptyDay(last.n + 1);
}

/** Whether step i is an emergency day: a day right after a day in a preset with nights. */
export const isEmergency = (sheet: SheetDraft, i: number, hasNights: boolean): boolean =>
  hasNights && sheet.steps[i]?.kind === 'day' && sheet.steps[i - 1]?.kind === 'day';

/** A seat list as written on paper («3 5, 7») → its numbers; null when anything else is written. */
export function seatList(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((x) => x !== '');
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,2}$/.test(p)) return null;
    out.push(Number(p));
  }
  return out;
}

/** One seat number («4») → 4; '' → undefined; anything else → null. */
export function seatOf(text: string): number | undefined | null {
  const s = text.trim();
  if (s === '') return undefined;
  return /^\d{1,2}$/.test(s) ? Number(s) : null;
}

/** Replaces step `i` of the sheet. */
export function withStep(sheet: SheetDraft, i: number, step: StepDraft): SheetDraft {
  return { ...sheet, steps: sheet.steps.map((s, k) => (k === i ? step : s)) };
}

/** Replaces seat `i` of the sheet. */
export function withSeat(sheet: SheetDraft, i: number, seat: SeatDraft): SheetDraft {
  return { ...sheet, seats: sheet.seats.map((s, k) => (k === i ? seat : s)) };
}
