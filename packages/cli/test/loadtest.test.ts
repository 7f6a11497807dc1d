import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/io.js';
import { parseLoadtestArgs } from '../src/loadtest.js';
import { readLatest } from '../src/loadtest/readLatest.js';
import { Latencies, Tally } from '../src/loadtest/stats.js';
import { dayChat } from '../src/loadtest/chat.js';
import type { GameView } from '@mafia/engine';

describe('mafia loadtest arguments', () => {
  it('reads the flags and fills the defaults', () => {
    const o = parseLoadtestArgs(['--url', 'http://127.0.0.1:3000', '--rooms', '100', '--players=10']);
    expect(o).toMatchObject({ url: 'http://127.0.0.1:3000', rooms: 100, players: 10, preset: 'classic', thinkMs: 1000, stepSeconds: 5, idleSeconds: 15, json: false });
  });

  it('refuses a missing flag, an unknown one, a bad number and a URL that is not http', () => {
    expect(() => parseLoadtestArgs(['--rooms', '1', '--players', '10'])).toThrow(UsageError);
    expect(() => parseLoadtestArgs(['--url', 'http://x', '--rooms', '1', '--players', '10', '--speed', '3'])).toThrow(/unknown flag --speed/);
    expect(() => parseLoadtestArgs(['--url', 'http://x', '--rooms', 'many', '--players', '10'])).toThrow(/--rooms must be a number/);
    expect(() => parseLoadtestArgs(['--url', 'ws://x', '--rooms', '1', '--players', '10'])).toThrow(/http/);
  });

  it('chats only with --chat: a line per living player every 10 s by day', () => {
    const args = ['--url', 'http://x', '--rooms', '1', '--players', '10'];
    expect(parseLoadtestArgs(args).chatSeconds).toBeUndefined();
    expect(parseLoadtestArgs([...args, '--chat']).chatSeconds).toBe(10);
  });

  it('yields_the_cpu_to_the_server_by_default_and_takes_workers', () => {
    const args = ['--url', 'http://x', '--rooms', '1', '--players', '10'];
    expect(parseLoadtestArgs(args)).toMatchObject({ nice: 10, workers: 1 });
    expect(parseLoadtestArgs([...args, '--nice', '0', '--workers', '3'])).toMatchObject({ nice: 0, workers: 3 });
    expect(() => parseLoadtestArgs([...args, '--nice', '20'])).toThrow(/--nice must be a whole number from 0 to 19/);
    expect(() => parseLoadtestArgs([...args, '--workers', '1.5'])).toThrow(/--workers must be a whole number from 1 to 16/);
  });

  it('starts_every_room_at_once_unless_told_to_spread_the_starts', () => {
    const args = ['--url', 'http://x', '--rooms', '1', '--players', '10'];
    expect(parseLoadtestArgs(args).startOverSeconds).toBe(0);
    expect(parseLoadtestArgs([...args, '--start-over', '60']).startOverSeconds).toBe(60);
    expect(() => parseLoadtestArgs([...args, '--start-over', '-1'])).toThrow(/--start-over must be a number from 0 to 3600/);
  });

  it('accepts_only_step_lengths_the_server_accepts', () => {
    const args = ['--url', 'http://x', '--rooms', '1', '--players', '10', '--step'];
    for (const bad of ['0.05', '4', '5.5']) expect(() => parseLoadtestArgs([...args, bad]), bad).toThrow(/--step must be a whole number from 5 to 600/);
    expect(parseLoadtestArgs([...args, '5']).stepSeconds).toBe(5);
  });
});

describe('the views a load-test player acts on', () => {
  const frame = (o: object) => Buffer.from(JSON.stringify(o));
  const update = { v: 1, type: 'update', seq: 3, items: [] };

  it('checks_a_view_by_the_strict_schema_when_told_and_only_reads_its_json_otherwise', () => {
    const errors = new Tally();
    expect(readLatest(frame(update), true, errors)).toEqual(update);
    // A field the protocol does not declare: the strict check catches it, a plain read does not look.
    const undeclared = { ...update, secret: 'role' };
    expect(readLatest(frame(undeclared), true, errors)).toBeNull();
    expect(Object.keys(errors.counts)).toEqual([expect.stringMatching(/^bad frame: .*secret/)]);
    expect(readLatest(frame(undeclared), false, errors)).toEqual(undeclared);
    expect(errors.total).toBe(1);
  });

  it('counts_a_frame_that_is_not_json_and_ignores_other_messages', () => {
    const errors = new Tally();
    expect(readLatest(Buffer.from('{"v":1,'), false, errors)).toBeNull();
    expect(readLatest(Buffer.from('{"v":1,'), true, errors)).toBeNull();
    expect(errors.total).toBe(2);
    expect(readLatest(frame({ v: 1, type: 'pong', now: 5 }), true, errors)).toBeNull();
    expect(errors.total).toBe(2);
  });
});

describe('latency percentiles', () => {
  it('are nearest-rank percentiles of the samples', () => {
    const l = new Latencies();
    for (let i = 1; i <= 100; i++) l.add(i);
    expect(l.percentiles()).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 });
    expect(new Latencies().percentiles()).toEqual({ p50: 0, p95: 0, p99: 0, max: 0 });
  });
});

describe('the load test\'s day chat', () => {
  const view = (kind: 'day' | 'night', alive: boolean) => ({ phase: { kind, n: 1 }, me: { seat: 1, role: 'civilian', team: 'town', alive }, seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1 })) }) as unknown as GameView;

  it('writes in the day chat about every period while alive by day, never at night or once out', () => {
    const write = dayChat(1, 10_000);
    const at = (t: number, v = view('day', true)) => write(v, t);
    expect(at(0, view('night', true))).toEqual([]);
    // The first line within the first period (a random moment of it), then one a period.
    const times = [];
    for (let t = 0; t <= 60_000; t += 500) if (at(t).length) times.push(t);
    expect(times.length).toBeGreaterThanOrEqual(6);
    expect(times.length).toBeLessThanOrEqual(7);
    for (let k = 1; k < times.length; k++) expect(times[k] - times[k - 1]).toBeGreaterThanOrEqual(9_500);
    expect(at(70_000, view('day', false))).toEqual([]);
    expect(at(80_000, view('night', true))).toEqual([]);
    const [line] = write(view('day', true), 200_000);
    expect(line.channel).toBe('day');
    expect(line.text.length).toBeGreaterThan(5);
  });

  it('does not write the lines of a night at once on the next day', () => {
    const write = dayChat(2, 10_000);
    let first = -1;
    for (let t = 0; first < 0; t += 100) if (write(view('day', true), t).length) first = t;
    // A night of 60 s: the next day writes one line, then waits a period again.
    const morning = first + 70_000;
    expect(write(view('day', true), morning)).toHaveLength(1);
    expect(write(view('day', true), morning + 100)).toEqual([]);
    expect(write(view('day', true), morning + 9_000)).toEqual([]);
    expect(write(view('day', true), morning + 10_000)).toHaveLength(1);
  });
});
