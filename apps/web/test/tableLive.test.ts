import { describe, expect, it } from 'vitest';
import { claimEverySeat, liveServerForTests, socket } from './liveServer';
import { advance, beatOf, type Beat, type Line } from '../src/narrator/lines';
import { RoomClient } from '../src/net/client';
import { createRoom } from '../src/net/http';
import { lastNightNews, tableModel } from '../src/screens/table/model';

// The table screen's spectator connection and the narrator against the real server, an app-hosted room.
const live = liveServerForTests();

const keys = (lines: readonly Line[]) => lines.map((l) => (l.seats ? `${l.key}:${l.seats.join(',')}` : l.roles ? `${l.key}:${l.roles.join(',')}` : l.key));

describe('the table screen against the real server (app room)', () => {
  it('a spectator is sent no role; the narrator calls night 1 step by step, then the morning', async () => {
    const created = await createRoom({ preset: 'classic', seats: 10, mode: 'app', timers: { nightStep: 1, speech: 0.3, defence: 0.3, lastWords: 0.3, vote: 0.3 } }, { base: live.base });
    const table = new RoomClient({ code: created.code, auth: { as: 'spectator' }, url: live.wsUrl, socket, pingEveryMs: 0 });
    // An app room has no host key: its creator runs it with the room-admin key (and sees no role either).
    const host = new RoomClient({ code: created.code, auth: { as: 'admin', key: created.adminKey! }, url: live.wsUrl, socket, pingEveryMs: 0 });
    table.connect();
    host.connect();
    // The app hosts a game only with every seat claimed, and runs its clock while a seat is connected.
    const seats = await claimEverySeat(live.wsUrl, created.code, 10);
    const said: string[] = [];
    let beat: Beat | null = null;
    const look = () => {
      const s = table.getState();
      const r = advance(beat, beatOf(s, Date.now() + s.clockOffset));
      beat = r.beat;
      said.push(...keys(r.lines));
    };
    const off = table.subscribe(look);
    const tick = setInterval(look, 20);
    try {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`timeout; said ${JSON.stringify(said)}`)), 15_000);
        const check = setInterval(() => {
          if (host.getState().status === 'open' && table.getState().status === 'open' && !host.getState().lobby?.started) void host.start().catch(() => {});
          if (said.includes('speech:2')) {
            clearInterval(check);
            clearTimeout(t);
            resolve();
          }
        }, 20);
      });
      const s = table.getState();
      expect(s.you).toEqual({ as: 'spectator' });
      expect(s.view!.seats.some((x) => x.role !== undefined)).toBe(false);
      expect(s.view!.me).toBeNull();
      expect(said.slice(0, said.indexOf('speech:1') + 1)).toEqual([
        'citySleeps', 'wakeMafia', 'sleepMafia', 'wakeRole:don', 'sleepRole:don', 'wakeRole:commissar', 'sleepRole:commissar', 'cityWakes', 'newsNobody', 'speech:1',
      ]);
      expect(lastNightNews(s.log)).toEqual({ night: 1, died: [] });
      const m = tableModel(s, Date.now());
      expect(m).toMatchObject({ phase: 'day', n: 1, news: { night: 1, died: [] } });
    } finally {
      clearInterval(tick);
      off();
      table.close();
      host.close();
      for (const c of seats) c.close();
    }
  });
});
