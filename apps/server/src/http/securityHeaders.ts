import type { FastifyInstance } from 'fastify';

/** A Host header fit to be written into a policy (a name or address and a port, nothing that could end a directive). */
const PLAIN_HOST = /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The policy of every answer: the app loads only its own scripts, styles, images and workers, talks
 * only to its own server (the WebSocket of the same host named too: older Safari does not count
 * ws:/wss: as 'self'), and no other site may frame it (clickjacking a host's console). React sets
 * styles through the DOM, which a policy does not block; the QR code is inline SVG markup.
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const sockets = host !== undefined && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the security headers on every answer, pages and API alike. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy(req.headers.host));
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
}
