import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldLog } from '@mafia/engine';
import type { KyselyStorage } from '../src/storage/kyselyStorage.js';
import { runLoadtest } from '../../../packages/cli/src/loadtest/run.js';
import { startServer, tempDbUrl } from './helpers.js';

let server: Awaited<ReturnType<typeof startServer>>;
let db: ReturnType<typeof tempDbUrl>;

beforeAll(async () => {
  db = tempDbUrl();
  server = await startServer(db.url);
});
afterAll(async () => {
  await server.stop();
  db.cleanup();
});

describe('the app as host, online', () => {
  it('plays complete games with bot clients over WebSockets (the load test, small, its starts spread), every event in the log', async () => {
    // idleSeconds: the load test's two 15 s settles before its memory samples serve its RSS figures;
    // this test reads no memory figure, so half a second each (issue 25: CI time).
    // startOverSeconds: the rooms start 0.4 s apart (`--start-over 1.2`), checked on their start entries below.
    const report = await runLoadtest({ url: server.base, rooms: 3, players: 10, preset: 'classic', thinkMs: 0, stepSeconds: 0.05, connectConcurrency: 10, timeoutSeconds: 120, idleSeconds: 0.5, startOverSeconds: 1.2 });
    expect(report.errors).toEqual({});
    expect(report.connections).toBe(30);
    expect(report.gamesFinished).toBe(3);
    expect(report.latencyMs.samples).toBeGreaterThan(0);
    expect(await server.storage.openRooms()).toEqual([]);
    // Every finished game left memory once its players had gone (it is loaded again from the log if asked).
    for (let i = 0; i < 200 && server.manager.roomCount > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.manager.roomCount).toBe(0);
    // Every game's log folds back to an ended game whose last entry holds GameEnded.
    const ids = await (server.storage as KyselyStorage).db.selectFrom('rooms').select('id').execute();
    expect(ids.length).toBe(3);
    const starts: number[] = [];
    for (const { id } of ids) {
      const entries = await server.storage.readLog(id);
      const events = entries.flatMap((e) => (e.kind === 'claim' ? [] : JSON.parse(e.body).events));
      expect(foldLog(events).phase.kind).toBe('ended');
      expect(JSON.parse(entries[entries.length - 1].body).events.some((e: { type: string }) => e.type === 'GameEnded')).toBe(true);
      expect(entries.filter((e) => e.kind === 'claim').length).toBe(10);
      starts.push(entries.find((e) => e.kind === 'start')!.at);
    }
    // Each room was started when its turn came, not all three at once.
    starts.sort((a, b) => a - b);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(300);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(300);
  });

  it('plays them with the day chat on (the load test\'s --chat): lines are written and timed apart, commands still measured', async () => {
    const report = await runLoadtest({ url: server.base, rooms: 2, players: 10, preset: 'classic', thinkMs: 0, stepSeconds: 0.05, connectConcurrency: 10, timeoutSeconds: 120, idleSeconds: 0.5, chatSeconds: 0.1 });
    expect(report.errors).toEqual({});
    expect(report.gamesFinished).toBe(2);
    expect(report.latencyMs.samples).toBeGreaterThan(0);
    const chat = report.chat!;
    expect(chat.written).toBeGreaterThan(0);
    // Every line sent was answered: written or refused (a night fell first, a flood).
    expect(chat.written + Object.values(chat.refused).reduce((a, b) => a + b, 0)).toBe(chat.sent);
    // No line is counted as a command: the commands' samples are the commands acknowledged.
    expect(report.latencyMs.samples).toBeLessThanOrEqual(report.commands);
    const rooms = await server.storage.openRooms();
    expect(rooms).toEqual([]);
    // The server's own account: every line and command went through each stage.
    const account = report.serverAccount;
    if ('error' in account) throw new Error(account.error);
    expect(account.stages.total!.count).toBeGreaterThanOrEqual(chat.written + report.latencyMs.samples);
    expect(account.commits!.count).toBeGreaterThan(0);
    // And second by second: the run's seconds, each with the work it held.
    const seconds = report.serverSeconds;
    if ('error' in seconds) throw new Error(seconds.error);
    expect(seconds.seconds).toBeGreaterThanOrEqual(1);
    expect(seconds.all.messages).toBeGreaterThan(0);
  });

  it('plays_them_in_worker_threads_with_workers_and_gathers_every_thread_s_count', async () => {
    const report = await runLoadtest({ url: server.base, rooms: 3, players: 10, preset: 'classic', thinkMs: 0, stepSeconds: 0.05, connectConcurrency: 10, timeoutSeconds: 120, idleSeconds: 0.5, chatSeconds: 0.1, workers: 2 });
    expect(report.errors).toEqual({});
    expect(report.workers).toBe(2);
    expect(report.connections).toBe(30);
    expect(report.gamesFinished).toBe(3);
    // Each thread's samples and counts reached the main thread: one sample per acknowledged command.
    expect(report.latencyMs.samples).toBeGreaterThan(0);
    expect(report.latencyMs.samples).toBeLessThanOrEqual(report.commands);
    const chat = report.chat!;
    expect(chat.written).toBeGreaterThan(0);
    expect(chat.written + Object.values(chat.refused).reduce((a, b) => a + b, 0)).toBe(chat.sent);
    expect(await server.storage.openRooms()).toEqual([]);
  });
});
