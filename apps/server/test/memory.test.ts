import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createRoom, seatTheTable, startServer, tempDbUrl, V, type Running } from './helpers.js';
import type { RoomManager } from '../src/room/manager.js';

let server: Running & { manager: RoomManager };
let db: ReturnType<typeof tempDbUrl>;
const IDLE_MS = 150;

beforeAll(async () => {
  db = tempDbUrl();
  server = await startServer(db.url, undefined, IDLE_MS);
});
afterAll(async () => {
  await server.stop();
  db.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** Everything a fresh connection is told on entering (nothing missed, so only the state now). */
async function snapshot(code: string, auth: Record<string, unknown>) {
  const c = await Client.open(server.ws);
  const w = await c.request({ v: V, type: 'hello', room: code, auth, lastSeq: 0 }, 'welcome');
  await c.close();
  return w;
}

describe('rooms in memory', () => {
  it('drops a room nobody is connected to after the idle time and brings it back from the log exactly as it was', async () => {
    const created = await createRoom(server.base, { preset: 'sport', seats: 10, mode: 'human' });
    const { seats, tokens, host } = await seatTheTable(server.ws, created);
    const started = await host.request({ v: V, type: 'start', id: 'go' }, 'update');
    const roles: string[] = started.view.seats.map((s: { role: string }) => s.role);
    const commissar = roles.indexOf('commissar') + 1;
    const checked = await seats[commissar - 1].request({ v: V, type: 'command', id: 'chk', command: { type: 'act', by: commissar, act: 'check', target: commissar === 1 ? 2 : 1 } }, 'update');
    expect(checked.items[0].by).toBe(commissar);

    // While somebody is connected, the room stays, however long.
    await sleep(IDLE_MS * 3);
    expect(server.manager.inMemory(created.room)).toBe(true);
    const hostAuth = { as: 'host', key: created.hostKey };
    const seatAuth = { as: 'seat', seat: commissar, token: tokens[commissar - 1] };
    const before = { host: await snapshot(created.code, hostAuth), seat: await snapshot(created.code, seatAuth), spectator: await snapshot(created.code, { as: 'spectator' }) };
    for (const c of [...seats, host]) await c.close();

    await until(() => !server.manager.inMemory(created.room));
    expect(server.manager.roomCount).toBe(0);
    // The lobby look-up and the hellos load it again, and every viewer is told exactly what it was told before.
    const lobby = await (await fetch(`${server.base}/api/rooms/${created.code}`)).json();
    expect(lobby).toEqual(before.host.lobby);
    const after = { host: await snapshot(created.code, hostAuth), seat: await snapshot(created.code, seatAuth), spectator: await snapshot(created.code, { as: 'spectator' }) };
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect(after.seat.view.myActs.length).toBe(1);

    // And it plays on: a re-sent command id is still answered as a duplicate, a new command is applied.
    const back = await Client.open(server.ws);
    await back.request({ v: V, type: 'hello', room: created.code, auth: seatAuth }, 'welcome');
    expect(await back.request({ v: V, type: 'command', id: 'chk', command: { type: 'act', by: commissar, act: 'check', target: 1 } }, 'ack')).toMatchObject({ duplicate: true, seq: checked.seq });
    const h = await Client.open(server.ws);
    await h.request({ v: V, type: 'hello', room: created.code, auth: hostAuth }, 'welcome');
    const day = await h.request({ v: V, type: 'command', id: 'end', command: { type: 'endNight' } }, 'update');
    expect(day.view.phase.kind).toBe('day');
    expect(day.seq).toBe(checked.seq + 1);
    await back.close();
    await h.close();
  });
});
