import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage/open.js';
import { Client, createRoom, seatTheTable, V } from './helpers.js';
import { freePort, spawnServer, type ServerProcess } from './process.js';
import { TARGETS } from './storageTargets.js';

type Msg = Record<string, any>;

beforeAll(() => {
  // The crash test runs the built server, as `npm start` does: build it (a no-op when up to date).
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url)), '-b', 'apps/server'], { cwd: root, stdio: 'pipe' });
});

/** The latest update or welcome a client got. */
const latest = (c: Client): Msg => [...c.received].reverse().find((m) => m.type === 'update' || m.type === 'welcome')!;

/** Every server this file starts: killed at the end even when a test fails half-way. */
const started: ServerProcess[] = [];
const spawnTracked = async (url: string, port: number): Promise<ServerProcess> => {
  const p = await spawnServer(url, port);
  started.push(p);
  return p;
};
afterAll(async () => {
  for (const p of started) await p.kill9();
});

for (const make of TARGETS) {
  const target = make();
  describe(`kill -9 mid-game (${target.name})`, () => {
    afterAll(() => target.cleanup());

    it('resumes every room from its log: nothing acknowledged is lost, nothing is applied twice, missed entries are resent', async () => {
      const url = await target.url();
      const port = await freePort();
      let server: ServerProcess = await spawnTracked(url, port);
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
      // An app-hosted room on the shortest night steps the server accepts: its night ends after the restart.
      const timed = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 3 } });

      const { seats, tokens, host } = await seatTheTable(server.ws, created);
      // An app room starts only with every seat claimed.
      const timedTable = await seatTheTable(server.ws, timed);
      const timedHost = timedTable.host;

      let n = 0;
      const hostCmd = async (command: Msg) => {
        const u = await host.request({ v: V, type: 'command', id: `h${++n}`, command }, 'update');
        expect(u.ack).toBe(`h${n}`);
        return u;
      };
      await host.request({ v: V, type: 'start', id: 'start' }, 'update');
      const timedStart = await timedHost.request({ v: V, type: 'start', id: 'start' }, 'update');
      expect(timedStart.view.phase.kind).toBe('night');
      let u = await hostCmd({ type: 'endNight' });
      // Day 1: two nominations, then the host runs the speeches until the vote opens.
      for (let guard = 0; u.view.day?.stage !== 'vote' && guard < 40; guard++) {
        const p = u.pending.find((x: Msg) => x.kind === 'nominate');
        if (p && u.view.day.nominations.length < 2) {
          const target = (p.seat % 10) + 1;
          const r = await seats[p.seat - 1].request({ v: V, type: 'command', id: `nom${p.seat}`, command: { type: 'nominate', by: p.seat, target } }, 'update');
          expect(r.ack).toBe(`nom${p.seat}`);
        }
        u = await hostCmd({ type: 'endSpeech' });
      }
      expect(u.view.day.stage).toBe('vote');
      const candidates: number[] = u.view.day.candidates;
      // Five seats vote and see their vote acknowledged; the sixth sends and the server dies at once.
      for (let seat = 1; seat <= 5; seat++) {
        const r = await seats[seat - 1].request({ v: V, type: 'command', id: `vote${seat}`, command: { type: 'vote', by: seat, target: candidates[0] } }, 'update');
        expect(r.ack).toBe(`vote${seat}`);
      }
      const acked = latest(host).seq;
      seats[5].send({ v: V, type: 'command', id: 'vote6', command: { type: 'vote', by: 6, target: candidates[0] } });
      await server.kill9();
      const lastSeen = seats.map((c) => latest(c).seq as number);
      for (const c of [...seats, host, timedHost, ...timedTable.seats]) await c.close();
      await new Promise((r) => setTimeout(r, 1600));

      server = await spawnTracked(url, port);
      // Every seat comes back with its last seq and gets exactly the entries after it.
      const back: Client[] = [];
      const welcomes: Msg[] = [];
      for (let seat = 1; seat <= 10; seat++) {
        const c = await Client.open(server.ws);
        const w = await c.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat, token: tokens[seat - 1] }, lastSeq: lastSeen[seat - 1] }, 'welcome');
        expect(w.seq).toBeGreaterThanOrEqual(acked);
        expect(w.items.map((i: Msg) => i.seq)).toEqual(Array.from({ length: w.seq - lastSeen[seat - 1] }, (_, k) => lastSeen[seat - 1] + 1 + k));
        back.push(c);
        welcomes.push(w);
      }
      // The acknowledged votes are there, once each.
      expect(welcomes[0].view.day.stage).toBe('vote');
      expect(welcomes[0].view.day.ballots.slice(0, 5).every((b: number) => b > 0)).toBe(true);
      // Re-sending them (a client that did not see its ack would) applies nothing.
      for (let seat = 1; seat <= 5; seat++) {
        const dup = await back[seat - 1].request({ v: V, type: 'command', id: `vote${seat}`, command: { type: 'vote', by: seat, target: candidates[0] } }, 'ack');
        expect(dup.duplicate).toBe(true);
      }
      // Seat 6 does not know whether its vote landed: it re-sends; either way it counts once.
      const again = await back[5].request({ v: V, type: 'command', id: 'vote6', command: { type: 'vote', by: 6, target: candidates[0] } });
      expect(['ack', 'update']).toContain(again.type);

      // The app room's timer survived the restart: once a player is back (its clock runs only while
      // a seat is connected), the server ends the night itself, once.
      const player = await Client.open(server.ws);
      await player.request({ v: V, type: 'hello', room: timed.code, auth: { as: 'seat', seat: 1, token: timedTable.tokens[0] } }, 'welcome');
      const th = await Client.open(server.ws);
      let tw = await th.request({ v: V, type: 'hello', room: timed.code, auth: { as: 'admin', key: timed.adminKey }, lastSeq: timedStart.seq }, 'welcome');
      if (tw.view.phase.kind === 'night') tw = await th.next((m) => m.type === 'update' && m.view.phase.kind === 'day', 30_000);
      expect(tw.view.phase.kind).toBe('day');
      for (const c of [...back, th, player]) await c.close();
      await server.kill9();

      const storage = await openStorage(url);
      const log = await storage.readLog(created.room);
      expect(log.map((r) => r.seq)).toEqual(log.map((_, k) => k + 1));
      const votes = log.flatMap((r) => (r.kind === 'command' ? JSON.parse(r.body).events : [])).filter((e: Msg) => e.type === 'VoteCast');
      expect(votes.map((e: Msg) => e.by).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      const timedLog = await storage.readLog(timed.room);
      // R-HOST-2: the app host ends a step on its timer with timeUp.
      const nightEnds = timedLog.filter((r) => r.kind === 'command' && JSON.parse(r.body).command.type === 'timeUp');
      expect(nightEnds.length).toBe(1);
      expect(JSON.parse(nightEnds[0].body).by).toBe('app');
      await storage.close();
    });
  });
}
