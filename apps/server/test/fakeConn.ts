import type { You } from '@mafia/protocol';
import type { Conn } from '../src/room/manager.js';
import { frameOf } from './json.js';

type Msg = Record<string, any>;

/** A connection as the RoomManager sees it, without a socket: every message it was sent, parsed. */
export class FakeConn implements Conn {
  static next = 1;
  readonly id = FakeConn.next++;
  you: You | null = null;
  roomId: string | null = null;
  readonly got: Msg[] = [];
  send(text: string): void {
    this.got.push(frameOf(text));
  }
  last(type: string): Msg | undefined {
    return this.got.filter((m) => m.type === type).at(-1);
  }
}
