/**
 * A `fiim` room over the wire (R-FIIM-12..17): the host's tournament commands reach the engine like a
 * foul or a removal, extra points are taken after the game ended, and a bad rules code is refused
 * with the path of its field.
 */
import { describe, expect, it } from 'vitest';
import { createRoom, seatTheTable, serverForTests, V } from './helpers.js';

const server = serverForTests();

const fiimRoom = async (options: Record<string, unknown> = {}) => {
  const s = server.get();
  const created = await createRoom(s.base, { preset: 'fiim', seats: 10, mode: 'human', options });
  const table = await seatTheTable(s.ws, created);
  await table.host.request({ v: V, type: 'start', id: 'go' }, 'update');
  let n = 0;
  const command = (command: Record<string, unknown>, answer: 'update' | 'error' = 'update') =>
    table.host.request({ v: V, type: 'command', id: `c${n++}`, command }, answer);
  return { ...table, command };
};

const eventsOf = (u: Record<string, any>) => u.items.flatMap((i: { events?: unknown[] }) => i.events ?? []);

describe('a fiim room', () => {
  it('takes a technical foul, a removal with its reason, a team defeat and extra points from the host, and extra points after the end', async () => {
    const { command, seats } = await fiimRoom({ techFouls: 'yes' });
    // Night 1 (the introduction): fouls and removals count at night too (R-FIIM-11).
    expect(eventsOf(await command({ type: 'techFoul', seat: 2 }))).toEqual([{ type: 'TechFouled', seat: 2, total: 1 }]);
    expect(eventsOf(await command({ type: 'remove', seat: 3, reason: 'left' }))).toEqual([{ type: 'RemovalPending', seat: 3, reason: 'left' }]);
    expect(eventsOf(await command({ type: 'extraPoints', seat: 4, points: 0.3 }))).toEqual([{ type: 'ExtraPointsGiven', seat: 4, points: 0.3 }]);
    expect(eventsOf(await command({ type: 'teamDefeat', seat: 5 }))).toEqual([{ type: 'TeamDefeatRecorded', seat: 5 }]);
    // The team defeat takes effect at the end of the night: the game is over.
    const end = eventsOf(await command({ type: 'endNight' }));
    expect(end.some((e: { type: string }) => e.type === 'GameEnded')).toBe(true);
    // A seat hears the new events too (they are public).
    await seats[0]!.next((m) => m.type === 'update' && JSON.stringify(m).includes('GameEnded'));
    // After the end the referee still gives extra points (R-FIIM-16); a foul needs the final minute.
    expect(eventsOf(await command({ type: 'extraPoints', seat: 1, points: -0.2 }))).toEqual([{ type: 'ExtraPointsGiven', seat: 1, points: -0.2 }]);
    expect((await command({ type: 'foul', seat: 1 }, 'error')).code).toBe('game-over');
  });

  it('refuses what the wire or the engine does not take: a reason outside fiim, another reason, extra points of 0', async () => {
    const { command } = await fiimRoom();
    expect(await command({ type: 'remove', seat: 1, reason: 'fouls' }, 'error')).toMatchObject({ code: 'bad-message', path: 'command.reason' });
    expect((await command({ type: 'extraPoints', seat: 1, points: 0 }, 'error')).code).toBe('bad-field');
    // techFouls is "no" by default: not counted.
    expect((await command({ type: 'techFoul', seat: 1 }, 'error')).code).toBe('not-in-preset');
    const s = server.get();
    const classic = await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'human' });
    const { host } = await seatTheTable(s.ws, classic);
    await host.request({ v: V, type: 'start', id: 'go' }, 'update');
    await host.request({ v: V, type: 'command', id: 'n1', command: { type: 'endNight' } }, 'update');
    const refused = await host.request({ v: V, type: 'command', id: 'r1', command: { type: 'remove', seat: 1, reason: 'left' } }, 'error');
    expect(refused.code).toBe('not-in-preset');
  });

  it('creates a room from a rules code and refuses a bad one with the path of the field', async () => {
    const s = server.get();
    const ok = await fetch(`${s.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'fiim', seats: 10, mode: 'human', options: { rulesCode: '1002000010001', rotation: 'first' } }) });
    expect(ok.status).toBe(201);
    const bad = await fetch(`${s.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'fiim', seats: 10, mode: 'human', options: { rulesCode: '0002900010000' } }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 'bad-rules-code', path: 'options.rulesCode' });
  });
});
