import type { ProtocolDocument } from '@mafia/engine';
import { clubRefuse } from '../errors.js';
import type { ClubContext } from '../ports.js';
import { protocolOfRoomGame } from '../../room/protocol.js';
import { clubGame, protocolFileName, type ClubGame } from './load.js';

/** The protocol of an ended game of the club (its room's game exported, or the stored paper protocol), and its file name. */
export async function clubGameProtocol(ctx: ClubContext, actorUserId: string, clubId: string, gameId: string): Promise<{ protocol: ProtocolDocument | Record<string, unknown>; file: string }> {
  const g = await clubGame(ctx, actorUserId, clubId, gameId);
  return { protocol: protocolOf(g), file: protocolFileName(g) };
}

/** The protocol, or `game-not-ended` / `protocol-unavailable` (409, `params.reason`: the exporter's reason, in English). */
export function protocolOf(g: ClubGame): ProtocolDocument | Record<string, unknown> {
  if (g.source.kind === 'paper') return g.source.protocol;
  if (!g.source.game) return clubRefuse('game-not-ended', 'this game has not ended yet', 409);
  // The members' nicknames as the names: the file can be entered again as a paper game.
  const names = g.seats.length === g.source.game.final?.seats ? g.seats.map((s) => s.nickname) : undefined;
  const out = protocolOfRoomGame(g.source.game, names);
  if (!out.ok) return clubRefuse(out.code, out.message, 409, out.code === 'protocol-unavailable' ? { params: { reason: out.reason } } : {});
  return out.protocol;
}
