import { connect, type Socket } from 'node:net';
import { CODE_ALPHABET } from '@mafia/protocol';
import type WebSocket from 'ws';
import { freshAddress, http, openSocket, postJson, sleep, TARGET_HOST } from './net.js';
import { check, type Check, type Traffic } from './report.js';

export interface FloodOptions {
  readonly port: number;
  /** Connections one flooding address opens at once. */
  readonly connections: number;
  readonly messageSeconds: number;
  readonly rooms: number;
  readonly lookups: number;
  /** Seconds a half-open handshake and an idle socket are given before the check says the server kept them. */
  readonly handshakeWaitSeconds: number;
  readonly log: (s: string) => void;
}

/**
 * What one address may have accepted per second, at most, over many connections (issue 12
 * point 11: 15,500 messages/s were). A player sends a few messages a minute; a table of ten on
 * one address (a club's Wi-Fi) far fewer than this.
 */
const ACCEPTED_PER_ADDRESS_MAX = 200;

/** Messages: one address, many connections, pings as fast as the sockets take them. */
async function messageFlood(o: FloodOptions, code: string, traffic: Traffic): Promise<Check[]> {
  const from = freshAddress();
  let sent = 0, accepted = 0, rateLimited = 0, closed1008 = 0, refusedUpgrades = 0, opened = 0;
  const end = Date.now() + o.messageSeconds * 1000;
  const MAX_OPENS = o.connections * 20;
  const worker = async () => {
    while (Date.now() < end && opened < MAX_OPENS) {
      const s = await openSocket(o.port, from);
      if (!s.ws) {
        refusedUpgrades++;
        await sleep(50);
        continue;
      }
      opened++;
      const ws = s.ws;
      let open = true;
      ws.on('message', (d) => {
        traffic.frames++;
        const m = JSON.parse(String(d));
        if (m.type === 'pong') accepted++;
        else if (m.type === 'error' && m.code === 'rate-limited') rateLimited++;
      });
      const closed = new Promise<void>((r) => ws.once('close', (c) => {
        open = false;
        if (c === 1008) closed1008++;
        r();
      }));
      ws.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'spectator' } }));
      while (open && Date.now() < end) {
        for (let k = 0; k < 50 && open; k++) {
          ws.send('{"v":1,"type":"ping"}');
          sent++;
        }
        await sleep(10);
      }
      ws.terminate();
      await closed;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: o.connections }, worker));
  const seconds = (Date.now() - t0) / 1000;
  traffic.messages += sent;
  const rate = Math.round(accepted / seconds);
  return [
    check('floods', 'a message flood gets rate-limited errors, then close 1008', rateLimited > 0 && closed1008 > 0,
      `${sent} messages from one address on ${opened} connections (${o.connections} at once) in ${seconds.toFixed(1)} s: ${rateLimited} rate-limited, ${closed1008} closed 1008, ${refusedUpgrades} upgrades refused`),
    check('floods', `one address gets at most ${ACCEPTED_PER_ADDRESS_MAX} messages/s accepted over many connections`, rate <= ACCEPTED_PER_ADDRESS_MAX,
      `${accepted} accepted = ${rate}/s`, 'issue 12 point 11 (a message rate limit per address)'),
  ];
}

/** Connections: more than a per-address cap from one address; /api/health (from another address) must keep answering 200. */
async function connectionFlood(o: FloodOptions, traffic: Traffic): Promise<Check[]> {
  const from = freshAddress();
  const sockets: WebSocket[] = [];
  const statuses = new Map<number, number>();
  let healthOk = 0, healthBad = 0;
  let flooding = true;
  const health = (async () => {
    while (flooding) {
      try {
        const r = await http(o.port, { path: '/api/health', from: freshAddress(), timeoutMs: 5000 });
        if (r.status === 200) healthOk++;
        else healthBad++;
      } catch {
        healthBad++;
      }
      await sleep(100);
    }
  })();
  const total = o.connections * 10;
  for (let i = 0; i < total; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, total - i) }, () => openSocket(o.port, from)));
    for (const s of batch) {
      statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
      if (s.ws) sockets.push(s.ws);
    }
  }
  await sleep(500);
  flooding = false;
  await health;
  for (const s of sockets) s.terminate();
  traffic.messages += total;
  const refused = statuses.get(429) ?? 0;
  const spread = [...statuses].map(([s, n]) => `${s === 101 ? 'opened' : s || 'failed'}: ${n}`).join(', ');
  return [
    check('floods', 'connections beyond the per-address cap get HTTP 429 on the upgrade', refused > 0, `${total} upgrades from one address: ${spread}`, 'issue 12 point 11 (a connection cap per address)'),
    check('floods', '/api/health answers 200 during the connection flood', healthBad === 0 && healthOk > 0, `${healthOk} answered 200, ${healthBad} did not`),
  ];
}

/** Half-open handshakes and sockets that never say hello: the server must cut them. */
async function idleSockets(o: FloodOptions): Promise<Check[]> {
  const from = freshAddress();
  const halfOpen: Socket[] = [];
  const cut = { half: 0, idle: 0 };
  for (let i = 0; i < 5; i++) {
    const s = connect({ host: TARGET_HOST, port: o.port, localAddress: from });
    s.on('error', () => {});
    s.once('close', () => cut.half++);
    // Read what comes (the server's 408): a socket nobody reads never sees the server close it.
    s.resume();
    s.write('GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n');
    halfOpen.push(s);
  }
  const idle: WebSocket[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await openSocket(o.port, freshAddress());
    if (s.ws) {
      s.ws.once('close', () => cut.idle++);
      idle.push(s.ws);
    }
  }
  const end = Date.now() + o.handshakeWaitSeconds * 1000;
  while (Date.now() < end && (cut.half < halfOpen.length || cut.idle < idle.length)) await sleep(200);
  for (const s of halfOpen) s.destroy();
  for (const s of idle) s.terminate();
  return [
    check('floods', `half-open handshakes are cut within ${o.handshakeWaitSeconds} s`, cut.half === halfOpen.length, `${cut.half} of ${halfOpen.length} cut`, 'issue 12 point 11 (a handshake timeout)'),
    check('floods', `sockets that never say hello are closed within ${o.handshakeWaitSeconds} s`, cut.idle === idle.length, `${cut.idle} of ${idle.length} closed`, 'issue 12 point 11 (an idle timeout)'),
  ];
}

/** Rooms: POST /api/rooms from one address until it is refused with 429 too-many-rooms. */
async function roomFlood(o: FloodOptions, rss: () => number, traffic: Traffic): Promise<Check[]> {
  const from = freshAddress();
  const rss0 = rss();
  const statuses = new Map<string, number>();
  let created = 0, tooMany = 0;
  for (let i = 0; i < o.rooms; i += 10) {
    const answers = await Promise.all(Array.from({ length: Math.min(10, o.rooms - i) }, () => postJson(o.port, '/api/rooms', { preset: 'classic', seats: 10, mode: 'online' }, from).catch(() => ({ status: 0, json: {} }))));
    for (const a of answers) {
      const key = `${a.status}${a.json?.error?.code ? ` ${a.json.error.code}` : ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (a.status === 201) created++;
      if (a.status === 429 && a.json?.error?.code === 'too-many-rooms') tooMany++;
    }
  }
  traffic.messages += o.rooms;
  const grown = (rss() - rss0) / 2 ** 20;
  return [check('floods', 'a room flood from one address gets 429 too-many-rooms', tooMany > 0,
    `${o.rooms} create requests: ${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')}; server RSS ${grown >= 0 ? '+' : ''}${grown.toFixed(1)} MiB`, 'issue 12 point 9 (a room cap per address)')];
}

/** Lookups of codes that do not exist, from one address: expect 429 too-many-lookups; a foreign Origin's upgrade: 403. */
async function lookupFlood(o: FloodOptions, traffic: Traffic): Promise<Check[]> {
  const from = freshAddress();
  const statuses = new Map<string, number>();
  let tooMany = 0;
  for (let i = 0; i < o.lookups; i += 10) {
    const answers = await Promise.all(Array.from({ length: Math.min(10, o.lookups - i) }, () => {
      const code = Array.from({ length: 6 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join('');
      return http(o.port, { path: `/api/rooms/${code}`, from }).catch(() => ({ status: 0, body: '' }));
    }));
    for (const a of answers) {
      let code = '';
      try {
        code = JSON.parse(a.body).error?.code ?? '';
      } catch { /* not JSON */ }
      statuses.set(`${a.status} ${code}`, (statuses.get(`${a.status} ${code}`) ?? 0) + 1);
      if (a.status === 429 && code === 'too-many-lookups') tooMany++;
    }
  }
  traffic.messages += o.lookups;
  const foreign = await openSocket(o.port, freshAddress(), { origin: 'https://evil.example' });
  foreign.ws?.terminate();
  return [
    check('floods', 'lookups of codes that do not exist get 429 too-many-lookups', tooMany > 0, `${o.lookups} lookups from one address: ${[...statuses].map(([k, n]) => `${k.trim()}: ${n}`).join(', ')}`, 'issue 12 point 1 (lookups rate-limited per address)'),
    check('floods', 'a WebSocket upgrade from a foreign Origin gets 403', foreign.status === 403, `answered ${foreign.status === 101 ? '101 (opened)' : foreign.status}`, 'issue 12 point 14 (Origin checked)'),
  ];
}

/** The floods, each its own stage (so the honest rooms' p99 is told per flood). */
export function floodStages(o: FloodOptions, code: string, rss: () => number, traffic: Traffic): [string, () => Promise<Check[]>][] {
  return [
    ['floods: messages', () => messageFlood(o, code, traffic)],
    ['floods: connections', async () => (await Promise.all([connectionFlood(o, traffic), idleSockets(o)])).flat()],
    ['floods: rooms', () => roomFlood(o, rss, traffic)],
    ['floods: lookups', () => lookupFlood(o, traffic)],
  ];
}
