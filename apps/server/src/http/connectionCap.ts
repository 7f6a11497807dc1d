import type { Server } from 'node:http';
import { addressKey } from '../ws/addressGuard.js';
import type { TrustProxy } from '../ws/clientAddress.js';
import type { RefusalCounter } from '../ws/refusalCounter.js';
import { answerAndClose } from './rawAnswer.js';

export interface ConnectionCap {
  /** TCP connections (plain HTTP and WebSocket alike) one address may hold open at once. */
  readonly perAddress: number;
  /** TCP connections open at once in total: the descriptors the process has less the reserve (FD_RESERVE). */
  readonly total: number;
}

/**
 * Caps the TCP connections of the HTTP server, per client address and in total (issue 23 point
 * 10: 250 idle connections a second from one address starved /api/health). A connection over a
 * cap is answered 429 `too-many-connections` or 503 `server-full` and closed before any request
 * is read, so it costs a descriptor for one write. Behind a trusted proxy every connection comes
 * from the proxy: only the total is capped there, the proxy caps its clients.
 * Returns the count of open connections (for /api/health).
 */
export function capConnections(server: Server, cap: ConnectionCap, trustProxy: TrustProxy, refusals: RefusalCounter): () => number {
  const perAddress = new Map<string, number>();
  let open = 0;
  const byAddress = trustProxy === false || trustProxy === 0;
  server.on('connection', (socket) => {
    const key = byAddress ? addressKey(socket.remoteAddress ?? 'unknown') : null;
    if (open >= cap.total) {
      refusals.count('server-full');
      return answerAndClose(socket, '503 Service Unavailable', 'server-full', 'the server has as many connections as it can hold; try again later');
    }
    const mine = key === null ? 0 : perAddress.get(key) ?? 0;
    if (key !== null && mine >= cap.perAddress) {
      refusals.count('too-many-connections');
      return answerAndClose(socket, '429 Too Many Requests', 'too-many-connections', `more than ${cap.perAddress} connections from this address`);
    }
    open++;
    if (key !== null) perAddress.set(key, mine + 1);
    socket.once('close', () => {
      open--;
      if (key === null) return;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
  });
  return () => open;
}
