import type { GameView, SeatNo, Statement } from '@mafia/engine';
import { aliveSeats } from './bot.js';

/** Nights a meeting plans ahead (from the next night on). */
const PLAN_NIGHTS = 3;

/**
 * The seat the mafia agree on for night `n` without talking: a hash of the night and of the seats
 * all of them see (every member computes the same, so the unanimous shot lands), among `targets`.
 */
export function agreedSeat(targets: readonly SeatNo[], n: number): SeatNo | 0 {
  if (targets.length === 0) return 0;
  let h = Math.imul(n + 0x9e37, 0x85ebca6b);
  for (const s of targets) h = Math.imul(h ^ s, 0xc2b2ae35) ^ (h >>> 13);
  return targets[(h >>> 0) % targets.length];
}

/** The mafia's plan said at their meeting (the latest), as the mafia's own views carry it. */
function latestPlan(view: GameView): Extract<Statement, { kind: 'plan' }> | null {
  for (let i = view.said.length - 1; i >= 0; i--) {
    const st = view.said[i].statement;
    if (st.kind === 'plan') return st;
  }
  return null;
}

/**
 * What a mafioso says at the night meeting (issue 27): the lowest-numbered living member, once a game,
 * names the shot order of the next nights (spec/protocol.md `plan`), each night's seat as the agreed
 * hash of that night over the non-mafia seats not planned before it. The others listen.
 */
export function meetingPlan(view: GameView, seat: SeatNo): readonly Statement[] {
  if (view.me?.team !== 'mafia' || !view.me.alive || view.phase.kind !== 'night') return [];
  if (latestPlan(view) !== null) return [];
  const mafia = aliveSeats(view, (s) => view.seats[s - 1].team === 'mafia');
  if (mafia[0] !== seat) return [];
  const n = view.phase.n;
  const left = aliveSeats(view, (s) => view.seats[s - 1].team !== 'mafia');
  const shots: { night: number; target: SeatNo }[] = [];
  for (let k = n + 1; k <= n + PLAN_NIGHTS && left.length > 0; k++) {
    const target = agreedSeat(left, k) as SeatNo;
    shots.push({ night: k, target });
    left.splice(left.indexOf(target), 1);
  }
  return shots.length ? [{ kind: 'plan', shots }] : [];
}

/** Tonight's seat of the plan, when the plan names tonight and that player is still alive and not of the mafia. */
export function plannedTonight(view: GameView): SeatNo | 0 {
  const plan = latestPlan(view);
  const n = view.phase.kind === 'night' ? view.phase.n : 0;
  const shot = plan?.shots.find((x) => x.night === n);
  if (!shot) return 0;
  const s = view.seats[shot.target - 1];
  return s && s.alive && s.team !== 'mafia' ? shot.target : 0;
}
