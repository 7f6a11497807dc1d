import { describe, expect, it } from 'vitest';
import { Client, controllerAuth, createRoom, seatTheTable, V } from '../helpers.js';
import { clusterSuite } from './nodes.js';

type Msg = Record<string, any>;

const nodes = clusterSuite();

const health = async (base: string): Promise<Msg> => (await fetch(`${base}/api/health`)).json() as Promise<Msg>;

describe('three nodes on one PostgreSQL and one Redis', () => {
  it('a client on node B plays a room node A holds: its frames pass through B, A alone loads the room, any node answers for it', async () => {
    const a = await nodes().start('a');
    const b = await nodes().start('b');
    const c = await nodes().start('c');
    const created = await createRoom(a.base, { preset: 'classic', seats: 10, mode: 'human' });
    expect(await nodes().holder(created.room)).toBe('a');

    // Every seat claims through B, the host through C.
    const table = await seatTheTable(b.ws, created);
    const host = await Client.open(c.ws);
    await host.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
    const started = await host.request({ v: V, type: 'start', id: 'start' }, 'update');
    expect(started.ack).toBe('start');
    const seen = await table.seats[3]!.next((m) => m.type === 'update' && m.view?.phase?.kind === 'night');
    expect(seen.view.phase.kind).toBe('night');

    // Only A has the room in memory; B and C pass their clients on.
    expect((await health(a.base)).cluster).toMatchObject({ node: 'a', rooms: 1 });
    expect((await health(b.base)).cluster).toMatchObject({ node: 'b', rooms: 0 });
    expect((await health(c.base)).rooms).toBe(0);

    // A lobby look-up at C is answered by A through C.
    const lobby = await fetch(`${c.base}/api/rooms/${created.code}`);
    expect(lobby.status).toBe(200);
    expect(((await lobby.json()) as Msg).code).toBe(created.code);

    // A command through C is applied once and reaches the seats on B.
    const ended = await host.request({ v: V, type: 'command', id: 'n1', command: { type: 'endNight' } }, 'update');
    expect(ended.view.phase.kind).toBe('day');
    const day = await table.seats[0]!.next((m) => m.type === 'update' && m.view?.phase?.kind === 'day');
    expect(day.seq).toBe(ended.seq);
    const log = await nodes().log(created.room);
    expect(log.filter((e) => e.body.id === 'n1')).toHaveLength(1);
    for (const s of [...table.seats, host]) await s.close();
  }, 60_000);
});
