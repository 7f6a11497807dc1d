import { request } from 'node:http';

/**
 * The loopback address table `i` plays from: 127.1.x.y, one per table. A club's players reach the
 * server from their own network, so the server's per-address limits (connections, messages,
 * rooms created: docs/security.md) stay switched on during a load test and each table keeps
 * within them, as a real table would. Linux routes all of 127.0.0.0/8 to the loopback interface.
 */
export function tableAddress(i: number): string {
  return `127.1.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
}

/** POSTs JSON from `localAddress` and returns the parsed answer (a non-2xx answer throws, naming the body). */
export function postJson(url: string, body: unknown, localAddress: string): Promise<any> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (data += c));
      res.on('end', () => {
        try {
          const parsed = JSON.parse(data);
          if ((res.statusCode ?? 500) >= 300) reject(new Error(`POST ${url}: ${res.statusCode} ${data}`));
          else resolve(parsed);
        } catch {
          reject(new Error(`POST ${url}: ${res.statusCode} ${data.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}
