import { afterAll, describe, expect, it } from 'vitest';
import { setApart } from '../../src/club/services/apart.js';
import { checkIn, checkOut, doorView, drawTables } from '../../src/club/services/door.js';
import { clubNextGameCheck, confirmSeating, proposeSeating } from '../../src/club/services/reseat.js';
import { openTableConsole } from '../../src/club/services/tableHosts.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, MINUTE, STARTS_AT, type DoorWorld } from './door-world.js';
import type { Command } from '@mafia/engine';

const PEOPLE = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир', 'Лев', 'Мила', 'Нина', 'Оля', 'Петя', 'Рита'];
const endGame: Command = { type: 'override', action: { kind: 'endGame', winner: 'town' } };

/** Fourteen here, two tables of seven drawn, game 1 played to its end at both. */
async function evening(w: DoorWorld) {
  for (const n of PEOPLE.slice(0, 14)) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
  const drawn = await drawTables(w.ctx, w.host, w.eveningId, { tables: 2, seed: 11 });
  for (const t of drawn.tables) {
    const host = await hostOf(w.manager, t.roomCode, t.hostKey);
    await host.start();
    await host.command(endGame);
  }
  return drawn;
}

const ids = (p: { tables: readonly { seats: readonly { userId: string | null }[] }[] }) => p.tables.map((t) => t.seats.map((s) => s.userId!));

/** Issue 24 point 2: the tables re-formed between games from who is here. */
describe.each(TARGETS.map((make) => [make().name, make] as const))('reseating between games (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('mixed_by_the_optimizer_same_seed_same_seating_pairs_kept_apart_and_confirmed_into_new_rooms', async () => {
    const w = await doorWorld(target, { members: PEOPLE, gamesPlanned: 3 });
    try {
      const drawn = await evening(w);
      // Аня and Борис are a couple: the club keeps them apart.
      // Only an admin marks pairs.
      expect(await refusal(setApart(w.ctx, w.host, w.clubId, { userA: w.ids['Аня']!, userB: w.ids['Борис']!, apart: true }))).toMatchObject({ code: 'forbidden' });
      await w.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', w.host).execute();
      const marked = await setApart(w.ctx, w.host, w.clubId, { userA: w.ids['Борис']!, userB: w.ids['Аня']!, apart: true });
      expect(marked.pairs.map((p) => [p.a.nickname, p.b.nickname].sort())).toEqual([['Аня', 'Борис']]);
      const a = await proposeSeating(w.ctx, w.host, w.eveningId, { mode: 'mix', seed: 'вечер-1' });
      const b = await proposeSeating(w.ctx, w.host, w.eveningId, { mode: 'mix', seed: 'вечер-1' });
      expect(b).toEqual(a);
      expect(a.seed).toBe('вечер-1');
      expect(a.tables.map((t) => t.seats.length)).toEqual([7, 7]);
      expect(a.tables.some((t) => t.seats.some((s) => s.nickname === 'Аня') && t.seats.some((s) => s.nickname === 'Борис'))).toBe(false);
      for (const q of ['seats', 'opponents', 'tables'] as const) expect(a.qualities![q]).toBeGreaterThanOrEqual(0);
      // Nobody sits the seat number he had in game 1.
      const seatIn = (tables: readonly { seats: readonly { seat: number; nickname: string }[] }[], n: string) => tables.flatMap((t) => t.seats).find((s) => s.nickname === n)!.seat;
      for (const n of PEOPLE.slice(0, 14)) expect(seatIn(a.tables, n)).not.toBe(seatIn(drawn.tables, n));
      expect(a.qualities!.seats).toBe(100);
      // Nothing is written by a proposal.
      expect(await w.db.selectFrom('table_rooms').selectAll().execute()).toHaveLength(2);

      // The admin swaps two players by hand (seat 1 of each table), then confirms.
      const tables = ids(a);
      [tables[0]![0], tables[1]![0]] = [tables[1]![0]!, tables[0]![0]!];
      const done = await confirmSeating(w.ctx, w.host, w.eveningId, { tables });
      expect(ids(done)).toEqual(tables);
      const page = await doorView(w.ctx, w.eveningId);
      expect(page.tables.map((t) => t.seats.map((s) => s.userId))).toEqual(tables);
      for (const [i, t] of page.tables.entries()) expect(t.roomCode).not.toBe(drawn.tables[i]!.roomCode);
      // Game 2 of each table is played in its new room with the new seats, numbered on from game 1.
      for (const no of [1, 2]) {
        const c = await openTableConsole(w.ctx, w.host, w.eveningId, no);
        const row = await w.storage.roomByCode(c.roomCode);
        expect(JSON.parse(row!.names)).toEqual(page.tables[no - 1]!.seats.map((s) => s.nickname));
        await (await hostOf(w.manager, c.roomCode, c.hostKey)).start();
      }
      const games = (await doorView(w.ctx, w.eveningId)).games;
      expect(games.map((g) => [g.tableNo, g.gameNo])).toEqual([[1, 1], [1, 2], [2, 1], [2, 2]]);
      expect(games[1]!.seats.map((s) => s.userId)).toEqual(tables[0]);
      // The old room's own «Новая игра с теми же местами» is refused: the table plays elsewhere now.
      const oldRoom = (await w.storage.roomByCode(drawn.tables[0]!.roomCode))!.id;
      expect(await clubNextGameCheck(w.ctx, oldRoom, 2)).toMatchObject({ code: 'table-reseated' });
      // A table in the middle of its game: reseating is refused.
      expect((await refusal(confirmSeating(w.ctx, w.host, w.eveningId, { tables })))).toMatchObject({ code: 'table-playing', status: 409 });
    } finally {
      await w.close();
    }
  });

  it('a_latecomer_before_game_1_joins_a_table_that_has_not_started', async () => {
    const w = await doorWorld(target, { members: PEOPLE, gamesPlanned: 3 });
    try {
      for (const n of PEOPLE.slice(0, 7)) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
      const drawn = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 3 });
      await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Зоя']!, arrivedAt: STARTS_AT + 4 * MINUTE });
      const keep = await proposeSeating(w.ctx, w.host, w.eveningId, {});
      expect(keep.tables[0]!.seats.map((s) => s.nickname)).toEqual([...drawn.tables[0]!.seats.map((s) => s.nickname), 'Зоя']);
      await confirmSeating(w.ctx, w.host, w.eveningId, { tables: ids(keep) });
      const rooms = await w.db.selectFrom('table_rooms').selectAll().execute();
      expect(rooms.map((r) => [r.table_no, r.from_game, r.seats])).toEqual([[1, 1, 8]]);
      const c = await openTableConsole(w.ctx, w.host, w.eveningId, 1);
      await (await hostOf(w.manager, c.roomCode, c.hostKey)).start();
      const games = (await doorView(w.ctx, w.eveningId)).games;
      expect(games.map((g) => [g.tableNo, g.gameNo, g.seats.length])).toEqual([[1, 1, 8]]);
    } finally {
      await w.close();
    }
  });

  it('a_leaver_leaves_a_latecomer_joins_a_member_moves_tables_and_what_is_missing_is_said', async () => {
    const w = await doorWorld(target, { members: PEOPLE, gamesPlanned: 3, preset: 'classic' });
    try {
      await evening(w);
      w.setNow(STARTS_AT + 60 * MINUTE);
      await checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Аня']! });
      await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Петя']!, arrivedAt: STARTS_AT + 50 * MINUTE });
      await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Рита']!, arrivedAt: STARTS_AT + 55 * MINUTE });
      const keep = await proposeSeating(w.ctx, w.host, w.eveningId, { mode: 'keep' });
      const all = keep.tables.flatMap((t) => t.seats.map((s) => s.nickname));
      expect(all).not.toContain('Аня');
      expect(all).toEqual(expect.arrayContaining(['Петя', 'Рита']));
      expect(keep.tables.map((t) => t.seats.length).sort()).toEqual([7, 8]);
      // Every seat of a table is numbered 1..n: no empty seat is left in the seating.
      for (const t of keep.tables) expect(t.seats.map((s) => s.seat)).toEqual(t.seats.map((_, i) => i + 1));
      // The admin moves a member from table 1 to table 2.
      const tables = ids(keep);
      tables[1]!.push(tables[0]!.pop()!);
      await confirmSeating(w.ctx, w.host, w.eveningId, { tables });
      expect((await doorView(w.ctx, w.eveningId)).tables.map((t) => t.seats.map((s) => s.userId))).toEqual(tables);

      // Bad seatings are refused with words and change nothing.
      const before = await w.snapshot();
      const people = tables.flat();
      expect(await refusal(confirmSeating(w.ctx, w.host, w.eveningId, { tables: [people.slice(0, 7), people.slice(7, 14)] }))).toMatchObject({ code: 'seating-incomplete' });
      expect(await refusal(confirmSeating(w.ctx, w.host, w.eveningId, { tables: [people.slice(0, 8), [...people.slice(7)]] }))).toMatchObject({ code: 'bad-seating' });
      expect(await refusal(confirmSeating(w.ctx, w.host, w.eveningId, { tables: [[...people.slice(0, 7), w.ids['Аня']!], people.slice(7)] }))).toMatchObject({ code: 'not-here' });
      const tooSmall = await refusal(confirmSeating(w.ctx, w.host, w.eveningId, { tables: [people.slice(0, 2), people.slice(2)] }));
      expect(tooSmall).toMatchObject({ code: 'bad-table-size', status: 400 });
      expect(tooSmall.extra.params).toMatchObject({ table: 1, size: 2, missing: expect.any(Number) });
      expect(tooSmall.message).toMatch(/more needed/);
      expect(await w.snapshot()).toEqual(before);
      // A plain member may not reseat.
      expect(await refusal(proposeSeating(w.ctx, w.ids['Борис']!, w.eveningId, {}))).toMatchObject({ code: 'forbidden', status: 403 });
    } finally {
      await w.close();
    }
  });
});
