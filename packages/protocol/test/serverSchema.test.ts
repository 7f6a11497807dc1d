import { describe, expect, it } from 'vitest';
import { parseServerMessage } from '../src/index.js';

const LOBBY = { room: 'r1', code: 'ABCDEF', preset: 'classic', mode: 'human', seats: 2, claimed: ['Anna', null], started: false, game: 1, ended: false, closed: false };
const parse = (m: unknown) => parseServerMessage(JSON.stringify(m));

describe('server messages', () => {
  it('accepts every message kind the server sends', () => {
    const frames = [
      { v: 1, type: 'welcome', you: { as: 'seat', seat: 1 }, token: 't'.repeat(32), lobby: LOBBY, seq: 1, items: [{ seq: 1, kind: 'claim', seat: 1, name: 'Anna' }], view: null, pending: [], timer: null },
      { v: 1, type: 'update', seq: 2, items: [{ seq: 2, kind: 'events', by: 'host', events: [{ type: 'NightStarted', n: 1 }] }], view: { viewer: { kind: 'seat', seat: 1 }, phase: { kind: 'night', n: 1 }, seats: [{ seat: 1, name: 'Anna', alive: true, fouls: 0 }] }, pending: [{ kind: 'nominate', seat: 1 }], timer: { kind: 'night', started: 1, deadline: 2, steps: [1] }, ack: 'c1' },
      { v: 1, type: 'ack', id: 'c1', seq: 2, duplicate: true },
      { v: 1, type: 'error', code: 'bad-token', message: 'no' },
      { v: 1, type: 'pong', now: 5 },
      { v: 1, type: 'alert', code: 'x', command: 'timeUp', message: 'refused', at: 3 },
      { v: 1, type: 'seatCodes', codes: [{ seat: 2, code: '123456' }] },
    ];
    for (const f of frames) expect(parse(f), f.type).toMatchObject({ ok: true, message: { type: f.type } });
  });

  it('refuses a frame that is not JSON, or has a wrong field, naming its path', () => {
    expect(parseServerMessage('{')).toMatchObject({ ok: false, error: { code: 'bad-server-message' } });
    expect(parse({ v: 1, type: 'pong', now: 'soon' })).toMatchObject({ ok: false, error: { code: 'bad-server-message', path: 'now' } });
    expect(parse({ v: 2, type: 'pong', now: 1 })).toMatchObject({ ok: false, error: { path: 'v' } });
    expect(parse({ v: 1, type: 'update', seq: 1, items: [{ seq: 1, kind: 'claim', seat: 0, name: 'A' }], view: null, pending: [], timer: null })).toMatchObject({ ok: false, error: { path: 'items.0.seat' } });
  });

  it('tells an unknown message type apart, for a client to ignore', () => {
    expect(parse({ v: 1, type: 'fromTheFuture' })).toMatchObject({ ok: false, error: { code: 'unknown-server-message' } });
  });
});
