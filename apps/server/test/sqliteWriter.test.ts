import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage/open.js';
import type { RoomRow } from '../src/storage/types.js';
import { tempDbUrl } from './helpers.js';

/**
 * The SQLite writer thread groups the writes that came while it committed (issue 28): the main
 * thread posts each write at once, and one transaction (one fsync) makes many durable.
 */

const db = tempDbUrl();
afterAll(() => db.cleanup());

const room = (id: string): RoomRow => ({
  id, code: id.toUpperCase().padEnd(6, 'X'), preset: 'classic', mode: 'human', seats: 10, options: '{}', names: '[]', timers: '{}',
  deal: '{"composition":["don"]}', seed: 1, hostKeyHash: 'ab'.repeat(32), createdAt: 1_800_000_000_000, ended: false,
});
const rec = (seq: number) => ({ seq, kind: 'command', body: JSON.stringify({ n: seq }), at: 1_800_000_000_000 + seq });

describe('SQLite writer', () => {
  it('commits_writes_posted_during_a_commit_together_and_each_room_in_order', async () => {
    const s = await openStorage(db.url);
    await s.migrate();
    const commits: number[] = [];
    s.batchTimes = (ms, writes) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      commits.push(writes);
    };
    const rooms = Array.from({ length: 50 }, (_, i) => `room${i}`);
    await Promise.all(rooms.map((id) => s.createRoom(room(id))));
    commits.length = 0;
    // Four appends per room, each after the one before (a room's queue waits for its append), 50 rooms at once.
    await Promise.all(rooms.map(async (id) => {
      for (let seq = 1; seq <= 4; seq++) await s.append(id, [rec(seq)]);
    }));
    expect(commits.reduce((a, b) => a + b, 0)).toBe(200);
    // Grouped: far fewer commits than writes (one each would be 200).
    expect(commits.length).toBeLessThanOrEqual(40);
    for (const id of rooms) expect((await s.readLog(id)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    await s.close();
  });
});
