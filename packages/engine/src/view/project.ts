import type { RoleId, SeatNo, Team } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import type { ActResult, BestMove, DayState, GameSetup, GameState, Phase, Winner } from '../game/state.js';

/** Who is looking: a seat, the host (sees everything) or a spectator (sees only public facts). */
export type Viewer = { readonly kind: 'seat'; readonly seat: SeatNo } | { readonly kind: 'host' } | { readonly kind: 'spectator' };

export interface SeatView {
  readonly seat: SeatNo;
  readonly name: string;
  readonly alive: boolean;
  readonly fouls: number;
  /** Present only when this viewer may know the role. */
  readonly role?: RoleId;
  readonly team?: Team;
}

/** Public day facts: nominations, votes and tallies are open at the table. */
export interface DayView {
  readonly n: number;
  readonly emergency: boolean;
  readonly stage: DayState['stage'];
  readonly speaker: SeatNo | null;
  readonly lastWords: readonly SeatNo[];
  readonly nominations: readonly (readonly [SeatNo, SeatNo])[];
  readonly round: number;
  readonly candidates: readonly SeatNo[];
  readonly ballots: readonly number[];
  readonly lift: readonly number[];
  readonly tally: Readonly<Record<string, number>> | null;
  readonly left: readonly SeatNo[];
  readonly voteCancelled: boolean;
}

export interface GameView {
  readonly viewer: Viewer;
  readonly preset: string;
  readonly seq: number;
  readonly phase: Phase;
  readonly seats: readonly SeatView[];
  readonly day: DayView | null;
  /** The viewer's own role (seat viewers). */
  readonly me: { readonly seat: SeatNo; readonly role: RoleId; readonly team: Team; readonly alive: boolean } | null;
  /** Night acts the viewer made tonight (own only). */
  readonly myActs: readonly { readonly act: string; readonly target: SeatNo }[];
  /** Answers the viewer received (own checks only; the host sees all). */
  readonly results: readonly (ActResult & { readonly night: number })[];
  readonly bestMove: BestMove | null;
  readonly winner: Winner | null;
  readonly winners: readonly SeatNo[];
}

/** May `viewer` know the role at `seat`? The single rule behind every hidden-information decision. */
export function canSeeRole(s: GameState, viewer: Viewer, seat: SeatNo): boolean {
  if (viewer.kind === 'host' || s.phase.kind === 'ended') return true;
  if (s.options.revealOnDeath && !s.alive[seat - 1]) return true;
  if (viewer.kind !== 'seat') return false;
  if (viewer.seat === seat) return true;
  // RULES.md §10: an eliminated player's device is a spectator's, with no hidden information.
  if (!s.alive[viewer.seat - 1]) return false;
  // The mafia know each other (R-NIGHT-2, introduction night).
  return s.teams[viewer.seat - 1] === 'mafia' && s.teams[seat - 1] === 'mafia';
}

/** `${seat}` strings, made once: the default name of a seat without a name. */
const SEAT_LABELS: string[] = [];
const seatLabel = (seat: number): string => SEAT_LABELS[seat] ?? (SEAT_LABELS[seat] = `${seat}`);

/**
 * Seat views are small value objects fully determined by (seat, name, alive, fouls, and role and
 * team when visible). `project` is called once per bot decision, so it hands out frozen, shared
 * copies instead of allocating ten new ones each time. A table serves one set of roles, teams and
 * names (checked by identity on every call, so a state whose roles change gets a new table); the
 * entries are frozen, so no view can change another.
 */
const FOUL_SLOTS = 8;
interface SeatTable {
  readonly roles: readonly RoleId[];
  readonly teams: readonly Team[];
  readonly names: readonly string[];
  readonly views: (SeatView | undefined)[];
  /** The last seat list made for each viewer (index: the seat; 0 the host; n + 1 a spectator). */
  readonly lists: (SeatList | undefined)[];
}

/** A frozen seat list and the facts it was made from (copies, compared by value). */
interface SeatList {
  readonly alive: boolean[];
  readonly fouls: number[];
  readonly all: boolean;
  readonly openDead: boolean;
  readonly seats: readonly SeatView[];
}

function sameFacts(l: SeatList, s: GameState, all: boolean, openDead: boolean): boolean {
  if (l.all !== all || l.openDead !== openDead) return false;
  const alive = s.alive;
  const fouls = s.fouls;
  for (let i = 0; i < l.alive.length; i++) if (l.alive[i] !== alive[i] || l.fouls[i] !== fouls[i]) return false;
  return true;
}
/** The tables of the games projected last (a few games may be played side by side). */
const RECENT = 8;
const tables: (SeatTable | undefined)[] = new Array(RECENT);
let nextSlot = 0;

function seatTable(s: GameState): SeatTable {
  for (let k = 0; k < RECENT; k++) {
    const t = tables[k];
    if (t !== undefined && t.roles === s.roles && t.teams === s.teams && t.names === s.setup.names) return t;
  }
  const t: SeatTable = { roles: s.roles, teams: s.teams, names: s.setup.names, views: [], lists: [] };
  tables[nextSlot] = t;
  nextSlot = (nextSlot + 1) % RECENT;
  return t;
}

function makeSeatView(s: GameState, i: number, visible: boolean): SeatView {
  const seat = (i + 1) as SeatNo;
  const names = s.setup.names;
  const name = (i < names.length ? names[i] : undefined) ?? seatLabel(seat);
  return visible
    ? { seat, name, alive: s.alive[i], fouls: s.fouls[i], role: s.roles[i], team: s.teams[i] }
    : { seat, name, alive: s.alive[i], fouls: s.fouls[i] };
}

function seatView(s: GameState, table: SeatTable, i: number, visible: boolean): SeatView {
  const fouls = s.fouls[i];
  if (!(fouls >= 0 && fouls < FOUL_SLOTS)) return makeSeatView(s, i, visible);
  const k = ((i * 2 + (s.alive[i] ? 1 : 0)) * 2 + (visible ? 1 : 0)) * FOUL_SLOTS + fouls;
  const views = table.views;
  if (k < views.length) {
    const v = views[k];
    if (v !== undefined) return v;
  } else {
    while (views.length <= k) views.push(undefined);
  }
  return (views[k] = Object.freeze(makeSeatView(s, i, visible)));
}

/**
 * The seats as `viewer` sees them. The list depends only on the viewer and on who is alive, the
 * fouls, the end of the game and the reveal option: when these are the same (by value) as for the
 * viewer's last list, that same frozen list is handed out again.
 */
function seatList(s: GameState, viewer: Viewer, mine: SeatNo | null): readonly SeatView[] {
  const n = s.seats;
  // canSeeRole, per seat: the host and the end of the game see all; open cards of the dead;
  // one's own card; the mafia see each other.
  const all = viewer.kind === 'host' || s.phase.kind === 'ended';
  const openDead = s.options.revealOnDeath;
  const table = seatTable(s);
  const slot = mine !== null ? mine : viewer.kind === 'host' ? 0 : n + 1;
  const last = table.lists[slot];
  if (last !== undefined && sameFacts(last, s, all, openDead)) return last.seats;
  const alive = s.alive;
  // RULES.md §10: an eliminated player sees what a spectator sees (and his own card).
  const spectating = mine !== null && !alive[mine - 1] && !all;
  const mafiaViewer = mine !== null && !spectating && s.teams[mine - 1] === 'mafia';
  const seats: SeatView[] = [];
  for (let i = 0; i < n; i++) {
    const visible = all || (openDead && !alive[i]) || i + 1 === mine || (mafiaViewer && s.teams[i] === 'mafia');
    seats.push(seatView(s, table, i, visible));
  }
  Object.freeze(seats);
  while (table.lists.length <= slot) table.lists.push(undefined);
  table.lists[slot] = { alive: alive.slice(), fouls: s.fouls.slice(), all, openDead, seats };
  return seats;
}

/**
 * The view of the game for one viewer. Every path from the state to a player goes through here:
 * a town player's view never holds another player's role.
 *
 * Called once per bot decision in simulations, so it is written as plain loops; the role test is
 * `canSeeRole` unrolled (the same rule, worked out once per view instead of once per seat).
 */
export function project(s: GameState, viewer: Viewer): GameView {
  const mine = viewer.kind === 'seat' ? viewer.seat : null;
  const all = viewer.kind === 'host' || s.phase.kind === 'ended';
  // RULES.md §10: an eliminated player sees what a spectator sees (and his own card).
  const spectating = mine !== null && !s.alive[mine - 1] && !all;
  const seats = seatList(s, viewer, mine);
  const day = s.day && s.phase.kind === 'day' ? dayView(s.day) : null;
  const myActs: { act: string; target: SeatNo }[] = [];
  if (mine !== null && s.night) {
    const acts = s.night.acts;
    for (let k = 0; k < acts.length; k++) if (acts[k].by === mine) myActs.push({ act: acts[k].act, target: acts[k].target });
  }
  let results: GameView['results'];
  if (viewer.kind === 'host') results = s.checks;
  else {
    const own: (ActResult & { readonly night: number })[] = [];
    if (mine !== null && !spectating) {
      const checks = s.checks;
      for (let k = 0; k < checks.length; k++) if (checks[k].by === mine) own.push(checks[k]);
    }
    results = own;
  }
  return {
    viewer,
    preset: s.setup.preset,
    seq: s.seq,
    phase: s.phase,
    seats,
    day,
    me: mine === null ? null : { seat: mine, role: s.roles[mine - 1], team: s.teams[mine - 1], alive: s.alive[mine - 1] },
    myActs,
    results,
    bestMove: s.bestMove,
    winner: s.winner,
    winners: s.winners,
  };
}

function dayView(d: DayState): DayView {
  return {
    n: d.n,
    emergency: d.emergency,
    stage: d.stage,
    speaker: d.stage === 'speeches' ? d.speakers[d.speakerIndex] ?? null : null,
    lastWords: d.lastWords,
    nominations: d.nominations,
    round: d.round,
    candidates: d.candidates,
    ballots: d.ballots,
    lift: d.lift,
    tally: d.tally,
    left: d.left,
    voteCancelled: d.voteCancelled,
  };
}

/**
 * An event as `viewer` may receive it, or null when he may not see it at all. `state` is the state
 * after the event. Roles, night acts and answers are cut to what the viewer may know.
 */
export type ProjectedEvent =
  | Exclude<GameEvent, { type: 'GameCreated' }>
  | { readonly type: 'GameCreated'; readonly setup: Omit<GameSetup, 'roles' | 'seed'> & { readonly roles: readonly (RoleId | null)[] } };

export function projectEvent(e: GameEvent, state: GameState, viewer: Viewer): ProjectedEvent | null {
  if (viewer.kind === 'host') return e;
  const mine = viewer.kind === 'seat' ? viewer.seat : null;
  switch (e.type) {
    case 'GameCreated': {
      // Hidden roles become null, and the seed (which would let anyone re-deal the cards) stays home.
      const { seed: _seed, ...setup } = e.setup;
      return { type: 'GameCreated', setup: { ...setup, roles: e.setup.roles.map((r, i) => (canSeeRole(state, viewer, (i + 1) as SeatNo) ? r : null)) } };
    }
    case 'ActRecorded':
      return e.act.by === mine ? e : null;
    case 'NightResolved':
      return { ...e, results: e.results.filter((r) => r.by === mine), useful: [] };
    default:
      return e;
  }
}
