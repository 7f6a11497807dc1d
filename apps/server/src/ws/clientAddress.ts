import type { IncomingMessage } from 'node:http';
import { addressKey } from './addressGuard.js';

/**
 * TRUST_PROXY: whose word the client's address is. `false` (the default): the socket's peer, and
 * X-Forwarded-For is ignored (anyone can write it). `true`: the first address of X-Forwarded-For.
 * A number n: n proxies in front of the server are trusted, so the address n hops back in
 * X-Forwarded-For counts (what Fastify's `trustProxy` does with a number, so HTTP and WebSocket agree).
 */
export type TrustProxy = boolean | number;

/** The client's address for the per-address limits, as an address key (an IPv6 /64 counts as one). */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trust === false || trust === 0) return addressKey(peer);
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '');
  // Nearest first: the peer, then X-Forwarded-For from its right end.
  const chain = [peer, ...forwarded.reverse()];
  const hops = trust === true ? chain.length - 1 : Math.min(trust, chain.length - 1);
  return addressKey(chain[hops]!);
}

/**
 * Whether a WebSocket upgrade may come from this page: a browser always sends Origin, and a page of
 * another site must not open a socket with the player's network position (cross-site WebSocket
 * hijacking). A missing Origin is a non-browser client (the CLI, bots), which is allowed.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (host !== undefined && u.host === hostOf(u.protocol, host)) return true;
  return allowed.includes(u.origin);
}

/** The Host header as URL.host spells it for this scheme (lower case, the default port left out). */
function hostOf(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}
