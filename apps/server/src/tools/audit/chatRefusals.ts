import type WebSocket from 'ws';
import { openStorage } from '../../storage/open.js';
import { collect, freshAddress, http, openSocket, parseOr, postJson, sleep } from './net.js';
import { check, type Check, type Traffic } from './report.js';
import type { AuditedServer } from './server.js';
import { createOnlineRoom } from './tables.js';

/**
 * Issue 26 "Bad input and limits", the chat: lines with markup, over the length, a flood, a muted
 * seat writing, a spectator writing, a channel its writer may not write in, and any line where there
 * is no chat (a human host's table). Each must be refused with its own code, write nothing in the
 * room's log (read from the server's database itself), and be counted by the server's refusal
 * counter (/api/health `refused`), as every other refused message is.
 */

interface Peer {
  readonly ws: WebSocket;
  readonly messages: any[];
}

async function peer(port: number): Promise<Peer> {
  const s = await openSocket(port, freshAddress());
  if (!s.ws) throw new Error(`could not open a WebSocket: ${s.status} ${s.error ?? ''}`);
  return { ws: s.ws, messages: collect(s.ws).messages };
}

/** Sends `message` and waits (10 s at most) for the first answer `done` accepts among the frames after it. */
async function ask(p: Peer, message: Record<string, unknown>, done: (m: any) => boolean): Promise<any> {
  const from = p.messages.length;
  p.ws.send(JSON.stringify({ v: 1, ...message }));
  for (let waited = 0; waited < 10_000; waited += 10) {
    const m = p.messages.slice(from).find(done);
    if (m) return m;
    await sleep(10);
  }
  throw new Error(`no answer to ${JSON.stringify(message).slice(0, 120)}`);
}

/** A request with an id: its `update` (acknowledged), `ack` or `error`. */
const answerTo = (id: string) => (m: any) => m.id === id || m.ack === id;

async function refusedCounts(port: number): Promise<Record<string, number>> {
  const r = await http(port, { path: '/api/health', from: freshAddress() });
  return parseOr(r.body).refused ?? {};
}

/** Each bad line: who writes it, where, and the code it must be refused with. */
interface Attempt {
  readonly what: string;
  readonly by: Peer;
  readonly channel: string;
  readonly text: string;
  readonly code: string;
}

export async function chatRefusalAudit(server: AuditedServer, log: (s: string) => void, traffic: Traffic): Promise<Check[]> {
  const port = server.port;
  const room = await createOnlineRoom(port, freshAddress(), 'classic', 10, 1);
  const admin = await peer(port);
  const hello = await ask(admin, { type: 'hello', room: room.code, auth: { as: 'admin', key: room.adminKey } }, (m) => m.type === 'welcome' || m.type === 'error');
  if (hello.type !== 'welcome') throw new Error(`the admin's hello was refused: ${hello.code}`);
  const roomId: string = hello.lobby.room;
  const seats: Peer[] = [];
  for (let seat = 1; seat <= 10; seat++) {
    const p = await peer(port);
    const w = await ask(p, { type: 'claim', room: room.code, seat, name: `Seat ${seat}` }, (m) => m.type === 'welcome' || m.type === 'error');
    if (w.type !== 'welcome') throw new Error(`seat ${seat}'s claim was refused: ${w.code}`);
    seats.push(p);
  }
  const spectator = await peer(port);
  await ask(spectator, { type: 'hello', room: room.code, auth: { as: 'spectator' } }, (m) => m.type === 'welcome');
  // A human host's table has no chat at all.
  const human = await postJson(port, '/api/rooms', { preset: 'classic', seats: 10, mode: 'human' }, freshAddress());
  if (human.status !== 201) throw new Error(`could not create a human room: ${human.status}`);
  const host = await peer(port);
  await ask(host, { type: 'hello', room: human.json.code, auth: { as: 'host', key: human.json.hostKey } }, (m) => m.type === 'welcome');

  // What is allowed first: seat 4 muted by the admin, seat 2's five lines at once (its whole allowance).
  let ids = 0;
  const say = (p: Peer, channel: string, text: string) => {
    const id = `chat-${++ids}`;
    return ask(p, { type: 'say', channel, text, id }, answerTo(id));
  };
  const mute = await ask(admin, { type: 'mute', seat: 4, muted: true, id: 'mute-4' }, answerTo('mute-4'));
  if (mute.type !== 'update') throw new Error(`the admin could not mute seat 4: ${mute.code}`);
  for (let k = 1; k <= 5; k++) {
    const a = await say(seats[1], 'day', `line ${k} of five`);
    if (a.type !== 'update') throw new Error(`seat 2's line ${k} was refused: ${a.code}`);
  }
  const lobbyAttempts: Attempt[] = [
    { what: 'a tag', by: seats[0], channel: 'day', text: 'look <img src=x onerror=alert(1)>', code: 'chat-markup' },
    { what: 'a control character', by: seats[0], channel: 'day', text: 'bell \u0007 here', code: 'chat-markup' },
    { what: 'a bidi override', by: seats[0], channel: 'day', text: 'abc \u202e cba', code: 'chat-markup' },
    { what: '301 characters', by: seats[0], channel: 'day', text: 'я'.repeat(301), code: 'chat-too-long' },
    { what: 'only spaces', by: seats[0], channel: 'day', text: ' \n\t ', code: 'chat-empty' },
    { what: "a sixth line at once (seat 2's)", by: seats[1], channel: 'day', text: 'line 6', code: 'chat-flood' },
    { what: 'a muted seat', by: seats[3], channel: 'day', text: 'may I?', code: 'chat-muted' },
    { what: 'a spectator', by: spectator, channel: 'day', text: 'hello from the audience', code: 'chat-spectator' },
    { what: "a seat in the host's channel", by: seats[0], channel: 'host', text: 'I am the host now', code: 'chat-host-only' },
    { what: "a seat in the mafia's channel before the deal", by: seats[0], channel: 'mafia', text: 'mafia?', code: 'chat-not-mafia' },
    { what: "a living seat in the dead's channel", by: seats[0], channel: 'dead', text: 'anyone dead?', code: 'chat-not-dead' },
    { what: "the admin in the day chat", by: admin, channel: 'day', text: 'as a player', code: 'chat-seats-only' },
    { what: "a human host's table", by: host, channel: 'host', text: 'no chat here', code: 'chat-online-only' },
  ];
  const storage = await openStorage(server.databaseUrl);
  try {
    const logLength = async (id: string) => (await storage.readLog(id)).length;
    const before = { online: await logLength(roomId), human: await logLength(human.json.room), counts: await refusedCounts(port) };
    const answers: string[] = [];
    const wrong: string[] = [];
    const run = async (a: Attempt) => {
      const m = await say(a.by, a.channel, a.text);
      answers.push(`${a.what}: ${m.code ?? m.type}`);
      if (m.type !== 'error' || m.code !== a.code) wrong.push(`${a.what}: ${m.type === 'error' ? m.code : m.type} instead of ${a.code}`);
    };
    for (const a of lobbyAttempts) await run(a);
    const lobbyWritten = (await logLength(roomId)) - before.online;
    // In the game: the admin leaves the day chat to the speaker, and skips to the first speech.
    const mode = await ask(admin, { type: 'chatMode', mode: 'speaker', id: 'mode' }, answerTo('mode'));
    const start = await ask(admin, { type: 'start', id: 'start' }, answerTo('start'));
    if (mode.type !== 'update' || start.type !== 'update') throw new Error(`the admin could not set the chat mode or start: ${mode.code ?? ''} ${start.code ?? ''}`);
    let view = start.view;
    for (let k = 0; k < 30 && view?.day?.stage !== 'speeches'; k++) view = (await ask(admin, { type: 'skip', id: `skip-${k}` }, answerTo(`skip-${k}`))).view;
    const speaker: number | undefined = view?.day?.speaker;
    if (!speaker) throw new Error('the first day did not come');
    const listener = seats[speaker % 10]!;
    const gameAttempts: Attempt[] = [{ what: 'a listener while the speaker speaks', by: listener, channel: 'day', text: 'let me say', code: 'chat-not-speaker' }];
    const inGame = { online: await logLength(roomId), counts: await refusedCounts(port) };
    for (const a of gameAttempts) await run(a);
    const after = { online: await logLength(roomId), human: await logLength(human.json.room), counts: await refusedCounts(port) };
    traffic.messages += ids;
    log(`chat refusals: ${answers.length} bad lines sent`);

    const expected: Record<string, number> = {};
    for (const a of [...lobbyAttempts, ...gameAttempts]) expected[a.code] = (expected[a.code] ?? 0) + 1;
    const counted = Object.entries(expected).map(([code, n]) => ({ code, n, got: (after.counts[code] ?? 0) - (before.counts[code] ?? 0) }));
    const miscounted = counted.filter((c) => c.got !== c.n);
    // Between the lobby's attempts and the game's, the admin's mode, start and skips were written: not counted.
    const written = lobbyWritten + (after.online - inGame.online) + (after.human - before.human);
    return [
      check('chat', 'bad chat lines are refused, each with its own code', wrong.length === 0,
        wrong.length === 0 ? answers.join('; ') : wrong.join('; '), 'issue 26'),
      check('chat', 'a refused line writes nothing in the log', after.online === inGame.online && after.human === before.human && lobbyWritten === 0,
        `entries written by ${answers.length} refused lines: ${written === 0 ? 0 : `${lobbyWritten} in the lobby, ${after.online - inGame.online} in the game, ${after.human - before.human} at the human table`} (log read from the database)`, 'issue 26'),
      check('chat', 'refused lines are counted by code (/api/health refused)', miscounted.length === 0,
        counted.map((c) => `${c.code} ${c.got}/${c.n}`).join(', '), 'issue 26'),
    ];
  } finally {
    await storage.close();
    for (const p of [admin, spectator, host, ...seats]) p.ws.close();
  }
}
