import { afterAll, describe, expect, it } from 'vitest';
import { leaderboard, leaderboardCsv } from '../../src/club/ratings/leaderboard.js';
import { addGuest, checkIn, checkOut, doorView, drawTables } from '../../src/club/services/door.js';
import { clubNextGameCheck, confirmSeating, proposeSeating } from '../../src/club/services/reseat.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, MINUTE, STARTS_AT, type DoorWorld } from './door-world.js';
import type { Command } from '@mafia/engine';

const MEMBERS = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Ёж'];
const endGame: Command = { type: 'override', action: { kind: 'endGame', winner: 'town' } };

async function allIn(w: DoorWorld, names: readonly string[] = MEMBERS) {
  for (const n of names) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
}

const guestRows = (w: DoorWorld) => w.db.selectFrom('evening_guests').selectAll().execute();

/** Issue 24 point 4: guests (no member) at the evening's live tables. */
describe.each(TARGETS.map((make) => [make().name, make] as const))('guests at live tables (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_guest_comes_in_with_a_g_id_and_is_listed_at_the_door_marked_as_a_guest', async () => {
    const w = await doorWorld(target, { members: MEMBERS, preset: 'classic' });
    try {
      await allIn(w, ['Аня']);
      const { guest } = await addGuest(w.ctx, w.host, w.eveningId, { name: '  Гость Петя ', arrivedAt: STARTS_AT + 20 * MINUTE });
      expect(guest.guestId.startsWith('g:')).toBe(true);
      expect(guest).toEqual({ guestId: guest.guestId, nickname: 'Гость Петя', arrivedAt: STARTS_AT + 20 * MINUTE });
      const view = await doorView(w.ctx, w.eveningId);
      expect(view.attendance.map((a) => [a.nickname, a.guest ?? false])).toEqual([['Аня', false], ['Гость Петя', true]]);
      expect(view.attendance[1]).toMatchObject({ userId: guest.guestId, guest: true, late: false, leftAt: null, gamesPlayed: 0, unplayed: 0 });
      // A guest is never late and never charged.
      expect(await w.db.selectFrom('ledger').selectAll().execute()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('a_members_nickname_a_taken_name_an_empty_or_long_name_and_an_evening_not_started_are_refused_and_nothing_changes', async () => {
    const w = await doorWorld(target, { members: MEMBERS, preset: 'classic' });
    try {
      await addGuest(w.ctx, w.host, w.eveningId, { name: 'Гость' });
      const before = [await w.snapshot(), await guestRows(w)];
      // «ёж» is the member «Ёж»'s nickname: Ё reads as Е and case is aside.
      for (const name of ['ёж', 'ЕЖ', 'аня']) {
        const e = await refusal(addGuest(w.ctx, w.host, w.eveningId, { name }));
        expect([e.code, e.extra.path, e.extra.params]).toEqual(['guest-is-member', 'name', { name }]);
      }
      const taken = await refusal(addGuest(w.ctx, w.host, w.eveningId, { name: 'ГОСТЬ' }));
      expect([taken.code, taken.status, taken.extra.params]).toEqual(['guest-name-taken', 409, { name: 'ГОСТЬ' }]);
      expect((await refusal(addGuest(w.ctx, w.host, w.eveningId, { name: '   ' }))).code).toBe('guest-name-missing');
      expect((await refusal(addGuest(w.ctx, w.host, w.eveningId, { name: 'Щ'.repeat(41) }))).code).toBe('bad-guest-name');
      expect((await refusal(addGuest(w.ctx, w.ids['Аня']!, w.eveningId, { name: 'Друг' }))).code).toBe('forbidden');
      w.setNow(STARTS_AT - 30 * MINUTE);
      const early = await refusal(addGuest(w.ctx, w.host, w.eveningId, { name: 'Друг' }));
      expect([early.code, early.extra.params]).toEqual(['evening-not-started', { startsAt: STARTS_AT }]);
      expect([await w.snapshot(), await guestRows(w)]).toEqual(before);
    } finally {
      await w.close();
    }
  });

  it('a_guest_is_drawn_to_a_table_his_name_on_the_rooms_seat_and_his_game_counts_for_the_members_only', async () => {
    const w = await doorWorld(target, { members: MEMBERS, preset: 'classic' });
    try {
      await allIn(w);
      const { guest } = await addGuest(w.ctx, w.host, w.eveningId, { name: 'Гость Петя' });
      const drawn = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 5 });
      const t = drawn.tables[0]!;
      expect(t.seats).toHaveLength(7);
      const seat = t.seats.find((s) => s.nickname === 'Гость Петя')!;
      expect(seat).toEqual({ seat: seat.seat, userId: null, guestId: guest.guestId, nickname: 'Гость Петя' });
      expect(t.seats.filter((s) => s.guestId === null).map((s) => s.userId).sort()).toEqual(MEMBERS.map((n) => w.ids[n]).sort());
      const room = await w.storage.roomByCode(t.roomCode);
      expect(JSON.parse(room!.names)[seat.seat - 1]).toBe('Гость Петя');
      const view = await doorView(w.ctx, w.eveningId);
      expect(view.tables[0]!.seats.find((s) => s.seat === seat.seat)).toEqual({ seat: seat.seat, userId: null, guestId: guest.guestId, nickname: 'Гость Петя' });
      expect(view.tables[0]!.seats.filter((s) => s.userId !== null).every((s) => s.guestId === null)).toBe(true);

      const host = await hostOf(w.manager, t.roomCode, t.hostKey);
      await host.start();
      expect(host.view().seats.map((s: { name: string }) => s.name)).toContain('Гость Петя');
      await host.command(endGame);
      // The room deals its next game: a guest's seat is not an empty one.
      expect(await clubNextGameCheck(w.ctx, room!.id, 2)).toBeNull();
      const after = await doorView(w.ctx, w.eveningId);
      expect(after.games).toHaveLength(1);
      expect(after.games[0]!.seats.find((s) => s.seat === seat.seat)).toEqual({ seat: seat.seat, userId: null, nickname: 'Гость Петя' });
      expect(after.attendance.find((a) => a.guest)).toMatchObject({ userId: guest.guestId, gamesPlayed: 1 });
      const board = await leaderboard(w.ctx, w.host, w.clubId, {});
      const played = board.rows.filter((r) => r.games > 0);
      expect(played.map((r) => r.nickname).sort()).toEqual([...MEMBERS].sort());
      expect(played.every((r) => r.games === 1)).toBe(true);
      expect(board.rows.map((r) => r.nickname)).not.toContain('Гость Петя');
      expect(leaderboardCsv(board.rows)).not.toContain('Гость');
      expect(await w.db.selectFrom('ledger').selectAll().execute()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('a_guest_from_the_door_replaces_a_leaver_who_then_owes_nothing_and_a_guest_leaves_without_penalty', async () => {
    const w = await doorWorld(target, { members: MEMBERS, preset: 'classic', gamesPlanned: 3 });
    try {
      await allIn(w);
      const drawn = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
      const t = drawn.tables[0]!;
      const host = await hostOf(w.manager, t.roomCode, t.hostKey);
      await host.start();
      await host.command(endGame);
      const { guest } = await addGuest(w.ctx, w.host, w.eveningId, { name: 'Друг' });
      const verasSeat = t.seats.find((s) => s.nickname === 'Вера')!.seat;
      const left = await checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, replacementUserId: guest.guestId });
      expect(left.penalty).toBeUndefined();
      expect(left.attendance).toMatchObject({ replacementUserId: guest.guestId, gamesPlayed: 1, unplayed: 0 });
      const view = await doorView(w.ctx, w.eveningId);
      expect(view.tables[0]!.seats.find((s) => s.seat === verasSeat)).toEqual({ seat: verasSeat, userId: null, guestId: guest.guestId, nickname: 'Друг' });
      // A guest already at a table cannot replace another leaver.
      const again = await refusal(checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Аня']!, replacementUserId: guest.guestId }));
      expect(again.code).toBe('bad-replacement');
      expect(again.message).toContain('Друг');
      // Game 2 is dealt in the same room with the guest credited on Вера's seat (the room keeps its
      // seat names until the table is reseated: docs/decisions.md "Issue 24: a replacement at the same table").
      await host.next();
      await host.command(endGame);
      const game2 = (await doorView(w.ctx, w.eveningId)).games.find((g) => g.gameNo === 2)!;
      expect(game2.seats.find((s) => s.seat === verasSeat)).toEqual({ seat: verasSeat, userId: null, nickname: 'Друг' });
      // The guest leaves: no penalty, whatever is left of the evening; his seat is empty from the next game.
      const gone = await checkOut(w.ctx, w.host, w.eveningId, { userId: guest.guestId });
      expect(gone.penalty).toBeUndefined();
      expect(gone.attendance).toMatchObject({ userId: guest.guestId, guest: true, leftAt: STARTS_AT + 180 * MINUTE, gamesPlayed: 1, unplayed: 0 });
      expect(await w.db.selectFrom('ledger').selectAll().execute()).toEqual([]);
      expect((await refusal(checkOut(w.ctx, w.host, w.eveningId, { userId: guest.guestId }))).code).toBe('already-left');
      expect((await refusal(checkOut(w.ctx, w.host, w.eveningId, { userId: 'g:nobody' }))).code).toBe('not-checked-in');
      const last = await doorView(w.ctx, w.eveningId);
      expect(last.tables[0]!.seats.find((s) => s.seat === verasSeat)).toEqual({ seat: verasSeat, userId: null, guestId: null, nickname: `игрок ${verasSeat}` });
      const board = await leaderboard(w.ctx, w.host, w.clubId, {});
      expect(board.rows.map((r) => r.nickname)).not.toContain('Друг');
      expect(Object.fromEntries(board.rows.map((r) => [r.nickname, r.games]))).toMatchObject({ Вера: 1, Аня: 2 });
    } finally {
      await w.close();
    }
  });

  it('a_latecomer_guest_is_seated_by_the_proposal_and_by_the_confirmed_seating', async () => {
    const w = await doorWorld(target, { members: MEMBERS, preset: 'classic' });
    try {
      await allIn(w);
      const drawn = await drawTables(w.ctx, w.host, w.eveningId, { tables: 2, seed: 3 });
      for (const t of drawn.tables) {
        const host = await hostOf(w.manager, t.roomCode, t.hostKey);
        await host.start();
        await host.command(endGame);
      }
      const { guest } = await addGuest(w.ctx, w.host, w.eveningId, { name: 'Друг' });
      const keep = await proposeSeating(w.ctx, w.host, w.eveningId, {});
      const seated = keep.tables.flatMap((t) => t.seats).find((s) => s.guestId === guest.guestId);
      expect(seated).toMatchObject({ userId: null, nickname: 'Друг' });
      const mix = await proposeSeating(w.ctx, w.host, w.eveningId, { mode: 'mix', seed: 'гости' });
      expect(mix.tables.flatMap((t) => t.seats).filter((s) => s.guestId === guest.guestId)).toHaveLength(1);
      const tables = mix.tables.map((t) => t.seats.map((s) => s.userId ?? s.guestId!));
      const done = await confirmSeating(w.ctx, w.host, w.eveningId, { tables });
      expect(done.tables.map((t) => t.seats.map((s) => s.userId ?? s.guestId))).toEqual(tables);
      const view = await doorView(w.ctx, w.eveningId);
      expect(view.tables.flatMap((t) => t.seats).find((s) => s.guestId === guest.guestId)).toMatchObject({ userId: null, nickname: 'Друг' });
      // The new room of the guest's table shows his name on his seat.
      const at = done.tables.find((t) => t.seats.some((s) => s.guestId === guest.guestId))!;
      const room = await w.storage.roomByCode(view.tables[at.tableNo - 1]!.roomCode!);
      expect(JSON.parse(room!.names)).toEqual(at.seats.map((s) => s.nickname));
      // Everyone here needs a seat: leaving the guest out is refused.
      const without = tables.map((t) => t.filter((id) => id !== guest.guestId));
      expect((await refusal(confirmSeating(w.ctx, w.host, w.eveningId, { tables: without }))).code).toBe('seating-incomplete');
    } finally {
      await w.close();
    }
  });
});
