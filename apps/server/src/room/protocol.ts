import { exportProtocol, type ProtocolDocument } from '@mafia/engine';
import type { RoomGame } from './games.js';

/** Why a game's protocol cannot be given: not over yet, or the exporter refused it (its reason). */
export type ProtocolRefusal =
  | { readonly code: 'game-not-ended'; readonly message: string }
  | { readonly code: 'protocol-unavailable'; readonly message: string; readonly reason: string };

export type RoomProtocol = { readonly ok: true; readonly protocol: ProtocolDocument } | ({ readonly ok: false } & ProtocolRefusal);

/**
 * The protocol (spec/protocol.md) of a room's ENDED game, from its own events (docs/protocol-export.md):
 * never of a game in progress, whose dealt roles and night acts are still secret. `names` (one per
 * seat) replaces the names the players typed (the club writes its members' nicknames, so the file
 * can be entered again as a paper game).
 */
export function protocolOfRoomGame(game: RoomGame, names?: readonly string[]): RoomProtocol {
  if (!game.ended) return { ok: false, code: 'game-not-ended', message: `game ${game.gameNo} has not ended: its protocol exists once it is over` };
  const out = exportProtocol(game.events);
  if (!out.ok) return { ok: false, code: 'protocol-unavailable', message: `this game cannot be written as a protocol: ${out.reason}`, reason: out.reason };
  return { ok: true, protocol: names ? { ...out.protocol, names: [...names] } : out.protocol };
}

/** `Content-Disposition` of a download: an ASCII file name, and the same in UTF-8 (RFC 6266) when it has other letters. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
