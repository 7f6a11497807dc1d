import { describe, expect, it } from 'vitest';
import { seatNo, type MediaPeer } from '@mafia/engine';
import type { SignalData } from '@mafia/protocol';
import { RoomError } from '../src/room/errors.js';
import { iceServersOf } from '../src/config.js';
import { nightStepNow } from '../src/room/media.js';
import type { RoomManager } from '../src/room/manager.js';
import { FakeConn } from './fakeConn.js';
import { managerOver, seatedRoom, tempStorage, type SeatedRoom } from './fakeRooms.js';
import { Client, createRoom, startServer, tempDbUrl, V } from './helpers.js';

/**
 * Voice and video (issue 26 point 1): the server relays WebRTC signalling between the peers the
 * media policy links now, and refuses (relaying nothing) everything else. A human room: its host
 * opens the night steps himself, so the mafia's step (step 0 of classic) runs exactly when the test says.
 */

type Msg = Record<string, any>;
const db = tempStorage();
const manager = (): RoomManager => db.track(managerOver(db.storage()));

const offer: SignalData = { kind: 'offer', call: 'c1', sdp: 'v=0 offer' };
const answer: SignalData = { kind: 'answer', call: 'c1', sdp: 'v=0 answer' };
const ice: SignalData = { kind: 'ice', call: 'c1', candidates: [{ candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 }] };
const peer = (p: number | 'host'): MediaPeer => (p === 'host' ? 'host' : seatNo(p));

/** The refusal code of a signal, or null when it was relayed. */
function signal(m: RoomManager, from: FakeConn, to: number | 'host', data: SignalData): string | null {
  try {
    m.signal(from, peer(to), data);
    return null;
  } catch (e) {
    if (e instanceof RoomError) return e.refusal.code;
    throw e;
  }
}

const signals = (c: FakeConn): Msg[] => c.got.filter((x) => x.type === 'signal');

/** The seats of each team in the room's game. */
function teams(m: RoomManager, t: SeatedRoom): { mafia: number[]; town: number[] } {
  const s = m.gameStateOf(t.created.room)!;
  const mafia: number[] = [];
  const town: number[] = [];
  s.teams.forEach((team, i) => (team === 'mafia' ? mafia : town).push(i + 1));
  return { mafia, town };
}

describe('media signalling relay', () => {
  it('before_the_start_every_pair_is_relayed_to_the_target_only', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'human');
    const [s1, s2, s3] = t.seats;
    expect(signal(m, s1!, 2, offer)).toBeNull();
    expect(signals(s2!)).toEqual([{ v: V, type: 'signal', from: 1, data: offer }]);
    expect(signal(m, s2!, 1, answer)).toBeNull();
    expect(signals(s1!)).toEqual([{ v: V, type: 'signal', from: 2, data: answer }]);
    expect(signal(m, t.ctrl, 3, offer)).toBeNull();
    expect(signals(s3!)).toEqual([{ v: V, type: 'signal', from: 'host', data: offer }]);
    expect(signal(m, s3!, 'host', answer)).toBeNull();
    expect(signals(t.ctrl)).toEqual([{ v: V, type: 'signal', from: 3, data: answer }]);
    // Nobody else got anything.
    for (const c of t.seats.slice(3)) expect(signals(c)).toEqual([]);
  });

  it('a_target_outside_the_room_a_spectator_or_a_call_to_oneself_is_refused_and_nothing_relayed', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'human');
    expect(signal(m, t.seats[0]!, 11, offer)).toBe('signal-bad-target');
    expect(signal(m, t.seats[0]!, 1, offer)).toBe('signal-bad-target');
    expect(signal(m, t.ctrl, 'host', offer)).toBe('signal-bad-target');
    const spectator = new FakeConn();
    await m.hello(spectator, t.created.code, { as: 'spectator' }, undefined);
    expect(signal(m, spectator, 2, offer)).toBe('media-spectator');
    const outsider = new FakeConn();
    expect(signal(m, outsider, 2, offer)).toBe('not-in-room');
    for (const c of [...t.seats, t.ctrl]) expect(signals(c)).toEqual([]);
  });

  it('mafia_meeting_relays_among_the_mafia_only_and_town_receives_nothing_at_night', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'human');
    await m.start(t.ctrl, 'go');
    const { mafia, town } = teams(m, t);
    const conn = (seat: number) => t.seats[seat - 1]!;
    const [a, b] = mafia as [number, number];
    // Night 1, step 0 (the host opened it at the start): the mafia's meeting.
    expect(signal(m, conn(a), b, offer)).toBeNull();
    expect(signal(m, conn(b), a, answer)).toBeNull();
    expect(signal(m, conn(a), b, ice)).toBeNull();
    expect(signals(conn(b)).map((x) => x.data.kind)).toEqual(['offer', 'ice']);
    expect(signals(conn(a)).map((x) => x.data.kind)).toEqual(['answer']);
    // Nobody sends to a town seat at night, and a town seat sends to nobody: the same refusal whoever it is.
    for (const to of town) expect(signal(m, conn(a), to, offer)).toBe('media-not-now');
    for (const from of town) {
      expect(signal(m, conn(from), a, offer)).toBe('media-not-now');
      expect(signal(m, conn(from), a, answer)).toBe('media-not-now');
      expect(signal(m, conn(from), town.find((x) => x !== from)!, offer)).toBe('media-not-now');
    }
    // Not even the host's screen sees the meeting.
    expect(signal(m, conn(a), 'host', offer)).toBe('media-not-now');
    for (const s of town) expect(signals(conn(s))).toEqual([]);
    expect(signals(t.ctrl)).toEqual([]);

    // The Don's step: the meeting is over.
    await m.openStep(t.ctrl, 1, 's1');
    expect(signal(m, conn(a), b, offer)).toBe('media-not-now');
    expect(signals(conn(b)).map((x) => x.data.kind)).toEqual(['offer', 'ice']);
    for (const s of town) expect(signals(conn(s))).toEqual([]);
  });

  it('a_town_seat_gets_the_same_frames_whether_or_not_the_mafia_meet', async () => {
    // Two nights of the same room: one where the mafia signal each other, one where they do not.
    const frames = async (meet: boolean): Promise<string[]> => {
      const m = manager();
      const t = await seatedRoom(m, 'human');
      await m.start(t.ctrl, 'go');
      const { mafia, town } = teams(m, t);
      const counts = t.seats.map((c) => c.got.length);
      if (meet) {
        expect(signal(m, t.seats[mafia[0]! - 1]!, mafia[1]!, offer)).toBeNull();
        expect(signal(m, t.seats[mafia[1]! - 1]!, mafia[0]!, answer)).toBeNull();
      }
      await m.openStep(t.ctrl, 1, 's1');
      // What each town seat got since the start, its shape only (the ids differ from room to room).
      return town.map((s) => t.seats[s - 1]!.got.slice(counts[s - 1]).map((x) => `${x.type}:${JSON.stringify(x.items?.map((i: Msg) => i.kind))}`).join(','));
    };
    const [met, quiet] = [await frames(true), await frames(false)];
    expect(met).toEqual(quiet);
    expect(met.join()).not.toContain('signal');
  });

  it('speech_relays_the_speakers_offer_and_the_listeners_answers_only', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'human');
    await m.start(t.ctrl, 'go');
    await m.command(t.ctrl, 'n1', { type: 'endNight' });
    const day = m.gameStateOf(t.created.room)!.day!;
    const speaker = day.speakers[day.speakerIndex]!;
    const listener = speaker === 1 ? 2 : 1;
    const other = [1, 2, 3].find((x) => x !== speaker && x !== listener)!;
    const conn = (seat: number) => t.seats[seat - 1]!;
    expect(signal(m, conn(speaker), listener, offer)).toBeNull();
    expect(signal(m, conn(listener), speaker, answer)).toBeNull();
    expect(signal(m, conn(listener), speaker, ice)).toBeNull();
    expect(signals(conn(listener))).toEqual([{ v: V, type: 'signal', from: speaker, data: offer }]);
    expect(signals(conn(speaker)).map((x) => x.data.kind)).toEqual(['answer', 'ice']);
    // A listener may not start a call of his own, nor talk to another listener.
    expect(signal(m, conn(listener), speaker, offer)).toBe('media-not-now');
    expect(signal(m, conn(listener), other, offer)).toBe('media-not-now');
    expect(signal(m, conn(listener), other, answer)).toBe('media-not-now');
    expect(signals(conn(other))).toEqual([]);

    // The next speaker: the old one is a listener now.
    await m.command(t.ctrl, 'e1', { type: 'endSpeech' });
    expect(signal(m, conn(speaker), listener, offer)).toBe('media-not-now');
  });

  it('vote_relays_nothing_between_seats', async () => {
    const m = manager();
    const t = await seatedRoom(m, 'human');
    await m.start(t.ctrl, 'go');
    await m.command(t.ctrl, 'n1', { type: 'endNight' });
    const speakerNow = () => { const d = m.gameStateOf(t.created.room)!.day!; return d.speakers[d.speakerIndex]!; };
    const first = speakerNow();
    await m.command(t.ctrl, 'a', { type: 'nominate', by: seatNo(first), target: seatNo(first === 4 ? 5 : 4) });
    await m.command(t.ctrl, 'b', { type: 'endSpeech' });
    const second = speakerNow();
    await m.command(t.ctrl, 'c', { type: 'nominate', by: seatNo(second), target: seatNo([6, 7].find((x) => x !== second)!) });
    for (let i = 0; m.gameStateOf(t.created.room)!.day!.stage !== 'vote' && i < 30; i++) await m.command(t.ctrl, `e${i}`, { type: 'endSpeech' });
    expect(m.gameStateOf(t.created.room)!.day!.stage).toBe('vote');
    const before = t.seats.map((c) => signals(c).length);
    for (const from of [1, 2, 3]) expect(signal(m, t.seats[from - 1]!, from === 1 ? 2 : 1, offer)).toBe('media-not-now');
    expect(t.seats.map((c) => signals(c).length)).toEqual(before);
    // The host talks over everyone.
    expect(signal(m, t.ctrl, 5, offer)).toBeNull();
  });
});

describe('the night clock the policy reads', () => {
  it('night_step_follows_the_timer_the_pause_and_the_human_hosts_step', () => {
    const timer = { kind: 'night' as const, key: 'night/1', started: 1000, deadline: 4000, steps: [1000, 2000, 3000] };
    expect(nightStepNow(timer, 3, 1500)).toBe(0);
    expect(nightStepNow(timer, 3, 2000)).toBe(1);
    expect(nightStepNow(timer, 3, 9000)).toBe(2);
    expect(nightStepNow({ ...timer, pausedAt: 1500 }, 3, 9000)).toBe(0);
    expect(nightStepNow({ ...timer, step: 2 }, 3, 1500)).toBe(2);
    expect(nightStepNow({ ...timer, kind: 'speech' }, 3, 1500)).toBeNull();
    expect(nightStepNow(null, 3, 1500)).toBeNull();
  });
});

describe('signals over the wire', () => {
  it('a_refused_signal_is_answered_with_an_error_naming_it_and_an_allowed_one_arrives', async () => {
    const wdb = tempDbUrl();
    const server = await startServer(wdb.url);
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online' });
      const one = await Client.open(server.ws);
      await one.request({ v: V, type: 'claim', room: created.code, seat: 1, name: 'Анна' }, 'welcome');
      const two = await Client.open(server.ws);
      await two.request({ v: V, type: 'claim', room: created.code, seat: 2, name: 'Борис' }, 'welcome');
      one.send({ v: V, type: 'signal', to: 2, data: offer });
      const got = await two.next((x) => x.type === 'signal');
      expect(got).toEqual({ v: V, type: 'signal', from: 1, data: offer });
      one.send({ v: V, type: 'signal', to: 12, data: offer });
      const err = await one.next((x) => x.type === 'error');
      expect(err).toMatchObject({ code: 'signal-bad-target', path: 'to' });
      expect(err.message).toContain('seats 1 to 10');
      await Promise.all([one.close(), two.close()]);
    } finally {
      await server.stop();
      wdb.cleanup();
    }
  });
});

describe('ICE_SERVERS', () => {
  it('ice_servers_setting_is_read_checked_and_served', async () => {
    expect(iceServersOf(undefined)).toEqual([]);
    expect(iceServersOf('')).toEqual([]);
    const turn = [{ urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'], username: 'club', credential: 'secret' }];
    expect(iceServersOf(JSON.stringify(turn))).toEqual(turn);
    expect(() => iceServersOf('stun:stun.example.org')).toThrow(/ICE_SERVERS must be a JSON array/);
    expect(() => iceServersOf('[{"urls":"http://example.org"}]')).toThrow(/ICE_SERVERS: 0\.urls: an ICE server URL starts with stun:/);
    expect(() => iceServersOf('[{"url":"stun:x"}]')).toThrow(/ICE_SERVERS/);

    const wdb = tempDbUrl();
    const server = await startServer(wdb.url, undefined, undefined, { iceServers: turn });
    try {
      const r = await fetch(`${server.base}/api/media`);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ iceServers: turn });
    } finally {
      await server.stop();
      wdb.cleanup();
    }
  });
});
