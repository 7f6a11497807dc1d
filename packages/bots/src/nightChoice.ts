import type { ActKind, GameView, SeatNo } from '@mafia/engine';
import { aliveSeats, type Rng } from './bot.js';
import { shieldsTakeTurns } from './shields.js';
import { checkerClaimants } from './talking.js';

/**
 * A town act that keeps its target from harm: the Doctor's heal, the Beauty's visit (club: a shot at
 * her host misses), the Lover's visit (tabletop: the mafia cannot kill her host), the Girl's alibi
 * (her host cannot be executed the next day).
 */
export const SHIELDS: ReadonlySet<ActKind> = new Set<ActKind>(['heal', 'visit', 'alibi']);

/** The highest scorer of `seats` (random among equals); 0 when there is none. */
export type Pick = (seats: readonly SeatNo[], score: (s: SeatNo) => number) => SeatNo | 0;

/** The first living player to claim a town checker's role who is not of the mafia as far as the viewer sees. */
export function livingClaimant(view: GameView, except: SeatNo | 0 = 0): SeatNo | 0 {
  for (const c of checkerClaimants(view)) {
    const s = view.seats[c - 1];
    if (c !== except && s.alive && s.team !== 'mafia') return c;
  }
  return 0;
}

/**
 * Whom a town shield covers: the claimed checker first (the mafia shoot him next: he is the one
 * whose checks the town follows), else the player the town trusts most (the lowest suspicion), never
 * himself while anyone else is left (a self-heal is rationed).
 */
export function shieldTarget(view: GameView, seat: SeatNo, suspicion: Float64Array, pick: Pick, act: ActKind, forbidden?: readonly SeatNo[]): SeatNo | 0 {
  const claimant = livingClaimant(view, seat);
  const others = aliveSeats(view, (s) => s !== seat && !forbidden?.includes(s));
  if (others.length === 0) return 0;
  const cover = claimant === 0 ? 0 : coversTonight(view, act) ? 1000 : -1000;
  return pick(others, (s) => (s === claimant ? cover : 0) - suspicion[s]);
}

/**
 * The club's Doctor and Beauty may not cover the same player two nights running, and a shooter (the
 * club's Maniac too) comes for the claimed checker on every night he may. So they take turns with
 * him, by a rule each keeps alone: the Doctor on odd nights, the Beauty on even ones, and on the
 * other nights each leaves him free for the next. Together they cover him every night; once the
 * other's card is shown (dead), or where the deck has only one of them, it covers him every night
 * its limit allows.
 */
function coversTonight(view: GameView, act: ActKind): boolean {
  const role = view.me?.role;
  if (!((role === 'doctor' && act === 'heal') || (role === 'beauty' && act === 'visit'))) return true;
  if (!shieldsTakeTurns(view)) return true;
  const n = view.phase.kind === 'night' ? view.phase.n : 0;
  return (n % 2 === 1) === (role === 'doctor');
}

/**
 * How often (in a hundred nights) the mafia shoot a claimed checker when they can. Always is a pure
 * strategy the town reads: every claimant the night spares would be a liar, every one it takes a
 * proven checker. A mafia that sometimes leaves him standing keeps the town guessing.
 */
export const SHOOT_CLAIMANT_PERCENT = 40;

/**
 * The mafia's shot: the claimed checker on most nights once one has spoken (the same statements and
 * night number give every member the same answer, so a unanimous shot still lands), else `agreed`
 * (heuristic.ts: the seat all of them compute alike). Not when a teammate claimed the same role: the
 * night would prove the true one and hang the false.
 */
export function mafiaShot(view: GameView, agreed: SeatNo | 0): SeatNo | 0 {
  const claimants = checkerClaimants(view);
  if (claimants.some((c) => view.seats[c - 1].team === 'mafia')) return agreed;
  const claimant = livingClaimant(view);
  if (claimant === 0) return agreed;
  const night = view.phase.kind === 'night' ? view.phase.n : 0;
  const h = Math.imul((night * 31 + claimant) ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
  return h % 100 < SHOOT_CLAIMANT_PERCENT ? claimant : agreed;
}

/** The Maniac and the other solo killers: the claimed checker (he would find them), else anyone at random. */
export function soloShot(view: GameView, seat: SeatNo, rng: Rng): SeatNo | 0 {
  const claimant = livingClaimant(view, seat);
  if (claimant !== 0) return claimant;
  const others = aliveSeats(view, (s) => s !== seat);
  return others.length === 0 ? 0 : rng.pick(others);
}

/**
 * The Lawyer's alibi: the teammate the town is after: one a claimant has called black, else one
 * nominated or voted against today, else a teammate at random (himself included).
 */
export function teammateInDanger(view: GameView, rng: Rng): SeatNo | 0 {
  const mates = aliveSeats(view, (s) => view.seats[s - 1].team === 'mafia');
  if (mates.length === 0) return 0;
  for (const x of view.said) {
    const st = x.statement;
    if (st.kind === 'checked' && st.color === 'black' && mates.includes(st.target as SeatNo)) return st.target as SeatNo;
  }
  const day = view.day;
  if (day) for (const [, target] of day.nominations) if (mates.includes(target)) return target;
  return rng.pick(mates);
}
