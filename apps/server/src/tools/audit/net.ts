import WebSocket from 'ws';
import { httpRequest, loopbackAddress, type HttpAnswer, type HttpAsk } from '@mafia/cli/tools';

/**
 * Every audit client speaks to 127.0.0.1 only, from a source address of its own in 127.0.0.0/8
 * (all loopback on Linux): the server's per-address limits then see an attacker as one address and
 * each honest room as another, as they would be on a real network, and a flood does not lock the
 * honest players out by sharing their address.
 */
export const TARGET_HOST = '127.0.0.1';

let nextAddress = 0;
/** A fresh loopback source address (127.0.x.y, never 127.0.0.1, which the operator's own tools use). */
export const freshAddress = (): string => loopbackAddress(0, ++nextAddress);

export type { HttpAnswer, HttpAsk };

/** One HTTP request to the audited server from the address `from`. */
export const http = (port: number, ask: HttpAsk): Promise<HttpAnswer> => httpRequest(TARGET_HOST, port, ask);

/** POST JSON and parse the answer (the body is `{}` when it is not JSON). */
export async function postJson(port: number, path: string, body: unknown, from?: string): Promise<{ status: number; json: any }> {
  const r = await http(port, { method: 'POST', path, from, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, json: parseOr(r.body) };
}

export function parseOr(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export interface OpenedSocket {
  readonly ws: WebSocket | null;
  /** The HTTP status of a refused upgrade (429, 403, …), or 101 when it opened. */
  readonly status: number;
  readonly error?: string;
}

/** Opens a WebSocket to the server's /ws from `from`; a refused upgrade resolves with its status instead of throwing. */
export function openSocket(port: number, from: string, o: { origin?: string; timeoutMs?: number } = {}): Promise<OpenedSocket> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://${TARGET_HOST}:${port}/ws`, { perMessageDeflate: false, localAddress: from, handshakeTimeout: o.timeoutMs ?? 10_000, ...(o.origin ? { origin: o.origin } : {}) });
    let done = false;
    const finish = (v: OpenedSocket) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    ws.once('open', () => finish({ ws, status: 101 }));
    ws.once('unexpected-response', (_req, res) => {
      finish({ ws: null, status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.once('error', (e) => finish({ ws: null, status: 0, error: e.message }));
  });
}

/** Messages of a socket as parsed JSON, collected until `close` (one listener, no copies). */
export function collect(ws: WebSocket): { messages: any[]; closed: Promise<number> } {
  const messages: any[] = [];
  ws.on('message', (d) => messages.push(parseOr(String(d))));
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  return { messages, closed };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves true when `p` settles within `ms`, false otherwise. */
export async function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((r) => (t = setTimeout(() => r(undefined), ms)));
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(t);
  }
}
