import { ALL_ROLE_IDS, type RoleId, type SeatNo, type Team } from '../ids.js';
import type { GameEvent } from '../game/events.js';
import { roleAt } from '../roles/registry.js';
import { nightSteps, type NightStep } from '../night/script.js';
import { donSeeks, roleVariants, type RoleVariants } from './variants.js';
import type { ActResult, BestMove, DayState, GameSetup, GameState, Phase, RemovalReason, Winner } from '../game/state.js';
import { currentSpeechSeconds } from '../day/speeches.js';
import { tournamentScores } from '../game/tournament.js';
import { ownTurnOf } from '../game/effects.js';

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
  /** R-VOTE-8: the voting circle the host chose (null: seat 1, up). */
  readonly circle: DayState['circle'];
  /** `name-in-blood` (R-MOD): the names said in the morning, [victim, suspect]. */
  readonly blood: DayState['blood'];
  /** R-ROLE Commissar (`commissarDyingNote`): the killed Commissar's note once he has left it (public: the host reads it out). */
  readonly dyingNote: { readonly by: SeatNo; readonly named: SeatNo } | null;
  /** R-ROLE Rake: the executed Rake and the voters he may take along (stage `rake`). */
  readonly rakeChoice: DayState['rakeChoice'];
}

export interface GameView {
  readonly viewer: Viewer;
  readonly preset: string;
  readonly phase: Phase;
  readonly seats: readonly SeatView[];
  readonly day: DayView | null;
  /** The viewer's own role (seat viewers). */
  readonly me: { readonly seat: SeatNo; readonly role: RoleId; readonly team: Team; readonly alive: boolean } | null;
  /** R-NIGHT-1/4: the steps of every night of this game, the same for every viewer (night/script.ts). */
  readonly nightSteps: readonly NightStep[];
  /** The variant of each role with several, as this game's preset and modifications play it (view/variants.ts): cards and lines are worded by it. */
  readonly roleVariants: RoleVariants;
  /** The roles of this game's deck the Don's check finds («Дон ищет Комиссара» or «Шерифа»; view/variants.ts). */
  readonly donSeeks: readonly RoleId[];
  /** Night acts the viewer made tonight (own only). */
  readonly myActs: readonly { readonly act: string; readonly target: SeatNo }[];
  /**
   * Issue 3 gap: the Lawyer (extended) has blocked the viewer tonight ("the blocked player is told at his
   * turn"): present (true) on that seat's view only, from the moment the block is recorded to dawn,
   * whether or not he has an act to make (the Immortal). Absent otherwise.
   */
  readonly blockedTonight?: true;
  /**
   * The command that ends this seat's own turn (his speech, defence or last word), on his view
   * only, while it runs (game/effects.ts `ownTurnOf`): where the app hosts his phone offers it.
   * Absent otherwise. Public knowledge (the speaker is on every view), so it tells nobody anything.
   */
  readonly ownTurn?: 'endSpeech' | 'endLastWords';
  /** Answers the viewer received (own checks only; the host sees all). */
  readonly results: readonly (ActResult & { readonly night: number })[];
  readonly bestMove: BestMove | null;
  readonly winner: Winner | null;
  readonly winners: readonly SeatNo[];
  /** `fiim` games only: the referee's public record (R-FIIM-2, R-FIIM-13..16). */
  readonly tournament?: TournamentView;
}

/** What the whole table knows of a `fiim` game's penalties and points (all of it is said aloud). */
export interface TournamentView {
  /** Technical fouls per seat (index = seat - 1). */
  readonly techFouls: readonly number[];
  /** Why each seat was removed (also a removal that counted for the points only), or null. */
  readonly removedFor: readonly (RemovalReason | null)[];
  /** The referee's extra points per seat. */
  readonly extraPoints: readonly number[];
  /** The offender of a team defeat, or null. */
  readonly teamDefeat: SeatNo | null;
  /** The last players out with the final minute once a vote or a shot decided the game, or null. */
  readonly final: readonly SeatNo[] | null;
  /** The seconds of the current day speech (the 3rd foul's short one: R-FIIM-2), or null. */
  readonly speechSeconds: number | null;
  /** The tournament points per seat once the game is over (null before). */
  readonly scores: Readonly<Record<string, number>> | null;
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
  if (s.teams[viewer.seat - 1] === 'mafia') return s.teams[seat - 1] === 'mafia';
  // The Sleepwalker wakes with the mafia; Bonnie & Clyde meet on their first night (issue 3).
  const circle = knownCircle(s, viewer.seat);
  return circle !== null && circle(s, seat - 1);
}

/**
 * Who a non-mafia seat knows besides himself (issue 3): the Sleepwalker sees the mafia (000); under
 * `bonnie-and-clyde` a Maniac sees the other Maniac (002) from their first acting night on ("в первый
 * день они не знают друг друга и познакомятся только Ночью": night 1 when it is active, else night 2).
 * Null for everybody else.
 */
function knownCircle(s: GameState, mine: SeatNo): ((s: GameState, i: number) => boolean) | null {
  const role = s.roles[mine - 1];
  if (role === 'civilian' || role === 'commissar') return null;
  if (role === 'sleepwalker' && roleAt(s, mine - 1).seesMafia === true) return isMafiaIndex;
  if (isBonnieOrClyde(s, mine)) {
    const met = s.phase.kind === 'ended' || s.phase.n >= (s.options.firstNight === 'active' ? 1 : 2);
    return met ? isManiacIndex : null;
  }
  return null;
}
const isBonnieOrClyde = (s: GameState, mine: SeatNo): boolean =>
  s.roles[mine - 1] === 'maniac' && s.setup.modifications.length > 0 && s.setup.modifications.includes('bonnie-and-clyde');
const isMafiaIndex = (s: GameState, i: number): boolean => s.teams[i] === 'mafia';
const isManiacIndex = (s: GameState, i: number): boolean => s.roles[i] === 'maniac';

const NONE: readonly never[] = Object.freeze([]);

/** `${seat}` strings, made once: the default name of a seat without a name. */
const SEAT_LABELS: string[] = [];
const seatLabel = (seat: number): string => SEAT_LABELS[seat] ?? (SEAT_LABELS[seat] = `${seat}`);

/**
 * Seat views are small value objects fully determined by (seat, name, alive, fouls, and role and
 * team when visible). `project` runs once per bot decision in simulations, so instead of ten new
 * objects per view it hands out shared frozen ones from a table per game: the table is found by
 * the identity of the state's roles, teams, names and options (a state with other ones gets another
 * table), an entry is made once for its key (seat, alive, visible, fouls) and frozen, so no view can
 * change what another view sees.
 *
 * The list of a viewer's seat views is cached too, one per viewer slot of the table: it depends only
 * on the viewer, on whether everything is open (the host, the end of the game) and on the `alive` and
 * `fouls` arrays, which the engine never writes into (a change makes a new array), so their identity
 * stands for their content. The cached list (and card) is shared read-only with the viewer's later
 * views (never with another viewer's), not frozen: freezing costs more than it saves; it is made by the same
 * rule (`canSeeRole`, unrolled) as an uncached one, so it holds a role only where the viewer may know it.
 */
const FOUL_SLOTS = 8;
interface SeatList {
  alive: readonly boolean[];
  fouls: readonly number[];
  all: boolean;
  seats: readonly SeatView[];
  me: GameView['me'];
}

interface SeatTable {
  readonly roles: readonly RoleId[];
  readonly teams: readonly Team[];
  readonly names: readonly string[];
  readonly options: GameState['options'];
  views: (SeatView | undefined)[];
  /** By seat: the index of its role in ALL_ROLE_IDS (-1 if none), for GLOBAL_VIEWS. */
  readonly roleIndex: readonly number[];
  /** By viewer slot: 0 the spectator, 1..n the seats, n + 1 the host. */
  readonly lists: (SeatList | undefined)[];
  /** By seat: the seat's own answered acts, for the `checks` list they were taken from. */
  readonly own: (OwnResults | undefined)[];
  /**
   * The public seat list (what a spectator sees: no role but the open cards of the dead) for the
   * `alive` and `fouls` arrays below: each seat viewer's list is a copy of it with his own card (and
   * a mafia viewer's teammates) put in. Never handed out itself.
   */
  baseAlive: readonly boolean[] | null;
  baseFouls: readonly number[] | null;
  base: SeatView[];
}

interface OwnResults {
  checks: GameState['checks'];
  results: GameView['results'];
}

/** The tables of the games projected last (a few games may run side by side). */
const RECENT = 8;
const tables: (SeatTable | undefined)[] = new Array<SeatTable | undefined>(RECENT).fill(undefined);
let nextTable = 0;

let lastTable: SeatTable | undefined;

const tableFits = (t: SeatTable, s: GameState): boolean =>
  t.roles === s.roles && t.teams === s.teams && t.names === s.setup.names && t.options === s.options;

function seatTable(s: GameState): SeatTable {
  const last = lastTable;
  if (last !== undefined && tableFits(last, s)) return last;
  for (let k = 0; k < RECENT; k++) {
    const t = tables[k];
    if (t !== undefined && tableFits(t, s)) return (lastTable = t);
  }
  const lists = new Array<SeatList | undefined>(s.seats + 2).fill(undefined);
  const own = new Array<OwnResults | undefined>(s.seats + 2).fill(undefined);
  // `views` is made at its first use (seats with the default name use the shared GLOBAL_VIEWS).
  const t: SeatTable = { roles: s.roles, teams: s.teams, names: s.setup.names, options: s.options, views: [], roleIndex: s.roles.map((r) => ROLE_INDEX.get(r) ?? -1), lists, own, baseAlive: null, baseFouls: null, base: [] };
  tables[nextTable] = t;
  nextTable = (nextTable + 1) % RECENT;
  return (lastTable = t);
}

/**
 * Seats with the default name (their number) look the same in every game with the same key and
 * role: those views are shared by all games, made once per process (no new frozen objects per
 * game). Keyed by (seat, alive, fouls, role when visible); a hit is checked against the role and team.
 */
const ROLE_INDEX = new Map<RoleId, number>(ALL_ROLE_IDS.map((r, k) => [r, k]));
const GLOBAL_SEATS = 32;
const GLOBAL_VIEWS: (SeatView | undefined)[] = new Array<SeatView | undefined>(GLOBAL_SEATS * 2 * FOUL_SLOTS * (ALL_ROLE_IDS.length + 1)).fill(undefined);

function seatView(s: GameState, table: SeatTable, i: number, visible: boolean): SeatView {
  const fouls = s.fouls[i];
  if (!(fouls >= 0 && fouls < FOUL_SLOTS)) return Object.freeze(makeSeatView(s, i, visible));
  if (i >= s.setup.names.length && i < GLOBAL_SEATS) {
    let r = 0;
    if (visible) {
      const ri = table.roleIndex[i];
      r = ri < 0 ? -1 : ri + 1;
    }
    if (r >= 0) {
      const g = ((i * 2 + (s.alive[i] ? 1 : 0)) * FOUL_SLOTS + fouls) * (ALL_ROLE_IDS.length + 1) + r;
      const v = GLOBAL_VIEWS[g];
      if (v === undefined) return (GLOBAL_VIEWS[g] = Object.freeze(makeSeatView(s, i, visible)));
      if (!visible || v.team === s.teams[i]) return v;
    }
  }
  const k = ((i * 2 + (s.alive[i] ? 1 : 0)) * 2 + (visible ? 1 : 0)) * FOUL_SLOTS + fouls;
  let views = table.views;
  if (views.length === 0) {
    views = table.views = new Array<SeatView | undefined>(s.seats * 4 * FOUL_SLOTS);
    for (let j = 0; j < views.length; j++) views[j] = undefined;
  }
  if (k >= views.length) return Object.freeze(makeSeatView(s, i, visible));
  return views[k] ?? (views[k] = Object.freeze(makeSeatView(s, i, visible)));
}

function makeSeatView(s: GameState, i: number, visible: boolean): SeatView {
  const seat = (i + 1) as SeatNo;
  const names = s.setup.names;
  const name = (i < names.length ? names[i] : undefined) ?? seatLabel(seat);
  // Two plain literals (not `{ ...base, role, team }`, which is very slow in V8).
  return visible
    ? { seat, name, alive: s.alive[i], fouls: s.fouls[i], role: s.roles[i], team: s.teams[i] }
    : { seat, name, alive: s.alive[i], fouls: s.fouls[i] };
}

/**
 * The seats as `viewer` (seat `mine`, or null) sees them, and his own card: `canSeeRole` worked out
 * once per list instead of once per seat, and the list made once per (viewer, alive, fouls, all).
 */
function seatList(s: GameState, table: SeatTable, viewer: Viewer, mine: SeatNo | null, all: boolean): SeatList {
  // A Bonnie & Clyde Maniac's list depends on the phase too (they meet at night): not cached.
  const slot = mine !== null ? (mine >= 1 && mine <= s.seats && !isBonnieOrClyde(s, mine) ? mine : -1) : viewer.kind === 'host' ? s.seats + 1 : 0;
  if (slot >= 0) {
    const cached = table.lists[slot];
    if (cached !== undefined && cached.alive === s.alive && cached.fouls === s.fouls && cached.all === all) return cached;
  }
  const n = s.seats;
  const alive = s.alive;
  // canSeeRole, per seat: the host and the end of the game see all; open cards of the dead;
  // one's own card; the mafia see each other.
  const openDead = s.options.revealOnDeath;
  // RULES.md §10: an eliminated player sees what a spectator sees (and his own card).
  const spectating = mine !== null && !alive[mine - 1] && !all;
  const mafiaViewer = mine !== null && !spectating && s.teams[mine - 1] === 'mafia';
  let seats: SeatView[];
  if (all || mine === null || !(mine >= 1 && mine <= n)) {
    seats = new Array<SeatView>(n);
    for (let i = 0; i < n; i++) {
      const visible = all || (openDead && !alive[i]) || i + 1 === mine || (mafiaViewer && s.teams[i] === 'mafia');
      seats[i] = seatView(s, table, i, visible);
    }
  } else {
    // The same rule, from the public list: a copy of it, then the seats this viewer also sees.
    if (table.baseAlive !== alive || table.baseFouls !== s.fouls || table.base.length !== n) {
      const base = new Array<SeatView>(n);
      for (let i = 0; i < n; i++) base[i] = seatView(s, table, i, openDead && !alive[i]);
      table.base = base;
      table.baseAlive = alive;
      table.baseFouls = s.fouls;
    }
    seats = table.base.slice();
    seats[mine - 1] = seatView(s, table, mine - 1, true);
    if (mafiaViewer) {
      for (let i = 0; i < n; i++) if (s.teams[i] === 'mafia') seats[i] = seatView(s, table, i, true);
    } else if (!spectating) {
      const circle = knownCircle(s, mine);
      if (circle !== null) for (let i = 0; i < n; i++) if (circle(s, i)) seats[i] = seatView(s, table, i, true);
    }
  }
  const me = mine === null ? null : { seat: mine, role: s.roles[mine - 1], team: s.teams[mine - 1], alive: s.alive[mine - 1] };
  const list: SeatList = { alive, fouls: s.fouls, all, seats, me };
  if (slot >= 0) table.lists[slot] = list;
  return list;
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
  const table = seatTable(s);
  const list = seatList(s, table, viewer, mine, all);
  const day = s.day && s.phase.kind === 'day' ? dayView(s.day) : null;
  // The lists below are usually empty: one shared frozen empty list then, not a new one per view.
  let myActs: { act: string; target: SeatNo }[] | null = null;
  let blocked = false;
  if (mine !== null && s.night) {
    const acts = s.night.acts;
    for (let k = 0; k < acts.length; k++) {
      const a = acts[k];
      if (a.by === mine) (myActs ??= []).push({ act: a.act, target: a.target });
      else if (a.target === mine && a.act === 'block' && !spectating) blocked = true;
    }
  }
  let results: GameView['results'];
  if (viewer.kind === 'host') results = s.checks;
  else {
    results = mine !== null && !spectating ? ownResults(s, table, mine) : NONE;
  }
  const view: GameView = {
    viewer,
    preset: s.setup.preset,
    phase: s.phase,
    seats: list.seats,
    day,
    me: list.me,
    nightSteps: nightSteps(s.setup),
    roleVariants: roleVariants(s.setup),
    donSeeks: donSeeks(s.setup),
    myActs: myActs ?? NONE,
    results,
    bestMove: s.bestMove,
    winner: s.winner,
    winners: s.winners,
    // One literal for every preset (a spread copy per view is slow in V8); JSON leaves `undefined` out.
    tournament: s.options.fiim ? tournamentView(s) : undefined,
  };
  const turn = mine !== null ? ownTurnOf(s) : null;
  const own: GameView = turn !== null && turn.seat === mine ? { ...view, ownTurn: turn.ends } : view;
  return blocked ? { ...own, blockedTonight: true } : own;
}

function tournamentView(s: GameState): TournamentView {
  return {
    techFouls: s.techFouls,
    removedFor: s.removedFor,
    extraPoints: s.extraPoints,
    teamDefeat: s.teamDefeat,
    final: s.final,
    speechSeconds: currentSpeechSeconds(s),
    scores: s.phase.kind === 'ended' ? tournamentScores(s) : null,
  };
}

/**
 * A seat's own answered acts. `checks` is never written into (a new night makes a new list), so the
 * list made for one `checks` array is reused while it stays (shared read-only, with that seat only).
 */
function ownResults(s: GameState, table: SeatTable, mine: SeatNo): GameView['results'] {
  const checks = s.checks;
  const slot = mine >= 1 && mine <= s.seats ? mine : -1;
  if (slot >= 0) {
    const cached = table.own[slot];
    if (cached !== undefined && cached.checks === checks) return cached.results;
  }
  let own: (ActResult & { readonly night: number })[] | null = null;
  for (let k = 0; k < checks.length; k++) if (checks[k].by === mine) (own ??= []).push(checks[k]);
  const results = own ?? NONE;
  if (slot >= 0) table.own[slot] = { checks, results };
  return results;
}

function dayView(d: DayState): DayView {
  return {
    n: d.n,
    emergency: d.emergency,
    stage: d.stage,
    speaker: d.stage === 'speeches' || d.stage === 'defence' ? d.speakers[d.speakerIndex] ?? null : null,
    lastWords: d.lastWords,
    nominations: d.nominations,
    round: d.round,
    candidates: d.candidates,
    ballots: d.ballots,
    lift: d.lift,
    tally: d.tally,
    left: d.left,
    voteCancelled: d.voteCancelled,
    circle: d.circle,
    blood: d.blood,
    rakeChoice: d.rakeChoice,
    dyingNote: d.dyingNote !== null && d.dyingNote.named !== null ? { by: d.dyingNote.by, named: d.dyingNote.named } : null,
  };
}

/**
 * An event as `viewer` may receive it, or null when he may not see it at all. `state` is the state
 * after the event. Roles, night acts and answers are cut to what the viewer may know.
 */
export type ProjectedEvent =
  | Exclude<GameEvent, { type: 'GameCreated' }>
  | { readonly type: 'GameCreated'; readonly setup: Omit<GameSetup, 'roles' | 'seed'> & { readonly roles: readonly (RoleId | null)[] } };

const UNDONE_FOR_OTHERS: ProjectedEvent = Object.freeze({ type: 'Undone', count: 0 });

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
    case 'NightResolved': {
      // R-VOTE-9: an alibi is announced only if it is needed at the vote (the host never says who had
      // one otherwise): it is not part of anybody's news. Silences are (the silenced must know).
      if (e.alibi !== undefined) {
        const { alibi: _alibi, ...rest } = e;
        return { ...rest, results: e.results.filter((r) => r.by === mine), useful: [] };
      }
      return { ...e, results: e.results.filter((r) => r.by === mine), useful: [] };
    }
    case 'VictimListSet':
      // R-MOD victim-list: a host aid for the mafia only (an eliminated player sees it no longer).
      return mine !== null && state.alive[mine - 1] && state.teams[mine - 1] === 'mafia' ? e : null;
    case 'SeatsIdle':
      // R-HOST-2 / R-NIGHT-4: the seats a night waited for are the seats that act at night: the host's
      // only. A day's idle seats (the speaker, who did not vote) are public, as the day is.
      return e.stage === 'night' ? null : e;
    case 'Undone':
      // How many events an undo took back counts the hidden ones too (a night's idle seats, a role
      // that changed): anyone but the host learns only that something was undone (his view shows what).
      return e.count === 0 ? e : UNDONE_FOR_OTHERS;
    case 'RoleChanged':
      // A new role is hidden information: only its holder learns it (roles that announce more
      // say so through their own public events).
      return e.seat === mine ? e : null;
    default:
      return e;
  }
}
