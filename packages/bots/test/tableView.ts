/**
 * A seat's view of a ten-seat table for the bots' scenarios (dayPlay.test.ts, clubPlay.test.ts):
 * the mafia are seats 2, 5 (Don) and 8.
 */
import { createGame, project, seatNo, type GameView, type RoleId, type Said, type Team } from '@mafia/engine';

export const S = seatNo;
export const MAFIA = [2, 5, 8];

export interface Spec {
  readonly preset?: string;
  readonly me: number;
  readonly role?: RoleId;
  readonly team?: Team;
  readonly phase?: GameView['phase'];
  readonly stage?: 'speeches' | 'vote' | 'lift';
  readonly dead?: number[];
  /** Cards shown (dead players of a preset that shows them): seat → [role, team]. */
  readonly shown?: Record<number, [RoleId, Team]>;
  readonly nominations?: [number, number][];
  readonly candidates?: number[];
  /** Ballots already cast: voter → candidate. */
  readonly ballots?: Record<number, number>;
  readonly said?: Said[];
  readonly results?: GameView['results'];
}

/** Seat `me`'s view: its own card, its teammates' if of the mafia, the shown cards, the day so far. */
export function view(o: Spec): GameView {
  const preset = o.preset ?? 'sport';
  const created = createGame({ preset, players: 10, seed: 1 });
  if (!created.ok) throw new Error(created.error.message);
  const { nightSteps, roleVariants, donSeeks } = project(created.game.state, { kind: 'seat', seat: S(o.me) });
  const team = o.team ?? 'town';
  const role = o.role ?? 'civilian';
  const phase = o.phase ?? { kind: 'day', n: 2 };
  const ballots = new Array<number>(10).fill(0);
  for (const [voter, target] of Object.entries(o.ballots ?? {})) ballots[Number(voter) - 1] = target;
  return {
    viewer: { kind: 'seat', seat: S(o.me) }, preset, nightSteps, roleVariants, donSeeks, phase,
    seats: Array.from({ length: 10 }, (_, i) => {
      const seat = i + 1;
      const card = seat === o.me ? { role, team } : o.shown?.[seat] ? { role: o.shown[seat][0], team: o.shown[seat][1] }
        : team === 'mafia' && MAFIA.includes(seat) ? { role: (seat === 5 ? 'don' : 'mafia') as RoleId, team: 'mafia' as const } : {};
      return { seat: S(seat), name: `${seat}`, alive: !(o.dead ?? []).includes(seat), fouls: 0, ...card };
    }),
    day: phase.kind === 'day' ? {
      n: phase.n, emergency: false, stage: o.stage ?? 'speeches', speaker: null, lastWords: [],
      nominations: (o.nominations ?? []).map(([a, b]) => [S(a), S(b)] as const), round: 0,
      candidates: (o.candidates ?? []).map(S), ballots, lift: [], tally: null, left: [], voteCancelled: false,
      circle: null, blood: [], dyingNote: null, rakeChoice: null,
    } : null,
    me: { seat: S(o.me), role, team, alive: true },
    myActs: [], said: o.said ?? [], results: o.results ?? [], bestMove: null, winner: null, winners: [],
  } as GameView;
}
