import { describe, expect, it } from 'vitest';
import { createRoom } from '../src/net/http';
import { liveServerForTests, seatedTable, until } from './liveServer';

// The web client following the next game at the same table, against the real server.
const live = liveServerForTests();

describe('the next game with the same table, live', () => {
  it('phones_follow_into_the_next_game_on_their_seats_without_claiming_again', async () => {
    const room = await createRoom({ preset: 'classic', seats: 10, mode: 'human' }, { base: live.base });
    const { host, seats } = await seatedTable(live.wsUrl, room, 10);
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
