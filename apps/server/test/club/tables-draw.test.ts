import { drawSeats } from '@mafia/club';
import { afterAll, describe, expect, it } from 'vitest';
import { checkIn, doorView, drawTables } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, STARTS_AT, type DoorWorld } from './door-world.js';

const TEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];

async function allIn(w: DoorWorld, names: readonly string[]) {
  for (const n of names) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
}

describe.each(TARGETS.map((make) => [make().name, make] as const))('the tables of an evening (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('two_tables_drawn_with_a_seed_are_the_same_with_the_same_seed', async () => {
    const [a, b] = [await doorWorld(target, { members: TEN }), await doorWorld(target, { members: TEN })];
    try {
      await allIn(a, TEN);
      // Checked in in another order: the draw does not depend on it.
      await allIn(b, [...TEN].reverse());
      const x = await drawTables(a.ctx, a.host, a.eveningId, { tables: 2, seed: 123_456 });
      const y = await drawTables(b.ctx, b.host, b.eveningId, { tables: 2, seed: 123_456 });
      const seating = (t: typeof x) => t.tables.map((table) => table.seats.map((s) => s.nickname));
      expect(seating(x)).toEqual(seating(y));
      expect(x.seed).toBe(123_456);
      expect(seating(x).map((t) => t.length)).toEqual([5, 5]);
      // Anyone can redo it: the nicknames in code-point order, shuffled with the seed by @mafia/club.
      expect(seating(x)).toEqual(drawSeats([...TEN].sort(), 2, 123_456));
      expect(new Set(seating(x).flat())).toEqual(new Set(TEN));
      // The seed is kept for the page.
      const v = await doorView(a.ctx, a.eveningId);
      expect(v.tables.map((t) => [t.tableNo, t.seatSeed, t.roomCode])).toEqual([[1, 123_456, x.tables[0]!.roomCode], [2, 123_456, x.tables[1]!.roomCode]]);
      expect(v.tables.map((t) => t.seats.map((s) => s.nickname))).toEqual(seating(x));
      expect(JSON.stringify(v)).not.toContain(x.tables[0]!.hostKey);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('each_table_gets_a_room_of_the_evenings_preset_with_the_nicknames_as_seat_names', async () => {
    const w = await doorWorld(target, { members: TEN, preset: 'classic' });
    try {
      await allIn(w, TEN);
      const { tables, seed } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 2 });
      expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31).toBe(true);
      for (const t of tables) {
        const row = await w.storage.roomByCode(t.roomCode);
        expect(row).toMatchObject({ preset: 'classic', mode: 'human', seats: 5 });
        expect(JSON.parse(row!.names)).toEqual(t.seats.map((s) => s.nickname));
        expect(t.seats.map((s) => s.userId)).toEqual(t.seats.map((s) => w.ids[s.nickname]));
        // The host key opens the room as its host.
        const host = await hostOf(w.manager, t.roomCode, t.hostKey);
        expect(host.conn.last('welcome')?.you).toEqual({ as: 'host' });
      }
      const stored = await w.db.selectFrom('evening_tables').selectAll().orderBy('table_no').execute();
      expect(stored.map((r) => [r.table_no, r.room_code, Number(r.seat_seed)])).toEqual(tables.map((t) => [t.tableNo, t.roomCode, seed]));
      expect(await w.db.selectFrom('table_seats').select('from_game').distinct().execute()).toEqual([{ from_game: 1 }]);
    } finally {
      await w.close();
    }
  });

  it('a_table_too_small_for_the_preset_is_refused_naming_it_and_nothing_is_made', async () => {
    const w = await doorWorld(target, { members: TEN.slice(0, 7), preset: 'club' });
    try {
      await allIn(w, TEN.slice(0, 7));
      const before = await w.snapshot();
      const e = await refusal(drawTables(w.ctx, w.host, w.eveningId, { tables: 2, seed: 1 }));
      expect(e.code).toBe('bad-table-size');
      expect(e.message).toMatch(/table 1 would seat 4 players.*7 to 16/);
      expect(e.extra.params).toMatchObject({ table: 1, size: 4, min: 7, max: 16 });
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });

  it('the_tables_are_drawn_once_and_only_hosts_draw_them', async () => {
    const w = await doorWorld(target, { members: TEN.slice(0, 7) });
    try {
      expect((await refusal(drawTables(w.ctx, w.host, w.eveningId, { tables: 1 }))).code).toBe('nobody-here');
      await allIn(w, TEN.slice(0, 7));
      expect((await refusal(drawTables(w.ctx, w.ids['Аня']!, w.eveningId, { tables: 1 }))).code).toBe('forbidden');
      await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 5 });
      const before = await w.snapshot();
      expect((await refusal(drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 5 }))).code).toBe('tables-exist');
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });
});
