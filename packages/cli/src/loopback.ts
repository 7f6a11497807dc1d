import { request } from 'node:http';

/**
 * The n-th source address of a block of 127.0.0.0/8 (all loopback on Linux): `127.FIRST.x.y`. The
 * load test gives each table one (block 1) and the audit each attacker and honest room one
 * (block 0), so the server's per-address limits see them as a real network would: one club's
 * table, one attacker, each on an address of its own.
 */
export function loopbackAddress(first: number, n: number): string {
  return `127.${first}.${1 + (Math.floor(n / 250) % 250)}.${1 + (n % 250)}`;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

export interface HttpAsk {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** The source address (fetch cannot pick one: hence node:http). */
  readonly from?: string;
  readonly timeoutMs?: number;
}

/** One HTTP request to `host:port` from the address `from`. */
export function httpRequest(host: string, port: number, ask: HttpAsk): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({
      host, port, method: ask.method ?? 'GET', path: ask.path, headers: ask.headers, localAddress: ask.from, agent: false,
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(ask.timeoutMs ?? 10_000, () => req.destroy(new Error(`${ask.method ?? 'GET'} ${ask.path}: no answer in ${ask.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    req.end(ask.body);
  });
}
