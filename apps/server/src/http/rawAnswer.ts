import type { Duplex } from 'node:stream';

/**
 * Answers on a raw socket, where no Fastify reply exists (a refused WebSocket upgrade, a request
 * HTTP cannot parse, one whose headers never came): the API's `{error: {code, message}}` with
 * `status` (e.g. '408 Request Timeout'), then the socket is destroyed as soon as the answer is
 * written, not when the client closes its side: under a flood those sockets must give their
 * descriptors back at once, or they eat the reserve kept for health.
 */
export function answerAndClose(socket: Duplex, status: string, code: string, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
