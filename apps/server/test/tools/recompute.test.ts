/**
 * The recompute tool (`npm run recompute`, apps/server/src/tools/recompute.ts) on a SQLite file: the same numbers and digest on every run, one club or all,
 * and a clear one-line refusal (exit 2, no stack) for a club or a file that is not there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '@mafia/cli/tools';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStorage } from '../../src/storage/open.js';
import { recomputeCommand } from '../../src/tools/recompute.js';
import { z } from 'zod';
import { jsonOf } from '../json.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-recompute-'));
const file = join(dir, 'club.sqlite');

/** Two clubs written directly: 12 members, 4 evenings of 5 games each (every fifth game at 9 players), the second club empty. */
async function seed(): Promise<string> {
  const storage = await openStorage(`sqlite:${file}`);
  await storage.migrate();
  const db = storage.db as any;
  const clubId = 'club-a';
  await db.insertInto('clubs').values([{ id: clubId, name: 'Клуб «А»', created_at: 0 }, { id: 'club-b', name: 'B', created_at: 0 }]).execute();
  const users = Array.from({ length: 12 }, (_, i) => `u${String(i).padStart(2, '0')}`);
  for (const [i, id] of users.entries()) {
    await db.insertInto('users').values({ id, email: `${id}@example.test`, name: null, phone: null, password_hash: null, locale: 'ru', created_at: 0, deleted_at: null }).execute();
    await db.insertInto('memberships').values({ club_id: clubId, user_id: id, role: i === 0 ? 'admin' : 'member', nickname: `Игрок ${i}`, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: 0 }).execute();
  }
  const start = Date.UTC(2030, 0, 1, 19);
  for (let e = 0; e < 4; e++) {
    const eveningId = `e${e}`;
    const at = start + e * 86_400_000;
    await db.insertInto('evenings').values({ id: eveningId, club_id: clubId, starts_at: at, answer_by: at, place: 'Клуб', capacity: 40, weight: 1 + e * 0.5, preset: 'classic', games_planned: 5, created_by: users[0], created_at: 0, closed_at: null, cancelled_at: null }).execute();
    for (let g = 0; g < 5; g++) {
      const id = `g${e}.${g}`;
      const players = g === 4 ? 9 : 10;
      const winner = (e + g) % 2 === 0 ? 'town' : 'mafia';
      const seated = Array.from({ length: players }, (_, i) => users[(e * 3 + g * 5 + i) % users.length]!);
      await db.insertInto('evening_games').values({ id, evening_id: eveningId, table_no: null, room_id: null, game_no: null, protocol: '{}', winner, created_at: 0 }).execute();
      await db.insertInto('game_seats').values(seated.map((u, i) => ({ game_id: id, seat: i + 1, user_id: u, nickname: u }))).execute();
      const seats = seated.map((_, i) => {
        const team = i < 3 ? 'mafia' : 'town';
        return { seat: i + 1, team, role: team === 'mafia' ? 'mafia' : 'civilian', points: team === winner ? 3 + (i % 2) : 0, won: team === winner };
      });
      await db.insertInto('game_facts').values({ game_id: id, club_id: clubId, evening_id: eveningId, kind: 'club', preset: 'classic', players, winner, ended_at: at + g * 3_600_000, seats: JSON.stringify(seats) }).execute();
    }
  }
  await storage.close();
  return clubId;
}

/** Runs the recompute tool with `args` in process: its exit code and what it wrote. */
async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => { out += String(c); return true; });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => { err += String(c); return true; });
  try {
    return { code: await runCommand('recompute', recomputeCommand, args), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

/** The printed lines without their times (the only thing that may change from run to run). */
const withoutTimes = (out: string) => out.replace(/, \d+ ms,/g, ', … ms,');

describe('the recompute tool', () => {
  let clubId = '';
  beforeAll(async () => { clubId = await seed(); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recomputes_every_club_and_prints_the_same_numbers_and_digest_twice', async () => {
    const first = await run('--db', file);
    expect(first).toMatchObject({ code: 0, err: '' });
    const lines = first.out.trimEnd().split('\n');
    expect(lines[0]).toBe(`database sqlite:${file}: 2 clubs`);
    expect(lines[1]).toMatch(/^club-a "Клуб «А»": 20 games, 20 rated, \d+ ms, sha256 [0-9a-f]{64}$/);
    expect(lines[2]).toMatch(/^club-b "B": 0 games, 0 rated, \d+ ms, sha256 [0-9a-f]{64}$/);
    const second = await run('--db', `sqlite:${file}`);
    expect(withoutTimes(second.out)).toBe(withoutTimes(first.out));
    // One club: the same digest as when every club was recomputed.
    const one = await run('--db', file, '--club', clubId, '--json');
    expect(one.code).toBe(0);
    const doc = jsonOf(z.object({ clubs: z.array(z.object({ clubId: z.string(), games: z.number(), digest: z.string() })) }), one.out);
    expect(doc.clubs.map((c) => [c.clubId, c.games, c.digest])).toEqual([[clubId, 20, lines[1]!.split('sha256 ')[1]]]);
  });

  it('refuses_an_unknown_club_and_a_missing_file_in_one_line_without_a_stack', async () => {
    const bad = await run('--db', file, '--club', 'no-such-club');
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err).toBe(`recompute: there is no club with the id "no-such-club" (database sqlite:${file})\n`);
    const missing = await run('--db', join(dir, 'nothing.sqlite'));
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`recompute: no such database file (database sqlite:${join(dir, 'nothing.sqlite')})\n`);
    const usage = await run('--club');
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^recompute: --club needs a value; usage: node apps\/server\/dist\/tools\/recompute\.js/);
    for (const r of [bad, missing, usage]) expect(r.err).not.toMatch(/\n\s+at /);
  });
});
