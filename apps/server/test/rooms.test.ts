import { createGame } from '@mafia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client, createRoom, seatTheTable, startServer, tempDbUrl, V, type Running } from './helpers.js';

let server: Running;
let db: ReturnType<typeof tempDbUrl>;

beforeAll(async () => {
  db = tempDbUrl();
  server = await startServer(db.url);
});
afterAll(async () => {
  await server.stop();
  db.cleanup();
});

/** A room with all 10 seats claimed, a host and a spectator connected, the game started. */
async function startedRoom(mode = 'human', preset = 'classic', timers?: Record<string, number>) {
  const created = await createRoom(server.base, { preset, seats: 10, mode, ...(timers ? { timers } : {}) });
  const { seats, tokens, welcomes, host, hostWelcome } = await seatTheTable(server.ws, created, { named: true });
  welcomes.forEach((w, i) => expect(w.you).toEqual({ as: 'seat', seat: i + 1 }));
  expect(hostWelcome.you).toEqual({ as: mode === 'human' ? 'host' : 'admin' });
  const spectator = await Client.open(server.ws);
  await spectator.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
  const started = await host.request({ v: V, type: 'start', id: 'go' }, 'update');
  expect(started.ack).toBe('go');
  return { created, seats, tokens, host, spectator, started };
}

const logLength = async (room: string) => (await server.storage.readLog(room)).length;

describe('HTTP', () => {
  it('GET /api/health answers 200 with JSON', async () => {
    const r = await fetch(`${server.base}/api/health`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({ ok: true, storage: 'sqlite' });
  });

  it('serves a plain page saying the server is up while there is no web build, for / and for a join link', async () => {
    for (const path of ['/', '/r/ABCDEF']) {
      const r = await fetch(`${server.base}${path}`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('The game server is up');
    }
  });

  it('creates a room and shows its lobby by code; refuses a bad setup naming what is wrong', async () => {
    const c = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    expect(c.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(c.link).toBe(`/r/${c.code}`);
    const lobby = await (await fetch(`${server.base}/api/rooms/${c.code}`)).json();
    expect(lobby).toMatchObject({ code: c.code, preset: 'classic', seats: 10, mode: 'human', started: false, claimed: Array(10).fill(null) });

    const bad = await fetch(`${server.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'mafia-deluxe', seats: 10, mode: 'human' }) });
    expect(bad.status).toBe(400);
    const err = await bad.json();
    expect(err.error.code).toBe('unknown-preset');
    expect(err.error.message).toMatch(/classic/);
    expect(JSON.stringify(err)).not.toMatch(/at .*\.ts|stack/);

    const unknownField = await fetch(`${server.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', seats: 10, mode: 'human', extra: 1 }) });
    expect(unknownField.status).toBe(400);
    expect((await unknownField.json()).error.message).toMatch(/extra/);
    expect((await fetch(`${server.base}/api/rooms/ZZZZZZ`)).status).toBe(404);
  });
});

describe('step lengths', () => {
  it('times speeches as the rules say (Piter: 30 s) unless the room asks for other lengths', async () => {
    const speechOf = async (body: Record<string, unknown>) => {
      const created = await createRoom(server.base, { preset: 'piter', seats: 10, mode: 'human', ...body });
      const { host } = await seatTheTable(server.ws, created);
      await host.request({ v: V, type: 'start', id: 'go' }, 'update');
      for (let i = 0; i < 5; i++) {
        const u = await host.request({ v: V, type: 'command', id: `n${i}`, command: { type: 'endNight' } }, 'update');
        if (u.timer?.kind === 'speech') return u.timer.deadline - u.timer.started;
      }
      throw new Error('no speech timer');
    };
    expect(await speechOf({})).toBe(30_000);
    expect(await speechOf({ timers: { speech: 45 } })).toBe(45_000);
  });
});

describe('drawing seat numbers (seed 003: players draw their numbers from a bag)', () => {
  it('gives each drawing player a different free seat until none is left, then refuses', async () => {
    const created = await createRoom(server.base, { preset: 'classic', seats: 4 + 3, mode: 'human' });
    const first = await Client.open(server.ws);
    const taken = await first.request({ v: V, type: 'claim', room: created.code, seat: 5, name: 'Anna' }, 'welcome');
    expect(taken.you).toEqual({ as: 'seat', seat: 5 });
    const drawn: number[] = [];
    const clients = await Promise.all(Array.from({ length: 6 }, () => Client.open(server.ws)));
    const welcomes = await Promise.all(clients.map((c, i) => c.request({ v: V, type: 'claim', room: created.code, seat: 'draw', name: `D${i}` }, 'welcome')));
    for (const w of welcomes) {
      expect(w.you.as).toBe('seat');
      expect(typeof w.token).toBe('string');
      drawn.push(w.you.seat);
    }
    expect(drawn.slice().sort()).toEqual([1, 2, 3, 4, 6, 7]);
    const late = await Client.open(server.ws);
    const refused = await late.request({ v: V, type: 'claim', room: created.code, seat: 'draw' }, 'error');
    expect(refused.code).toBe('no-free-seat');
    const lobby = await (await fetch(`${server.base}/api/rooms/${created.code}`)).json();
    expect(lobby.claimed.filter((n: string | null) => n !== null)).toHaveLength(7);
  });
});

describe('a club\'s own deck', () => {
  it('deals a custom composition and the extended deck\'s modifications from the recorded seed; a wrong one is refused at creation', async () => {
    const composition = ['don', 'mafia', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
    const created = await createRoom(server.base, { preset: 'club', seats: 9, mode: 'human', composition });
    const { host } = await seatTheTable(server.ws, created, { seats: 9 });
    const started = await host.request({ v: V, type: 'start', id: 'go' }, 'update');
    expect(started.view.seats.map((s: { role: string }) => s.role).sort()).toEqual([...composition].sort());

    const refused = async (body: Record<string, unknown>) => {
      const r = await fetch(`${server.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(r.status).toBe(400);
      return (await r.json()).error;
    };
    expect(await refused({ preset: 'club', seats: 10, mode: 'human', composition })).toMatchObject({ code: 'bad-player-count', path: 'composition' });
    expect(await refused({ preset: 'classic', seats: 9, mode: 'human', composition })).toMatchObject({ code: 'role-not-in-preset' });
    expect(await refused({ preset: 'classic', seats: 10, mode: 'human', modifications: ['extra-card'] })).toMatchObject({ code: expect.any(String) });

    const extended = await createRoom(server.base, { preset: 'extended', seats: 12, mode: 'human', modifications: ['extra-card'] });
    const t = await seatTheTable(server.ws, extended, { seats: 12 });
    const go = await t.host.request({ v: V, type: 'start', id: 'go' }, 'update');
    const gameCreated = go.items[0].events.find((e: { type: string }) => e.type === 'GameCreated');
    expect(gameCreated.setup.modifications).toEqual(['extra-card']);
  });
});

describe('a room over WebSockets', () => {
  it('deals from the recorded seed and sends each viewer only what it may see', async () => {
    const { seats, spectator, started, host, created } = await startedRoom();
    // The host sees every role.
    expect(started.view.seats.every((s: { role?: string }) => typeof s.role === 'string')).toBe(true);
    const roles: string[] = started.view.seats.map((s: { role: string }) => s.role);
    // The spectator sees none, and its GameCreated carries no seed and no role.
    const sv = await spectator.next((m) => m.type === 'update' && m.view !== null);
    expect(sv.view.seats.some((s: { role?: string }) => s.role !== undefined)).toBe(false);
    const gc = sv.items[0].events.find((e: { type: string }) => e.type === 'GameCreated');
    expect(gc.setup.seed).toBeUndefined();
    expect(gc.setup.roles.every((r: string | null) => r === null)).toBe(true);
    // A town seat sees its own role only; a mafia seat sees the mafia.
    for (let i = 0; i < 10; i++) {
      const u = await seats[i].next((m) => m.type === 'update' && m.view !== null);
      const visible = u.view.seats.filter((s: { role?: string }) => s.role !== undefined).map((s: { seat: number }) => s.seat);
      expect(u.view.me).toMatchObject({ seat: i + 1, role: roles[i] });
      const town = roles[i] === 'civilian' || roles[i] === 'commissar';
      if (town) expect(visible).toEqual([i + 1]);
      else expect(visible).toEqual(roles.flatMap((r, k) => (r === 'mafia' || r === 'don' ? [k + 1] : [])));
      expect(JSON.stringify(u.items)).not.toContain('"seed"');
    }
    // The roles were dealt from the room's recorded seed: dealing again from it gives the same table.
    const row = await server.storage.roomById(created.room);
    const again = createGame({ preset: 'classic', players: 10, seed: row!.seed, names: roles.map((_, i) => `P${i + 1}`) });
    expect(again.ok && again.game.state.roles).toEqual(roles);
    await host.close();
  });

  it('refuses out-of-turn commands, acting for another seat, host-only commands and spectators, writing nothing', async () => {
    const { seats, spectator, host, created } = await startedRoom();
    const before = await logLength(created.room);
    // Night 1 in classic is the introduction: a shot is refused.
    const e1 = await seats[0].request({ v: V, type: 'command', id: 'a', command: { type: 'vote', by: 1, target: 2 } }, 'error');
    expect(e1).toMatchObject({ type: 'error', id: 'a' });
    const e2 = await seats[0].request({ v: V, type: 'command', id: 'b', command: { type: 'nominate', by: 2, target: 3 } }, 'error');
    expect(e2.code).toBe('not-your-seat');
    const e3 = await seats[0].request({ v: V, type: 'command', id: 'c', command: { type: 'endNight' } }, 'error');
    expect(e3.code).toBe('host-only');
    const e4 = await spectator.request({ v: V, type: 'command', id: 'd', command: { type: 'endNight' } }, 'error');
    expect(e4.code).toBe('spectator');
    expect(await logLength(created.room)).toBe(before);
    // The connection stays: a ping still gets its pong.
    expect((await seats[0].request({ v: V, type: 'ping' }, 'pong')).type).toBe('pong');
    await host.close();
  });

  it('applies a command once even when it is sent twice with the same id', async () => {
    const { host, created, seats } = await startedRoom();
    const u = await host.request({ v: V, type: 'command', id: 'n1', command: { type: 'endNight' } }, 'update');
    expect(u.ack).toBe('n1');
    const seqAfter = u.seq;
    const dup = await host.request({ v: V, type: 'command', id: 'n1', command: { type: 'endNight' } }, 'ack');
    expect(dup).toEqual({ v: V, type: 'ack', id: 'n1', seq: seqAfter, duplicate: true });
    expect(await logLength(created.room)).toBe(seqAfter);
    // Every seat got the night's end exactly once.
    for (const s of seats) expect(s.received.filter((m) => m.type === 'update' && m.seq === seqAfter).length).toBe(1);
  });

  it('refuses wrong keys and tokens, and a lastSeq from the future', async () => {
    const { created, tokens } = await startedRoom();
    const c = await Client.open(server.ws);
    expect((await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: 'x'.repeat(32) } }, 'error')).code).toBe('bad-key');
    expect((await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 2, token: tokens[0] } }, 'error')).code).toBe('bad-token');
    expect((await c.request({ v: V, type: 'hello', room: 'ZZZZZZ', auth: { as: 'spectator' } }, 'error')).code).toBe('no-room');
    expect((await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' }, lastSeq: 999 }, 'error')).code).toBe('bad-last-seq');
    expect((await c.request({ v: V, type: 'claim', room: created.code, seat: 1 }, 'error')).code).toBe('seat-taken');
    const ok = await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 2, token: tokens[1] } }, 'welcome');
    expect(ok.view.me.seat).toBe(2);
  });

  it('sends a reconnecting client exactly what it missed after its last seq', async () => {
    const { created, tokens, seats, host } = await startedRoom();
    const seen = (await seats[4].next((m) => m.type === 'update' && m.view !== null)).seq;
    await seats[4].close();
    await host.request({ v: V, type: 'command', id: 'x1', command: { type: 'endNight' } }, 'update');
    const back = await Client.open(server.ws);
    const w = await back.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 5, token: tokens[4] }, lastSeq: seen }, 'welcome');
    expect(w.items.map((i: { seq: number }) => i.seq)).toEqual([seen + 1]);
    expect(w.items[0].events.map((e: { type: string }) => e.type)).toContain('DayStarted');
    expect(w.seq).toBe(seen + 1);
    expect(w.view.phase.kind).toBe('day');
  });
});

describe('hidden information in the log items', () => {
  it('shows a night act, and who made it, only to its author and the host', async () => {
    const { seats, host, spectator, started, created } = await startedRoom('human', 'sport');
    const roles: string[] = started.view.seats.map((s: { role: string }) => s.role);
    const commissar = roles.indexOf('commissar') + 1;
    const target = commissar === 1 ? 2 : 1;
    const others = [spectator, ...seats.filter((_, i) => i !== commissar - 1)];
    // A ping answered means the start's update has arrived before it (one connection's messages keep their order).
    for (const c of others) await c.request({ v: V, type: 'ping' }, 'pong');
    const before = others.map((c) => c.received.length);
    const spectatorSeq = spectator.received.filter((m) => m.type === 'update' || m.type === 'welcome').at(-1)!.seq;
    const mine = await seats[commissar - 1].request({ v: V, type: 'command', id: 'chk', command: { type: 'act', by: commissar, act: 'check', target } }, 'update');
    expect(mine.items[0].by).toBe(commissar);
    expect(mine.items[0].events.map((e: { type: string }) => e.type)).toEqual(['ActRecorded']);
    const hostSaw = await host.next((m) => m.type === 'update' && m.items.some((i: { by: unknown }) => i.by === commissar));
    expect(hostSaw.items[0].events.map((e: { type: string }) => e.type)).toEqual(['ActRecorded']);
    // Everybody else gets no message at all (R-NIGHT-4): not even an empty one saying that somebody acted.
    await host.request({ v: V, type: 'ping' }, 'pong');
    for (const [k, c] of others.entries()) {
      await c.request({ v: V, type: 'ping' }, 'pong');
      expect(c.received.slice(before[k]).filter((m) => m.type !== 'pong')).toEqual([]);
    }
    // A spectator who comes back after the act is not told of it in what it missed, and its numbering
    // has not moved: the act is not counted for anybody who may not see it.
    const late = await Client.open(server.ws);
    const w = await late.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' }, lastSeq: spectatorSeq }, 'welcome');
    expect(w.seq).toBe(spectatorSeq);
    expect(w.items).toEqual([]);
    expect((await late.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' }, lastSeq: spectatorSeq + 1 }, 'error')).code).toBe('bad-last-seq');
  });

  it('numbers each viewer\'s messages by what he was sent, so a reconnecting player gets exactly his own missed entries', async () => {
    const { seats, host, started, created, tokens } = await startedRoom('human', 'sport');
    const roles: string[] = started.view.seats.map((s: { role: string }) => s.role);
    const commissar = roles.indexOf('commissar') + 1;
    const civ = roles.indexOf('civilian') + 1;
    const startSeq = started.seq;
    const acts = (started.pending as { kind: string; seat: number; acts: string[] }[]).filter((p) => p.kind === 'act');
    expect(acts.length).toBeGreaterThan(1);
    for (const p of acts) {
      const target = p.seat === civ ? (civ === 1 ? 2 : 1) : civ;
      await seats[p.seat - 1].request({ v: V, type: 'command', id: `a${p.seat}`, command: { type: 'act', by: p.seat, act: p.acts[0], target } }, 'update');
    }
    const end = await host.request({ v: V, type: 'command', id: 'end', command: { type: 'endNight' } }, 'update');
    expect(end.seq).toBe(startSeq + acts.length + 1);
    const civEnd = await seats[civ - 1].next((m) => m.type === 'update' && m.items.some((i: { events?: { type: string }[] }) => i.events?.some((e) => e.type === 'NightResolved')));
    // The civilian's numbering skips nothing: the morning is the very next number after the start.
    expect(civEnd.seq).toBe(startSeq + 1);
    const comEnd = await seats[commissar - 1].next((m) => m.type === 'update' && m.items.some((i: { events?: { type: string }[] }) => i.events?.some((e) => e.type === 'NightResolved')));
    expect(comEnd.seq).toBe(startSeq + 2);
    // Coming back from before the night: the Commissar gets his check and the morning, the civilian the morning only.
    const back = await Client.open(server.ws);
    const w = await back.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: commissar, token: tokens[commissar - 1] }, lastSeq: startSeq }, 'welcome');
    expect(w.seq).toBe(startSeq + 2);
    expect(w.items.map((i: { seq: number; by: unknown }) => [i.seq, i.by])).toEqual([[startSeq + 1, commissar], [startSeq + 2, 'host']]);
    const w2 = await back.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: civ, token: tokens[civ - 1] }, lastSeq: startSeq }, 'welcome');
    expect(w2.items.map((i: { seq: number; by: unknown }) => [i.seq, i.by])).toEqual([[startSeq + 1, 'host']]);
    expect(JSON.stringify(w2.items)).not.toMatch(/ActRecorded/);
    // A command id re-sent is acknowledged at the sender's own number.
    const dup = await seats[commissar - 1].request({ v: V, type: 'command', id: `a${commissar}`, command: { type: 'act', by: commissar, act: 'check', target: 1 } }, 'ack');
    expect(dup.seq).toBe(startSeq + 1);
  });

  it('gives a civilian byte-identical messages through the night whatever the others do, and in whatever order', async () => {
    /** One night in a fresh sport room: every seat with a night act acts, in `order`; what seat `civ` received from the start until the night's end. */
    async function night(order: 'forward' | 'backward', commissarActs: boolean) {
      const { seats, host, started } = await startedRoom('human', 'sport');
      const roles: string[] = started.view.seats.map((s: { role: string }) => s.role);
      let acts = (started.pending as { kind: string; seat: number; acts: string[] }[]).filter((p) => p.kind === 'act');
      if (!commissarActs) acts = acts.filter((p) => roles[p.seat - 1] !== 'commissar');
      if (order === 'backward') acts = [...acts].reverse();
      const civ = roles.indexOf('civilian') + 1;
      const mark = seats[civ - 1].received.length;
      for (const p of acts) {
        const target = p.seat === civ ? (civ === 1 ? 2 : 1) : civ;
        const u = await seats[p.seat - 1].request({ v: V, type: 'command', id: `a${p.seat}`, command: { type: 'act', by: p.seat, act: p.acts[0], target } });
        expect([u.type, u.code, u.message, JSON.stringify(p)]).toEqual(['update', undefined, undefined, JSON.stringify(p)]);
      }
      await seats[civ - 1].request({ v: V, type: 'ping' }, 'pong');
      const during = seats[civ - 1].received.slice(mark).filter((m) => m.type !== 'pong');
      await host.request({ v: V, type: 'command', id: 'end', command: { type: 'endNight' } }, 'update');
      const civEnd = await seats[civ - 1].next((m) => m.type === 'update' && m.items.some((i: { events?: { type: string }[] }) => i.events?.some((e) => e.type === 'NightResolved')));
      await host.close();
      return { acts: acts.length, roles, civ, during: JSON.stringify(during), civEnd };
    }
    const a = await night('forward', true);
    const b = await night('backward', true);
    const c = await night('forward', false);
    expect(a.acts).toBeGreaterThan(1);
    expect(c.acts).toBe(a.acts - 1);
    // Nothing at all reached the civilian while the others acted, in either order, with or without the Commissar's check.
    expect(a.during).toBe('[]');
    expect(b.during).toBe(a.during);
    expect(c.during).toBe(a.during);
    // The night's end carries no act either (only the public result), and its number does not count the acts.
    for (const r of [a, b, c]) expect(JSON.stringify(r.civEnd.items)).not.toMatch(/ActRecorded|"check"/);
    expect(b.civEnd.seq).toBe(a.civEnd.seq);
    expect(c.civEnd.seq).toBe(a.civEnd.seq);
  });

  it('ends an app-hosted night on its timer only, not as soon as every act is in (R-NIGHT-4)', async () => {
    const { seats, started } = await startedRoom('app', 'sport', { nightStep: 0.5 });
    const deadline: number = started.timer.deadline;
    // The room admin sees no pending decisions (a spectator's view): each seat is told its own.
    expect(started.pending).toEqual([]);
    const starts = await Promise.all(seats.map((c) => c.next((m) => m.type === 'update' && m.view !== null)));
    const acts = starts.flatMap((u) => u.pending as { kind: string; seat: number; acts: string[] }[]).filter((p) => p.kind === 'act');
    expect(acts.length).toBeGreaterThan(0);
    for (const p of acts) {
      await seats[p.seat - 1].request({ v: V, type: 'command', id: `a${p.seat}`, command: { type: 'act', by: p.seat, act: p.acts[0], target: p.seat === 1 ? 2 : 1 } }, 'update');
    }
    const morning = await seats[0].next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    expect(morning.items[0].by).toBe('app');
  });

  it('keeps time in a human-hosted room without taking a step itself', async () => {
    const { host, started } = await startedRoom('human');
    expect(started.timer.kind).toBe('night');
    expect(started.timer.deadline).toBeGreaterThan(Date.now());
    const u = await host.request({ v: V, type: 'command', id: 'n', command: { type: 'endNight' } }, 'update');
    expect(u.timer.kind).toBe('speech');
    expect(u.items[0].by).toBe('host');
  });
});

describe('host controls', () => {
  it('releases a seat: its token stops working, its connection is told, the seat may be claimed again', async () => {
    const { created, tokens, seats, host, spectator } = await startedRoom();
    expect((await seats[2].request({ v: V, type: 'release', seat: 3, id: 'r0' }, 'error')).code).toBe('host-only');
    const u = await host.request({ v: V, type: 'release', seat: 3, id: 'r1' }, 'update');
    expect(u.ack).toBe('r1');
    expect(u.items).toEqual([{ seq: u.seq, kind: 'release', seat: 3 }]);
    expect(u.lobby.claimed[2]).toBeNull();
    expect((await seats[2].next((m) => m.code === 'seat-released')).type).toBe('error');
    expect((await spectator.next((m) => m.type === 'update' && m.seq === u.seq)).items[0]).toEqual({ seq: u.seq, kind: 'release', seat: 3 });
    // The released connection is out of the room; the old token is refused; a new claim takes the seat.
    expect((await seats[2].request({ v: V, type: 'command', id: 'q', command: { type: 'endNight' } }, 'error')).code).toBe('not-in-room');
    const c = await Client.open(server.ws);
    expect((await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 3, token: tokens[2] } }, 'error')).code).toBe('seat-not-claimed');
    // The game has started: the seat is claimed with the code the host's device shows for it.
    const shown = await host.next((m) => m.type === 'seatCodes' && m.codes.some((x: Record<string, any>) => x.seat === 3));
    const w = await c.request({ v: V, type: 'claim', room: created.code, seat: 3, name: 'New', seatCode: shown.codes[0].code }, 'welcome');
    expect(w.lobby.claimed[2]).toBe('New');
    expect(w.view.me.seat).toBe(3);
    expect((await host.request({ v: V, type: 'release', seat: 3, id: 'r2' }, 'update')).seq).toBe(w.seq + 1);
    expect((await host.request({ v: V, type: 'release', seat: 3, id: 'r3' }, 'error')).code).toBe('seat-not-claimed');
    await host.close();
  });

  it('moves the running step\'s deadline for the host only, logged and told to everybody', async () => {
    const { seats, host, spectator, started, created } = await startedRoom();
    const deadline: number = started.timer.deadline;
    expect((await seats[0].request({ v: V, type: 'timer', add: 10 }, 'error')).code).toBe('host-only');
    expect((await host.request({ v: V, type: 'timer', add: 0 }, 'error')).path).toBe('add');
    const u = await host.request({ v: V, type: 'timer', add: 10, id: 't1' }, 'update');
    expect(u.ack).toBe('t1');
    // At night only the step being called (the first) gets longer; the later steps start 10 s later.
    // A human host's night stays on the step he opened (issue 23 point 1): step 0 since the night began.
    const starts: number[] = started.timer.steps;
    expect(started.timer).toMatchObject({ step: 0, stepAt: started.timer.started });
    expect(u.timer).toEqual({ kind: 'night', started: started.timer.started, deadline: deadline + 10_000, steps: starts.map((at, i) => (i === 0 ? at : at + 10_000)), step: 0, stepAt: started.timer.stepAt });
    expect(u.items).toEqual([{ seq: u.seq, kind: 'timer', deadline: deadline + 10_000 }]);
    expect((await spectator.next((m) => m.type === 'update' && m.items[0]?.kind === 'timer')).timer.deadline).toBe(deadline + 10_000);
    // Never into the past: at the earliest, now.
    const before = Date.now();
    const back = await host.request({ v: V, type: 'timer', add: -600, id: 't2' }, 'update');
    expect(back.timer.deadline).toBeGreaterThanOrEqual(before);
    expect(back.timer.deadline).toBeLessThan(deadline);
    // The step's next command keeps the moved deadline only while the step lasts: a new step, a new timer.
    const day = await host.request({ v: V, type: 'command', id: 'n', command: { type: 'endNight' } }, 'update');
    expect(day.timer.kind).toBe('speech');
    // A reloaded room has the moved deadline from its log.
    const t3 = await host.request({ v: V, type: 'timer', add: 5, id: 't3' }, 'update');
    const c = await Client.open(server.ws);
    const w = await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
    expect(w.timer).toEqual(t3.timer);
    expect((await server.storage.readLog(created.room)).filter((r) => r.kind === 'timer')).toHaveLength(3);
  });

  it('closes a room: everybody is told, nothing more is accepted, and it is not resumed', async () => {
    const { created, seats, host } = await startedRoom();
    expect((await seats[0].request({ v: V, type: 'close', id: 'c0' }, 'error')).code).toBe('host-only');
    const u = await host.request({ v: V, type: 'close', id: 'c1' }, 'update');
    expect(u.items).toEqual([{ seq: u.seq, kind: 'close' }]);
    expect(u.lobby.closed).toBe(true);
    expect(u.timer).toBeNull();
    for (const s of seats) expect((await s.next((m) => m.type === 'update' && m.seq === u.seq)).lobby.closed).toBe(true);
    expect((await host.request({ v: V, type: 'command', id: 'n', command: { type: 'endNight' } }, 'error')).code).toBe('room-closed');
    expect((await host.request({ v: V, type: 'close', id: 'c2' }, 'error')).code).toBe('room-closed');
    const c = await Client.open(server.ws);
    expect((await c.request({ v: V, type: 'claim', room: created.code, seat: 1 }, 'error')).code).toBe('room-closed');
    // A spectator may still come in and read what happened.
    expect((await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome')).lobby.closed).toBe(true);
    expect((await server.storage.roomById(created.room))!.ended).toBe(true);
    expect((await server.storage.openRooms()).map((r) => r.id)).not.toContain(created.room);
    expect(await logLength(created.room)).toBe(u.seq);
    expect((await (await fetch(`${server.base}/api/rooms/${created.code}`)).json()).closed).toBe(true);
  });
});

describe('the WebSocket endpoint', () => {
  it('upgrades only /ws: another path is refused with 404, a plain GET /ws with 426 and a JSON error', async () => {
    const other = new WebSocket(server.ws.replace(/\/ws$/, '/elsewhere'));
    const status = await new Promise<number>((res) => {
      other.on('unexpected-response', (_req, r) => res(r.statusCode ?? 0));
      other.on('open', () => res(101));
      other.on('error', () => undefined);
    });
    expect(status).toBe(404);
    const plain = await fetch(`${server.base}/ws`);
    expect(plain.status).toBe(426);
    expect((await plain.json()).error.code).toBe('upgrade-required');
  });

  it('closes every connection with 1001 when the server stops, and the stop does not hang on them', async () => {
    const own = tempDbUrl();
    const s = await startServer(own.url);
    const clients = await Promise.all([1, 2, 3].map(() => Client.open(s.ws)));
    const closed = clients.map((c) => new Promise<number>((res) => (c.closed ? res(c.closed.code) : c.socket.once('close', (code: number) => res(code)))));
    await s.stop();
    expect(await Promise.all(closed)).toEqual([1001, 1001, 1001]);
    own.cleanup();
  });
});

describe('bad input', () => {
  it('answers malformed, unknown, wrong-version and oversized messages with an error and keeps the connection', async () => {
    const c = await Client.open(server.ws);
    expect((await c.request('not json', 'error')).code).toBe('malformed');
    expect((await c.request({ v: 2, type: 'ping' }, 'error')).code).toBe('bad-version');
    expect((await c.request({ v: V, type: 'dance' }, 'error')).code).toBe('unknown-type');
    const bad = await c.request({ v: V, type: 'command', id: 'q', command: { type: 'vote', by: 'one', target: 2 } }, 'error');
    expect(bad.code).toBe('bad-message');
    expect(bad.message).toMatch(/command\.by/);
    expect((await c.request({ v: V, type: 'ping', pad: 'x'.repeat(5000) }, 'error')).code).toBe('oversized');
    expect((await c.request({ v: V, type: 'command', id: 'q', command: { type: 'endNight' } }, 'error')).code).toBe('not-in-room');
    expect((await c.request({ v: V, type: 'ping' }, 'pong')).type).toBe('pong');
    expect(c.closed).toBeNull();
    for (const m of c.received) expect(JSON.stringify(m)).not.toMatch(/\.ts:\d+|stack/i);
  });

  it('closes a connection after repeated abuse', async () => {
    const c = await Client.open(server.ws);
    for (let i = 0; i < 12; i++) c.send('garbage');
    await c.next((m) => m.code === 'too-many-errors');
    await new Promise<void>((res) => (c.closed ? res() : c.socket.once('close', () => res())));
    expect(c.closed?.code).toBe(1008);
  });

  it('rate-limits a connection that floods', async () => {
    const c = await Client.open(server.ws);
    for (let i = 0; i < 60; i++) c.send({ v: V, type: 'ping' });
    const limited = await c.next((m) => m.code === 'rate-limited');
    expect(limited.message).toMatch(/messages a second/);
  });
});
