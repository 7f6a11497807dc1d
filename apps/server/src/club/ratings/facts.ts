import { gameScores, roleIn, shotFirstNight, tournamentScores, type GameState, type ProtocolResult } from '@mafia/engine';
import type { ClubSchema } from '../schema.js';
import type { Kysely } from 'kysely';
import { ratingsDb, type SeatFact } from '../ratingsSchema.js';

/** What is kept of an ended game: everything the points and ratings need, nothing else. */
export interface GameFacts {
  readonly kind: 'club' | 'tournament';
  readonly preset: string;
  readonly players: number;
  /** The engine's winner: town | mafia | draw | a role id (a solo win). */
  readonly winner: string;
  readonly seats: readonly SeatFact[];
}

/** Tournament games are the `fiim` preset's (R-FIIM): K 16/12 and tournament points. */
export const kindOfPreset = (preset: string): 'club' | 'tournament' => (preset === 'fiim' ? 'tournament' : 'club');

/** The facts of a room's game from its final state (null when it has not ended). */
export function factsOfState(s: GameState): GameFacts | null {
  if (s.phase.kind !== 'ended' || s.winner === null) return null;
  const scores = gameScores(s);
  const fiim = s.options.fiim ? { t: tournamentScores(s), marked: new Set<number>(shotFirstNight(s)) } : null;
  const seats: SeatFact[] = [];
  for (let i = 0; i < s.seats; i++) {
    const seat = i + 1;
    seats.push({
      seat, team: s.teams[i]!, role: s.roles[i]!, points: scores[seat] ?? 0, won: s.winners.includes(seat as never),
      ...(fiim ? { tournamentPoints: fiim.t[seat] ?? 0, marked: fiim.marked.has(seat) } : {}),
    });
  }
  return { kind: kindOfPreset(s.setup.preset), preset: s.setup.preset, players: s.seats, winner: s.winner, seats };
}

/**
 * The facts of a paper protocol from its replayed result. The result lists only the roles that
 * changed (`roles`); the others are the dealt ones (`seats`). The team is the final role's team in
 * the protocol's preset: a replay gives no final state, and in the built roles a team changes only
 * with the role (a recruited player's role changes too).
 */
export function factsOfProtocol(doc: { preset: string; seats: readonly unknown[] }, r: ProtocolResult): GameFacts | null {
  if (r.winner === null) return null;
  const seats: SeatFact[] = doc.seats.map((dealt, i) => {
    const seat = i + 1;
    const role = r.roles[seat] ?? String(dealt);
    const team = roleIn(doc.preset as GameState['setup']['preset'], role)?.team ?? 'town';
    return {
      seat, team, role, points: r.scores[seat] ?? 0, won: r.winners.includes(seat as never),
      ...(r.tournamentScores ? { tournamentPoints: r.tournamentScores[seat] ?? 0, marked: (r.shotFirstNight ?? []).includes(seat as never) } : {}),
    };
  });
  return { kind: kindOfPreset(doc.preset), preset: doc.preset, players: seats.length, winner: r.winner, seats };
}

/** Writes (or rewrites) a game's facts: delete then insert, so it may run any number of times. */
export async function writeFacts(db: Kysely<ClubSchema>, ids: { gameId: string; clubId: string; eveningId: string }, f: GameFacts, endedAt: number): Promise<void> {
  const rdb = ratingsDb(db);
  await rdb.deleteFrom('game_facts').where('game_id', '=', ids.gameId).execute();
  await rdb.insertInto('game_facts').values({
    game_id: ids.gameId, club_id: ids.clubId, evening_id: ids.eveningId, kind: f.kind, preset: f.preset, players: f.players,
    winner: f.winner, ended_at: endedAt, seats: JSON.stringify(f.seats),
  }).execute();
}

/** Forgets a game's facts (its end was undone). */
export async function dropFacts(db: Kysely<ClubSchema>, gameId: string): Promise<void> {
  await ratingsDb(db).deleteFrom('game_facts').where('game_id', '=', gameId).execute();
}
