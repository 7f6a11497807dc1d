import type { Command } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { FakeConn } from './fakeConn.js';
import { controllerOf, managerOver, seatedRoom, tempStorage } from './fakeRooms.js';
import type { RoomManager } from '../src/room/manager.js';
import { anyObject, jsonOf } from './json.js';

type Msg = Record<string, any>;
const env = tempStorage();
const endGame: Command = { type: 'override', action: { kind: 'endGame', winner: 'town' } };
let n = 0;
const hostCmd = (m: RoomManager, host: FakeConn, command: Command) => m.command(host, `c${++n}`, command);
const log = async (room: string) => (await env.storage().readLog(room)).map((r) => ({ kind: r.kind, body: jsonOf(anyObject, r.body) }));
const codeOf = (host: FakeConn, seat: number): string => host.last('seatCodes')!.codes.find((c: Msg) => c.seat === seat)!.code;

/** A human room, every seat claimed (P1…P10), game 1 started. */
async function playing() {
  const m = env.track(managerOver(env.storage()));
  const r = await seatedRoom(m, 'human');
  await m.start(r.ctrl, 'go');
  return { m, ...r };
}

describe('a seat renamed in a room (issue 24: a replacement on a leaver\'s seat)', () => {
  it('between games: logged, the leaver loses the seat, the replacement claims it with a new code under his name, the next deal and export name him', async () => {
    const { m, created, ctrl: host, seats } = await playing();
    await hostCmd(m, host, endGame);
    const tv = new FakeConn();
    await m.hello(tv, created.code, { as: 'spectator' }, undefined);
    const leaverToken = seats[2]!.got.find((x) => x.type === 'welcome')!.token as string;
    expect(await m.renameSeat(created.code, 3, '  Ёжик  ')).toBe('applied');
    const entry = (await log(created.room)).at(-1)!;
    expect(entry).toEqual({ kind: 'rename', body: { seat: 3, name: 'Ёжик', by: 'owner' } });
    // The leaver's phone hears the new name first, then that the seat is no longer his, and leaves it.
    const leaver = seats[2]!;
    const item = leaver.last('update')!.items.at(-1);
    expect(item).toEqual({ seq: expect.any(Number), kind: 'rename', seat: 3, name: 'Ёжик' });
    expect(leaver.last('error')).toMatchObject({ code: 'seat-renamed', path: 'seat' });
    expect(leaver.roomId).toBeNull();
    // The TV's lobby: the seat is free and named for the next game; nothing secret in what it got.
    const lobby = tv.last('update')!.lobby;
    expect(lobby.claimed[2]).toBeNull();
    expect(lobby.renamed[2]).toBe('Ёжик');
    expect(JSON.stringify(tv.got)).not.toMatch(/tokenHash|"token"|"codes"|"salt"/);
    // The old token opens nothing; the host's device shows the seat's new code.
    const back = new FakeConn();
    await m.hello(back, created.code, { as: 'seat', seat: 3, token: leaverToken }, undefined);
    expect(back.last('error')).toMatchObject({ code: 'seat-not-claimed' });
    const code = codeOf(host, 3);
    const wrong = new FakeConn();
    await m.claim(wrong, created.code, { seat: 3, name: 'Кто-то' });
    expect(wrong.last('error')).toMatchObject({ code: 'seat-code-needed' });
    const repl = new FakeConn();
    await m.claim(repl, created.code, { seat: 3, name: 'Другое имя', seatCode: code });
    expect(repl.last('welcome')).toMatchObject({ you: { as: 'seat', seat: 3 } });
    expect(repl.last('welcome')!.lobby.claimed[2]).toBe('Ёжик');
    await m.nextGame(host, 'next2');
    const u = host.last('update')!;
    expect(u.lobby.game).toBe(2);
    expect(u.view.seats.map((s: Msg) => s.name)).toEqual(['P1', 'P2', 'Ёжик', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']);
    expect(repl.last('update')!.view.me.seat).toBe(3);
    // The export writes the deal's names (setup.names: packages/engine scoresheet/export.ts).
    await hostCmd(m, host, endGame);
    const game2 = (await m.gamesOf(created.room))[1]!;
    expect(game2.final!.setup.names[2]).toBe('Ёжик');
  });

  it('survives a restart: the rename is replayed from the log (name, free seat, no stale claim) and the next game deals it', async () => {
    const { m, created, ctrl: host } = await playing();
    await hostCmd(m, host, endGame);
    await m.rename(host, 5, 'Лиса', 'r1');
    expect(host.last('update')).toMatchObject({ ack: 'r1' });
    // A re-sent id is answered, not applied again.
    await m.rename(host, 5, 'Лиса', 'r1');
    expect(host.got.at(-1)).toMatchObject({ type: 'ack', id: 'r1', duplicate: true });
    expect((await log(created.room)).filter((e) => e.kind === 'rename')).toHaveLength(1);
    await m.close();
    const again = env.track(managerOver(env.storage()));
    const host2 = await controllerOf(again, created);
    const w = host2.last('welcome')!;
    expect(w.lobby.renamed[4]).toBe('Лиса');
    expect(w.lobby.claimed[4]).toBeNull();
    expect(host2.last('seatCodes')!.codes.map((c: Msg) => c.seat)).toEqual([5]);
    await again.nextGame(host2, 'n2');
    expect(host2.last('update')!.view.seats[4].name).toBe('Лиса');
    // Game 3 too: the seat keeps its new name.
    await again.command(host2, 'e2', endGame);
    await again.nextGame(host2, 'n3');
    expect(host2.last('update')!.view.seats[4].name).toBe('Лиса');
  });

  it('mid-game: held, the running game is not renamed and the leaver plays on; applied when the game ends (also across a restart)', async () => {
    const { m, created, ctrl: host, seats } = await playing();
    expect(await m.renameSeat(created.code, 2, 'Волк')).toBe('held');
    expect((await log(created.room)).at(-1)).toEqual({ kind: 'rename', body: { seat: 2, name: 'Волк', by: 'owner', held: true } });
    const leaver = seats[1]!;
    expect(leaver.roomId).not.toBeNull();
    expect(leaver.last('update')!.items.at(-1)).toMatchObject({ kind: 'rename', seat: 2, name: 'Волк', held: true });
    expect(host.last('update')!.lobby.heldRenames).toEqual([{ seat: 2, name: 'Волк' }]);
    expect(host.last('update')!.view.seats[1].name).toBe('P2');
    // A restart while the game runs keeps it held.
    await m.close();
    const m2 = env.track(managerOver(env.storage()));
    const host2 = await controllerOf(m2, created);
    expect(host2.last('welcome')!.lobby.heldRenames).toEqual([{ seat: 2, name: 'Волк' }]);
    const leaverToken = leaver.got.find((x) => x.type === 'welcome')!.token as string;
    const leaver2 = new FakeConn();
    await m2.hello(leaver2, created.code, { as: 'seat', seat: 2, token: leaverToken }, undefined);
    expect(leaver2.last('welcome')!.you).toEqual({ as: 'seat', seat: 2 });
    await m2.command(host2, 'end', endGame);
    const tail = (await log(created.room)).slice(-2);
    expect(tail[0]!.kind).toBe('command');
    expect(tail[1]).toEqual({ kind: 'rename', body: { seat: 2, name: 'Волк', by: 'app' } });
    expect(leaver2.last('error')).toMatchObject({ code: 'seat-renamed' });
    expect(host2.last('seatCodes')!.codes.map((c: Msg) => c.seat)).toEqual([2]);
    // The game that was played keeps the leaver's name; the next one deals the replacement's.
    const game1 = (await m2.gamesOf(created.room))[0]!;
    expect(game1.final!.setup.names[1]).toBe('P2');
    await m2.nextGame(host2, 'n2');
    expect(host2.last('update')!.view.seats[1].name).toBe('Волк');
  });

  it('bad input is refused with a code and changes nothing; only the host renames', async () => {
    const { m, created, ctrl: host, seats } = await playing();
    const before = (await log(created.room)).length;
    await m.rename(host, 11, 'Кот', 'b1');
    expect(host.last('error')).toMatchObject({ code: 'bad-seat', path: 'seat', id: 'b1' });
    await m.rename(host, 1, 'Ведущий', 'b2');
    expect(host.last('error')).toMatchObject({ code: 'bad-name', path: 'name', id: 'b2' });
    await expect(m.rename(seats[0]!, 1, 'Кот', 'b3')).rejects.toMatchObject({ refusal: { code: 'host-only' } });
    await expect(m.renameSeat('ZZZZZZ', 1, 'Кот')).rejects.toMatchObject({ refusal: { code: 'no-room' } });
    await m.closeRoom(host, 'bye');
    await expect(m.renameSeat(created.code, 1, 'Кот')).rejects.toMatchObject({ refusal: { code: 'room-closed' } });
    expect((await log(created.room)).length).toBe(before + 1);
  });
});
