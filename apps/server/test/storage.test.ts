import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage/open.js';
import { SeqConflictError, type RoomRow, type Storage } from '../src/storage/types.js';
import { TARGETS } from './storageTargets.js';

const room = (id: string, code: string): RoomRow => ({
  id, code, preset: 'classic', mode: 'human', seats: 10, options: '{}', names: '[]', timers: '{}', deal: '{"composition":["don"]}',
  seed: 2147483000, hostKeyHash: 'ab'.repeat(32), createdAt: 1_800_000_000_000, ended: false,
});
const rec = (seq: number, kind = 'command') => ({ seq, kind, body: JSON.stringify({ n: seq }), at: 1_800_000_000_000 + seq });

for (const make of TARGETS) {
  const target = make();
  describe(`storage on ${target.name}`, () => {
    afterAll(() => target.cleanup());

    const fresh = async (): Promise<Storage> => {
      const s = await openStorage(await target.url());
      await s.migrate();
      return s;
    };

    it('migrates twice without harm and stores a room found by id and by code', async () => {
      const s = await fresh();
      await s.migrate();
      await s.createRoom(room('r1', 'ABCDEF'));
      expect(await s.roomById('r1')).toEqual(room('r1', 'ABCDEF'));
      expect((await s.roomByCode('ABCDEF'))?.id).toBe('r1');
      expect(await s.roomByCode('ZZZZZZ')).toBeUndefined();
      await expect(s.createRoom(room('r2', 'ABCDEF'))).rejects.toThrow();
      await s.close();
    });

    it('appends in order, reads after a seq, and refuses a taken seq without writing any of the batch', async () => {
      const s = await fresh();
      await s.createRoom(room('r1', 'ABCDEF'));
      await s.append('r1', [rec(1, 'claim'), rec(2)]);
      await s.append('r1', [rec(3)]);
      expect((await s.readLog('r1')).map((r) => r.seq)).toEqual([1, 2, 3]);
      expect(await s.readLog('r1', 2)).toEqual([rec(3)]);
      const err = await s.append('r1', [rec(4), rec(3)]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SeqConflictError);
      // All or nothing: 4 was in the refused batch, so it is not there.
      expect((await s.readLog('r1')).map((r) => r.seq)).toEqual([1, 2, 3]);
      await s.close();
    });

    it('group-commits concurrent appends of many rooms and isolates the one that conflicts', async () => {
      const s = await fresh();
      for (let i = 0; i < 20; i++) await s.createRoom(room(`r${i}`, `ROOM${String.fromCharCode(65 + i)}A`));
      await s.append('r0', [rec(1)]);
      const results = await Promise.allSettled([
        ...Array.from({ length: 20 }, (_, i) => s.append(`r${i}`, i === 0 ? [rec(1)] : [rec(1), rec(2)])),
      ]);
      expect(results[0].status).toBe('rejected');
      expect(results.slice(1).every((r) => r.status === 'fulfilled')).toBe(true);
      expect((await s.readLog('r0')).length).toBe(1);
      expect((await s.readLog('r19')).map((r) => r.seq)).toEqual([1, 2]);
      await s.close();
    });

    it('lists open rooms until they are marked ended, and keeps the log across a reopen', async () => {
      const url = await target.url();
      const s = await openStorage(url);
      await s.migrate();
      await s.createRoom(room('a', 'AAAAAA'));
      await s.createRoom(room('b', 'BBBBBB'));
      await s.append('a', [rec(1), rec(2)]);
      await s.markEnded('b');
      expect((await s.openRooms()).map((r) => r.id)).toEqual(['a']);
      await s.close();
      const again = await openStorage(url);
      await again.migrate();
      expect((await again.readLog('a')).map((r) => r.body)).toEqual([rec(1).body, rec(2).body]);
      expect((await again.roomById('b'))?.ended).toBe(true);
      // The next game at the same table opens the room again: resumed at start once more.
      await again.markOpen('b');
      expect((await again.openRooms()).map((r) => r.id)).toEqual(['a', 'b']);
      await again.close();
    });
  });
}

describe('openStorage', () => {
  it('refuses a DATABASE_URL it does not know, naming what it expects', async () => {
    await expect(openStorage('mysql://x')).rejects.toThrow(/sqlite: or postgres/);
  });
});
