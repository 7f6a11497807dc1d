import { afterAll, describe, expect, it } from 'vitest';
import { checkIn, checkOut, drawTables } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { FakeConn } from '../fakeConn.js';
import { doorWorld, hostOf, MINUTE, STARTS_AT } from './door-world.js';
import type { Command } from '@mafia/engine';

const endGame: Command = { type: 'override', action: { kind: 'endGame', winner: 'town' } };
const MEMBERS = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя'];

describe.each(TARGETS.map((make) => [make().name, make] as const))('a replacement\'s name on his seat in the table\'s room (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  /** Seven members drawn at one table, Вера's phone on her seat, game 1 started; Зоя arrives after the draw. */
  async function tableWithVera(w: Awaited<ReturnType<typeof doorWorld>>) {
    for (const n of MEMBERS.slice(0, 7)) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
    const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
    const table = tables[0]!;
    const seat = table.seats.find((s) => s.nickname === 'Вера')!.seat;
    const phone = new FakeConn();
    await w.manager.claim(phone, table.roomCode, { seat });
    expect(phone.last('welcome')).toMatchObject({ you: { as: 'seat', seat } });
    const host = await hostOf(w.manager, table.roomCode, table.hostKey);
    await host.start();
    await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Зоя']!, arrivedAt: STARTS_AT + 3 * MINUTE });
    return { table, seat, phone, host };
  }

  it('checked out between games: the room renames the seat at once, her phone is told, the next game deals Зоя', async () => {
    const w = await doorWorld(target, { gamesPlanned: 3, members: MEMBERS });
    try {
      const { table, seat, phone, host } = await tableWithVera(w);
      await host.command(endGame);
      w.setNow(STARTS_AT + 60 * MINUTE);
      await checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, replacementUserId: w.ids['Зоя']! });
      const log = (await w.storage.readLog((await w.manager.byCode(table.roomCode))!.row.id)).map((r) => ({ kind: r.kind, body: JSON.parse(r.body) }));
      expect(log.at(-1)).toEqual({ kind: 'rename', body: { seat, name: 'Зоя', by: 'owner' } });
      expect(phone.last('error')).toMatchObject({ code: 'seat-renamed' });
      expect(phone.roomId).toBeNull();
      const lobby = host.conn.last('update')!.lobby;
      expect(lobby.renamed[seat - 1]).toBe('Зоя');
      expect(host.conn.last('seatCodes')!.codes.map((c: { seat: number }) => c.seat)).toContain(seat);
      await host.next();
      expect(host.view().seats[seat - 1].name).toBe('Зоя');
    } finally {
      await w.close();
    }
  });

  it('checked out mid-game: Вера finishes the game under her name, the seat is Зоя\'s when it ends', async () => {
    const w = await doorWorld(target, { gamesPlanned: 3, members: MEMBERS });
    try {
      const { table, seat, phone, host } = await tableWithVera(w);
      w.setNow(STARTS_AT + 30 * MINUTE);
      await checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, replacementUserId: w.ids['Зоя']! });
      expect(phone.roomId).not.toBeNull();
      expect(host.view().seats[seat - 1].name).toBe('Вера');
      expect(host.conn.last('update')!.lobby.heldRenames).toEqual([{ seat, name: 'Зоя' }]);
      await host.command(endGame);
      const log = (await w.storage.readLog((await w.manager.byCode(table.roomCode))!.row.id)).map((r) => ({ kind: r.kind, body: JSON.parse(r.body) }));
      expect(log.at(-1)).toEqual({ kind: 'rename', body: { seat, name: 'Зоя', by: 'app' } });
      expect(phone.last('error')).toMatchObject({ code: 'seat-renamed' });
      await host.next();
      expect(host.view().seats[seat - 1].name).toBe('Зоя');
    } finally {
      await w.close();
    }
  });
});
