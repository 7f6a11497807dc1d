import type { PresetId } from '@mafia/engine';
import type { RoomLanguage } from '@mafia/protocol';
import { createRoom, type HttpOptions } from '../../net/http';
import { RoomClient } from '../../net/client';
import { keepRoomKey } from '../../net/roomKeys';
import type { Secrets } from '../../net/secrets';
import { buildRequest, initialForm } from '../create/model';

/** How far the practice room has come: for the page's progress line. */
export type PracticeStep = 'creating' | 'seating' | 'bots' | 'starting';

export interface PracticeInput {
  readonly preset: PresetId;
  readonly name: string;
  readonly language: RoomLanguage;
  /** The bots' names, by seat («Бот 2»). */
  readonly botName: (seat: number) => string;
  readonly secrets: Secrets;
  readonly http?: HttpOptions;
  readonly step?: (s: PracticeStep) => void;
}

/**
 * A practice game (issue 27 point 4): a private online room of the preset's recommended table, the
 * person on seat 1, a bot on every other seat, started. Each step is the same request a person
 * makes by hand (the create form, the lobby's claim, the room admin's bots and start), so the room is
 * an ordinary online room: its timers run the person's steps if he stops tapping. Resolves with the
 * room's code; the person's seat key and the admin key are kept on this device.
 */
export async function startPractice(o: PracticeInput): Promise<string> {
  o.step?.('creating');
  const form = { ...initialForm(o.preset), mode: 'online' as const, public: false };
  const room = await createRoom(buildRequest(form, o.language), o.http);
  keepRoomKey(o.secrets, room);
  const code = room.code;
  const tokens = o.secrets;
  o.step?.('seating');
  const seat = new RoomClient({ tokens, code, auth: { as: 'spectator' } });
  seat.connect();
  try {
    await seat.claim(1, o.name);
  } finally {
    seat.close();
  }
  const key = o.secrets.getAdminKey(code);
  if (!key) throw new Error('the room gave no admin key');
  const admin = new RoomClient({ tokens, code, auth: { as: 'admin', key } });
  admin.connect();
  try {
    o.step?.('bots');
    for (let s = 2; s <= form.seats; s++) await admin.addBot(s, o.botName(s));
    o.step?.('starting');
    await admin.start();
  } finally {
    admin.close();
  }
  return code;
}
