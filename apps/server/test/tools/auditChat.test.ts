/**
 * The audit's chat checks (apps/server/src/tools/audit/chatFrames.ts, src/audit/chatPairs.ts): they
 * must find a mafia or dead line where it may not go, a line written where its writer may not
 * write, a gap in a client's numbering, and a difference between a night with a meeting and one
 * without; and stay quiet on a stream that shows only what its viewer may read.
 */
import { describe, expect, it } from 'vitest';
import type { GameView } from '@mafia/engine';
import { auditChat, ChatFrameTally, seatMayWrite } from '../../src/tools/audit/chatFrames.js';
import { chatPairs, differences } from '../../src/audit/chatPairs.js';

const view = (phase: GameView['phase'], me: { alive: boolean; team: string } | null, extra: Partial<GameView> = {}) =>
  ({ phase, me: me && { seat: 1, role: me.team === 'mafia' ? 'mafia' : 'civilian', ...me }, seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1 })), ...extra }) as unknown as GameView;
const night = { kind: 'night', n: 2 } as const;
const day = { kind: 'day', n: 2 } as const;
const mafioso = { alive: true, team: 'mafia' };
const citizen = { alive: true, team: 'town' };
const dead = { alive: false, team: 'town' };

/** A frame with one chat item, numbered `seq`, with the viewer's view (and `ack` on the writer's copy). */
const line = (seq: number, channel: string, by: number | 'admin', v: GameView | null, ack?: string) =>
  JSON.stringify({ v: 1, type: 'update', seq, items: [{ seq, kind: 'chat', channel, by, text: 'x' }], view: v, pending: [], timer: null, ...(ack ? { ack } : {}) });
const welcome = (seq: number) => JSON.stringify({ v: 1, type: 'welcome', seq, items: [], view: null });

describe('where a seat may write, by its own view', () => {
  it('follows docs/online.md', () => {
    expect(seatMayWrite(null)).toEqual(['day']);
    expect(seatMayWrite(view(night, mafioso))).toEqual(['mafia']);
    expect(seatMayWrite(view(night, citizen))).toEqual([]);
    expect(seatMayWrite(view(day, mafioso))).toEqual(['day']);
    expect(seatMayWrite(view(day, dead))).toEqual(['dead']);
    expect(seatMayWrite(view(day, dead, { ownTurn: 'endLastWords' }))).toEqual(['day', 'dead']);
  });

  it('the bots write once a phase, and try a channel they may not', () => {
    const write = auditChat(3);
    const first = write(view(night, mafioso), 0);
    expect(first.map((l) => l.channel)).toEqual(['mafia', 'day']);
    expect(write(view(night, mafioso), 1)).toEqual([]);
    expect(write(view(day, dead), 2).map((l) => l.channel)).toEqual(['dead', 'mafia']);
  });
});

describe('the chat checks over recorded frames', () => {
  it('pass a stream where each line reaches its readers only, numbered without a gap', () => {
    const t = new ChatFrameTally();
    t.takeViewer('g', 'seat:1', [welcome(4), line(5, 'mafia', 1, view(night, mafioso), 'say-1'), line(6, 'day', 2, view(day, mafioso))]);
    t.takeViewer('g', 'seat:2', [welcome(3), line(4, 'dead', 2, view(day, dead), 'say-2')]);
    t.takeViewer('g', 'admin', [welcome(3), line(4, 'host', 'admin', null, 'a-1')]);
    expect({ leaks: t.leaks, outOfRule: t.outOfRule, gaps: t.gaps }).toEqual({ leaks: [], outOfRule: [], gaps: [] });
    expect(t.written).toEqual({ mafia: 1, dead: 1, host: 1 });
    expect(t.delivered).toEqual({ mafia: 1, dead: 1 });
  });

  it('find a mafia line at a town seat or the admin, a dead line at a living seat or a spectator', () => {
    const t = new ChatFrameTally();
    t.takeViewer('g', 'seat:4', [welcome(1), line(2, 'mafia', 1, view(night, citizen))]);
    t.takeViewer('g', 'seat:5', [welcome(1), line(2, 'mafia', 1, view(night, { alive: false, team: 'mafia' }))]);
    t.takeViewer('g', 'admin', [welcome(1), line(2, 'mafia', 1, null)]);
    t.takeViewer('g', 'seat:6', [welcome(1), line(2, 'dead', 3, view(day, citizen))]);
    t.takeViewer('g', 'spectator', [welcome(1), line(2, 'dead', 3, null)]);
    expect(t.leaks).toHaveLength(5);
  });

  it('find a line written where its writer may not write, and a gap in a numbering', () => {
    const t = new ChatFrameTally();
    t.takeViewer('g', 'seat:1', [welcome(1), line(2, 'mafia', 1, view(day, mafioso), 'say-1'), line(4, 'day', 1, view(day, citizen), 'say-2')]);
    expect(t.outOfRule).toHaveLength(1);
    expect(t.gaps).toEqual(['g seat:1: item 4 after 2']);
  });

  it('count the chat refusals by code', () => {
    const t = new ChatFrameTally();
    t.takeViewer('g', 'seat:1', [welcome(1), JSON.stringify({ v: 1, type: 'error', code: 'chat-night', message: 'm', id: 'x' })]);
    expect(t.refused).toEqual({ 'chat-night': 1 });
  });
});

describe('a night with a mafia meeting and one without', () => {
  const nightFrame = (n: number, extra = '') => JSON.stringify({ v: 1, type: 'update', seq: n, items: [], view: { phase: { kind: 'night', n: 1 } }, note: extra });
  const teams = ['mafia', 'town'];

  it('tells apart a town client who got one frame more, or a bigger one, and not a mafia seat', () => {
    const a = { teams, frames: new Map([[1, [nightFrame(1), nightFrame(2)]], [2, [nightFrame(1), nightFrame(2)]]]) };
    const more = { teams, frames: new Map([[1, [nightFrame(1)]], [2, [nightFrame(1), nightFrame(2), nightFrame(3)]]]) };
    expect(differences('p', a, more).differing).toEqual(['p: seat 2: 2 vs 3 frames during the nights', 'p: seat 2: frame 3 of 2/3 differs']);
    const bigger = { teams, frames: new Map([[1, a.frames.get(1)!], [2, [nightFrame(1), nightFrame(2, 'x')]]]) };
    expect(differences('p', a, bigger).differing[0]).toMatch(/^p: seat 2: night frame sizes/);
    expect(differences('p', a, a)).toMatchObject({ clients: 1, nightFrames: 4, differing: [] });
  });

  it('plays the same online game with and without the meeting: the town gets the same frames', async () => {
    const r = await chatPairs(['classic']);
    expect(r.differing).toEqual([]);
    expect(r.lines).toBeGreaterThan(3);
    // The mafia also called each other (offer, answer, bye per pair and night), and no signal went elsewhere.
    expect(r.signals).toBeGreaterThanOrEqual(9);
    expect(r.strays).toBe(0);
    // And said their plan each night (issue 27): a statement the town never learns was made.
    expect(r.plans).toBeGreaterThanOrEqual(2);
    expect(r.nightFrames).toBeGreaterThan(20);
  }, 60_000);
});
