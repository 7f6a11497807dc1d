import type { ActKind, Command, GameView, NightStep, Pending, RoleId, SeatNo, Team } from '@mafia/engine';
import type { RoomMode, TimerView } from '@mafia/protocol';
import { nightStepAt, type NightClock } from '../../night/stepClock';
import { extraCommand, toggleSeat, type ExtraKind } from '../decisions';
import { parseSeat } from '../seat';

export { extraCommand, toggleSeat, type ExtraKind };

/**
 * The player screen's decisions as pure functions of what the server sent this seat (view, pending,
 * timer, lobby mode): no role is ever guessed, nothing is kept from an earlier view.
 */

/** Every role id of the engine (ALL_ROLE_IDS), copied: a value import would bring the engine into the bundle. test/player.logic.test.ts keeps the copy equal. */
export const ROLE_IDS: readonly RoleId[] = [
  'civilian', 'mafia', 'don', 'gangster', 'lawyer', 'lover', 'black-widow', 'beauty', 'recruiter',
  'commissar', 'sheriff', 'cop', 'doctor', 'girl', 'journalist', 'sleepwalker', 'immortal', 'elder',
  'rake', 'kamikaze', 'student', 'psycho', 'werewolf', 'maniac', 'cheater',
];

export type Screen = 'waiting' | 'night' | 'day' | 'ended';

/** Which screen: the lobby wait before the start, then the phase. */
export function screenOf(view: GameView | null): Screen {
  if (!view) return 'waiting';
  return view.phase.kind;
}

/**
 * Who the phone waits for before the start: the Ведущий only where there is one (a human host);
 * in a room nobody hosts, the room's creator (online) or the table screen (app) starts the game,
 * and the creator's own phone is told that he does. Before the lobby is known, nobody is named.
 */
export function waitingKey(mode: RoomMode | null, starts: boolean): `waiting.${'host' | 'app' | 'online' | 'you' | 'unknown'}` {
  if (mode === 'human') return 'waiting.host';
  if (mode === null) return 'waiting.unknown';
  return starts ? 'waiting.you' : `waiting.${mode}`;
}

/** An eliminated player (or a seat the view does not show as alive) is a silent spectator. */
export function isSpectator(view: GameView | null): boolean {
  if (!view || view.phase.kind === 'ended') return false;
  return view.me !== null && !view.me.alive;
}

/** This player has been voted out or killed and his last word is still to come or going on (day.lastWords). */
export function owesLastWord(view: GameView | null): boolean {
  const day = view?.phase.kind === 'day' ? view.day : null;
  return !!day && !!view?.me && day.stage === 'lastWords' && day.lastWords.includes(view.me.seat);
}

/** The secret card: own role and team (the view's `me`), or null. */
export function cardOf(view: GameView | null): { role: RoleId; team: Team } | null {
  return view?.me ? { role: view.me.role, team: view.me.team } : null;
}

/**
 * The seats this player knows besides himself (a mafia member's partners, the Sleepwalker's mafia,
 * Bonnie & Clyde): alive seats whose role the view shows. Read from the current view only, so a
 * dead seat's spectator view (which shows none) shows none; open cards of the dead are not partners.
 */
export function partnersOf(view: GameView | null): { seat: number; role: RoleId }[] {
  if (!view?.me || !view.me.alive || view.phase.kind === 'ended') return [];
  const out: { seat: number; role: RoleId }[] = [];
  for (const s of view.seats) if (s.seat !== view.me.seat && s.alive && s.role !== undefined) out.push({ seat: s.seat, role: s.role });
  return out;
}

type ActPending = Extract<Pending, { kind: 'act' }>;

/** This seat's own pending decision of a kind (the server sends only this seat's). */
export function pendingOf<K extends Pending['kind']>(pending: readonly Pending[], seat: number | null, kind: K): Extract<Pending, { kind: K }> | null {
  if (seat === null) return null;
  for (const p of pending) if (p.kind === kind && p.seat === seat) return p as Extract<Pending, { kind: K }>;
  return null;
}

/**
 * What this phone does at night step `step`: every phone shows the same controls (a seat grid and a
 * confirm button, R-NIGHT-4). `real` when this seat has an open act of the step (its pending `act`
 * entry names one of the step's acts): the confirm then sends that act. Otherwise the controls are a
 * decoy that sends nothing. A dead seat has no controls at all (`none`).
 */
export type NightDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'decoy' }
  | { readonly kind: 'real'; readonly act: ActKind; readonly forbidden: readonly number[]; readonly needsTarget2: boolean; readonly needsRole: boolean };

export function nightDecision(view: GameView | null, pending: readonly Pending[], seat: number | null, step: number): NightDecision {
  if (!view || view.phase.kind !== 'night' || seat === null || !view.me || !view.me.alive) return { kind: 'none' };
  const mine: ActPending | null = pendingOf(pending, seat, 'act');
  if (!view.nightSteps[step] || !mine) return { kind: 'decoy' };
  const act = mine.acts.find((a) => stepOfAct(view.nightSteps, view.me!.role, a) === step);
  if (act === undefined) return { kind: 'decoy' };
  // The limits in the pending entry are for its first open act.
  const first = mine.acts[0] === act;
  return {
    kind: 'real',
    act,
    forbidden: first ? (mine.forbidden ?? []) : [],
    needsTarget2: first && mine.needsTarget2 === true,
    needsRole: first && mine.needsRole === true,
  };
}

/**
 * The step at which a seat of role `role` makes act `act`: the step that wakes his role for that act
 * (the Don's check is not the Commissar's); else the first step with that act (a role that took over
 * another's ability); else the last step, so that an act is never left without a screen.
 */
export function stepOfAct(steps: readonly NightStep[], role: RoleId, act: ActKind): number {
  const own = steps.findIndex((s) => s.wake.includes(role) && s.acts.includes(act));
  if (own >= 0) return own;
  const any = steps.findIndex((s) => s.acts.includes(act));
  return any >= 0 ? any : steps.length - 1;
}

/** The night step now, from the shared clock only (never from who acts). */
export function nightClock(view: GameView | null, timer: TimerView | null, now: number): NightClock {
  const steps = view?.phase.kind === 'night' ? view.nightSteps.length : 0;
  return nightStepAt(timer && timer.kind === 'night' ? timer : null, steps, now);
}

/** The `act` command of a real step, or null when the choice is not complete. */
export function actCommand(seat: number, d: NightDecision, target: number | null, target2: number | null, role: RoleId | null): Command | null {
  if (d.kind !== 'real' || target === null) return null;
  if (d.needsTarget2 && target2 === null) return null;
  if (d.needsRole && role === null) return null;
  const cmd: { type: 'act'; by: SeatNo; act: ActKind; target: SeatNo; target2?: SeatNo; role?: RoleId } = { type: 'act', by: parseSeat(seat), act: d.act, target: parseSeat(target) };
  if (d.needsTarget2 && target2 !== null) cmd.target2 = parseSeat(target2);
  if (d.needsRole && role !== null) cmd.role = role;
  return cmd;
}

/** What the day lets this seat do now. */
export interface DayControls {
  /** Seat N speaks now (null: nobody). */
  readonly speaker: number | null;
  readonly mySpeech: boolean;
  readonly nominate: boolean;
  readonly endSpeech: boolean;
  /** The candidates this seat may vote for now (null: no vote open for him). */
  readonly vote: readonly number[] | null;
  readonly lift: boolean;
  readonly bestMove: boolean;
  readonly endLastWords: boolean;
  /** This seat's place in the last-word queue (0: he speaks now), or null when he is not owed one. */
  readonly myLastWords: number | null;
  /** The seat this player nominated today (his nomination confirmed), or null. */
  readonly myNominee: number | null;
  /** The candidate this player's ballot is for in the open round (votes are open, R-VOTE), or null. */
  readonly myBallot: number | null;
  /** This player's lift vote, once cast. */
  readonly myLift: 'leave' | 'stay' | null;
  readonly fouls: number;
  /** A one-seat choice among candidates: the Rake's (R-ROLE Rake), name in blood, the Commissar's dying note. */
  readonly extra: { readonly kind: ExtraKind; readonly candidates: readonly number[] } | null;
}

const EXTRA_KINDS: readonly ExtraKind[] = ['rakeTake', 'dyingNote', 'blood'];

/** Rooms where the app is the host: a seat ends his own speech and last word. */
export const appHosts = (mode: RoomMode | null | undefined): boolean => mode === 'app' || mode === 'online';

/**
 * The turn this seat may end himself: the engine's own-turn effect, which the projection puts on
 * his view only (`view.ownTurn`), offered where the app hosts — the same effect the server executes
 * when he sends it (room/manager.ts `actorFor`). Read from his own view only, never guessed.
 */
function ownTurn(view: GameView | null, seat: number | null, mode: RoomMode | null | undefined): GameView['ownTurn'] {
  return seat !== null && view?.me?.seat === seat && appHosts(mode) ? view.ownTurn : undefined;
}

export function dayControls(view: GameView | null, pending: readonly Pending[], seat: number | null, mode: RoomMode | null | undefined): DayControls {
  const day = view?.phase.kind === 'day' ? view.day : null;
  // During last words the one speaking is the first still owed one (each leaving player his own).
  const speaker = day?.speaker ?? (day?.stage === 'lastWords' ? (day.lastWords[0] ?? null) : null);
  const mySpeech = seat !== null && speaker === seat && (day?.stage === 'speeches' || day?.stage === 'defence');
  const vote = pendingOf(pending, seat, 'vote');
  const fouls = seat !== null ? (view?.seats.find((s) => s.seat === seat)?.fouls ?? 0) : 0;
  let extra: DayControls['extra'] = null;
  for (const kind of EXTRA_KINDS) {
    const p = day ? pendingOf(pending, seat, kind) : null;
    if (p) {
      extra = { kind, candidates: p.candidates };
      break;
    }
  }
  return {
    speaker,
    mySpeech,
    nominate: pendingOf(pending, seat, 'nominate') !== null,
    endSpeech: mySpeech && ownTurn(view, seat, mode) === 'endSpeech',
    vote: vote ? vote.candidates : null,
    lift: pendingOf(pending, seat, 'liftVote') !== null,
    bestMove: pendingOf(pending, seat, 'bestMove') !== null,
    // `endLastWords` ends the current speaker's only: the button is his alone.
    endLastWords: day?.stage === 'lastWords' && ownTurn(view, seat, mode) === 'endLastWords',
    // A seat's number against the public list of last words (a number compared, no seat made).
    myLastWords: seat !== null && day?.stage === 'lastWords' && day.lastWords.some((s) => s === seat) ? day.lastWords.findIndex((s) => s === seat) : null,
    myNominee: seat !== null ? (day?.nominations.find(([by]) => by === seat)?.[1] ?? null) : null,
    myBallot: seat !== null && day && (day.stage === 'vote') ? (day.ballots[seat - 1] || null) : null,
    myLift: seat !== null && day?.stage === 'lift' ? (day.lift[seat - 1] === 1 ? 'leave' : day.lift[seat - 1] === 2 ? 'stay' : null) : null,
    fouls,
    extra,
  };
}
