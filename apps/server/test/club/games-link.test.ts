import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkIn, doorView, drawTables, importProtocol } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { refusal } from './clubs-context.js';
import { doorWorld, hostOf, STARTS_AT, type DoorWorld } from './door-world.js';
import { anyObject, jsonOf } from '../json.js';
import { z } from 'zod';
import { seatAt, seatNo, type Command } from '@mafia/engine';

const SEVEN = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора'];
const TEN = [...SEVEN, 'Зоя', 'Ира', 'Кир'];
const endGame: Command = { type: 'override', action: { kind: 'endGame', winner: 'town' } };

/** A protocol of the engine's fixtures (a classic game the town wins), its names the given ones. */
function townWins(names: readonly string[]): Record<string, unknown> {
  const url = new URL('../../../../packages/engine/test/fixtures/protocols/classic-town-wins.json', import.meta.url);
  return { ...jsonOf(anyObject, readFileSync(url, 'utf8')), names: [...names] };
}

async function seatedTable(w: DoorWorld, names: readonly string[]) {
  for (const n of names) await checkIn(w.ctx, w.host, w.eveningId, { userId: w.ids[n]!, arrivedAt: STARTS_AT });
  const { tables } = await drawTables(w.ctx, w.host, w.eveningId, { tables: 1, seed: 99 });
  return { table: tables[0]!, host: await hostOf(w.manager, tables[0]!.roomCode, tables[0]!.hostKey) };
}

/** A table's seats as a game shows them: a game seat has no `guestId` (issue 24 point 4: a guest's is `userId` null). */
const gameSeats = (seats: readonly { seat: number; userId: string | null; nickname: string }[]) => seats.map((s) => ({ seat: s.seat, userId: s.userId, nickname: s.nickname }));

describe.each(TARGETS.map((make) => [make().name, make] as const))('the games of an evening (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('a_game_played_in_a_tables_room_is_linked_seat_by_seat', async () => {
    const w = await doorWorld(target, { members: SEVEN });
    try {
      const { table, host } = await seatedTable(w, SEVEN);
      // Not started: nothing to link.
      expect((await doorView(w.ctx, w.eveningId)).games).toEqual([]);
      await host.start();
      const running = (await doorView(w.ctx, w.eveningId)).games;
      expect(running).toHaveLength(1);
      expect(running[0]).toMatchObject({ tableNo: 1, gameNo: 1, roomCode: table.roomCode, protocol: false, winner: null });
      expect(running[0]!.seats).toEqual(gameSeats(table.seats));
      await host.command(endGame);
      const v = await doorView(w.ctx, w.eveningId);
      // Linked once, its winner brought up to date.
      expect(v.games).toHaveLength(1);
      expect(v.games[0]).toMatchObject({ gameNo: 1, winner: 'town' });
      expect(v.attendance.every((a) => a.gamesPlayed === 1)).toBe(true);
      const seats = await w.db.selectFrom('game_seats').selectAll().orderBy('seat').execute();
      expect(seats.map((s) => [s.seat, s.user_id, s.nickname])).toEqual(table.seats.map((s) => [s.seat, w.ids[s.nickname], s.nickname]));
      // Game 2 at the same seats is linked the same way.
      await host.next();
      const again = await doorView(w.ctx, w.eveningId);
      expect(again.games.map((g) => [g.gameNo, g.winner])).toEqual([[1, 'town'], [2, null]]);
      expect(again.games[1]!.seats).toEqual(gameSeats(table.seats));
    } finally {
      await w.close();
    }
  });

  it('club_preset_the_first_night_victim_is_immune_in_the_linked_next_game_at_the_same_seats', async () => {
    const w = await doorWorld(target, { members: SEVEN, preset: 'club' });
    try {
      const { table, host } = await seatedTable(w, SEVEN);
      // The club's rooms play the cross-game immunity of its preset without being asked.
      expect(JSON.parse((await w.storage.roomByCode(table.roomCode))!.deal)).toEqual({ modifications: ['first-victim-immunity'] });
      await host.start();
      const roles: string[] = host.view().seats.map((s: { role: string }) => s.role);
      const victim = roles.indexOf('civilian') + 1;
      for (const [i, r] of roles.entries()) if (r === 'mafia' || r === 'don') await host.command({ type: 'act', by: seatAt(i), act: 'kill', target: seatNo(victim) });
      await host.command({ type: 'endNight' });
      expect(host.view().seats[victim - 1].alive).toBe(false);
      await host.command(endGame);
      await host.next();
      const v = await doorView(w.ctx, w.eveningId);
      const [g1, g2] = v.games;
      expect(g2).toMatchObject({ gameNo: 2, tableNo: 1 });
      // The same members on the same seats in both games.
      expect(g1!.seats).toEqual(gameSeats(table.seats));
      expect(g2!.seats).toEqual(gameSeats(table.seats));
      // The room's game 2 began with the night-1 victim of game 1 immune.
      const room = await w.storage.roomByCode(table.roomCode);
      const games = await w.manager.gamesOf(room!.id);
      expect(games.map((g) => [g.gameNo, g.immune])).toEqual([[1, []], [2, [victim]]]);
      const next = (await w.storage.readLog(room!.id)).find((r) => r.kind === 'next')!;
      const created = jsonOf(z.object({ events: z.array(z.object({ type: z.string(), setup: z.object({ immune: z.array(z.number()) }).optional() })) }), next.body).events.find((e) => e.type === 'GameCreated');
      expect(created!.setup!.immune).toEqual([victim]);
    } finally {
      await w.close();
    }
  });

  it('a_paper_protocol_is_linked_to_the_members_named_in_it', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const { game } = await importProtocol(w.ctx, w.host, w.eveningId, { protocol: JSON.stringify(townWins(TEN)) });
      expect(game).toMatchObject({ protocol: true, winner: 'town', tableNo: null, gameNo: null, roomCode: null });
      expect(game.seats).toEqual(TEN.map((n, i) => ({ seat: i + 1, userId: w.ids[n], nickname: n })));
      const v = await doorView(w.ctx, w.eveningId);
      expect(v.games).toEqual([game]);
      const row = await w.db.selectFrom('evening_games').selectAll().executeTakeFirstOrThrow();
      expect(JSON.parse(row.protocol!)).toMatchObject({ format: 'mafia-protocol/1', names: TEN });
    } finally {
      await w.close();
    }
  });

  it('a_protocol_naming_somebody_who_is_no_member_is_refused_and_nothing_changes', async () => {
    const w = await doorWorld(target, { members: TEN });
    try {
      const before = await w.snapshot();
      const names = [...TEN];
      names[3] = 'Незнакомец';
      const e = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(names) }));
      expect(e.code).toBe('unknown-member');
      expect(e.extra).toEqual({ path: 'names[3]', params: { name: 'Незнакомец' } });
      expect(e.message).toContain('Незнакомец');
      // A protocol that breaks a rule: the engine's message.
      const broken = townWins(TEN);
      (broken.steps as unknown[]).push({ night: 9 });
      const bad = await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: broken }));
      expect(bad.code).toBe('bad-protocol');
      expect(bad.message).toMatch(/breaks a rule/);
      expect((await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: '{not json' }))).code).toBe('bad-protocol');
      const twice = [...TEN];
      twice[9] = 'Аня';
      expect((await refusal(importProtocol(w.ctx, w.host, w.eveningId, { protocol: townWins(twice) }))).code).toBe('duplicate-member');
      expect(await w.snapshot()).toEqual(before);
    } finally {
      await w.close();
    }
  });
});
