import type { CreatedRoom, RoomMode } from '@mafia/protocol';
import type { Secrets } from './secrets';

/**
 * What the creating device does with POST /api/rooms's answer: a human room's host key is kept as
 * the host key (its holder runs the host console); an app or online room's admin key as the admin
 * key (its holder runs the room but never sees a role: there is no host console there).
 */
export function keepRoomKey(s: Pick<Secrets, 'setHostKey' | 'setAdminKey'>, room: CreatedRoom): void {
  if (room.hostKey !== undefined) s.setHostKey(room.code, room.hostKey);
  else s.setAdminKey(room.code, room.adminKey);
}

/**
 * Where the creator goes next: the lobby of a human room (its host starts from there and opens the
 * console), the table screen of an app room (the TV runs the room: code, QR, seats, start), the
 * lobby of an online room (the creator takes his own seat; the room's controls are beside it).
 */
export function afterCreatePath(room: Pick<CreatedRoom, 'code'>, mode: RoomMode): string {
  return mode === 'app' ? `/r/${room.code}/table` : `/r/${room.code}`;
}
