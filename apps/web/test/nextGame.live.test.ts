import { describe, expect, it } from 'vitest';
import { RoomClient } from '../src/net/client';
import { createRoom } from '../src/net/http';
import { createSecrets, memoryStore } from '../src/net/secrets';
import { liveServerForTests, socket, until } from './liveServer';

// The web client following the next game at the same table, against the real server.
const live = liveServerForTests();
const opts = { url: '', socket, pingEveryMs: 0 };

describe('the next game with the same table, live', () => {
  it('phones_follow_into_the_next_game_on_their_seats_without_claiming_again', async () => {
    const room = await createRoom({ preset: 'classic', seats: 10, mode: 'human' }, { base: live.base });
    const host = new RoomClient({ ...opts, url: live.wsUrl, code: room.code, auth: { as: 'host', key: room.hostKey } });
    host.connect();
    await until(host, (s) => s.status === 'open', 'host open');
    const seats: RoomClient[] = [];
    for (let n = 1; n <= 10; n++) {
      const c = new RoomClient({ ...opts, url: live.wsUrl, code: room.code, auth: { as: 'spectator' }, tokens: createSecrets(memoryStore()) });
      c.connect();
      await until(c, (s) => s.status === 'open', `seat ${n} open`);
      await c.claim(n);
      seats.push(c);
    }
    try {
      await host.start();
      await host.command({ type: 'override', action: { kind: 'endGame', winner: 'mafia' } });
      await Promise.all(seats.map((c, i) => until(c, (s) => s.view?.phase.kind === 'ended', `seat ${i + 1} at the end`)));
      const before = seats[4]!.getState();
      await host.nextGame();
      const after = await Promise.all(seats.map((c, i) => until(c, (s) => s.lobby?.game === 2 && s.view?.phase.kind === 'night', `seat ${i + 1} in game 2`)));
      after.forEach((s, i) => {
        expect(s.you).toEqual({ as: 'seat', seat: i + 1 });
        expect(s.view!.me!.seat).toBe(i + 1);
        // This game's log only: it begins with the next game's first entry, numbered after the last one seen.
        expect(s.log[0]).toMatchObject({ kind: 'events', game: 2 });
        expect(JSON.stringify(s.log)).not.toContain('GameEnded');
      });
      expect(after[4]!.log[0]!.seq).toBe(before.seq + 1);
      // A drop and a resume keep the seat and the game.
      seats[4]!.reconnectNow();
      const back = await until(seats[4]!, (s) => s.status === 'open' && s.lobby?.game === 2, 'seat 5 back');
      expect(back.view!.phase).toEqual({ kind: 'night', n: 1 });
      expect(back.log[0]).toMatchObject({ game: 2 });
    } finally {
      for (const c of [...seats, host]) c.close();
    }
  });
});
