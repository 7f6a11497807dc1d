import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The names a browser may reach this server by (issue 23 point 14, DNS rebinding): a page of
 * evil.example whose name the attacker re-points at the club's laptop is, for the browser, still
 * evil.example, so it sends `Host: evil.example` and its own Origin; only the Host tells. Allowed:
 * any IP address (a page at an IP is that IP's own origin, nothing to rebind), localhost and
 * *.localhost, PUBLIC_URL's host and the names in ALLOWED_HOSTS (docs/server.md).
 */
export class HostGuard {
  private readonly names: ReadonlySet<string>;

  constructor(o: { publicUrl?: string | undefined; allowedHosts?: readonly string[] } = {}) {
    const names = new Set((o.allowedHosts ?? []).map((n) => n.toLowerCase()));
    if (o.publicUrl) names.add(new URL(o.publicUrl).hostname.toLowerCase());
    this.names = names;
  }

  /** Whether a request with this Host header may be answered. No Host: not a browser (HTTP/1.0 tools), let in. */
  allows(host: string | undefined): boolean {
    if (host === undefined) return true;
    const name = hostnameOf(host);
    if (name === null) return false;
    if (isIP(name.replace(/^\[|\]$/g, '')) !== 0) return true;
    if (name === 'localhost' || name.endsWith('.localhost')) return true;
    return this.names.has(name.replace(/\.$/, ''));
  }

  /** The refusal both HTTP and the WebSocket upgrade answer with 403. */
  static refusal(host: string | undefined): { code: string; message: string } {
    return { code: 'bad-host', message: `this server does not answer to the name ${JSON.stringify(String(host).slice(0, 100))}; open it by its own address (PUBLIC_URL, ALLOWED_HOSTS)` };
  }
}

/** The host name of a Host header, lower case, an IPv6 address in brackets; null when it does not parse. */
function hostnameOf(host: string): string | null {
  try {
    const u = new URL(`http://${host}`);
    return u.username === '' && u.pathname === '/' ? u.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Every HTTP request (pages, the API, health) is refused 403 `bad-host` when its Host is not one of ours. */
export function registerHostGuard(app: FastifyInstance, guard: HostGuard): void {
  app.addHook('onRequest', async (req, reply) => {
    if (guard.allows(req.headers.host)) return;
    return reply.status(403).send({ error: HostGuard.refusal(req.headers.host) });
  });
}
