import { confirmSeating, proposeSeating } from '../../src/club/services/reseat.js';
import { openTableConsole } from '../../src/club/services/tableHosts.js';
import { afterAll, describe, expect, it } from 'vitest';
import { checkIn, checkOut, doorView, drawTables } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, MINUTE, STARTS_AT } from './door-world.js';
import type { Command } from '@mafia/engine';


const endGame: Command = { type: 'override', action: { kind: 'endGame', winner: 'town' } };

describe.each(TARGETS.map((make) => [make().name, make] as const))('the door (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('seven_minutes_late_costs_five_points_with_its_rule_and_reason', async () => {
    const w = await doorWorld(target);
    try {
      const at = STARTS_AT + 7 * MINUTE;
      const r = await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Аня']!, arrivedAt: at });
      expect(r.attendance).toMatchObject({ userId: w.ids['Аня'], nickname: 'Аня', arrivedAt: at, late: true, leftAt: null, gamesPlayed: 0 });
      expect(r.penalty).toMatchObject({ userId: w.ids['Аня'], nickname: 'Аня', eveningId: w.eveningId, rule: 'late', points: -5, createdBy: w.host });
      expect(r.penalty!.reason).toMatch(/7 minutes after the start/);
      const ledger = await w.db.selectFrom('ledger').selectAll().execute();
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ rule: 'late', points: -5, dedupe_key: `late:${w.eveningId}:${w.ids['Аня']}`, created_by: w.host });
    } finally {
      await w.close();
    }
  });

  it('five_minutes_exactly_is_on_time_and_the_default_arrival_is_now', async () => {
    const w = await doorWorld(target);
    try {
      const r = await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Борис']!, arrivedAt: STARTS_AT + 5 * MINUTE });
      expect(r.attendance.late).toBe(false);
      expect(r.penalty).toBeUndefined();
      w.setNow(STARTS_AT + 2 * MINUTE);
      const now = await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']! });
      expect(now.attendance.arrivedAt).toBe(STARTS_AT + 2 * MINUTE);
      expect(await w.db.selectFrom('ledger').selectAll().execute()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('a_member_not_invited_is_refused_naming_him_and_nothing_changes', async () => {
    const w = await doorWorld(target, { invited: ['Аня', 'Борис'] });
    try {
      const before = await w.snapshot();
      const e = await refusal(checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, arrivedAt: STARTS_AT + 20 * MINUTE }));
      expect(e.code).toBe('not-invited');
      expect(e.message).toContain('Вера');
      expect(e.extra.params).toEqual({ nickname: 'Вера' });
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });

  it('a_stranger_a_second_check_in_a_plain_member_a_future_time_and_a_cancelled_evening_are_refused', async () => {
    const w = await doorWorld(target);
    try {
      expect((await refusal(checkIn(w.ctx, w.host, w.eveningId, { userId: 'nobody' }))).code).toBe('not-a-member');
      await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Аня']!, arrivedAt: STARTS_AT + 10 * MINUTE });
      const before = await w.snapshot();
      const again = await refusal(checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Аня']!, arrivedAt: STARTS_AT + 30 * MINUTE }));
      expect(again.code).toBe('already-checked-in');
      // A member who is no host may not work the door.
      expect((await refusal(checkIn(w.ctx, w.ids['Борис']!, w.eveningId, { userId: w.ids['Вера']! }))).code).toBe('forbidden');
      expect((await refusal(checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, arrivedAt: STARTS_AT + 600 * MINUTE }))).code).toBe('bad-time');
      expect((await refusal(checkIn(w.ctx, w.host, 'no-such-evening', { userId: w.ids['Вера']! }))).code).toBe('evening-unknown');
      expect(await w.snapshot()).toEqual(before);
      await w.db.updateTable('evenings').set({ cancelled_at: STARTS_AT - 600 * MINUTE }).where('id', '=', w.eveningId).execute();
      expect((await refusal(checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']! }))).code).toBe('evening-cancelled');
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });

  it('a_member_who_said_no_and_comes_anyway_is_checked_in', async () => {
    const w = await doorWorld(target);
    try {
      await w.db.updateTable('invitations').set({ answer: 'no' }).where('user_id', '=', w.ids['Глеб']!).execute();
      const r = await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Глеб']!, arrivedAt: STARTS_AT });
      expect(r.attendance.nickname).toBe('Глеб');
    } finally {
      await w.close();
    }
  });

  /** Seven members checked in on time, one table drawn, game 1 played to its end. */
  async function afterOneGame(w: Awaited<ReturnType<typeof doorWorld>>) {
    for (const n of ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора']) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
    const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 7 });
    const host = await hostOf(w.manager, tables[0]!.roomCode, tables[0]!.hostKey);
    await host.start();
    await host.command(endGame);
    return { table: tables[0]!, host };
  }

  /** Issue 24: the tables re-formed from who is here (`keep`), confirmed; table 1's next game started by its host in the new room. */
  async function keepSeating(w: Awaited<ReturnType<typeof doorWorld>>) {
    const proposal = await proposeSeating(w.ctx, w.host, w.eveningId, { mode: 'keep' });
    await confirmSeating(w.ctx, w.host, w.eveningId, { tables: proposal.tables.map((t) => t.seats.map((s) => s.userId!)) });
    const console1 = await openTableConsole(w.ctx, w.host, w.eveningId, 1);
    const host = await hostOf(w.manager, console1.roomCode, console1.hostKey);
    await host.start();
    return { roomCode: console1.roomCode, seats: proposal.tables[0]!.seats, view: host.view() };
  }

  it('leaving_after_one_of_three_planned_games_without_a_replacement_costs_six', async () => {
    const w = await doorWorld(target, { gamesPlanned: 3, members: ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора'] });
    try {
      const { table, host } = await afterOneGame(w);
      w.setNow(STARTS_AT + 60 * MINUTE);
      const r = await checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']! });
      expect(r.attendance).toMatchObject({ leftAt: STARTS_AT + 60 * MINUTE, gamesPlayed: 1, unplayed: 2, replacementUserId: null });
      expect(r.penalty).toMatchObject({ rule: 'left-early', points: -6, nickname: 'Вера' });
      expect(r.penalty!.reason).toMatch(/1 of 3/);
      const row = await w.db.selectFrom('ledger').selectAll().where('rule', '=', 'left-early').executeTakeFirstOrThrow();
      expect(row.dedupe_key).toBe(`left-early:${w.eveningId}:${w.ids['Вера']}`);
      // Checked out once: a second check-out is refused and charges nothing more.
      const before = await w.snapshot();
      expect((await refusal(checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']! }))).code).toBe('already-left');
      expect(await w.snapshot()).toEqual(before);
      // Issue 24: no role is dealt to her empty seat: «Новая игра с теми же местами» is refused, saying why.
      const seat = table.seats.find((s) => s.nickname === 'Вера')!.seat;
      await expect(host.next()).rejects.toThrow(new RegExp(`seats-empty: seat ${seat} of table 1 is empty`));
      expect((await w.manager.gamesOf((await w.storage.roomByCode(table.roomCode))!.id)).length).toBe(1);
      // The table plays on with six: the seats re-formed from who is here (her seat gone), in a new room.
      const next = await keepSeating(w);
      expect(next.seats.map((s) => s.nickname)).toEqual(table.seats.filter((s) => s.nickname !== 'Вера').map((s) => s.nickname));
      const v = await doorView(w.ctx, w.eveningId);
      expect(v.attendance.find((a) => a.nickname === 'Вера')).toMatchObject({ gamesPlayed: 1, unplayed: 2 });
      expect(v.games[1]).toMatchObject({ tableNo: 1, gameNo: 2, roomCode: next.roomCode });
      expect(v.games[1]!.seats.map((s) => s.nickname)).toEqual(next.seats.map((s) => s.nickname));
      expect(next.view.seats).toHaveLength(6);
    } finally {
      await w.close();
    }
  });

  it('with_a_replacement_nothing_is_charged_and_he_takes_the_seat_from_the_next_game', async () => {
    const w = await doorWorld(target, { gamesPlanned: 3, members: ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя'] });
    try {
      const { table, host } = await afterOneGame(w);
      // Зоя comes after the draw: she is free to replace.
      await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids['Зоя']!, arrivedAt: STARTS_AT + 3 * MINUTE });
      const seat = table.seats.find((s) => s.nickname === 'Вера')!.seat;
      w.setNow(STARTS_AT + 60 * MINUTE);
      const r = await checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, replacementUserId: w.ids['Зоя']! });
      expect(r.penalty).toBeUndefined();
      expect(r.attendance).toMatchObject({ gamesPlayed: 1, unplayed: 0, replacementUserId: w.ids['Зоя'] });
      expect(await w.db.selectFrom('ledger').selectAll().execute()).toEqual([]);
      // «Новая игра с теми же местами»: the replacement plays the leaver's seat, no reseating needed.
      await host.next();
      const v = await doorView(w.ctx, w.eveningId);
      const [g1, g2] = v.games;
      expect(g1).toMatchObject({ tableNo: 1, gameNo: 1, winner: 'town' });
      expect(g2).toMatchObject({ tableNo: 1, gameNo: 2, winner: null });
      expect(g1!.seats.find((s) => s.seat === seat)).toEqual({ seat, userId: w.ids['Вера'], nickname: 'Вера' });
      expect(g2!.seats.find((s) => s.seat === seat)).toEqual({ seat, userId: w.ids['Зоя'], nickname: 'Зоя' });
      // Every other seat keeps its member.
      expect(g2!.seats.filter((s) => s.seat !== seat)).toEqual(g1!.seats.filter((s) => s.seat !== seat));
      expect(v.tables[0]!.seats.find((s) => s.seat === seat)!.nickname).toBe('Зоя');
    } finally {
      await w.close();
    }
  });

  it('a_bad_replacement_is_refused_and_nothing_changes', async () => {
    const w = await doorWorld(target, { members: ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира'] });
    try {
      await afterOneGame(w);
      const before = await w.snapshot();
      const out = (replacementUserId: string) => refusal(checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Вера']!, replacementUserId }));
      expect((await out(w.ids['Вера']!)).code).toBe('bad-replacement');
      // Not checked in.
      expect((await out(w.ids['Зоя']!)).message).toMatch(/not been checked in/);
      // Already seated at the table.
      expect((await out(w.ids['Аня']!)).message).toMatch(/already sits at table 1/);
      expect((await refusal(checkOut(w.ctx, w.host, w.eveningId, { userId: w.ids['Ира']! }))).code).toBe('not-checked-in');
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });
});
