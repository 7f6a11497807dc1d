import { connect } from 'node:net';
import { createRoomSchema, parseClientMessage } from '@mafia/protocol';
import fc from 'fast-check';
import { collect, freshAddress, http, openSocket, parseOr, postJson, sleep, TARGET_HOST, within } from './net.js';
import { check, type Check, type Traffic } from './report.js';

/** A stack trace or an internal error's text: no answer to a client may carry one. */
const STACK = /\n\s+at \S|\bat [^\s(]+ \([^)]*:\d+:\d+\)|\b[A-Z][a-z]+Error:|Error: |node_modules|\/dist\/|\.ts:\d+/;

export interface FuzzOptions {
  readonly port: number;
  readonly wsMessages: number;
  readonly httpRequests: number;
  readonly seed: number;
  readonly log: (s: string) => void;
}

/** Lobbies of the fuzz's own rooms: the fuzz must leave them as they were. */
async function lobbies(port: number, codes: readonly string[]): Promise<string> {
  const out: string[] = [];
  for (const code of codes) out.push((await http(port, { path: `/api/rooms/${code}`, from: freshAddress() })).body);
  return out.join('\n');
}

/** Valid messages of every type the protocol has, aimed at the fuzz's rooms: the seeds the mutations start from. */
function templates(code: string): Record<string, unknown>[] {
  const c = (command: Record<string, unknown>) => ({ v: 1, type: 'command', id: 'f1', command });
  return [
    { v: 1, type: 'hello', room: code, auth: { as: 'spectator' } },
    { v: 1, type: 'hello', room: code, auth: { as: 'admin', key: 'k'.repeat(32) } },
    { v: 1, type: 'hello', room: code, auth: { as: 'host', key: 'k'.repeat(32) } },
    { v: 1, type: 'hello', room: code, auth: { as: 'seat', seat: 1, token: 't'.repeat(32) }, lastSeq: 0 },
    { v: 1, type: 'claim', room: code, seat: 2, name: 'Fuzz' },
    { v: 1, type: 'start', id: 's' }, { v: 1, type: 'next', id: 'n' }, { v: 1, type: 'release', seat: 1 }, { v: 1, type: 'close' },
    { v: 1, type: 'timer', add: 10 }, { v: 1, type: 'pause' }, { v: 1, type: 'resume' }, { v: 1, type: 'skip' }, { v: 1, type: 'ping' },
    c({ type: 'act', by: 1, act: 'shoot', target: 2 }), c({ type: 'vote', by: 1, target: 2 }), c({ type: 'nominate', by: 1, target: 2 }),
    c({ type: 'endSpeech' }), c({ type: 'undo', count: 1 }), c({ type: 'override', action: { kind: 'eliminate', seat: 2 } }), c({ type: 'victimList', seats: [1] }),
  ];
}

/** Mutations of a template: a field dropped, replaced by anything, an unknown field, a wrong version, text garbled. */
function wsMessageArbitrary(code: string): fc.Arbitrary<string | Buffer> {
  const base = fc.constantFrom(...templates(code));
  const mutated = fc.tuple(base, fc.nat(), fc.anything({ maxDepth: 3 }), fc.string()).map(([t, k, value, key]) => {
    const keys = Object.keys(t);
    const m: Record<string, unknown> = JSON.parse(JSON.stringify(t));
    const pick = keys[k % keys.length];
    switch (k % 5) {
      case 0: delete m[pick]; break;
      case 1: m[pick] = value; break;
      case 2: m[key || 'extra'] = value; break;
      case 3: if (typeof m.command === 'object' && m.command) (m.command as Record<string, unknown>)[Object.keys(m.command)[k % Object.keys(m.command).length]] = value; else m.v = value; break;
      default: m.v = k % 7;
    }
    return JSON.stringify(m) ?? 'null';
  });
  const garbled = fc.tuple(base, fc.nat(), fc.string()).map(([t, k, s]) => {
    const text = JSON.stringify(t);
    const at = k % text.length;
    return text.slice(0, at) + s + text.slice(at + 1);
  });
  return fc.oneof(
    { arbitrary: mutated, weight: 6 },
    { arbitrary: garbled, weight: 2 },
    { arbitrary: fc.jsonValue().map((j) => JSON.stringify(j) ?? 'null'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b)), weight: 1 },
    { arbitrary: fc.constantFrom('', '{}', '[]', 'null', '{"v":1}', `{"v":1,"type":"ping","x":"${'a'.repeat(70_000)}"}`, `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"v":1,"type":"__proto__"}', '{"__proto__":{"v":1},"type":"ping"}'), weight: 1 },
  );
}

/**
 * Malformed, oversized, binary and wrong-typed WebSocket messages (fast-check mutations of every
 * protocol message type), a few per connection, each connection from a fresh address: every one
 * must get a clean error (a code and a message, no stack trace) or a clean close, and the rooms
 * the fuzz aims at must be left as they were.
 */
async function fuzzWebSocket(o: FuzzOptions, codes: readonly string[], traffic: Traffic): Promise<Check[]> {
  const all = codes.flatMap((code) => fc.sample(wsMessageArbitrary(code), { numRuns: Math.ceil(o.wsMessages / codes.length), seed: o.seed }));
  // A valid claim would take a seat: that is no attack, and it would change the lobby the check compares.
  const messages = all.filter((m) => typeof m !== 'string' || !(parseClientMessage(m).ok && JSON.parse(m).type === 'claim'));
  let sent = 0, answered = 0, unanswered = 0, unclean = 0, stacks = 0, closedCleanly = 0, refusedUpgrades = 0;
  const codesSeen = new Map<string, number>();
  const PER_CONNECTION = 4;
  const batches: (string | Buffer)[][] = [];
  for (let i = 0; i < messages.length; i += PER_CONNECTION) batches.push(messages.slice(i, i + PER_CONNECTION));
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      const s = await openSocket(o.port, freshAddress());
      if (!s.ws) {
        refusedUpgrades++;
        continue;
      }
      const { messages: got, closed } = collect(s.ws);
      let closeCode = 0;
      void closed.then((c) => (closeCode = c));
      for (const m of batch) {
        if (s.ws.readyState !== s.ws.OPEN) break;
        const before = got.length;
        s.ws.send(m);
        sent++;
        await within((async () => { while (got.length === before && closeCode === 0) await sleep(5); })(), 3000);
        if (got.length > before) answered++;
        else if (closeCode === 1008 || closeCode === 1009 || closeCode === 1003) closedCleanly++;
        else unanswered++;
      }
      for (const g of got) {
        const text = JSON.stringify(g);
        if (STACK.test(text)) stacks++;
        if (g.type === 'error') {
          codesSeen.set(g.code, (codesSeen.get(g.code) ?? 0) + 1);
          if (typeof g.code !== 'string' || typeof g.message !== 'string' || g.message.length === 0) unclean++;
        }
      }
      traffic.frames += got.length;
      s.ws.terminate();
    }
  }));
  traffic.messages += sent;
  const top = [...codesSeen].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([c, n]) => `${c} ${n}`).join(', ');
  return [
    check('fuzz', 'every malformed WebSocket message gets a clean error or a clean close', unanswered === 0 && unclean === 0,
      `${sent} messages on ${batches.length} connections: ${answered} answered (${top}), ${closedCleanly} closed 1003/1008/1009, ${unanswered} unanswered, ${unclean} errors without a code and message, ${refusedUpgrades} upgrades refused`),
    check('fuzz', 'no WebSocket answer carries a stack trace', stacks === 0, `${stacks} answers with a stack trace or an internal error text`),
  ];
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'X'];
const NASTY_PATHS = ['/', '/api', '/api/', '/api/rooms', '/api/rooms/', '/api/rooms/ZZZZZZ', '/api/rooms/%00%00', '/api/rooms/../../etc/passwd', '/api/rooms/' + 'A'.repeat(5000),
  '/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/api/health?x=' + 'y'.repeat(3000), '/ws', '/ws?x=1', '/index.html', '/assets/../../package.json', '/api/info', '/%ff%fe', '/api/rooms/abc%20def', '/%25E0%25A4', '/r/%25'];

/** Bad HTTP requests (paths, methods, bodies, headers) and a few malformed ones on a raw socket: never a 5xx, never a stack trace. */
async function fuzzHttp(o: FuzzOptions, traffic: Traffic): Promise<Check[]> {
  const rnd = fc.sample(fc.tuple(fc.constantFrom(...METHODS), fc.oneof(fc.constantFrom(...NASTY_PATHS), fc.webPath(), fc.string().map((s) => `/api/${encodeURIComponent(s)}`)), fc.oneof(fc.constant(undefined), fc.jsonValue().map((j) => JSON.stringify(j)), fc.string())), { numRuns: o.httpRequests, seed: o.seed });
  const statuses = new Map<number, number>();
  let fivexx = 0, stacks = 0, failed = 0, sent = 0, unsendable = 0;
  const examples: string[] = [];
  let unshaped = 0;
  const shapes: string[] = [];
  const note = (what: string, status: number, body: string) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // The server's own error shape, {"error": {"code", "message"}}, on every refused /api request
    // (a HEAD answer has no body, by HTTP's rule).
    if (status >= 400 && what.includes(' /api') && !what.startsWith('HEAD ')) {
      let e: any;
      try {
        e = JSON.parse(body).error;
      } catch { /* not JSON */ }
      if (typeof e?.code !== 'string' || typeof e?.message !== 'string') {
        unshaped++;
        if (shapes.length < 2) shapes.push(`${what} → ${status} ${body.slice(0, 80)}`);
      }
    }
    if (status >= 500) fivexx++;
    if (STACK.test(body)) stacks++;
    if ((status >= 500 || STACK.test(body)) && examples.length < 3) examples.push(`${what} → ${status} ${body.slice(0, 100)}`);
  };
  const jobs: (() => Promise<void>)[] = rnd.map(([method, path, body]) => async () => {
    // A valid create request makes a room: that is the rooms flood's business, not the fuzz's.
    if (method === 'POST' && path === '/api/rooms' && body !== undefined && createRoomSchema.safeParse(parseOr(body)).success) return;
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': method === 'PUT' ? 'text/plain' : 'application/json' };
    const r = await http(o.port, { method, path, headers, body, from: freshAddress(), timeoutMs: 5000 });
    note(`${method} ${path.slice(0, 60)}`, r.status, r.body);
  });
  const bodies = ['{', '{"preset":', 'null', '[]', '{"preset":"classic","seats":-1,"mode":"online"}', '{"preset":"classic","seats":10,"mode":"online","__proto__":{"x":1}}', JSON.stringify({ preset: 'x'.repeat(20_000) })];
  for (const b of bodies) jobs.push(async () => {
    const r = await http(o.port, { method: 'POST', path: '/api/rooms', headers: { 'content-type': 'application/json' }, body: b, from: freshAddress() });
    note(`POST /api/rooms ${b.slice(0, 40)}`, r.status, r.body);
  });
  const headerSets: Record<string, string>[] = [{ cookie: 'c'.repeat(20_000) }, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'multipart/form-data; boundary=x' }, { accept: '*/*'.repeat(500) }, { 'x-forwarded-for': '1.2.3.4' }, { host: 'evil.example' }, { upgrade: 'websocket', connection: 'upgrade' }];
  for (const h of headerSets) jobs.push(async () => {
    const r = await http(o.port, { method: 'POST', path: '/api/rooms', headers: { 'content-type': 'application/json', ...h }, body: '{"preset":"classic"}', from: freshAddress() });
    note(`POST /api/rooms with ${Object.keys(h)[0]}`, r.status, r.body);
  });
  const raws = ['GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nHost\r\n\r\n', 'POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{}', 'POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 'GET /api/health HTTP/9.9\r\n\r\n',
    'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n', 'POST /api/rooms HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'];
  for (const raw of raws) jobs.push(async () => {
    const text = await rawRequest(o.port, raw);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
    // The body is what follows the head (the head is HTTP's, not the server's JSON).
    const head = text.indexOf('\r\n\r\n');
    note(`raw ${JSON.stringify(raw.slice(0, 30))}`, status, head >= 0 ? text.slice(head + 4) : text);
  });
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      sent++;
      try {
        await job();
      } catch (e) {
        // Node's client refuses some generated paths and headers itself (ERR_UNESCAPED_CHARACTERS, ERR_INVALID_CHAR): never sent.
        if (String((e as { code?: string }).code ?? '').startsWith('ERR_')) unsendable++;
        else failed++;
      }
    }
  }));
  traffic.messages += sent;
  traffic.frames += sent - failed;
  const spread = [...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s || 'closed'}: ${n}`).join(', ');
  return [
    check('fuzz', 'bad HTTP requests get a 4xx, never a 5xx', fivexx === 0, `${sent} requests: ${spread}; ${failed} cut without an answer, ${unsendable} not sendable${examples.length ? `; e.g. ${examples.join(' | ')}` : ''}`),
    check('fuzz', 'no HTTP answer carries a stack trace', stacks === 0, `${stacks} bodies with a stack trace or an internal error text`),
    check('fuzz', 'every refused /api request answers {"error": {"code", "message"}}', unshaped === 0, `${unshaped} other bodies${shapes.length ? `, e.g. ${shapes.join(' | ')}` : ''}`),
  ];
}

/** Writes `raw` on a TCP connection and returns what came back within 3 s ('' for nothing). */
function rawRequest(port: number, raw: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host: TARGET_HOST, port, localAddress: freshAddress() });
    let got = '';
    const done = () => {
      clearTimeout(t);
      s.destroy();
      resolve(got);
    };
    const t = setTimeout(done, 3000);
    s.on('data', (d) => (got += String(d)));
    s.on('end', done);
    s.on('error', done);
    s.write(raw);
  });
}

export async function fuzzAudit(o: FuzzOptions, traffic: Traffic, serverAlive: () => boolean): Promise<Check[]> {
  const setup = freshAddress();
  const codes: string[] = [];
  for (const mode of ['online', 'human', 'app']) {
    const r = await postJson(o.port, '/api/rooms', { preset: 'classic', seats: 10, mode }, setup);
    if (r.status !== 201) throw new Error(`fuzz: could not create its ${mode} room: ${r.status} ${JSON.stringify(r.json)}`);
    codes.push(r.json.code);
  }
  const before = await lobbies(o.port, codes);
  o.log(`fuzz: ${o.wsMessages} WebSocket messages and ${o.httpRequests} HTTP requests against rooms ${codes.join(', ')}`);
  const checks = [...await fuzzWebSocket(o, codes, traffic), ...await fuzzHttp(o, traffic)];
  const after = await lobbies(o.port, codes);
  checks.push(check('fuzz', 'the server is still running', serverAlive(), serverAlive() ? 'alive' : 'the server process ended'));
  checks.push(check('fuzz', 'the rooms the fuzz aimed at are unchanged', before === after, before === after ? `${codes.length} lobbies identical before and after` : `lobbies changed:\n${before}\n→\n${after}`));
  return checks;
}
