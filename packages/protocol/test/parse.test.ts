import { describe, expect, it } from 'vitest';
import type { Command } from '@mafia/engine';
import { MAX_MESSAGE_BYTES, MAX_SDP_CHARS, MAX_SIGNAL_BYTES, parseClientMessage, parseServerFrame, PROTOCOL_VERSION } from '../src/index.js';

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
    expect(ok({ v: 1, type: 'next', id: 'again' }).type).toBe('next');
    expect(ok({ v: 1, type: 'command', id: 'c1', command: { type: 'vote', by: 1, target: 2 } }).type).toBe('command');
    expect(ok({ v: 1, type: 'command', id: 'c2', command: { type: 'act', by: 1, act: 'kill', target: 2 } }).type).toBe('command');
    expect(ok({ v: 1, type: 'command', id: 'c3', command: { type: 'override', action: { kind: 'endGame', winner: 'town' } } }).type).toBe('command');
    expect(ok({ v: 1, type: 'ping' }).type).toBe('ping');
  });

  it('accepts the room admin\'s hello and the clock messages, strictly', () => {
    expect(ok({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'admin', key: 'k'.repeat(32) } }).type).toBe('hello');
    for (const type of ['pause', 'resume', 'skip']) {
      expect(ok({ v: 1, type, id: 'x1' }).type).toBe(type);
      expect(ok({ v: 1, type }).type).toBe(type);
      expect(err({ v: 1, type, seconds: 3 }).code).toBe('bad-message');
    }
    expect(err({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'admin' } }).path).toBe('auth.key');
  });

  it('accepts the host\'s night step, a whole step number only (issue 23 point 1)', () => {
    const m = ok({ v: 1, type: 'step', step: 2, id: 's1' });
    expect(m).toEqual({ v: 1, type: 'step', step: 2, id: 's1' });
    expect(ok({ v: 1, type: 'step', step: 0 }).type).toBe('step');
    expect(err({ v: 1, type: 'step' }).path).toBe('step');
    expect(err({ v: 1, type: 'step', step: -1 }).path).toBe('step');
    expect(err({ v: 1, type: 'step', step: 1.5 }).path).toBe('step');
    expect(err({ v: 1, type: 'step', step: '2' }).path).toBe('step');
    expect(err({ v: 1, type: 'step', step: 1, seat: 3 }).code).toBe('bad-message');
  });

  it('accepts a seat\'s night tap (the decoy, issue 23): an id, the seat and a whole step number, strictly', () => {
    const m = ok({ v: 1, type: 'tap', id: 't1', by: 4, step: 2 });
    expect(m).toEqual({ v: 1, type: 'tap', id: 't1', by: 4, step: 2 });
    // Acked and re-sent like a command: the id is required.
    expect(err({ v: 1, type: 'tap', by: 4, step: 2 }).path).toBe('id');
    expect(err({ v: 1, type: 'tap', id: '', by: 4, step: 2 }).path).toBe('id');
    expect(err({ v: 1, type: 'tap', id: 't1', step: 2 }).path).toBe('by');
    expect(err({ v: 1, type: 'tap', id: 't1', by: 0, step: 2 }).path).toBe('by');
    expect(err({ v: 1, type: 'tap', id: 't1', by: 4 }).path).toBe('step');
    expect(err({ v: 1, type: 'tap', id: 't1', by: 4, step: -1 }).path).toBe('step');
    expect(err({ v: 1, type: 'tap', id: 't1', by: 4, step: 0.5 }).path).toBe('step');
    // Nothing of a target: a decoy records that the seat tapped, not whom it pointed at.
    expect(err({ v: 1, type: 'tap', id: 't1', by: 4, step: 2, target: 3 }).code).toBe('bad-message');
    // Refused with its id, so the phone that sent it frees its button.
    expect(err({ v: 1, type: 'tap', id: 't9', by: 4, step: 'x' }).id).toBe('t9');
  });

  it('accepts every command of the engine (one of each type)', () => {
    // A Record over the engine's command types: a new engine command without a sample here does not compile.
    const samples: Record<Command['type'], Record<string, unknown>> = {
      act: { by: 1, act: 'check', target: 2, target2: 3, role: 'don' },
      endNight: {},
      bestMove: { by: 1, named: [2, 3, 4] },
      endLastWords: {},
      dyingNote: { by: 3, named: 5 },
      nominate: { by: 1, target: 2 },
      statement: { by: 1, statement: { kind: 'checked', target: 4, night: 1, color: 'black' } },
      endSpeech: {},
      foul: { seat: 1 },
      remove: { seat: 1, reason: 'left' },
      techFoul: { seat: 2 },
      teamDefeat: { seat: 3 },
      extraPoints: { seat: 4, points: -0.2 },
      vote: { by: 1, target: 2 },
      liftVote: { by: 1, leave: true },
      closeVote: {},
      circle: { from: 4, dir: 'down' },
      blood: { by: 9, target: 5 },
      silenceBroken: { seat: 4 },
      rakeTakes: { by: 1, target: 2 },
      victimList: { seats: [4, 1, 9] },
      override: { action: { kind: 'revive', seat: 2 } },
      undo: { count: 1 },
    };
    for (const [type, fields] of Object.entries(samples)) {
      const command = { type, ...fields };
      const m = ok({ v: 1, type: 'command', id: type, command });
      expect(m.type === 'command' ? m.command : null).toEqual(command);
    }
    expect(err({ v: 1, type: 'command', id: 'x', command: { type: 'circle', from: 1, dir: 'left' } }).path).toBe('command.dir');
  });

  it('takes a statement strictly: its kind decides its fields', () => {
    const cmd = (statement: unknown) => ({ v: 1, type: 'command', id: 's1', command: { type: 'statement', by: 3, statement } });
    const parsed = (statement: unknown) => {
      const m = ok(cmd(statement));
      return m.type === 'command' && m.command.type === 'statement' ? m.command.statement : null;
    };
    expect(parsed({ kind: 'claim', role: 'commissar' })).toEqual({ kind: 'claim', role: 'commissar' });
    expect(parsed({ kind: 'version', seats: [2, 5, 8] })).toEqual({ kind: 'version', seats: [2, 5, 8] });
    expect(err(cmd({ kind: 'claim', role: 'wizard' })).path).toBe('command.statement.role');
    expect(err(cmd({ kind: 'checked', target: 4, night: 1, color: 'green' })).path).toBe('command.statement.color');
    expect(err(cmd({ kind: 'version', seats: [1, 2, 3, 4] })).path).toBe('command.statement.seats');
    expect(err(cmd({ kind: 'suspect', target: 4, why: 'eyes' })).code).toBe('bad-message');
    expect(err(cmd({ kind: 'shout' })).path).toBe('command.statement.kind');
  });

  it('takes the tournament commands strictly: a removal\'s reason is one of two, extra points a number', () => {
    const cmd = (command: unknown) => ({ v: 1, type: 'command', id: 'f1', command });
    const parsed = (command: unknown) => {
      const m = ok(cmd(command));
      return m.type === 'command' ? m.command : null;
    };
    expect(parsed({ type: 'remove', seat: 5 })).toEqual({ type: 'remove', seat: 5 });
    expect(parsed({ type: 'remove', seat: 5, reason: 'disqualified' })).toEqual({ type: 'remove', seat: 5, reason: 'disqualified' });
    expect(parsed({ type: 'extraPoints', seat: 1, points: 0.3 })).toEqual({ type: 'extraPoints', seat: 1, points: 0.3 });
    expect(err(cmd({ type: 'remove', seat: 5, reason: 'fouls' })).path).toBe('command.reason');
    expect(err(cmd({ type: 'extraPoints', seat: 1, points: '0.3' })).path).toBe('command.points');
    expect(err(cmd({ type: 'extraPoints', seat: 1 })).path).toBe('command.points');
    expect(err(cmd({ type: 'techFoul', seat: 0 })).path).toBe('command.seat');
    expect(err(cmd({ type: 'teamDefeat', seat: 2, reason: 'oath' })).code).toBe('bad-message');
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
    expect(err({ v: 1, type: 'next', seed: 7 }).code).toBe('bad-message');
  });

  it('refuses a message over the size limit before reading it', () => {
    const big = JSON.stringify({ v: PROTOCOL_VERSION, type: 'ping', pad: 'é'.repeat(MAX_MESSAGE_BYTES) });
    expect(err(big).code).toBe('oversized');
  });

  it('signal_carries_a_session_description_longer_than_any_other_message', () => {
    const offer = { v: 1, type: 'signal', to: 3, data: { kind: 'offer', call: 'c1', sdp: 'v=0\r\n'.repeat(2000) } };
    expect(JSON.stringify(offer).length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(ok(offer)).toMatchObject({ type: 'signal', to: 3, data: { kind: 'offer', call: 'c1' } });
    expect(ok({ v: 1, type: 'signal', to: 'host', data: { kind: 'answer', call: 'c1', sdp: 'v=0' } }).type).toBe('signal');
    expect(ok({ v: 1, type: 'signal', to: 2, data: { kind: 'ice', call: 'c1', candidates: [{ candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 }] } }).type).toBe('signal');
    expect(ok({ v: 1, type: 'signal', to: 2, data: { kind: 'bye', call: 'c1' } }).type).toBe('signal');
  });

  it('signal_refuses_a_bad_target_or_payload_and_oversized_descriptions', () => {
    expect(err({ v: 1, type: 'signal', to: 0, data: { kind: 'bye', call: 'c' } }).path).toBe('to');
    expect(err({ v: 1, type: 'signal', to: 'spectator', data: { kind: 'bye', call: 'c' } }).path).toBe('to');
    expect(err({ v: 1, type: 'signal', to: 2, data: { kind: 'media', call: 'c' } }).path).toBe('data.kind');
    expect(err({ v: 1, type: 'signal', to: 2, data: { kind: 'offer', call: 'c', sdp: 'x'.repeat(MAX_SDP_CHARS + 1) } }).path).toBe('data.sdp');
    expect(err({ v: 1, type: 'signal', to: 2, data: { kind: 'ice', call: 'c', candidates: [] } }).path).toBe('data.candidates');
    expect(err({ v: 1, type: 'signal', to: 2, data: { kind: 'bye', call: 'c', extra: 1 } }).code).toBe('bad-message');
    const huge = JSON.stringify({ v: 1, type: 'signal', to: 2, data: { kind: 'offer', call: 'c', sdp: 'x'.repeat(MAX_SIGNAL_BYTES) } });
    expect(err(huge).code).toBe('oversized');
    // Only a signal may be longer than MAX_MESSAGE_BYTES.
    expect(err({ v: 1, type: 'command', id: 'x', command: { type: 'endSpeech' }, pad: 'x'.repeat(MAX_MESSAGE_BYTES) }).code).toBe('oversized');
  });

  it('server_signal_names_its_sender', () => {
    const frame = parseServerFrame(JSON.stringify({ v: 1, type: 'signal', from: 4, data: { kind: 'bye', call: 'c' } }));
    expect(frame.ok).toBe(true);
    expect(parseServerFrame(JSON.stringify({ v: 1, type: 'signal', from: 'admin', data: { kind: 'bye', call: 'c' } })).ok).toBe(false);
  });
});
