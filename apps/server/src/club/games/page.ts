import type { ProtocolDocument, ProtocolResult } from '@mafia/engine';
import { ClubError } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { factsOfProtocol, factsOfState } from '../ratings/facts.js';
import { clubGame, endedResult, type ClubGame } from './load.js';
import { protocolOf } from './protocol.js';
import type { GamePage, PageStep } from '@mafia/protocol';

type Step = ProtocolResult['timeline'][number];



/**
 * GET /api/clubs/:clubId/games/:gameId (member): an ENDED game in full — every seat's member,
 * role, team and points, and night by night, day by day what happened. Roles and night acts are
 * told only once the game is over (`game-not-ended` 409 before), and only to the club's members.
 */
export async function gamePage(ctx: ClubContext, actorUserId: string, clubId: string, gameId: string): Promise<GamePage> {
  return pageOfGame(await clubGame(ctx, actorUserId, clubId, gameId));
}

/** An ended game's page from its loaded record (whoever may read it was checked by the caller); `game-not-ended` (409) before its end. */
export function pageOfGame(g: ClubGame): GamePage {
  const result = endedResult(g);
  let protocol: ProtocolDocument | null = null;
  let unavailable: string | undefined;
  try {
    protocol = protocolOf(g) as ProtocolDocument;
  } catch (e) {
    if (!(e instanceof ClubError) || e.code !== 'protocol-unavailable') throw e;
    unavailable = String(e.extra.params?.reason ?? e.message);
  }
  const facts = g.source.kind === 'room' ? factsOfState(g.source.game!.final!) : factsOfProtocol(g.source.protocol as { preset: string; seats: unknown[] }, result);
  const who = new Map(g.seats.map((s) => [s.seat, s]));
  return {
    game: {
      id: g.id, eveningId: g.eveningId, tableNo: g.tableNo, gameNo: g.gameNo, preset: facts!.preset, winner: result.winner,
      endedAt: g.source.kind === 'room' ? (g.source.game!.endedAt ?? g.eveningAt) : g.eveningAt,
      ...(g.voided ? { voided: g.voided } : {}),
    },
    seats: facts!.seats.map((s) => ({ ...s, userId: who.get(s.seat)?.userId ?? null, nickname: who.get(s.seat)?.nickname ?? '' })),
    timeline: mergeSteps(protocol?.steps ?? [], result.timeline),
    bestMove: result.bestMove,
    ...(unavailable !== undefined ? { protocolUnavailable: unavailable } : {}),
  };
}

const keyOf = (s: { night?: number; day?: number }): string => ('night' in s && s.night !== undefined ? `n${s.night}` : `d${s.day}`);

/** The protocol's steps in order, each with its result entry; result entries without a step (no protocol) after them. */
export function mergeSteps(steps: readonly object[], timeline: readonly Step[]): PageStep[] {
  const entries = new Map(timeline.map((t) => [keyOf(t), t]));
  const out: PageStep[] = steps.map((s) => {
    const k = keyOf(s as { night?: number; day?: number });
    const t = entries.get(k);
    entries.delete(k);
    return { ...s, ...t } as PageStep;
  });
  for (const t of entries.values()) out.push({ ...t } as PageStep);
  return out;
}

