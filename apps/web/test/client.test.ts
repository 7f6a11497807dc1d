import { describe, expect, it } from 'vitest';
import { fakeClient } from './fakeSocket';

const LOBBY = { room: 'r1', code: 'ABCDEF', preset: 'classic', mode: 'human', seats: 10, claimed: Array(10).fill(null), started: false, ended: false, closed: false };
const welcome = (seq: number, extra: Record<string, unknown> = {}) => ({ type: 'welcome', you: { as: 'host' }, lobby: LOBBY, seq, items: [], view: null, pending: [], timer: null, ...extra });
const item = (seq: number) => ({ seq, kind: 'claim', seat: seq, name: `P${seq}` });

describe('RoomClient', () => {
  it('says hello with its auth, then is open with the welcome’s lobby, view and seq', () => {
    const { client, sock } = fakeClient();
    client.connect();
    expect(client.getState().status).toBe('connecting');
    sock().open();
    expect(sock().sent).toEqual([{ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'host', key: 'k'.repeat(20) }, lastSeq: 0 }]);
    sock().receive(welcome(3, { items: [] }));
    const s = client.getState();
    expect(s).toMatchObject({ status: 'open', you: { as: 'host' }, seq: 3, lobby: LOBBY, view: null });
  });

  it('notifies subscribers with a new state object on every change', () => {
    const { client, sock } = fakeClient();
    const seen: unknown[] = [];
    client.subscribe(() => seen.push(client.getState()));
    client.connect();
    sock().open();
    sock().receive(welcome(0));
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps the last seq and resumes with lastSeq after a reconnect, with exponential backoff', () => {
    const { client, sock, sockets, timers } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(2, { items: [item(1), item(2)] }));
    sock().receive({ type: 'update', seq: 3, items: [item(3)], view: null, pending: [], timer: null });
    expect(client.getState().seq).toBe(3);
    expect(client.getState().log.map((i) => i.seq)).toEqual([1, 2, 3]);

    sock().drop();
    expect(client.getState().status).toBe('connecting');
    expect(timers.delays()).toEqual([100]);
    timers.advance(100);
    expect(sockets).toHaveLength(2);
    // The second attempt fails too: the next delay doubles.
    sock().drop();
    expect(timers.delays()).toEqual([200]);
    timers.advance(200);
    expect(sockets).toHaveLength(3);
    sock().open();
    expect(sock().sent[0]).toMatchObject({ type: 'hello', lastSeq: 3 });
    // The welcome carries what was missed; items already seen are not added twice.
    sock().receive(welcome(5, { items: [item(3), item(4), item(5)] }));
    expect(client.getState().log.map((i) => i.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(client.getState().attempt).toBe(0);
    // The backoff starts over after a welcome.
    sock().drop();
    expect(timers.delays()).toEqual([100]);
  });

  it('caps the backoff', () => {
    const { client, sock, timers } = fakeClient();
    client.connect();
    for (let i = 0; i < 8; i++) {
      sock().drop();
      const [d] = timers.delays();
      timers.advance(d!);
    }
    sock().drop();
    expect(timers.delays()).toEqual([1000]);
  });

  it('sends a command with a unique id and resolves it with the update that acks it', async () => {
    const { client, sock } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(1));
    const a = client.command({ type: 'endSpeech' });
    const b = client.command({ type: 'closeVote' });
    expect(sock().sent.slice(1)).toEqual([
      { v: 1, type: 'command', id: 'c1', command: { type: 'endSpeech' } },
      { v: 1, type: 'command', id: 'c2', command: { type: 'closeVote' } },
    ]);
    expect(client.getState().unacked).toEqual(['c1', 'c2']);
    sock().receive({ type: 'update', seq: 2, items: [], view: null, pending: [], timer: null, ack: 'c1' });
    await expect(a).resolves.toBe(2);
    expect(client.getState().unacked).toEqual(['c2']);
    sock().receive({ type: 'error', code: 'wrong-phase', message: 'not now', rule: 'R-VOTE-3', id: 'c2' });
    await expect(b).rejects.toMatchObject({ code: 'wrong-phase', rule: 'R-VOTE-3', id: 'c2' });
    expect(client.getState().lastError).toMatchObject({ code: 'wrong-phase' });
    expect(client.getState().unacked).toEqual([]);
  });

  it('re-sends an unanswered command with the same id after the reconnect; a duplicate ack resolves it', async () => {
    const { client, sock, timers } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(4));
    const p = client.command({ type: 'vote', by: 3, target: 7 } as never);
    expect(sock().last()).toMatchObject({ type: 'command', id: 'c1' });
    sock().drop();
    // Asked while away: held until the next welcome.
    const q = client.command({ type: 'endSpeech' });
    timers.advance(100);
    sock().open();
    expect(sock().sent).toHaveLength(1); // only the hello before the welcome
    sock().receive(welcome(5));
    expect(sock().sent.slice(1)).toEqual([
      { v: 1, type: 'command', id: 'c1', command: { type: 'vote', by: 3, target: 7 } },
      { v: 1, type: 'command', id: 'c2', command: { type: 'endSpeech' } },
    ]);
    sock().receive({ type: 'ack', id: 'c1', seq: 5, duplicate: true });
    sock().receive({ type: 'update', seq: 6, items: [], view: null, pending: [], timer: null, ack: 'c2' });
    await expect(p).resolves.toBe(5);
    await expect(q).resolves.toBe(6);
  });

  it('does not re-send start, release, close or timer (the server does not dedupe them): they reject with connection-lost', async () => {
    const { client, sock, timers } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(0));
    const p = client.timer(10);
    expect(sock().last()).toEqual({ v: 1, type: 'timer', add: 10, id: 'c1' });
    sock().drop();
    await expect(p).rejects.toMatchObject({ code: 'connection-lost', id: 'c1' });
    timers.advance(100);
    sock().open();
    sock().receive(welcome(1));
    expect(sock().sent.map((m) => m.type)).toEqual(['hello']);
  });

  it('claim stores the seat token and comes back as that seat', async () => {
    const { client, sock, secrets, timers } = fakeClient({ auth: { as: 'spectator' } });
    client.connect();
    sock().open();
    sock().receive(welcome(2, { you: { as: 'spectator' } }));
    const claimed = client.claim(3, 'Anna');
    expect(sock().last()).toEqual({ v: 1, type: 'claim', room: 'ABCDEF', seat: 3, name: 'Anna', key: expect.stringMatching(/^[0-9a-f]{32}$/), lastSeq: 2 });
    sock().receive(welcome(3, { you: { as: 'seat', seat: 3 }, token: 't'.repeat(32) }));
    await expect(claimed).resolves.toMatchObject({ token: 't'.repeat(32) });
    expect(secrets.getSeat('ABCDEF')).toEqual({ seat: 3, token: 't'.repeat(32) });
    expect(client.getState().you).toEqual({ as: 'seat', seat: 3 });
    sock().drop();
    timers.advance(100);
    sock().open();
    expect(sock().sent[0]).toEqual({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'seat', seat: 3, token: 't'.repeat(32) }, lastSeq: 3 });
  });

  it('claim_retried_with_same_key_after_a_lost_welcome', async () => {
    const { client, sock, secrets, timers } = fakeClient({ auth: { as: 'spectator' }, newClaimKey: () => 'k1'.repeat(10) });
    client.connect();
    sock().open();
    sock().receive(welcome(0, { you: { as: 'spectator' } }));
    const claimed = client.claim(4, 'Oleg', '123456');
    expect(sock().last()).toEqual({ v: 1, type: 'claim', room: 'ABCDEF', seat: 4, name: 'Oleg', seatCode: '123456', key: 'k1'.repeat(10) });
    // The key is kept beside the token until the token comes.
    expect(secrets.getPendingClaim('ABCDEF')).toEqual({ seat: 4, key: 'k1'.repeat(10), name: 'Oleg' });
    // The welcome is lost with the connection: the same claim, the same key, goes again.
    sock().drop();
    timers.advance(100);
    sock().open();
    expect(sock().sent[0]).toMatchObject({ type: 'claim', seat: 4, key: 'k1'.repeat(10) });
    sock().receive(welcome(1, { you: { as: 'seat', seat: 4 }, token: 't'.repeat(32) }));
    await expect(claimed).resolves.toMatchObject({ token: 't'.repeat(32) });
    expect(secrets.getPendingClaim('ABCDEF')).toBeNull();
    expect(secrets.getSeat('ABCDEF')).toEqual({ seat: 4, token: 't'.repeat(32) });
  });

  it('a claim asked again for the seat of an unanswered claim (a reloaded page) reuses its key; a refusal forgets it', async () => {
    let n = 0;
    const { client, sock, secrets } = fakeClient({ auth: { as: 'spectator' }, newClaimKey: () => `fresh-key-${++n}`.padEnd(20, 'x') });
    secrets.setPendingClaim('ABCDEF', { seat: 5, key: 'old-key'.padEnd(20, 'x') });
    client.connect();
    sock().open();
    sock().receive(welcome(0, { you: { as: 'spectator' } }));
    const claimed = client.claim(5, 'Vera');
    expect(sock().last()).toMatchObject({ seat: 5, key: 'old-key'.padEnd(20, 'x') });
    sock().receive({ type: 'error', code: 'seat-taken', message: 'seat 5 is taken' });
    await expect(claimed).rejects.toMatchObject({ code: 'seat-taken' });
    expect(secrets.getPendingClaim('ABCDEF')).toBeNull();
    const other = client.claim(6, 'Vera');
    expect(sock().last()).toMatchObject({ seat: 6, key: 'fresh-key-1'.padEnd(20, 'x') });
    sock().receive({ type: 'error', code: 'bad-seat-code', message: 'wrong code' });
    await expect(other).rejects.toMatchObject({ code: 'bad-seat-code' });
  });

  it('keeps the free seats\' codes the host is sent, after the start', () => {
    const { client, sock } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(3));
    expect(client.getState().seatCodes).toEqual([]);
    sock().receive({ type: 'seatCodes', codes: [{ seat: 9, code: '042137' }] });
    expect(client.getState().seatCodes).toEqual([{ seat: 9, code: '042137' }]);
  });

  it('a refused claim rejects and leaves the client where it was', async () => {
    const { client, sock } = fakeClient({ auth: { as: 'spectator' } });
    client.connect();
    sock().open();
    sock().receive(welcome(0, { you: { as: 'spectator' } }));
    const claimed = client.claim(3);
    sock().receive({ type: 'error', code: 'seat-taken', message: 'seat 3 is taken' });
    await expect(claimed).rejects.toMatchObject({ code: 'seat-taken' });
    expect(client.getState()).toMatchObject({ status: 'open', you: { as: 'spectator' }, lastError: { code: 'seat-taken' } });
  });

  it('a refused hello (bad token) forgets the token and stops instead of retrying', () => {
    const { client, sock, sockets, secrets, timers } = fakeClient({ auth: { as: 'seat', seat: 2, token: 'x'.repeat(20) } });
    secrets.setSeat('ABCDEF', 2, 'x'.repeat(20));
    client.connect();
    sock().open();
    sock().receive({ type: 'error', code: 'bad-token', message: 'wrong token for seat 2', path: 'auth.token' });
    expect(client.getState()).toMatchObject({ status: 'closed', lastError: { code: 'bad-token' } });
    expect(secrets.getSeat('ABCDEF')).toBeNull();
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('bad-last-seq: starts over from lastSeq 0 (the whole log again)', () => {
    const { client, sock, timers } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(9, { items: [item(9)] }));
    sock().drop();
    timers.advance(100);
    sock().open();
    expect(sock().last()).toMatchObject({ type: 'hello', lastSeq: 9 });
    sock().receive({ type: 'error', code: 'bad-last-seq', message: 'ahead of the log' });
    expect(sock().last()).toEqual({ v: 1, type: 'hello', room: 'ABCDEF', auth: { as: 'host', key: 'k'.repeat(20) }, lastSeq: 0 });
    expect(client.getState().log).toEqual([]);
  });

  it('seat-released: forgets the token and watches on as a spectator', () => {
    const { client, sock, secrets } = fakeClient({ auth: { as: 'seat', seat: 2, token: 'x'.repeat(20) } });
    secrets.setSeat('ABCDEF', 2, 'x'.repeat(20));
    client.connect();
    sock().open();
    sock().receive(welcome(1, { you: { as: 'seat', seat: 2 } }));
    sock().receive({ type: 'error', code: 'seat-released', message: 'the host released seat 2' });
    expect(secrets.getSeat('ABCDEF')).toBeNull();
    expect(sock().last()).toMatchObject({ type: 'hello', auth: { as: 'spectator' } });
    expect(client.getState().lastError).toMatchObject({ code: 'seat-released' });
  });

  it('seat-renamed: a replacement took the seat; the token is forgotten, the phone watches on and keeps who took it (issue 24)', () => {
    const { client, sock, secrets } = fakeClient({ auth: { as: 'seat', seat: 2, token: 'x'.repeat(20) } });
    secrets.setSeat('ABCDEF', 2, 'x'.repeat(20));
    client.connect();
    sock().open();
    sock().receive(welcome(1, { you: { as: 'seat', seat: 2 } }));
    const renamed = [null, 'Зоя', null, null, null, null, null, null, null, null];
    sock().receive({ type: 'update', seq: 2, items: [{ seq: 2, kind: 'rename', seat: 2, name: 'Зоя' }], lobby: { ...LOBBY, claimed: LOBBY.claimed.map((c: unknown, i: number) => (i === 1 ? null : c)), renamed }, view: null, pending: [], timer: null });
    sock().receive({ type: 'error', code: 'seat-renamed', message: 'seat 2 is Зоя\'s from the next game', path: 'seat' });
    expect(secrets.getSeat('ABCDEF')).toBeNull();
    expect(sock().last()).toMatchObject({ type: 'hello', auth: { as: 'spectator' } });
    expect(client.getState()).toMatchObject({ lastError: { code: 'seat-renamed' }, seatLost: { seat: 2, name: 'Зоя' } });
    // The spectator's welcome does not make the phone forget it.
    sock().receive(welcome(2, { you: { as: 'spectator' } }));
    expect(client.getState().seatLost).toEqual({ seat: 2, name: 'Зоя' });
  });

  it('host-handed-over: the console stops for good and says why (issue 24)', () => {
    const { client, sock, timers, sockets } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(3));
    sock().receive({ type: 'error', code: 'host-handed-over', message: 'table 2 was handed to another host' });
    expect(client.getState()).toMatchObject({ status: 'closed', lastError: { code: 'host-handed-over' } });
    timers.advance(60_000);
    // No new connection tries the old key again.
    expect(sockets).toHaveLength(1);
  });

  it('an unsolicited error is kept as lastError; a non-JSON frame does not throw', () => {
    const { client, sock } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(0));
    sock().receive({ type: 'error', code: 'rate-limited', message: 'slow down' });
    expect(client.getState()).toMatchObject({ status: 'open', lastError: { code: 'rate-limited' } });
    sock().onmessage?.({ data: 'not json' });
    expect(client.getState().lastError).toMatchObject({ code: 'bad-server-message' });
  });

  it('close() stops for good and rejects what is in flight', async () => {
    const { client, sock, sockets, timers } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(0));
    const p = client.command({ type: 'endNight' });
    client.close();
    await expect(p).rejects.toMatchObject({ code: 'closed' });
    expect(client.getState().status).toBe('closed');
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('ping measures the server clock offset; a ping without pong drops and reconnects', () => {
    const { client, sock, sockets, timers } = fakeClient({ pingEveryMs: 60_000, pongTimeoutMs: 5000 });
    client.connect();
    sock().open();
    sock().receive(welcome(0));
    expect(sock().last()).toEqual({ v: 1, type: 'ping' }); // sent on every welcome
    timers.advance(100);
    sock().receive({ type: 'pong', now: timers.now + 2_000 - 50 });
    expect(client.getState().clockOffset).toBe(2_000);
    expect(client.serverNow()).toBe(timers.now + 2_000);
    client.ping();
    timers.advance(5000);
    expect(client.getState().status).toBe('connecting');
    timers.advance(100);
    expect(sockets).toHaveLength(2);
  });

  it('next_game_starts_the_log_anew_and_keeps_the_seq_going', async () => {
    const { client, sock } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(2, { items: [item(1), item(2)] }));
    const done = client.nextGame();
    expect(sock().last()).toEqual({ v: 1, type: 'next', id: 'c1' });
    const first = { seq: 3, kind: 'events', by: 'host', events: [], game: 2 };
    sock().receive({ type: 'update', seq: 3, items: [first], lobby: { ...LOBBY, started: true, game: 2 }, view: null, pending: [], timer: null, ack: 'c1' });
    await expect(done).resolves.toBe(3);
    // Game 1's items are gone; game 2's log begins with its first entry; the seq goes on.
    expect(client.getState().log).toEqual([first]);
    expect(client.getState().lobby?.game).toBe(2);
    sock().receive({ type: 'update', seq: 4, items: [item(4)], view: null, pending: [], timer: null });
    expect(client.getState().log.map((i) => i.seq)).toEqual([3, 4]);
    expect(client.getState().seq).toBe(4);
  });

  it('keeps the app host\'s alert for the room admin until the game takes a step, and sends the clock messages once', () => {
    const { client, sock } = fakeClient({ auth: { as: 'admin', key: 'k'.repeat(20) } });
    client.connect();
    sock().open();
    const alert = { code: 'wrong-phase', command: 'timeUp', message: 'x', at: 5 };
    sock().receive(welcome(3, { you: { as: 'admin' }, alert }));
    expect(client.getState().alert).toEqual(alert);
    sock().receive({ type: 'update', seq: 4, items: [{ seq: 4, kind: 'pause', remaining: 1000 }], view: null, pending: [], timer: null });
    expect(client.getState().alert).toEqual(alert);
    sock().receive({ type: 'update', seq: 5, items: [{ seq: 5, kind: 'events', by: 'admin', events: [] }], view: null, pending: [], timer: null });
    expect(client.getState().alert).toBeNull();
    sock().receive({ type: 'alert', ...alert, at: 9 });
    expect(client.getState().alert).toEqual({ ...alert, at: 9 });
    void client.pause();
    void client.resume();
    void client.skip();
    void client.undoAppStep();
    expect(sock().sent.slice(-4)).toEqual([
      { v: 1, type: 'pause', id: 'c1' },
      { v: 1, type: 'resume', id: 'c2' },
      { v: 1, type: 'skip', id: 'c3' },
      { v: 1, type: 'command', id: 'c4', command: { type: 'undo', count: 1 } },
    ]);
  });

  it('tap sends a seat\'s decoy night tap with an id, resolves on the update that acks it, and is re-sent with the same id after a drop (issue 23)', async () => {
    const { client, sock, timers } = fakeClient({ auth: { as: 'seat', seat: 4, token: 't'.repeat(20) } });
    client.connect();
    sock().open();
    sock().receive(welcome(1, { you: { as: 'seat', seat: 4 } }));
    let seq: number | null = null;
    const tapped = client.tap(4, 2).then((s) => (seq = s));
    expect(sock().sent.at(-1)).toEqual({ v: 1, type: 'tap', id: 'c1', by: 4, step: 2 });
    expect(client.getState().unacked).toEqual(['c1']);
    // The connection drops before the answer: the tap stays in flight and goes again, same id.
    sock().drop();
    await Promise.resolve();
    expect(seq).toBeNull();
    expect(client.getState().unacked).toEqual(['c1']);
    timers.advance(100);
    sock().open();
    expect(sock().sent).toHaveLength(1); // only the hello before the welcome
    sock().receive(welcome(1, { you: { as: 'seat', seat: 4 } }));
    expect(sock().sent.at(-1)).toEqual({ v: 1, type: 'tap', id: 'c1', by: 4, step: 2 });
    sock().receive({ type: 'update', seq: 2, items: [{ seq: 2, kind: 'tap', seat: 4, night: 1, step: 2 }], view: null, pending: [], timer: null, ack: 'c1' });
    await tapped;
    expect(seq).toBe(2);
    expect(client.getState().unacked).toEqual([]);
    expect(client.getState().log.at(-1)).toEqual({ seq: 2, kind: 'tap', seat: 4, night: 1, step: 2 });
  });

  it('a refused tap rejects with the server\'s code, as a command\'s refusal does', async () => {
    const { client, sock } = fakeClient({ auth: { as: 'seat', seat: 4, token: 't'.repeat(20) } });
    client.connect();
    sock().open();
    sock().receive(welcome(1, { you: { as: 'seat', seat: 4 } }));
    const tapped = client.tap(4, 0);
    sock().receive({ type: 'error', code: 'not-night', message: 'a night tap is only possible at night', id: 'c1' });
    await expect(tapped).rejects.toMatchObject({ code: 'not-night', id: 'c1' });
    expect(client.getState().unacked).toEqual([]);
  });

  it('openStep sends the host\'s night step with an id and resolves on its ack (issue 23)', async () => {
    const { client, sock } = fakeClient();
    client.connect();
    sock().open();
    sock().receive(welcome(1));
    const opened = client.openStep(2);
    expect(sock().sent.at(-1)).toEqual({ v: 1, type: 'step', step: 2, id: 'c1' });
    sock().receive({ type: 'update', seq: 2, items: [{ seq: 2, kind: 'step', step: 2 }], view: null, pending: [], timer: null, ack: 'c1' });
    await expect(opened).resolves.toBe(2);
  });
});
