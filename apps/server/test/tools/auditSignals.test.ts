/**
 * The audit's signalling checks (apps/server/src/tools/audit/signalFrames.ts): the tally must find
 * a signal that reached a viewer the rules do not link with its sender (a town seat or the admin at
 * night, a spectator, a listener by day), and stay quiet on the mafia's meeting and the speaker's
 * calls; the bots' writer must call whom docs/online.md lets it and try whom it does not.
 */
import { describe, expect, it } from 'vitest';
import type { GameView } from '@mafia/engine';
import { auditSignals, SignalFrameTally } from '../../src/tools/audit/signalFrames.js';

/** Seats 1 and 2 are the mafia (the Don and a mafioso), 3 to 10 the town; seat 10 is dead. */
const MAFIA = [1, 2];
const night = { kind: 'night', n: 2 } as const;
const day = { kind: 'day', n: 2 } as const;
const nightSteps = [{ wake: ['mafia', 'don'], acts: ['kill'], note: '' }, { wake: ['commissar'], acts: ['check'], note: '' }];

/** Seat `me`'s view (null: the admin's or the spectator's): a mafia seat sees its teammates' roles. */
function view(phase: GameView['phase'], me: number | null, extra: Partial<GameView> = {}): GameView {
  const mafia = me !== null && MAFIA.includes(me);
  const role = (n: number) => (n === 1 ? 'don' : MAFIA.includes(n) ? 'mafia' : 'civilian');
  const seats = Array.from({ length: 10 }, (_, i) => {
    const n = i + 1;
    const known = n === me || (mafia && MAFIA.includes(n));
    return { seat: n, name: `p${n}`, alive: n !== 10, fouls: 0, ...(known ? { role: role(n), team: MAFIA.includes(n) ? 'mafia' : 'town' } : {}) };
  });
  const meView = me === null ? null : { seat: me, role: role(me), team: MAFIA.includes(me) ? 'mafia' : 'town', alive: me !== 10 };
  return { phase, seats, me: meView, nightSteps, day: null, ...extra } as unknown as GameView;
}
const speech = (speaker: number, stage = 'speeches') => ({ day: { n: 2, stage, speaker, lastWords: stage === 'lastWords' ? [speaker] : [] } } as unknown as Partial<GameView>);

const update = (seq: number, v: GameView | null) => JSON.stringify({ v: 1, type: 'update', seq, items: [], view: v, pending: [], timer: null });
const signal = (from: number | 'host', kind = 'offer') => JSON.stringify({ v: 1, type: 'signal', from, data: kind === 'bye' ? { kind, call: 'c' } : { kind, call: 'c', sdp: 'v=0' } });
const refusal = (code: string) => JSON.stringify({ v: 1, type: 'error', code, message: 'm' });

describe('the signalling checks over recorded frames', () => {
  it('pass the mafia calling each other at night and the speaker calling everybody by day', () => {
    const t = new SignalFrameTally();
    t.takeViewer('g', 'seat:2', [update(1, view(night, 2)), signal(1), signal(1, 'answer'), signal(1, 'bye'), update(2, view(day, 2, speech(5))), signal(5)]);
    t.takeViewer('g', 'seat:5', [update(1, view(day, 5, speech(5))), signal(3, 'answer')]);
    t.takeViewer('g', 'admin', [update(1, view(day, null, speech(10, 'lastWords'))), signal(10)]);
    expect({ night: t.nightStrays, day: t.dayStrays }).toEqual({ night: [], day: [] });
    expect(t.relayed).toEqual({ night: 3, day: 3, open: 0 });
  });

  it('find a night signal at a town seat, at a dead mafioso, at the admin, from a town seat, and at the spectator', () => {
    const t = new SignalFrameTally();
    t.takeViewer('g', 'seat:4', [update(1, view(night, 4)), signal(1)]);
    t.takeViewer('g', 'seat:2', [update(1, view(night, 2, { me: { seat: 2, role: 'mafia', team: 'mafia', alive: false } } as Partial<GameView>)), signal(1)]);
    t.takeViewer('g', 'admin', [update(1, view(night, null)), signal(2)]);
    t.takeViewer('g', 'seat:1', [update(1, view(night, 1)), signal(7)]);
    t.takeViewer('g', 'spectator', [update(1, view(night, null)), signal(1)]);
    expect(t.nightStrays).toHaveLength(5);
    expect(t.nightStrays[0]).toMatch(/^g: seat:4 got a offer from 1 \(night 2: not in the meeting/);
    expect(t.relayed.night).toBe(0);
  });

  it('find a day signal from a listener, an offer to the speaker, and one in a vote', () => {
    const t = new SignalFrameTally();
    t.takeViewer('g', 'seat:3', [update(1, view(day, 3, speech(5))), signal(4)]);
    t.takeViewer('g', 'seat:5', [update(1, view(day, 5, speech(5))), signal(4)]);
    t.takeViewer('g', 'seat:6', [update(1, view(day, 6, { day: { n: 2, stage: 'vote', speaker: null, lastWords: [] } } as unknown as Partial<GameView>)), signal(5)]);
    expect(t.dayStrays).toHaveLength(3);
    expect(t.nightStrays).toEqual([]);
  });

  it('judge a signal by the last view, kept across frames that carry none, and count refusals by code', () => {
    const t = new SignalFrameTally();
    const chat = JSON.stringify({ v: 1, type: 'update', seq: 2, items: [{ seq: 2, kind: 'chat', channel: 'mafia', by: 1, text: 'x' }] });
    t.takeViewer('g', 'seat:2', [update(1, view(night, 2)), chat, signal(1), refusal('media-not-now'), refusal('chat-night'), update(3, view(day, 2, speech(5))), signal(1)]);
    t.takeViewer('g', 'spectator', [refusal('media-spectator')]);
    expect(t.relayed.night).toBe(1);
    expect(t.dayStrays).toHaveLength(1);
    expect(t.refused).toEqual({ 'media-not-now': 1, 'media-spectator': 1 });
    expect(t.refusedAtSeats).toEqual({ 'media-not-now': 1 });
  });
});

describe('what a bot sends', () => {
  const calls = (out: readonly { to: number | 'host'; data: { kind: string } }[]) => out.map((s) => `${s.data.kind}>${s.to}`);

  it('at night, the mafia call each teammate and try one seat outside; the town tries once', () => {
    const mafioso = auditSignals(2);
    // Its first signal of the game calls a seat that is not there (seat 11 of 10).
    expect(calls(mafioso(view(night, 2)))).toEqual(['offer>11', 'offer>1', 'answer>1', 'bye>1', 'offer>3']);
    expect(mafioso(view(night, 2))).toEqual([]);
    const citizen = auditSignals(3);
    expect(calls(citizen(view(night, 3)))).toEqual(['offer>3', 'offer>4']);
    expect(citizen(view(night, 3))).toEqual([]);
  });

  it('by day, the speaker calls everybody once a turn on a third of his days; the others try once a phase', () => {
    // Day 2, seat 7: (2 + 7) % 3 === 0, his day to call.
    const speaker = auditSignals(7);
    speaker(view(night, 7));
    const out = calls(speaker(view(day, 7, { ...speech(7), ownTurn: 'endSpeech' })));
    expect(out).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 'host'].map((to) => `offer>${to}`));
    expect(speaker(view(day, 7, { ...speech(7), ownTurn: 'endSpeech' }))).toEqual([]);
    expect(calls(speaker(view(day, 7, speech(6))))).toEqual(['offer>8']);
    expect(speaker(view(day, 7, speech(8)))).toEqual([]);
    // Seat 5 on day 2 is not on his third: his turn calls nobody.
    const quiet = auditSignals(5);
    quiet(view(night, 5));
    expect(quiet(view(day, 5, { ...speech(5), ownTurn: 'endSpeech' }))).toEqual([]);
  });
});
