import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { FastifyInstance } from 'fastify';

/** GET /api/info: where phones should open the app (docs/server.md, "Joining on a local network"). */
export interface ServerInfo {
  /** The origin to put in links and QR codes (no trailing slash), or null when none is known. */
  readonly url: string | null;
  /** `public-url`: the PUBLIC_URL setting; `lan`: this machine's first LAN IPv4 address; `none`. */
  readonly source: 'public-url' | 'lan' | 'none';
}

export interface InfoOptions {
  /** PUBLIC_URL (default: the environment's): the address the server is reached at from outside. */
  readonly publicUrl?: string;
  /**
   * LAN_ADDRESS (default: the environment's): the address phones should use instead of the detected
   * one, for a machine whose first interface is not the club's Wi-Fi (a VPN, a container bridge).
   */
  readonly lanAddress?: string;
  /** The machine's interfaces (tests pass their own). */
  readonly interfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
}

/** PUBLIC_URL as an origin-like URL without a trailing slash; throws on anything that is not http(s). */
export function normalizePublicUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL such as http://192.168.1.20:3000, not ${JSON.stringify(raw)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https://, not ${JSON.stringify(raw)}`);
  return u.href.replace(/\/+$/, '');
}

/** LAN_ADDRESS as a bare host (an IP address or a name); throws on anything else. */
export function normalizeLanAddress(raw: string): string {
  let host = '';
  try {
    const u = new URL(`http://${raw}`);
    if (u.port === '' && u.pathname === '/' && !u.search && !u.hash && !u.username) host = u.hostname;
  } catch {
    /* refused below */
  }
  if (!host || host.toLowerCase() !== raw.trim().toLowerCase()) {
    throw new Error(`LAN_ADDRESS must be this machine's address on the club's network, such as 192.168.1.20 (no scheme, no port), not ${JSON.stringify(raw)}`);
  }
  return host;
}

/** The first non-internal IPv4 address of the machine (interfaces in the order the OS lists them). */
export function lanAddress(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string | null {
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

/** What GET /api/info answers for a server listening on `port`. */
export function serverInfo(port: number, o: InfoOptions = {}): ServerInfo {
  const publicUrl = o.publicUrl ?? process.env.PUBLIC_URL;
  if (publicUrl) return { url: normalizePublicUrl(publicUrl), source: 'public-url' };
  const given = o.lanAddress ?? process.env.LAN_ADDRESS;
  const ip = given ? normalizeLanAddress(given) : lanAddress((o.interfaces ?? networkInterfaces)());
  return ip ? { url: `http://${ip}:${port}`, source: 'lan' } : { url: null, source: 'none' };
}

/**
 * Registers GET /api/info (read-only; it names no room and no secret). A bad PUBLIC_URL or LAN_ADDRESS fails here,
 * at start, with a message naming it, rather than as broken links on game night.
 */
export function registerInfo(app: FastifyInstance, o: InfoOptions = {}): void {
  const publicUrl = o.publicUrl ?? process.env.PUBLIC_URL;
  if (publicUrl) normalizePublicUrl(publicUrl);
  const lan = o.lanAddress ?? process.env.LAN_ADDRESS;
  if (lan) normalizeLanAddress(lan);
  // The port the request came in on is the one the server listens on (behind no proxy: PUBLIC_URL is for that).
  app.get('/api/info', async (req) => serverInfo(req.socket.localPort ?? 0, { ...o, ...(publicUrl ? { publicUrl } : {}) }));
}
