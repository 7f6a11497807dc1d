/**
 * Voice and video over the room client (issue 26 point 1): `signal` goes out only on a welcomed
 * socket; a peer's `signal` and the refusal of one of ours go to the media listeners, not to the
 * screen's notice (`lastError`).
 */
import { describe, expect, it } from 'vitest';
import type { MediaEvent } from '../src/net/client';
import { fakeClient } from './fakeSocket';

const LOBBY = { room: 'r1', code: 'ABCDEF', preset: 'classic', mode: 'online', seats: 10, claimed: Array(10).fill(null), started: false, game: 1, ended: false, closed: false };
const welcome = { v: 1, type: 'welcome', you: { as: 'seat', seat: 2 }, lobby: LOBBY, seq: 1, items: [], view: null, pending: [], timer: null };

/** Seat 2's client. */
const setup = () => fakeClient({ auth: { as: 'seat', seat: 2, token: 't'.repeat(32) } });

describe('the room client and media', () => {
  it('signal_goes_out_only_once_welcomed_and_peers_signals_reach_the_media_listeners', () => {
    const { client, sock } = setup();
    const got: MediaEvent[] = [];
    client.onMedia((e) => got.push(e));
    client.connect();
    sock().open();
    expect(client.signal(3, { kind: 'bye', call: 'c' })).toBe(false);
    sock().receive(welcome);
    expect(client.signal(3, { kind: 'offer', call: 'c', sdp: 'v=0' })).toBe(true);
    expect(sock().sent.at(-1)).toEqual({ v: 1, type: 'signal', to: 3, data: { kind: 'offer', call: 'c', sdp: 'v=0' } });
    const from3 = { v: 1, type: 'signal', from: 3, data: { kind: 'answer', call: 'c', sdp: 'v=0' } };
    sock().receive(from3);
    expect(got).toEqual([{ signal: from3 }]);
  });

  it('a_refused_signal_reaches_the_media_panel_not_the_screens_notice', () => {
    const { client, sock } = setup();
    const got: MediaEvent[] = [];
    const off = client.onMedia((e) => got.push(e));
    client.connect();
    sock().open();
    sock().receive(welcome);
    sock().receive({ v: 1, type: 'error', code: 'media-not-now', message: 'seat 2 and seat 3 are not linked now: nothing was relayed' });
    expect(got).toEqual([{ refused: { code: 'media-not-now', message: 'seat 2 and seat 3 are not linked now: nothing was relayed' } }]);
    expect(client.getState().lastError).toBeNull();
    // Any other refusal still reaches the screen.
    sock().receive({ v: 1, type: 'error', code: 'rate-limited', message: 'too fast' });
    expect(client.getState().lastError).toMatchObject({ code: 'rate-limited' });
    off();
    sock().receive({ v: 1, type: 'signal', from: 'host', data: { kind: 'bye', call: 'c' } });
    expect(got).toHaveLength(1);
  });
});
