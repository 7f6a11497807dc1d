import { createServer, connect, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client, createRoom, seatTheTable, V } from '../helpers.js';
import { freePort } from '../process.js';
import { clusterSuite } from './nodes.js';


const nodes = clusterSuite();

/** A TCP relay to the machine's Redis that the test can cut: the node behind it is partitioned from Redis, not from PostgreSQL. */
async function cuttableRedis(): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const open = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) return client.destroy();
    const up = connect(6379, '127.0.0.1');
    for (const s of [client, up]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(up).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('a node cut off from Redis', () => {
  it('loses its rooms to another node and can no longer append to them: its client is told the room moved, nothing is written', async () => {
    const relay = await cuttableRedis();
    const a = await nodes().start('a', { redisUrl: relay.url });
    const b = await nodes().start('b');
    const created = await createRoom(a.base, { preset: 'classic', seats: 10, mode: 'human' });
    const table = await seatTheTable(a.ws, created);
    const ok = await table.host.request({ v: V, type: 'start', id: 'start' }, 'update');
    expect(ok.ack).toBe('start');
    expect(await nodes().holder(created.room)).toBe('a');

    const cutAt = Date.now();
    relay.cut();
    const held = await nodes().heldAgain(created.room, 'a', cutAt);
    expect(held.by).toBe('b');
    console.log(`partition: room held by b ${held.ms} ms after a was cut off from Redis`);

    // A still has the room in memory and its host still talks to A: the append is fenced off.
    const answer = await table.host.request({ v: V, type: 'command', id: 'stale', command: { type: 'endNight' } });
    expect(answer.type).toBe('error');
    expect(answer.code).toBe('room-moved');
    await new Promise((r) => setTimeout(r, 200));
    expect(table.host.closed?.code).toBe(1012);
    const log = await nodes().log(created.room);
    expect(log.some((e) => e.body.id === 'stale')).toBe(false);

    // The host reconnects (to B) and ends the night there, once.
    const host = await Client.open(b.ws);
    await host.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: created.hostKey } }, 'welcome');
    const ended = await host.request({ v: V, type: 'command', id: 'fresh', command: { type: 'endNight' } }, 'update');
    expect(ended.view.phase.kind).toBe('day');
    expect((await nodes().log(created.room)).filter((e) => e.body.id === 'fresh')).toHaveLength(1);
    for (const x of [...table.seats, host]) await x.close();
    await relay.close();
  }, 90_000);
});
