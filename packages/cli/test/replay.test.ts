import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.js';

// The real command line, as a user runs it (the build ran before the tests: `npm test`), where a
// test feeds standard input; every other run is the same `main` in this process (its exit code,
// its stdout and stderr), without a Node start and the engine's load per run.
const BIN = fileURLToPath(new URL('../bin/mafia.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mafia-replay-'));

async function mafia(args: string[], input?: string): Promise<{ code: number | null; out: string; err: string }> {
  if (input !== undefined) {
    const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => { out += String(c); return true; });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => { err += String(c); return true; });
  try {
    return { code: await main(args), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

function file(name: string, content: string): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

const SEATS = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
const game = {
  format: 'mafia-protocol/1',
  preset: 'classic',
  seats: SEATS,
  steps: [{ night: 1, acts: [] }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6] } }],
};

describe('mafia replay (spec/protocol.md)', () => {
  it('prints_the_result_json_and_exits_0 (R-VOTE-3)', async () => {
    const r = await mafia(['replay', file('ok.json', JSON.stringify(game))]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.format).toBe('mafia-result/1');
    expect(result.timeline[1]).toEqual({ day: 1, left: [2], by: 'vote', tally: { 8: 4, 2: 6 } });
    expect(r.out.trim().split('\n')).toHaveLength(1);
  });

  it('reads_the_protocol_from_standard_input_with_a_dash', async () => {
    const r = await mafia(['replay', '-'], JSON.stringify(game));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).alive).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a_broken_rule_prints_an_error_naming_the_rule_and_exits_2 (R-VOTE-1)', async () => {
    const bad = { ...game, steps: [{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 8]] }] };
    const r = await mafia(['replay', file('rule.json', JSON.stringify(bad))]);
    expect(r.code).toBe(2);
    const { error } = JSON.parse(r.out);
    expect(error.rule).toBe('R-VOTE-1');
    expect(error.path).toBe('steps[1].nominations[1]');
    expect(error.message).toMatch(/already nominated/);
    expect(r.err).not.toMatch(/at .*\.js:\d+/);
  });

  it('json_that_does_not_parse_exits_2_without_a_stack_trace', async () => {
    const r = await mafia(['replay', file('broken.json', '{"preset": "classic",')]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out).error.code).toBe('bad-json');
    expect(r.out + r.err).not.toMatch(/at .*\.js:\d+/);
  });

  it('an_unknown_field_exits_2_naming_the_field', async () => {
    const r = await mafia(['replay', file('field.json', JSON.stringify({ ...game, colour: 'red' }))]);
    expect(r.code).toBe(2);
    const { error } = JSON.parse(r.out);
    expect(error.code).toBe('unknown-field');
    expect(error.message).toMatch(/colour/);
  });

  it('an_unknown_preset_or_role_or_option_exits_2_naming_it (R-PRESET)', async () => {
    const preset = JSON.parse((await mafia(['replay', file('p.json', JSON.stringify({ ...game, preset: 'moscow' }))])).out).error;
    expect(preset.message).toMatch(/moscow/);
    const role = JSON.parse((await mafia(['replay', file('r.json', JSON.stringify({ ...game, seats: [...SEATS.slice(0, 9), 'vampire'] }))])).out).error;
    expect(role.message).toMatch(/vampire/);
    expect(role.path).toBe('seats[9]');
    const option = JSON.parse((await mafia(['replay', file('o.json', JSON.stringify({ ...game, options: { nightsPerDay: 2 } }))])).out).error;
    expect(option.message).toMatch(/nightsPerDay/);
  });

  it('a_seat_out_of_range_exits_2_naming_the_place', async () => {
    const bad = { ...game, steps: [{ night: 1 }, { day: 1, nominations: [[1, 11]] }] };
    const r = await mafia(['replay', file('seat.json', JSON.stringify(bad))]);
    expect(r.code).toBe(2);
    const { error } = JSON.parse(r.out);
    expect(error.message).toMatch(/1 to 10/);
    expect(error.path).toBe('steps[1].nominations[0]');
  });

  it('a_missing_file_exits_2', async () => {
    const r = await mafia(['replay', join(dir, 'nope.json')]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out).error.message).toMatch(/no such file/);
  });
});
