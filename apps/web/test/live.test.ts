import { describe, expect, it } from 'vitest';
import { liveServerForTests, socket, until } from './liveServer';
import { RoomClient } from '../src/net/client';
import { ApiError, createRoom, getLobby } from '../src/net/http';
import { createSecrets, memoryStore } from '../src/net/secrets';

// The real server in this process on a temp SQLite database; the web app's net layer against it.
const live = liveServerForTests();



describe('the web net layer against the real server', () => {
  it('surfaces HTTP refusals as {code, message}', async () => {
    await expect(createRoom({ preset: 'mafia-deluxe', seats: 10, mode: 'human' }, { base: live.base })).rejects.toMatchObject({ code: 'unknown-preset', status: 400 });
    const e = await getLobby('ZZZZZZ', { base: live.base }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 'no-room', status: 404 });
  });

  it('creates a room over HTTP, claims every seat, starts, and each viewer gets its view; a seat resumes after a drop', async () => {
    const created = await createRoom({ preset: 'classic', seats: 10, mode: 'human' }, { base: live.base });
    expect(created.link).toBe(`/r/${created.code}`);
    expect(await getLobby(created.code, { base: live.base })).toMatchObject({ code: created.code, seats: 10, started: false });

    const host = new RoomClient({ code: created.code, auth: { as: 'host', key: created.hostKey! }, url: live.wsUrl, socket, pingEveryMs: 0 });
    host.connect();
    await until(host, (s) => s.status === 'open', 'the host welcome');
    expect(host.getState().you).toEqual({ as: 'host' });

    const seats: RoomClient[] = [];
    const secrets = createSecrets(memoryStore());
    for (let seat = 1; seat <= 10; seat++) {
      const c = new RoomClient({ code: created.code, auth: { as: 'spectator' }, url: live.wsUrl, socket, tokens: secrets, pingEveryMs: 0 });
      c.connect();
      await until(c, (s) => s.status === 'open', `spectator ${seat}`);
      const w = await c.claim(seat, `P${seat}`);
      expect(w.you).toEqual({ as: 'seat', seat });
      seats.push(c);
    }
    expect(secrets.getSeat(created.code)?.seat).toBe(10); // one seat per room per store: the last claim
    await until(host, (s) => s.lobby?.claimed.every((n) => n !== null) === true, 'every seat claimed');

    const seq = await host.start();
    expect(seq).toBeGreaterThan(10);
    const hv = (await until(host, (s) => s.view !== null, 'the host view')).view!;
    expect(hv.phase).toEqual({ kind: 'night', n: 1 });
    expect(hv.seats.every((s) => typeof s.role === 'string')).toBe(true);

    const three = seats[2]!;
    const sv = (await until(three, (s) => s.view !== null, 'seat 3 view')).view!;
    expect(sv.me?.seat).toBe(3);
    expect(sv.seats.filter((s) => s.role !== undefined).length).toBeLessThan(10);
    expect(three.getState().lobby?.started).toBe(true);

    // A dropped seat comes back with its token and lastSeq, and sees the same game.
    const before = three.getState().seq;
    expect(three.currentAuth).toMatchObject({ as: 'seat', seat: 3 });
    three.reconnectNow();
    await until(three, (s) => s.status === 'connecting', 'the drop', 2000).catch(() => three.getState());
    await until(three, (s) => s.status === 'open' && s.view !== null, 'the resume');
    expect(three.getState().seq).toBe(before);
    expect(three.getState().you).toEqual({ as: 'seat', seat: 3 });

    // A rule refusal comes back as an error naming the rule, and does not close anything.
    await expect(three.command({ type: 'vote', by: 3, target: 1 } as never)).rejects.toMatchObject({ code: expect.any(String) });
    await expect(three.command({ type: 'vote', by: 4, target: 1 } as never)).rejects.toMatchObject({ code: 'not-your-seat' });
    expect(three.getState().status).toBe('open');

    // A command id applies once: the same id again is answered with the first entry's seq, nothing changes.
    const first = await host.command({ type: 'endNight' }, 'end-night-1');
    await until(host, (s) => s.view?.phase.kind === 'day', 'day 1');
    const again = await host.command({ type: 'endNight' }, 'end-night-1');
    expect(again).toBe(first);
    expect(host.getState().view?.phase).toEqual({ kind: 'day', n: 1 });
    await until(three, (s) => s.view?.phase.kind === 'day', 'day 1 at seat 3');

    // A screen opened mid-game (a reload: a new client) gets the whole log it may see, from seq 1.
    const reloaded = new RoomClient({ code: created.code, auth: { as: 'host', key: created.hostKey! }, url: live.wsUrl, socket, pingEveryMs: 0 });
    reloaded.connect();
    const rs = await until(reloaded, (s) => s.status === 'open', 'the reloaded host');
    expect(rs.seq).toBe(host.getState().seq);
    expect(rs.log.map((i) => i.seq)).toEqual(Array.from({ length: rs.seq }, (_, i) => i + 1));
    expect(rs.log.some((i) => i.kind === 'events' && i.events.some((e) => e.type === 'NightResolved'))).toBe(true);
    reloaded.close();

    for (const c of [host, ...seats]) c.close();
  });
});
