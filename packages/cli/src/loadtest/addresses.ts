import { httpRequest, loopbackAddress } from '../loopback.js';

/**
 * The loopback address table `i` plays from: 127.1.x.y, one per table. A club's players reach the
 * server from their own network, so the server's per-address limits (connections, messages,
 * rooms created: docs/security.md) stay switched on during a load test and each table keeps
 * within them, as a real table would.
 */
export const tableAddress = (i: number): string => loopbackAddress(1, i);

/** POSTs JSON to `url` from `localAddress` and returns the parsed answer (a non-2xx answer throws, naming the body). */
export async function postJson(url: string, body: unknown, localAddress: string): Promise<any> {
  const u = new URL(url);
  const r = await httpRequest(u.hostname, Number(u.port || 80), { method: 'POST', path: u.pathname, from: localAddress, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status >= 300) throw new Error(`POST ${url}: ${r.status} ${r.body.slice(0, 200)}`);
  return JSON.parse(r.body);
}
