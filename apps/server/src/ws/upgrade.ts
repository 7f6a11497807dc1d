import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HostGuard } from '../http/hostGuard.js';
import { answerAndClose } from '../http/rawAnswer.js';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Admission } from './addressGuard.js';
import { clientAddress, originAllowed, type TrustProxy } from './clientAddress.js';
import { Connection, type ConnectionContext } from './connection.js';
import { CLIENT_HEADER, CLUSTER_HEADER, fromNode } from './upstream.js';

export interface UpgradeOptions {
  readonly trustProxy: TrustProxy;
  /** ALLOWED_ORIGINS: pages of other origins than the server's own that may open a socket. */
  readonly allowedOrigins: readonly string[];
  /** The names the server answers to (DNS rebinding: a foreign Host is refused before its Origin is judged). */
  readonly hosts: HostGuard;
}

/** An upgrade refused before any WebSocket exists: a plain HTTP answer with a JSON error, then the socket is closed. */
function refuseUpgrade(socket: Duplex, { status, code, message }: UpgradeRefusal): void {
  answerAndClose(socket, status, code, message);
}

/** Each connection is pinged once per interval, in one of this many turns. */
const PING_SLICES = 10;

interface UpgradeRefusal { readonly status: string; readonly code: string; readonly message: string }

const admissionRefusal = (a: Exclude<Admission, 'ok'>, c: ConnectionContext): UpgradeRefusal => {
  switch (a) {
    case 'address-full': return { status: '429 Too Many Requests', code: 'too-many-connections', message: `more than ${c.guard.limits.connectionsPerAddress} connections from this address` };
    case 'struck-out': return { status: '429 Too Many Requests', code: 'too-many-errors', message: 'too many refused messages from this address; try again later' };
    case 'server-full': return { status: '503 Service Unavailable', code: 'server-full', message: 'the server has as many connections as it can hold; try again later' };
  }
};

/**
 * /ws upgrades on Node's own HTTP server, with `ws` in noServer mode: no Fastify request or reply
 * is made (or kept alive for the socket's lifetime) per connection, which halves what an idle
 * connection costs (docs/performance-history.md, "Memory per connection"). Other upgrade paths get 404, a
 * Host that is not one of the server's names 403 `bad-host`, a page of a foreign origin 403, an
 * address over its limits 429, a full server 503. Every open connection is pinged each
 * `pingIntervalMs`; one that did not answer the previous ping is cut off.
 */
export function acceptWebSockets(app: FastifyInstance, ctx: ConnectionContext, o: UpgradeOptions): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      refuseUpgrade(socket, { status: '404 Not Found', code: 'not-found', message: `only /ws speaks WebSocket, not ${path.slice(0, 100)}` });
      return;
    }
    // A client another node of the cluster passed on: that node checked its Host and Origin, and
    // names the client's address (its own is only the node's).
    const forwarded = fromNode(req.headers[CLUSTER_HEADER], ctx.cluster?.secret);
    if (!forwarded && !o.hosts.allows(req.headers.host)) {
      ctx.refusals.count('bad-host');
      const { code, message } = HostGuard.refusal(req.headers.host);
      return refuseUpgrade(socket, { status: '403 Forbidden', code, message });
    }
    if (!forwarded && !originAllowed(req.headers.origin, req.headers.host, o.allowedOrigins)) {
      ctx.refusals.count('bad-origin');
      return refuseUpgrade(socket, { status: '403 Forbidden', code: 'bad-origin', message: `pages of ${req.headers.origin} may not open a connection here` });
    }
    const passedOn = req.headers[CLIENT_HEADER];
    const address = forwarded && typeof passedOn === 'string' && passedOn !== '' ? passedOn.slice(0, 64) : clientAddress(req, o.trustProxy);
    const admission = ctx.guard.admission(address);
    if (admission !== 'ok') {
      const refusal = admissionRefusal(admission, ctx);
      ctx.refusals.count(refusal.code);
      return refuseUpgrade(socket, refusal);
    }
    // handleUpgrade calls back in this same turn (no verifyClient): nothing else is admitted between.
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      new Connection(ws, ctx, address, forwarded);
    });
  });
  // The pings go out in PING_SLICES turns over the interval, not all at once: 10,000 pings in one
  // turn of the event loop would be a pause every honest message waits behind.
  let turn = 0;
  const pinger = setInterval(() => {
    const slice = turn++ % PING_SLICES;
    for (const ws of wss.clients) {
      const conn = (ws as WebSocket & { conn?: Connection }).conn;
      if (conn && conn.id % PING_SLICES === slice) conn.ping();
    }
  }, ctx.limits.pingIntervalMs / PING_SLICES);
  pinger.unref();
  // The HTTP server does not close while upgraded sockets are open: close them first (a client
  // that does not answer the close frame within a second is cut off).
  app.addHook('preClose', async () => {
    clearInterval(pinger);
    const open = [...wss.clients];
    await Promise.all(open.map((ws) => new Promise<void>((done) => {
      const cut = setTimeout(() => ws.terminate(), 1000);
      ws.once('close', () => { clearTimeout(cut); done(); });
      ws.close(1001, 'server stopping');
    })));
    wss.close();
  });
}
