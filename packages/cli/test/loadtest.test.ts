import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/io.js';
import { parseLoadtestArgs } from '../src/loadtest.js';
import { Latencies } from '../src/loadtest/stats.js';

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

  it('accepts_only_step_lengths_the_server_accepts', () => {
    const args = ['--url', 'http://x', '--rooms', '1', '--players', '10', '--step'];
    for (const bad of ['0.05', '4', '5.5']) expect(() => parseLoadtestArgs([...args, bad]), bad).toThrow(/--step must be a whole number from 5 to 600/);
    expect(parseLoadtestArgs([...args, '5']).stepSeconds).toBe(5);
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
