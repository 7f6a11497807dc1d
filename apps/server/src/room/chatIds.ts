import type { ChatBody } from './records.js';

/**
 * The last chat line ids of each writer in a room (`by:id` → log seq), a window, not the room's
 * whole life like the other requests' ids (roomState.ts `applied`): a line is re-sent only by the
 * client that sent it, and only while it waits for its acknowledgement, so a writer's re-sent line
 * is always among his last few; the flood allowance (CHAT_BURST) keeps fewer than WINDOW of his lines
 * unanswered at once. An online evening writes thousands of lines a room: kept forever, their ids
 * would grow the server's heap by ~100 bytes a line (measured under the load test with chat).
 * Rebuilt from the log like the rest of the room's state, so a restart keeps the same window.
 */
export const CHAT_ID_WINDOW = 32;

export class ChatIds {
  private readonly seqOf = new Map<string, number>();
  /** Each writer's keys, oldest first. */
  private readonly order = new Map<ChatBody['by'], string[]>();

  note(by: ChatBody['by'], key: string, seq: number): void {
    let keys = this.order.get(by);
    if (!keys) this.order.set(by, (keys = []));
    keys.push(key);
    this.seqOf.set(key, seq);
    if (keys.length > CHAT_ID_WINDOW) this.seqOf.delete(keys.shift()!);
  }

  seq(key: string): number | undefined {
    return this.seqOf.get(key);
  }
}
