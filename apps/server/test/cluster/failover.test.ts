import { beforeAll, describe, expect, it } from 'vitest';
import { Client, createRoom, seatTheTable, V } from '../helpers.js';
import { clusterSuite, hostCommands, type Node } from './nodes.js';

type Msg = Record<string, any>;

const cluster = clusterSuite();
let a: Node;
let b: Node;
let c: Node;

beforeAll(async () => {
  a = await cluster().start('a');
  b = await cluster().start('b');
  c = await cluster().start('c');
}, 60_000);

/** The latest update or welcome a client got. */
const latest = (x: Client): Msg => [...x.received].reverse().find((m) => m.type === 'update' || m.type === 'welcome')!;
const eventsOf = (log: { kind: string; body: Msg }[]): Msg[] => log.flatMap((e) => (Array.isArray(e.body.events) ? e.body.events : []));

describe('failover: kill -9 of the node holding a room', () => {
  it('mid-vote: another node holds the room within 5 s, every acknowledged vote is in the log once, clients resume on the other nodes', async () => {
    const created = await createRoom(a.base, { preset: 'classic', seats: 10, mode: 'human' });
    // Seats 1–5 straight to A, 6–10 through B; the host through C.
    const direct = await seatTheTable(a.ws, created, { seats: 5 });
    const { seats: passed, tokens: passedTokens } = await seatThrough(b.ws, created.code, 6, 10);
    const seats = [...direct.seats, ...passed];
    const tokens = [...direct.tokens, ...passedTokens];
    await direct.host.close();
    const host = await Client.open(c.ws);
    await host.request({ v: V, type: 'hello', room: created.code, auth: { as: 'host', key: created.hostKey } }, 'welcome');
    const hostCmd = hostCommands(host);
    await host.request({ v: V, type: 'start', id: 'start' }, 'update');
    let u = await hostCmd({ type: 'endNight' });
    for (let guard = 0; u.view.day?.stage !== 'vote' && guard < 40; guard++) {
      const p = u.pending.find((x: Msg) => x.kind === 'nominate');
      if (p && u.view.day.nominations.length < 2) {
        const r = await seats[p.seat - 1]!.request({ v: V, type: 'command', id: `nom${p.seat}`, command: { type: 'nominate', by: p.seat, target: (p.seat % 10) + 1 } }, 'update');
        expect(r.ack).toBe(`nom${p.seat}`);
      }
      u = await hostCmd({ type: 'endSpeech' });
    }
    expect(u.view.day.stage).toBe('vote');
    const candidate = u.view.day.candidates[0];
    // Seats 1–3 (on A) and 6–7 (through B) vote and see their acks; seat 8 sends and A dies at once.
    for (const seat of [1, 2, 3, 6, 7]) {
      const r = await seats[seat - 1]!.request({ v: V, type: 'command', id: `vote${seat}`, command: { type: 'vote', by: seat, target: candidate } }, 'update');
      expect(r.ack).toBe(`vote${seat}`);
    }
    seats[7]!.send({ v: V, type: 'command', id: 'vote8', command: { type: 'vote', by: 8, target: candidate } });
    const killedAt = Date.now();
    await a.kill9();
    const held = await cluster().heldAgain(created.room, 'a', killedAt);
    console.log(`failover mid-vote: held again by ${held.by} ${held.ms} ms after the kill`);
    expect(held.ms).toBeLessThan(5000);

    const lastSeen = seats.map((x) => latest(x).seq as number);
    for (const x of [...seats, host]) await x.close();
    // Every seat comes back, half to B and half to C, with its last seq: it gets exactly what it missed.
    const back: Client[] = [];
    for (let seat = 1; seat <= 10; seat++) {
      const x = await Client.open(seat % 2 === 0 ? b.ws : c.ws);
      const w = await x.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat, token: tokens[seat - 1] }, lastSeq: lastSeen[seat - 1] }, 'welcome');
      expect(w.items.map((i: Msg) => i.seq)).toEqual(Array.from({ length: w.seq - lastSeen[seat - 1]! }, (_, k) => lastSeen[seat - 1]! + 1 + k));
      expect(w.view.day.stage).toBe('vote');
      back.push(x);
    }
    // The acknowledged votes, re-sent, are answered as duplicates; seat 8 re-sends its own.
    for (const seat of [1, 2, 3, 6, 7]) {
      const dup = await back[seat - 1]!.request({ v: V, type: 'command', id: `vote${seat}`, command: { type: 'vote', by: seat, target: candidate } }, 'ack');
      expect(dup.duplicate).toBe(true);
    }
    const again = await back[7]!.request({ v: V, type: 'command', id: 'vote8', command: { type: 'vote', by: 8, target: candidate } });
    expect(['ack', 'update']).toContain(again.type);
    // The game goes on at its new holder: seat 9 votes there.
    const nine = await back[8]!.request({ v: V, type: 'command', id: 'vote9', command: { type: 'vote', by: 9, target: candidate } }, 'update');
    expect(nine.ack).toBe('vote9');
    for (const x of back) await x.close();

    const log = await cluster().log(created.room);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, k) => k + 1));
    const voters = eventsOf(log).filter((e) => e.type === 'VoteCast').map((e) => e.by).sort((x: number, y: number) => x - y);
    expect(voters).toEqual([1, 2, 3, 6, 7, 8, 9]);
  }, 90_000);

  it('mid-night: an app-hosted night goes on at the new holder from the log, its timer run once', async () => {
    const survivors = [b, c];
    // The room is made on whichever survivor: it is its holder; that one is killed.
    const holder = survivors[0]!;
    const other = survivors[1]!;
    const created = await createRoom(holder.base, { preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 3 } });
    const table = await seatTheTable(other.ws, created);
    const started = await table.host.request({ v: V, type: 'start', id: 'start' }, 'update');
    expect(started.view.phase.kind).toBe('night');
    const killedAt = Date.now();
    await holder.kill9();
    // The only node left takes the room over (its clients' links to the dead node closed).
    const held = await cluster().heldAgain(created.room, holder.id, killedAt);
    expect(held.by).toBe(other.id);
    console.log(`failover mid-night: held again by ${held.by} ${held.ms} ms after the kill`);
    expect(held.ms).toBeLessThan(5000);
    const lastSeq = latest(table.host).seq as number;
    for (const x of [...table.seats, table.host]) await x.close();
    const seat = await Client.open(other.ws);
    await seat.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 1, token: table.tokens[0] } }, 'welcome');
    const admin = await Client.open(other.ws);
    let w = await admin.request({ v: V, type: 'hello', room: created.code, auth: { as: 'admin', key: created.adminKey }, lastSeq }, 'welcome');
    if (w.view.phase.kind === 'night') w = await admin.next((m) => m.type === 'update' && m.view.phase.kind === 'day', 60_000);
    expect(w.view.phase.kind).toBe('day');
    await seat.close();
    await admin.close();
    const log = await cluster().log(created.room);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, k) => k + 1));
    expect(eventsOf(log).filter((e) => e.type === 'DayStarted')).toHaveLength(1);
  }, 90_000);
});

/** Claims seats `from`..`to` through one node: the clients and tokens in seat order. */
async function seatThrough(ws: string, code: string, from: number, to: number): Promise<{ seats: Client[]; tokens: string[] }> {
  const seats: Client[] = [];
  const tokens: string[] = [];
  for (let seat = from; seat <= to; seat++) {
    const x = await Client.open(ws);
    const w = await x.request({ v: V, type: 'claim', room: code, seat }, 'welcome');
    tokens.push(w.token);
    seats.push(x);
  }
  return { seats, tokens };
}
