import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, parseClientMessage, PROTOCOL_VERSION } from '../src/index.js';

const ok = (m: unknown) => {
  const r = parseClientMessage(JSON.stringify(m));
  if (!r.ok) throw new Error(r.error.message);
  return r.message;
};
const err = (m: unknown) => {
  const r = parseClientMessage(typeof m === 'string' ? m : JSON.stringify(m));
  if (r.ok) throw new Error('accepted');
  return r.error;
};

describe('client messages', () => {
  it('accepts every message type in version 1', () => {
    expect(ok({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'spectator' } }).type).toBe('hello');
    expect(ok({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'seat', seat: 3, token: 'x'.repeat(32) }, lastSeq: 12 }).type).toBe('hello');
    expect(ok({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'host', key: 'k'.repeat(32) } }).type).toBe('hello');
    expect(ok({ v: 1, type: 'claim', room: 'ABCDEF', seat: 1, name: 'Anna' }).type).toBe('claim');
    expect(ok({ v: 1, type: 'start' }).type).toBe('start');
    expect(ok({ v: 1, type: 'command', id: 'c1', command: { type: 'vote', by: 1, target: 2 } }).type).toBe('command');
    expect(ok({ v: 1, type: 'command', id: 'c2', command: { type: 'act', by: 1, act: 'kill', target: 2 } }).type).toBe('command');
    expect(ok({ v: 1, type: 'command', id: 'c3', command: { type: 'override', action: { kind: 'endGame', winner: 'town' } } }).type).toBe('command');
    expect(ok({ v: 1, type: 'ping' }).type).toBe('ping');
  });

  it('names what is wrong: not JSON, another version, an unknown type, a bad field, an unknown field', () => {
    expect(err('{nope').code).toBe('malformed');
    expect(err([1, 2]).code).toBe('malformed');
    expect(err({ v: 2, type: 'ping' })).toMatchObject({ code: 'bad-version', path: 'v' });
    expect(err({ type: 'ping' }).code).toBe('bad-version');
    expect(err({ v: 1, type: 'shout' })).toMatchObject({ code: 'unknown-type', path: 'type' });
    expect(err({ v: 1, type: 'command', id: 'x', command: { type: 'vote', by: 0, target: 2 } })).toMatchObject({ code: 'bad-message', path: 'command.by', id: 'x' });
    expect(err({ v: 1, type: 'command', id: 'x', command: { type: 'vote', by: 1, target: 2, extra: true } }).code).toBe('bad-message');
    expect(err({ v: 1, type: 'command', id: 'x', command: { type: 'fly' } }).code).toBe('bad-message');
    expect(err({ v: 1, type: 'command', id: 'x', command: { type: 'act', by: 1, act: 'teleport', target: 2 } }).path).toBe('command.act');
    expect(err({ v: 1, type: 'hello', room: 'abc', auth: { as: 'spectator' } }).path).toBe('room');
    expect(err({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'seat', seat: 1, token: 'short' } }).path).toBe('auth.token');
    expect(err({ v: 1, type: 'ping', extra: 1 }).code).toBe('bad-message');
  });

  it('refuses a message over the size limit before reading it', () => {
    const big = JSON.stringify({ v: PROTOCOL_VERSION, type: 'ping', pad: 'é'.repeat(MAX_MESSAGE_BYTES) });
    expect(err(big).code).toBe('oversized');
  });
});
