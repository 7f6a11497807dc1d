import { chatLine, seatNo, type ChatChannel, type ChatMode, type ChatRefusal, type ChatSender } from '@mafia/engine';
import { CHAT_BURST, CHAT_LINE_MAX, CHAT_REFILL_MS, checkChatText } from '@mafia/protocol';
import { controllerOf } from './admin.js';
import { RoomMedia } from './media.js';
import { refuse } from './errors.js';
import type { Conn } from './managerTypes.js';
import type { ChatBody, Controller, Entry } from './records.js';
import type { Room } from './room.js';

/** Why a line was refused, in words (clients show their own text for the code: apps/web refusals). */
const REFUSALS: Record<ChatRefusal | 'chat-empty' | 'chat-too-long' | 'chat-markup', string> = {
  'chat-host-only': 'only the host (or the room admin) writes announcements',
  'chat-seats-only': 'the host writes in the announcements channel (`host`) only',
  'chat-night': 'the day chat is closed at night',
  'chat-not-speaker': 'in this room only the player whose speech runs writes in the day chat',
  'chat-dead-to-living': 'an eliminated player does not write to the living: use the chat of the dead',
  'chat-not-mafia': 'only the living mafia write in the mafia chat',
  'chat-not-night': 'the mafia meet at night only',
  'chat-not-dead': 'the chat of the dead is for eliminated players while the game runs',
  'chat-empty': 'the line is empty',
  'chat-too-long': `a chat line has at most ${CHAT_LINE_MAX} characters`,
  'chat-markup': 'a chat line is plain text: no HTML tags and no control characters',
};

/** An online rule's entry as a setter makes it (its seq is the room's next). */
export type RuleEntry = DistributiveOmit<Extract<Entry, { kind: 'mute' | 'chatMode' | 'idleLimit' }>, 'seq'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
const withId = (id: string | undefined): { id?: string } => (id === undefined ? {} : { id });

/** A writer's flood allowance: CHAT_BURST lines at once, one more every CHAT_REFILL_MS. In memory: a refused flood changes nothing. */
interface Bucket { tokens: number; at: number }

/**
 * The chat of online rooms (issue 26, point 2; the manager's seventh layer). Each line is an entry
 * of the room's log, checked by the engine's `chatLine` (who may write where now, and who reads
 * it), addressed to its readers when it is not everyone's, and sent through the per-viewer
 * projection like any entry: the mafia's meeting and the dead's chat reach, and are counted by,
 * their readers only. Refused (and nothing written): another room mode, a spectator, markup, a line
 * too long, a flood, a muted seat.
 */
export abstract class RoomChat extends RoomMedia {
  /** Per room (by id), each writer's allowance. */
  private readonly buckets = new Map<string, Map<ChatBody['by'], Bucket>>();

  async say(conn: Conn, channel: ChatChannel, raw: string, id: string): Promise<void> {
    const room = this.roomOf(conn);
    const you = conn.you!;
    onlineOnly(room);
    if (you.as === 'spectator') refuse('chat-spectator', 'spectators read the chat but do not write in it', { path: 'channel' });
    const checked = checkChatText(raw);
    if (!checked.ok) refuse(checked.code, REFUSALS[checked.code], { path: 'text' });
    const text = checked.ok ? checked.text : '';
    const by: ChatBody['by'] = you.as === 'seat' ? you.seat : you.as === 'host' ? 'host' : 'admin';
    const sender: ChatSender = you.as === 'seat' ? { kind: 'seat', seat: seatNo(you.seat) } : { kind: 'host' };
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      if (room.closed) refuse('room-closed', 'the host has closed this room');
      if (typeof by === 'number' && room.muted.has(by)) refuse('chat-muted', `seat ${by} is muted in the chat by the host`);
      const line = chatLine(room.game?.state ?? null, sender, channel, room.chatMode);
      if (!line.ok) refuse(line.code, REFUSALS[line.code], { path: 'channel' });
      if (!this.takeToken(room, by)) refuse('chat-flood', `too many lines: at most ${CHAT_BURST} at once, then one every ${CHAT_REFILL_MS / 1000} s`);
      const to = line.ok && line.readers !== 'everyone' ? { to: [...line.readers] } : {};
      const entry: Entry = { seq: room.seq + 1, kind: 'chat', body: { by, channel, text, id, ...to } };
      await this.commit(room, entry, undefined, conn, id);
    });
  }

  /** Host or room admin: the seat may not (or may again) write in the chat. */
  mute(conn: Conn, seat: number, muted: boolean, id: string | undefined): Promise<void> {
    return this.onlineRule(conn, id, 'mute a seat in the chat', (room, by) => {
      if (seat < 1 || seat > room.row.seats) refuse('bad-seat', `this room has seats 1 to ${room.row.seats}, not ${seat}`, { path: 'seat' });
      if (room.muted.has(seat) === muted) refuse('mute-unchanged', `seat ${seat} is ${muted ? 'already muted' : 'not muted'}`, { path: 'muted' });
      return { kind: 'mute', body: { by, seat, muted, ...withId(id) } };
    });
  }

  /** Host or room admin: who writes in the day chat from now on. */
  setChatMode(conn: Conn, mode: ChatMode, id: string | undefined): Promise<void> {
    return this.onlineRule(conn, id, 'set who writes in the day chat', (room, by) => {
      if (room.chatMode === mode) refuse('chat-mode-unchanged', `the day chat is already ${mode === 'free' ? 'free' : 'the speaker\'s only'}`, { path: 'mode' });
      return { kind: 'chatMode', body: { by, mode, ...withId(id) } };
    });
  }

  /**
   * A rule of an online room the host or room admin sets (a mute, the chat mode, the idle limit):
   * public, on the record, checked and written in the room's queue like any request of his.
   */
  protected async onlineRule(conn: Conn, id: string | undefined, what: string, make: (room: Room, by: Controller) => RuleEntry): Promise<void> {
    const room = this.roomOf(conn);
    const by = controllerOf(conn.you, what);
    onlineOnly(room);
    await this.run(room, conn, id, async () => {
      if (this.answeredAsDuplicate(conn, room, by, id)) return;
      if (room.closed) refuse('room-closed', 'the host has closed this room');
      const entry: Entry = { seq: room.seq + 1, ...make(room, by) };
      await this.commit(room, entry, undefined, conn, id);
    });
  }

  /** Takes one line from the writer's allowance; false when it is spent (a flood). */
  private takeToken(room: Room, by: ChatBody['by']): boolean {
    let writers = this.buckets.get(room.row.id);
    if (!writers) this.buckets.set(room.row.id, (writers = new Map()));
    const now = this.clock();
    const b = writers.get(by) ?? { tokens: CHAT_BURST, at: now };
    b.tokens = Math.min(CHAT_BURST, b.tokens + (now - b.at) / CHAT_REFILL_MS);
    b.at = now;
    writers.set(by, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  protected override evict(room: Room): void {
    super.evict(room);
    this.buckets.delete(room.row.id);
  }
}

export function onlineOnly(room: Room): void {
  if (room.row.mode !== 'online') refuse('chat-online-only', 'the chat is for online rooms: at a table people talk');
}
