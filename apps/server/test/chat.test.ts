import { afterAll, describe, expect, it } from 'vitest';
import { Client, createRoom, seatTheTable, startServer, tempDbUrl, V } from './helpers.js';

/**
 * The chat of online rooms (issue 26, point 2): each line a log entry, sent through the per-viewer
 * projection. The mafia's meeting reaches the living mafia only and the dead's chat the dead only,
 * not even as a jump in anybody else's numbering; bad lines are refused and change nothing.
 */

type Msg = Record<string, any>;
const TIME_SCALE = 0.05;
/** On the test clock: a step lasts half a second. */
const TIMERS = { speech: 10, defence: 10, lastWords: 10, vote: 10, nightStep: 10 };
const db = tempDbUrl();
afterAll(() => db.cleanup());

const say = (c: Client, channel: string, text: string, id: string) => c.request({ v: V, type: 'say', channel, text, id });
const chatItems = (c: Client): Msg[] => c.received.flatMap((m) => (m.type === 'welcome' || m.type === 'update' ? m.items : [])).filter((i: Msg) => i.kind === 'chat');
/** The seqs a client was given, in order: his own numbering of the log. */
const seqsOf = (c: Client): number[] => c.received.flatMap((m) => (m.type === 'welcome' || m.type === 'update' ? m.items.map((i: Msg) => i.seq) : []));
const latestView = (c: Client): Msg | undefined => c.received.filter((m) => (m.type === 'welcome' || m.type === 'update') && m.view).at(-1)?.view;

async function onlineTable(server: Awaited<ReturnType<typeof startServer>>) {
  const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'online', timers: TIMERS });
  const table = await seatTheTable(server.ws, created, { named: true });
  return { created, ...table };
}

describe('chat channels of an online room', () => {
  it('mafia_meeting_and_dead_chat_reach_only_their_readers_and_nobody_else_counts_them', async () => {
    const server = await startServer(db.url, undefined, undefined, { timeScale: TIME_SCALE });
    try {
      const { created, seats, host: admin } = await onlineTable(server);
      const lobbyLine = await say(seats[2], 'day', 'Всем привет!', 'hi');
      expect(lobbyLine.items).toEqual([{ seq: expect.any(Number), kind: 'chat', channel: 'day', by: 3, text: 'Всем привет!' }]);
      // A line changes nothing of the game: its update carries no view, pending or timer (nor the lobby).
      expect(Object.keys(lobbyLine).sort()).toEqual(['ack', 'items', 'seq', 'type', 'v']);
      await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
      const state = server.manager.gameStateOf(created.room)!;
      const mafia = state.teams.flatMap((t, i) => (t === 'mafia' ? [i + 1] : []));
      const town = state.teams.flatMap((t, i) => (t === 'mafia' ? [] : [i + 1]));
      expect(state.phase.kind).toBe('night');

      // Night 1, the introduction: the mafia meet.
      const meet = await say(seats[mafia[0] - 1], 'mafia', 'Стреляем в ' + town[0], 'm1');
      expect(meet.items).toEqual([{ seq: expect.any(Number), kind: 'chat', channel: 'mafia', by: mafia[0], text: 'Стреляем в ' + town[0] }]);
      for (const m of mafia.slice(1)) await seats[m - 1].next((x) => x.type === 'update' && x.items.some((i: Msg) => i.channel === 'mafia'));
      // The town may not write there, nor the day chat at night; the admin announces.
      expect(await say(seats[town[0] - 1], 'mafia', 'я тоже мафия', 't1')).toMatchObject({ type: 'error', code: 'chat-not-mafia', id: 't1' });
      expect(await say(seats[town[0] - 1], 'day', 'кто тут?', 't2')).toMatchObject({ type: 'error', code: 'chat-night' });
      expect(await say(admin, 'day', 'я ведущий', 'a0')).toMatchObject({ type: 'error', code: 'chat-seats-only' });
      const note = await say(admin, 'host', 'Ночь знакомства', 'a1');
      expect(note.items).toEqual([{ seq: expect.any(Number), kind: 'chat', channel: 'host', by: 'admin', text: 'Ночь знакомства' }]);
      // A re-sent line is answered, not written again.
      expect(await say(seats[mafia[0] - 1], 'mafia', 'Стреляем в ' + town[0], 'm1')).toMatchObject({ type: 'ack', id: 'm1', duplicate: true });

      // Night 2: the mafia shoot the first town seat; on day 2 he is one of the dead.
      const victim = town[0];
      await seats[0].next((m) => m.type === 'update' && m.view?.phase.kind === 'night' && m.view.phase.n === 2, 30_000);
      for (const m of mafia) await seats[m - 1].request({ v: V, type: 'command', id: `kill-${m}`, command: { type: 'act', by: m, act: 'kill', target: victim } });
      await seats[0].next((m) => m.type === 'update' && m.view?.phase.kind === 'day' && m.view.phase.n === 2, 30_000);
      expect(server.manager.gameStateOf(created.room)!.alive[victim - 1]).toBe(false);
      const grave = await say(seats[victim - 1], 'dead', 'Я был мирным', 'd1');
      expect(grave.items).toEqual([{ seq: expect.any(Number), kind: 'chat', channel: 'dead', by: victim, text: 'Я был мирным' }]);
      expect(await say(seats[town[1] - 1], 'dead', 'а я?', 'd2')).toMatchObject({ type: 'error', code: 'chat-not-dead' });
      await seats[town[1] - 1].request({ v: V, type: 'ping' }, 'pong');

      // Who got what: the mafia's lines only the mafia, the dead's only the dead, and every seat's
      // numbering has no gap where a line he was not sent stands.
      for (let seat = 1; seat <= 10; seat++) {
        const channels = new Set(chatItems(seats[seat - 1]).map((i) => i.channel));
        expect(channels.has('mafia'), `seat ${seat}`).toBe(mafia.includes(seat));
        expect(channels.has('dead'), `seat ${seat}`).toBe(seat === victim);
        const seqs = seqsOf(seats[seat - 1]);
        expect(seqs, `seat ${seat}`).toEqual(seqs.map((_, k) => seqs[0] + k));
      }
      // The admin sees what a spectator sees: neither the meeting nor the dead's chat.
      expect(chatItems(admin).map((i) => i.channel).sort()).toEqual(['day', 'host']);
      // A town phone opening the room again gets the public lines of the log, and no hidden one.
      const again = await Client.open(server.ws);
      const w = await again.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' }, lastSeq: 0 }, 'welcome');
      expect(w.items.filter((i: Msg) => i.kind === 'chat').map((i: Msg) => i.channel)).toEqual(['day', 'host']);
      expect(latestView(seats[0])?.phase).toEqual({ kind: 'day', n: 2 });
      await Promise.all([...seats, admin, again].map((c) => c.close()));
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('bad_lines_floods_muted_seats_and_spectators_are_refused_and_nothing_is_logged', async () => {
    const server = await startServer(db.url);
    try {
      const { created, seats, host: admin } = await onlineTable(server);
      const logLength = async () => (await server.storage.readLog(created.room)).length;
      const before = await logLength();
      expect(await say(seats[0], 'day', 'смотри <script>alert(1)</script>', 'x1')).toMatchObject({ type: 'error', code: 'chat-markup', path: 'text' });
      expect(await say(seats[0], 'day', 'a'.repeat(301), 'x2')).toMatchObject({ type: 'error', code: 'chat-too-long' });
      expect(await say(seats[0], 'day', '   ', 'x3')).toMatchObject({ type: 'error', code: 'chat-empty' });
      expect(await say(seats[0], 'host', 'я ведущий', 'x4')).toMatchObject({ type: 'error', code: 'chat-host-only' });
      const watcher = await Client.open(server.ws);
      await watcher.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
      expect(await say(watcher, 'day', 'привет', 'x5')).toMatchObject({ type: 'error', code: 'chat-spectator' });
      expect(await logLength()).toBe(before);

      // Five lines at once, then the sixth is a flood.
      for (let k = 1; k <= 5; k++) expect((await say(seats[1], 'day', `строка ${k}`, `f${k}`)).type).toBe('update');
      expect(await say(seats[1], 'day', 'строка 6', 'f6')).toMatchObject({ type: 'error', code: 'chat-flood' });
      // Whitespace is made one space: the line is kept as plain text.
      const tidy = await say(seats[2], 'day', '  два\n\tслова ', 'w1');
      expect(tidy.items[0].text).toBe('два слова');

      // The admin mutes seat 4: on the record, in the lobby; seat 4 is refused until unmuted.
      const muted = await admin.request({ v: V, type: 'mute', seat: 4, muted: true, id: 'mute4' });
      expect(muted.items).toEqual([{ seq: expect.any(Number), kind: 'mute', seat: 4, muted: true }]);
      expect(muted.lobby.muted).toEqual([4]);
      expect(await say(seats[3], 'day', 'можно?', 'm1')).toMatchObject({ type: 'error', code: 'chat-muted' });
      expect(await seats[3].request({ v: V, type: 'mute', seat: 4, muted: false, id: 'self' })).toMatchObject({ type: 'error', code: 'host-only' });
      expect(await admin.request({ v: V, type: 'mute', seat: 4, muted: true, id: 'again' })).toMatchObject({ type: 'error', code: 'mute-unchanged' });
      const unmuted = await admin.request({ v: V, type: 'mute', seat: 4, muted: false, id: 'unmute4' });
      expect(unmuted.lobby.muted).toBeUndefined();
      expect((await say(seats[3], 'day', 'спасибо', 'm2')).type).toBe('update');

      // The speaker-only mode: set by the admin, public.
      const mode = await admin.request({ v: V, type: 'chatMode', mode: 'speaker', id: 'mode' });
      expect(mode.lobby.chatMode).toBe('speaker');
      await Promise.all([...seats, admin, watcher].map((c) => c.close()));
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('a_table_at_a_human_host_has_no_chat', async () => {
    const server = await startServer(db.url);
    try {
      const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
      const { seats, host } = await seatTheTable(server.ws, created);
      expect(await say(seats[0], 'day', 'привет', 'h1')).toMatchObject({ type: 'error', code: 'chat-online-only' });
      expect(await host.request({ v: V, type: 'mute', seat: 1, muted: true, id: 'h2' })).toMatchObject({ type: 'error', code: 'chat-online-only' });
      await Promise.all([...seats, host].map((c) => c.close()));
    } finally {
      await server.stop();
    }
  });
});
