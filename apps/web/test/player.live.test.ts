import type { Command, GameView } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { liveServerForTests, socket, until } from './liveServer';
import { RoomClient } from '../src/net/client';
import { createRoom } from '../src/net/http';
import { createSecrets, memoryStore } from '../src/net/secrets';
import { actCommand, cardOf, isSpectator, nightClock, nightDecision, partnersOf } from '../src/screens/player/logic';

// The player screen's decisions against the real server: what it sends each seat, and what it accepts.
const live = liveServerForTests();

const opts = { url: '', socket, pingEveryMs: 0 };


/** The host's next step from his view (as the engine's nextHostCommand does from the state). */
function hostStep(v: GameView): Command | null {
  if (v.phase.kind === 'night') return { type: 'endNight' };
  switch (v.day?.stage) {
    case 'lastWords': return { type: 'endLastWords' };
    case 'speeches':
    case 'defence': return { type: 'endSpeech' };
    case 'vote':
    case 'lift': return { type: 'closeVote' };
    default: return null;
  }
}

describe('the player screen against the real server', () => {
  it('each seat acts at its own step, everyone else gets nothing to send; a shot seat becomes a spectator', async () => {
    const room = await createRoom({ preset: 'classic', seats: 10, mode: 'human', timers: { night: 600 } }, { base: live.base });
    const host = new RoomClient({ ...opts, url: live.wsUrl, code: room.code, auth: { as: 'host', key: room.hostKey! } });
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
    await host.start();
    // Through night 1 (introduction) and day 1 to night 2.
    for (let k = 0; k < 40; k++) {
      const v = (await until(host, (s) => s.view !== null, 'view')).view!;
      if (v.phase.kind === 'night' && v.phase.n === 2) break;
      const seq = host.getState().seq;
      await host.command(hostStep(v)!);
      await until(host, (s) => s.seq > seq, 'the host step');
    }
    const hv = host.getState().view!;
    expect(hv.phase).toEqual({ kind: 'night', n: 2 });
    const roleOf = (n: number) => hv.seats[n - 1]!.role!;
    const mafia = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((n) => hv.seats[n - 1]!.team === 'mafia');
    const victim = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((n) => roleOf(n) === 'civilian')!;
    const states = await Promise.all(seats.map((c, i) => until(c, (s) => s.view?.phase.kind === 'night' && s.view.phase.n === 2 && s.timer?.kind === 'night', `seat ${i + 1} at night 2`)));

    // Every phone is on the same step at the same moment (the shared clock, the server's timer).
    const now = states[0]!.timer!.started + 1;
    for (const s of states) expect(nightClock(s.view, s.timer, now).step).toBe(0);
    const steps = states[0]!.view!.nightSteps;
    for (const [i, s] of states.entries()) {
      const seat = i + 1;
      expect(cardOf(s.view)?.role).toBe(roleOf(seat)); // his own card, from his own view
      expect(s.view!.nightSteps).toEqual(steps);
      const kinds = steps.map((_, k) => nightDecision(s.view, s.pending, seat, k).kind);
      const role = roleOf(seat);
      if (role === 'civilian') {
        expect(kinds.every((k) => k === 'decoy')).toBe(true);
        expect(s.pending).toEqual([]);
        expect(partnersOf(s.view)).toEqual([]);
      }
      if (role === 'mafia' || role === 'don') {
        expect(kinds[0]).toBe('real');
        expect(partnersOf(s.view).map((p) => p.seat).sort()).toEqual(mafia.filter((m) => m !== seat).sort());
      }
      if (role === 'commissar') expect(kinds.indexOf('real')).toBe(steps.findIndex((st) => st.wake.includes('commissar')));
    }

    // The mafia's shot as the screen sends it; the server accepts every one.
    for (const m of mafia) {
      const s = seats[m - 1]!.getState();
      const cmd = actCommand(m, nightDecision(s.view, s.pending, m, 0), victim, null, null)!;
      expect(cmd).toEqual({ type: 'act', by: m, act: 'kill', target: victim });
      await seats[m - 1]!.command(cmd);
    }
    const seq = host.getState().seq;
    await host.command({ type: 'endNight' });
    await until(host, (s) => s.seq > seq && s.view?.phase.kind === 'day', 'day 2');
    const dead = await until(seats[victim - 1]!, (s) => s.view?.phase.kind === 'day' && s.view.phase.n === 2, 'the victim at day 2');
    expect(isSpectator(dead.view)).toBe(true);
    expect(cardOf(dead.view)?.role).toBe('civilian');
    expect(dead.view!.seats.filter((s) => s.seat !== victim && s.role !== undefined)).toEqual([]);
    for (const c of [host, ...seats]) c.close();
  });
});
