import { ALL_ROLE_IDS, seatNo, type RoleId, type SeatNo, type Team } from '../ids.js';
import type { ActResult, GameState } from '../model/state.js';
import type { GameView, SeatView, Viewer } from './types.js';
import { isBonnieOrClyde, knownCircle } from './visibility.js';

/** The one shared frozen empty list of every view (most of a view's lists are empty). */
export const NONE: readonly never[] = Object.freeze([]);

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

export interface SeatTable {
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

/**
 * Where a caller that projects many games in turn keeps one game's table (a server's room: a
 * thousand games are projected one after the other, and a table kept with its game keeps its lists,
 * and their identity, which the server's serialiser caches by, from one update to the next). The
 * caller owns it and it goes with the caller; `project` puts the game's table in it.
 *
 * Not a WeakMap by the state's `roles` (as it was for a day): an entry for every game ever projected
 * made the collector's work per game (ephemerons) the simulator's largest cost, and keeping the
 * tables of many finished games alive (a table per seed slot) costs it as much.
 */
export class ViewCache {
  table: SeatTable | undefined;
  constructor() {
    this.table = undefined;
  }
}

/** The tables of the games projected last without a ViewCache (a simulation plays one game at a time). */
const RECENT = 8;
const recent: (SeatTable | undefined)[] = [];
for (let k = 0; k < RECENT; k++) recent.push(undefined);
let nextRecent = 0;

let lastTable: SeatTable | undefined;

const tableFits = (t: SeatTable, s: GameState): boolean =>
  t.roles === s.roles && t.teams === s.teams && t.names === s.setup.names && t.options === s.options;

export function seatTable(s: GameState, cache?: ViewCache): SeatTable {
  const last = lastTable;
  if (last !== undefined && tableFits(last, s)) {
    if (cache !== undefined) cache.table = last;
    return last;
  }
  if (cache !== undefined) {
    const kept = cache.table;
    if (kept !== undefined && tableFits(kept, s)) return (lastTable = kept);
  } else {
    for (let k = 0; k < RECENT; k++) {
      const t = recent[k];
      if (t !== undefined && tableFits(t, s)) return (lastTable = t);
    }
  }
  const lists = new Array<SeatList | undefined>(s.seats + 2).fill(undefined);
  const own = new Array<OwnResults | undefined>(s.seats + 2).fill(undefined);
  // `views` is made at its first use (seats with the default name use the shared GLOBAL_VIEWS).
  const t: SeatTable = { roles: s.roles, teams: s.teams, names: s.setup.names, options: s.options, views: [], roleIndex: s.roles.map((r) => ROLE_INDEX.get(r) ?? -1), lists, own, baseAlive: null, baseFouls: null, base: [] };
  if (cache !== undefined) cache.table = t;
  else {
    recent[nextRecent] = t;
    nextRecent = (nextRecent + 1) % RECENT;
  }
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
  const seat = seatNo(i + 1);
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
export function seatList(s: GameState, table: SeatTable, viewer: Viewer, mine: SeatNo | null, all: boolean): SeatList {
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
 * A seat's own answered acts. `checks` is never written into (a new night makes a new list), so the
 * list made for one `checks` array is reused while it stays (shared read-only, with that seat only).
 */
export function ownResults(s: GameState, table: SeatTable, mine: SeatNo): GameView['results'] {
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
