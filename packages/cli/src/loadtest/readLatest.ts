import { parseServerFrame, type ServerMessage } from '@mafia/protocol';
import type { Tally } from './stats.js';

/**
 * A welcome or update the bot acts on: its JSON, checked by the strict schema when `strict`. A
 * frame that is not JSON, or fails the check, is counted in `errors` and gives null; so does a
 * message of another type.
 */
export function readLatest(d: Buffer, strict: boolean, errors: Tally): Extract<ServerMessage, { type: 'welcome' | 'update' }> | null {
  let message: ServerMessage;
  if (strict) {
    const parsed = parseServerFrame(String(d));
    if (!parsed.ok) {
      errors.add(`bad frame: ${parsed.error}`);
      return null;
    }
    message = parsed.message;
  } else {
    try {
      message = JSON.parse(String(d)) as ServerMessage;
    } catch {
      errors.add('bad frame: the frame is not valid JSON');
      return null;
    }
  }
  return message.type === 'welcome' || message.type === 'update' ? message : null;
}
