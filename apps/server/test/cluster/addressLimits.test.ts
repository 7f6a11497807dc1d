import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Client, controllerAuth, V, type CreatedForTest } from '../helpers.js';
import { clusterSuite, type Node } from './nodes.js';

const nodes = clusterSuite();

/**
 * Every node trusts one proxy (TRUST_PROXY=1), so each test plays its own client address in
 * X-Forwarded-For, as HAProxy would pass it.
 */
const ENV = {
  TRUST_PROXY: '1', CONNECTIONS_PER_ADDRESS: '4', ADDRESS_STRIKES: '5', STRIKE_DECAY_SECONDS: '60', LOOKUP_MISSES_PER_MINUTE: '4',
  MESSAGES_PER_SECOND_PER_ADDRESS: '5', HELLO_TIMEOUT: '60',
};

let three: Node[] | null = null;
async function cluster(): Promise<Node[]> {
  three ??= [await nodes().start('a', { env: ENV }), await nodes().start('b', { env: ENV }), await nodes().start('c', { env: ENV })];
  return three;
}

type Opened = { ok: true; ws: WebSocket } | { ok: false; status: number; code: string };

/** A WebSocket to `node` from `address`: open, or the upgrade's refusal (status and code). */
function connect(node: Node, address: string): Promise<Opened> {
  const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws`, { headers: { 'x-forwarded-for': address } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ok: true, ws }));
    ws.once('unexpected-response', (_req, res: IncomingMessage) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += String(d)));
      res.on('end', () => resolve({ ok: false, status: res.statusCode ?? 0, code: (JSON.parse(body) as { error: { code: string } }).error.code }));
    });
    ws.once('error', (e) => reject(e));
  });
}

const opened = (o: Opened): WebSocket => {
  if (!o.ok) throw new Error(`refused: ${o.status} ${o.code}`);
  return o.ws;
};

/** Polls until `f` holds (the nodes report to each other every 250 ms). */
async function eventually(f: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const closeAll = (sockets: WebSocket[]) => Promise.all(sockets.map((ws) => new Promise<void>((r) => {
  if (ws.readyState === WebSocket.CLOSED) return r();
  ws.once('close', () => r());
  ws.close();
})));

describe('the limits per address are one budget over the nodes', () => {
  it('four_connections_on_node_a_fill_the_address_so_node_b_refuses_a_fifth_until_one_closes', async () => {
    const [a, b, c] = await cluster();
    const address = '203.0.113.1';
    const on = [] as WebSocket[];
    for (let i = 0; i < 4; i++) on.push(opened(await connect(a!, address)));
    // Node A itself refuses at once; B and C once they have heard of A's four.
    expect(await connect(a!, address)).toMatchObject({ ok: false, status: 429, code: 'too-many-connections' });
    for (const other of [b!, c!]) {
      await eventually(async () => {
        const r = await connect(other, address);
        if (r.ok) r.ws.close();
        return !r.ok && r.status === 429 && r.code === 'too-many-connections';
      }, `node ${other.id} refuses the fifth connection`);
    }
    // Another address is not touched.
    const stranger = opened(await connect(b!, '203.0.113.99'));
    await closeAll([on.pop()!, stranger]);
    await eventually(async () => {
      const r = await connect(b!, address);
      if (r.ok) on.push(r.ws);
      return r.ok;
    }, 'node B admits the address again once one of its connections on A closed');
    await closeAll(on);
  }, 60_000);

  it('an_address_struck_out_on_node_a_is_refused_on_nodes_b_and_c', async () => {
    const [a, b, c] = await cluster();
    const address = '203.0.113.2';
    const ws = opened(await connect(a!, address));
    const closedBy = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    // Each text that is no JSON is refused (`malformed`) and costs the address a strike; the sixth finds none left.
    for (let i = 0; i < 6; i++) ws.send('not json');
    expect(await closedBy).toBe(1008);
    for (const other of [b!, c!]) {
      await eventually(async () => {
        const r = await connect(other, address);
        if (r.ok) r.ws.close();
        return !r.ok && r.status === 429 && r.code === 'too-many-errors';
      }, `node ${other.id} refuses the struck-out address`);
    }
    expect(opened(await connect(c!, '203.0.113.98')).close()).toBeUndefined();
  }, 60_000);

  it('look_ups_of_unknown_codes_spread_over_the_nodes_are_counted_together', async () => {
    const [a, b, c] = await cluster();
    const address = '203.0.113.3';
    const look = (n: Node, code: string) => fetch(`${n.base}/api/rooms/${code}`, { headers: { 'x-forwarded-for': address } }).then((r) => r.status);
    // Four misses a minute in all: two on A, two on B.
    expect([await look(a!, 'ZZZZZ2'), await look(a!, 'ZZZZZ3'), await look(b!, 'ZZZZZ4'), await look(b!, 'ZZZZZ5')]).toEqual([404, 404, 404, 404]);
    // C has seen none of them, and still refuses once it has heard of them.
    await eventually(async () => (await look(c!, 'ZZZZZ6')) === 429, 'node C refuses a fifth look-up');
    await eventually(async () => (await look(a!, 'ZZZZZ7')) === 429, 'node A refuses too');
  }, 60_000);

  it('messages_a_second_are_one_budget_over_connections_on_two_nodes', async () => {
    // Two nodes of their own, two messages a second for an address (a burst of four), strikes to
    // spare: E's messages are refused (no JSON), and only the rate decides whether as `malformed`
    // or as `rate-limited`.
    const env = { ...ENV, ADDRESS_STRIKES: '1000', MESSAGES_PER_SECOND_PER_ADDRESS: '2' };
    const [d, e] = [await nodes().start('d', { env }), await nodes().start('e', { env })];
    const address = '203.0.113.4';
    const onD = opened(await connect(d, address));
    const onE = opened(await connect(e, address));
    const codesOf = (ws: WebSocket) => {
      const codes: string[] = [];
      ws.on('message', (x) => codes.push(String((JSON.parse(String(x)) as { code?: string }).code)));
      return codes;
    };
    const fromD = codesOf(onD);
    const fromE = codesOf(onE);
    // D's four (pings, answered, no strike) spend the burst.
    const ping = JSON.stringify({ v: 1, type: 'ping' });
    for (let i = 0; i < 4; i++) onD.send(ping);
    await eventually(async () => fromD.length === 4, 'node D answered its four');
    expect(fromD.filter((c) => c === 'rate-limited')).toHaveLength(0);
    // Reported: the address is among those every node watches (a bucket below half).
    await eventually(async () => (await nodes().redis.zscore(`${nodes().prefix}addr-hot`, address)) !== null, 'node D reported its four');
    // D goes on with a ping every half second, what the budget gains, so it stays spent however
    // slowly this machine runs the test; E, given a second to hear (four reports), finds none left
    // of the address's four, not four of its own.
    const drain = setInterval(() => onD.send(ping), 500);
    try {
      await new Promise((r) => setTimeout(r, 1000));
      for (let i = 0; i < 4; i++) onE.send('not json');
      await eventually(async () => fromE.length === 4, 'node E answered its four');
    } finally {
      clearInterval(drain);
    }
    expect(fromE.filter((c) => c === 'rate-limited').length).toBeGreaterThanOrEqual(1);
    await closeAll([onD, onE]);
  }, 60_000);

  it('rooms_waiting_to_start_and_rooms_an_hour_are_counted_for_an_address_over_the_nodes', async () => {
    const env = { ...ENV, ROOMS_PER_ADDRESS_PER_HOUR: '3', UNSTARTED_ROOMS_PER_ADDRESS: '2' };
    const [f, g] = [await nodes().start('f', { env }), await nodes().start('g', { env })];
    const make = async (n: Node, address: string) => {
      const r = await fetch(`${n.base}/api/rooms`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ preset: 'classic', seats: 10, mode: 'human' }),
      });
      return { status: r.status, body: (await r.json()) as CreatedForTest & { error?: { code: string; message: string } } };
    };
    // Two rooms waiting to start on F: G, which made none, refuses a third.
    const waiting = [await make(f, '203.0.113.5'), await make(f, '203.0.113.5')].map((r) => {
      expect(r.status).toBe(201);
      return r.body;
    });
    const third = await make(g, '203.0.113.5');
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: 'too-many-rooms', message: 'at most 2 rooms of one address may wait for their game to start; start or close one first' });
    // The host closes one of F's two (through G, which passes him on to F): G then admits one more.
    const host = await Client.open(g.ws);
    await host.request({ v: V, type: 'hello', room: waiting[0]!.code, auth: controllerAuth(waiting[0]!) }, 'welcome');
    expect((await host.request({ v: V, type: 'close', id: 'close' }, 'update')).ack).toBe('close');
    host.close();
    await eventually(async () => (await make(g, '203.0.113.5')).status === 201, 'node G admits a room once one of F\'s no longer waits');
    // A refused request made nothing: another address still may.
    expect((await make(g, '203.0.113.6')).status).toBe(201);
    // Three an hour: a room refused by the rules (public, but played at a table) still counts and
    // no longer waits, so the third attempt of 203.0.113.7 is its last, and F refuses the fourth by the hour.
    expect((await make(g, '203.0.113.7')).status).toBe(201);
    const bad = await fetch(`${f.base}/api/rooms`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' }, body: JSON.stringify({ preset: 'classic', seats: 10, mode: 'human', public: true }),
    });
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('public-not-online');
    // G counts F's rooms from F's reports (every 250 ms): until one comes that has the refused room
    // done, G may still count it as waiting (CI saw a 429 here on a loaded machine). A refusal by the
    // limits makes nothing, so the retries spend none of the hour's three.
    await eventually(async () => (await make(g, '203.0.113.7')).status === 201, 'node G admits the third room of 203.0.113.7 once F reports the refused one');
    const fourth = await make(f, '203.0.113.7');
    expect(fourth.body.error).toMatchObject({ code: 'too-many-rooms', message: 'at most 3 rooms an hour may be created from one address; try again later' });
  }, 60_000);
});
