/**
 * The test's own eyes: a second host connection over the real WebSocket (the web app's RoomClient
 * on the `ws` package). The host sees every role and every seat's pending decisions, so the test
 * knows what should happen next and when the server has taken a step; the browsers only ever get
 * what the server sends their own viewer.
 */
import WebSocket from 'ws';
import { RoomClient, type RoomState, type SocketLike } from '../src/net/client';
import { createSecrets, memoryStore } from '../src/net/secrets';
import { sleep } from './harness';

/**
 * The `ws` package's client as the web client's SocketLike. Its handler properties take ws's own
 * event types, so they are set through this adapter (the client only sets and clears them).
 */
function wsSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (ev) => socket.onopen?.(ev);
  ws.onmessage = (ev) => socket.onmessage?.({ data: ev.data });
  ws.onclose = (ev) => socket.onclose?.({ code: ev.code, reason: ev.reason });
  ws.onerror = (ev) => socket.onerror?.(ev);
  return socket;
}

export class Oracle {
  readonly client: RoomClient;
  constructor(wsUrl: string, code: string, auth: { as: 'host'; key: string } | { as: 'seat'; seat: number; token: string } | { as: 'spectator' }) {
    this.client = new RoomClient({
      code,
      auth,
      url: wsUrl,
      socket: wsSocket,
      tokens: createSecrets(memoryStore()),
      pingEveryMs: 0,
    });
    this.client.connect();
  }

  get state(): RoomState {
    return this.client.getState();
  }

  /** Resolves with the state once `pred` holds; rejects after `ms` naming `what`. */
  wait(pred: (s: RoomState) => boolean, what: string, ms = 10_000): Promise<RoomState> {
    return new Promise((resolve, reject) => {
      let off = () => {};
      const t = setTimeout(() => {
        off();
        const s = this.client.getState();
        reject(new Error(`timed out after ${ms} ms waiting for ${what}; seq ${s.seq}, phase ${JSON.stringify(s.view?.phase)}, stage ${s.view?.day?.stage}, speaker ${s.view?.day?.speaker}, pending ${JSON.stringify(s.pending)}`));
      }, ms);
      const check = () => {
        const s = this.client.getState();
        if (pred(s)) {
          off();
          clearTimeout(t);
          resolve(s);
        }
      };
      off = this.client.subscribe(check);
      check();
    });
  }

  /** Waits until the log moves past `seq` (a step was taken), then lets the other connections catch up. */
  async after(seq: number, what: string, ms = 10_000): Promise<RoomState> {
    const s = await this.wait((x) => x.seq > seq, what, ms);
    await sleep(50);
    return s;
  }

  close(): void {
    this.client.close();
  }
}
