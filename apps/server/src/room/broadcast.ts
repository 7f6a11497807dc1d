import { withAck } from './frame.js';
import type { Conn } from './managerTypes.js';
import type { Entry } from './records.js';
import type { Room } from './room.js';
import { stageNow, type StageTimes } from './stages.js';
import { updateFrame } from './updateFrame.js';
import { updateMessage, viewerKey } from './views.js';

/**
 * Sends every connection of a room its update of `entries`: each kind of viewer's update is built
 * and serialised once and shared; the sender's copy names its command (`ack`). The time of each
 * stage is summed over the viewers and observed once (stages.ts): the last socket waits for all of it.
 */
export function sendUpdates(room: Room, entries: readonly Entry[], conns: Iterable<Conn>, sender: Conn | null, ack: string | undefined, stages: StageTimes): void {
  const texts = new Map<string, string | null>();
  let projection = 0;
  let serialise = 0;
  let send = 0;
  for (const c of conns) {
    if (c.you === null) continue;
    const k = viewerKey(c.you);
    let text = texts.get(k);
    if (text === undefined) {
      const t0 = stageNow();
      const message = updateMessage(room, entries, c.you);
      const t1 = stageNow();
      text = message && updateFrame(message);
      serialise += stageNow() - t1;
      projection += t1 - t0;
      texts.set(k, text);
    }
    // Nothing this viewer may learn (another seat's night act): no message at all (R-NIGHT-4).
    if (text === null) continue;
    const t2 = stageNow();
    // The sender's copy: the same text with `ack` added before the closing brace.
    c.send(c === sender && ack !== undefined ? withAck(text, ack) : text);
    send += stageNow() - t2;
  }
  stages.observe('projection', projection);
  stages.observe('serialise', serialise);
  stages.observe('send', send);
}
