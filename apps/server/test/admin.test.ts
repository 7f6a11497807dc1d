import { createBot, viewOf } from '@mafia/bots';
import { seatAt } from '@mafia/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/secrets.js';
import { claimSeats, Client, controllerAuth, createRoom, seatTheTable, serverForTests, startServer, tempDbUrl, V, type CreatedForTest, type Running } from './helpers.js';
import { frameOf } from './json.js';

/**
 * The room admin (issue 11, point 1): the creator of an `app` or `online` room runs the room with
 * the admin key — start, pause, resume, skip, release, close, undo of the app host's last step —
 * and never sees more than a spectator.
 */

const live = serverForTests();
let server: Running;
beforeAll(() => {
  server = live.get();
});

type Msg = Record<string, any>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminOf(created: CreatedForTest, lastSeq?: number) {
  const c = await Client.open(server.ws);
  const welcome = await c.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created), ...(lastSeq !== undefined ? { lastSeq } : {}) }, 'welcome');
  return { c, welcome };
}

/** An app room, every seat claimed, started by its admin. */
async function startedAppRoom(timers: Record<string, number>, mode = 'app') {
  const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode, timers });
  const t = await seatTheTable(server.ws, created, { named: true });
  const started = await t.host.request({ v: V, type: 'start', id: 'go' }, 'update');
  return { created, ...t, admin: t.host, started };
}

describe('the room-admin key', () => {
  it('app_and_online_rooms_answer_an_admin_key_and_human_rooms_a_host_key_storing_only_its_hash', async () => {
    for (const mode of ['app', 'online']) {
      const c = await createRoom(server.base, { preset: 'classic', seats: 10, mode });
      expect(c.hostKey).toBeUndefined();
      expect(c.adminKey).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      const row = await server.storage.roomById(c.room);
      expect(row!.hostKeyHash).toBe(hashSecret(c.adminKey!));
      expect(JSON.stringify(row)).not.toContain(c.adminKey!);
    }
    const human = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    expect(human.adminKey).toBeUndefined();
    expect(human.hostKey).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('refuses_a_host_key_in_an_app_room_and_an_admin_key_in_a_human_room_naming_the_right_key', async () => {
    const app = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'app' });
    const human = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    const c = await Client.open(server.ws);
    const asHost = await c.request({ v: V, type: 'hello', room: app.code, auth: { as: 'host', key: app.adminKey } }, 'error');
    expect(asHost).toMatchObject({ code: 'no-human-host', path: 'auth.as' });
    expect(asHost.message).toMatch(/room-admin key/);
    const asAdmin = await c.request({ v: V, type: 'hello', room: human.code, auth: { as: 'admin', key: human.hostKey } }, 'error');
    expect(asAdmin).toMatchObject({ code: 'has-human-host', path: 'auth.as' });
    expect(asAdmin.message).toMatch(/host key/);
    expect((await c.request({ v: V, type: 'hello', room: app.code, auth: { as: 'admin', key: 'x'.repeat(32) } }, 'error')).code).toBe('bad-key');
    const ok = await c.request({ v: V, type: 'hello', room: app.code, auth: { as: 'admin', key: app.adminKey } }, 'welcome');
    expect(ok.you).toEqual({ as: 'admin' });
  });

  it('admin_starts_releases_and_closes_but_sends_no_game_command_but_undo', async () => {
    const { created, admin, seats, started } = await startedAppRoom({ nightStep: 20 });
    expect(started.ack).toBe('go');
    expect(started.items[0].by).toBe('admin');
    const refused = await admin.request({ v: V, type: 'command', id: 'e', command: { type: 'endNight' } }, 'error');
    expect(refused).toMatchObject({ code: 'admin-undo-only', path: 'command' });
    expect((await admin.request({ v: V, type: 'command', id: 'u2', command: { type: 'undo', count: 2 } }, 'error')).code).toBe('admin-undo-only');
    // The host's ±10 s stays the host's.
    expect((await admin.request({ v: V, type: 'timer', add: 10 }, 'error')).code).toBe('host-only');
    const released = await admin.request({ v: V, type: 'release', seat: 4, id: 'r' }, 'update');
    expect(released.items).toEqual([{ seq: released.seq, kind: 'release', seat: 4 }]);
    expect((await seats[3].next((m) => m.code === 'seat-released')).message).toMatch(/room admin released seat 4/);
    // Reassigning a seat: released, then claimed again by whoever now sits there, with the code the admin's panel shows for it.
    const shown = await admin.next((m) => m.type === 'seatCodes' && m.codes.some((c: Msg) => c.seat === 4));
    const newcomer = await Client.open(server.ws);
    const seatCode = shown.codes.find((c: Msg) => c.seat === 4).code;
    expect((await newcomer.request({ v: V, type: 'claim', room: created.code, seat: 4, name: 'New', seatCode }, 'welcome')).view.me.seat).toBe(4);
    const closed = await admin.request({ v: V, type: 'close', id: 'c' }, 'update');
    expect(closed.lobby.closed).toBe(true);
    const rows = await server.storage.readLog(created.room);
    expect(JSON.parse(rows.find((r) => r.kind === 'close')!.body)).toEqual({ by: 'admin', id: 'c' });
  });

  it('a_player_and_a_spectator_may_not_pause_skip_or_start', async () => {
    const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'app' });
    const { seats } = await seatTheTable(server.ws, created);
    const spectator = await Client.open(server.ws);
    await spectator.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
    for (const c of [seats[0], spectator]) {
      expect((await c.request({ v: V, type: 'start', id: 's' }, 'error')).code).toBe('host-only');
      expect((await c.request({ v: V, type: 'pause', id: 'p' }, 'error')).code).toBe('host-only');
      expect((await c.request({ v: V, type: 'skip', id: 'k' }, 'error')).code).toBe('admin-only');
    }
  });
});

describe('what the room admin sees', () => {
  it('admin_frames_equal_a_spectators_byte_for_byte_apart_from_you_over_a_whole_app_hosted_game', async () => {
    // Short steps and players who mostly do nothing: the app host ends every step on its timer.
    const created = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'app', timers: { speech: 0.05, defence: 0.05, lastWords: 0.05, nightStep: 0.05, vote: 0.05 } });
    const raw = { admin: [] as string[], spectator: [] as string[] };
    const spectator = await Client.open(server.ws);
    spectator.socket.on('message', (d) => raw.spectator.push(String(d)));
    await spectator.request({ v: V, type: 'hello', room: created.code, auth: { as: 'spectator' } }, 'welcome');
    const admin = await Client.open(server.ws);
    admin.socket.on('message', (d) => raw.admin.push(String(d)));
    await admin.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
    const { seats } = await claimSeats(server.ws, created.code, { named: true });
    // Random players decide what they are asked; seats 9 and 10 never do anything, and nobody ends
    // his own speech: the app host ends every step on its timer (R-HOST-2).
    for (const [k, c] of seats.entries()) {
      if (k >= 8) continue;
      const bot = createBot('random', seatAt(k), 11 + k);
      c.socket.on('message', (d) => {
        const m: Msg = frameOf(String(d));
        if (!m.view || m.view.phase.kind === 'ended') return;
        for (const p of m.pending ?? []) {
          const command = bot.decide(viewOf(m.view), p);
          if (command) c.send({ v: V, type: 'command', id: `${m.seq}-${p.kind}`, command });
        }
      });
    }
    await admin.request({ v: V, type: 'start', id: 'go' }, 'update');
    const end = await spectator.next((m) => m.type === 'update' && m.view?.phase.kind === 'ended', 170_000);
    expect(end.view.winner).toBeTruthy();
    await admin.request({ v: V, type: 'ping' }, 'pong');
    await spectator.request({ v: V, type: 'ping' }, 'pong');
    const frames = (list: string[]) => list.filter((t) => !t.includes('"type":"pong"'));
    const adminFrames = frames(raw.admin).map((t) => t.replace('"you":{"as":"admin"}', '"you":{"as":"spectator"}').replace(',"ack":"go"}', '}'));
    expect(adminFrames.length).toBeGreaterThan(20);
    expect(adminFrames).toEqual(frames(raw.spectator));
    // Until the end, no frame names the role of a living player.
    for (const t of adminFrames) {
      const m: Msg = frameOf(t);
      if (!m.view || m.view.phase.kind === 'ended') continue;
      for (const s of m.view.seats) if (s.alive) expect(s.role).toBeUndefined();
      expect(m.pending).toEqual([]);
    }
    for (const c of [...seats, admin, spectator]) await c.close();
  }, 180_000);
});

describe('pause and resume', () => {
  it('pause_stops_the_clock_with_its_remaining_time_in_the_log_and_resume_starts_it_again_from_there', async () => {
    const { created, admin, seats, started } = await startedAppRoom({ nightStep: 0.34 });
    const paused = await admin.request({ v: V, type: 'pause', id: 'p' }, 'update');
    expect(paused.timer.pausedAt).toBeGreaterThanOrEqual(started.timer.started);
    const remaining = started.timer.deadline - paused.timer.pausedAt;
    expect(paused.items).toEqual([{ seq: paused.seq, kind: 'pause', remaining }]);
    expect((await seats[0].next((m) => m.type === 'update' && m.seq === paused.seq)).timer.pausedAt).toBe(paused.timer.pausedAt);
    expect((await admin.request({ v: V, type: 'pause', id: 'p2' }, 'error')).code).toBe('already-paused');
    // Well past the deadline: nothing has fired.
    await sleep(1500);
    expect((await adminOf(created)).welcome.view.phase.kind).toBe('night');
    const log = await server.storage.readLog(created.room);
    expect(JSON.parse(log.at(-1)!.body).timer.pausedAt).toBe(paused.timer.pausedAt);
    const resumed = await admin.request({ v: V, type: 'resume', id: 'r' }, 'update');
    expect(resumed.timer.pausedAt).toBeUndefined();
    expect(resumed.timer.deadline - Date.now()).toBeLessThanOrEqual(remaining);
    expect(resumed.timer.deadline - resumed.timer.started).toBe(started.timer.deadline - started.timer.started);
    expect(resumed.items).toEqual([{ seq: resumed.seq, kind: 'resume', deadline: resumed.timer.deadline }]);
    expect((await admin.request({ v: V, type: 'resume', id: 'r2' }, 'error')).code).toBe('not-paused');
    const morning = await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(resumed.timer.deadline);
    expect(morning.items[0].by).toBe('app');
  });

  it('a_step_that_begins_while_the_clock_is_stopped_begins_stopped', async () => {
    const { admin } = await startedAppRoom({ nightStep: 20, speech: 0.2 });
    await admin.request({ v: V, type: 'pause', id: 'p' }, 'update');
    const day = await admin.request({ v: V, type: 'skip', id: 'k' }, 'update');
    expect(day.timer.kind).toBe('speech');
    expect(day.timer.pausedAt).toBeDefined();
    await sleep(500);
    expect((await admin.request({ v: V, type: 'ping' }, 'pong')).type).toBe('pong');
    expect(admin.received.filter((m) => m.type === 'update' && m.seq > day.seq)).toEqual([]);
  });

  it('a_restarted_server_keeps_the_pause', async () => {
    const own = tempDbUrl();
    let s = await startServer(own.url);
    const created = await createRoom(s.base, { preset: 'classic', seats: 10, mode: 'online', timers: { nightStep: 0.2 } });
    const { seats, tokens } = await claimSeats(s.ws, created.code);
    const a = await Client.open(s.ws);
    await a.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
    await a.request({ v: V, type: 'start', id: 'go' }, 'update');
    const paused = await a.request({ v: V, type: 'pause', id: 'p' }, 'update');
    for (const c of [a, ...seats]) await c.close();
    await s.stop();
    s = await startServer(own.url);
    await sleep(900);
    const b = await Client.open(s.ws);
    const w = await b.request({ v: V, type: 'hello', room: created.code, auth: controllerAuth(created) }, 'welcome');
    expect(w.view.phase.kind).toBe('night');
    expect(w.timer).toEqual(paused.timer);
    // A player is back (an app-hosted clock runs only while a seat is connected).
    const player = await Client.open(s.ws);
    await player.request({ v: V, type: 'hello', room: created.code, auth: { as: 'seat', seat: 1, token: tokens[0] } }, 'welcome');
    await b.request({ v: V, type: 'resume', id: 'r' }, 'update');
    expect((await b.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000)).items[0].by).toBe('app');
    await b.close();
    await player.close();
    await s.stop();
    own.cleanup();
  });
});

describe('skip and undo', () => {
  it('skip_ends_the_running_step_now_with_timeUp_sent_by_the_admin', async () => {
    const { created, admin, seats } = await startedAppRoom({ nightStep: 20 });
    const day = await admin.request({ v: V, type: 'skip', id: 'k1' }, 'update');
    expect(day.view.phase.kind).toBe('day');
    expect(day.items[0].by).toBe('admin');
    // Every seat hears who ended the night (its phone tells the table: chat/model.ts adminNote).
    for (const seat of [seats[0], seats[4]]) expect((await seat.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000)).items[0].by).toBe('admin');
    const dup = await admin.request({ v: V, type: 'skip', id: 'k1' }, 'ack');
    expect(dup).toMatchObject({ id: 'k1', seq: day.seq, duplicate: true });
    const last = JSON.parse((await server.storage.readLog(created.room)).at(-1)!.body);
    expect(last).toMatchObject({ by: 'admin', id: 'k1', command: { type: 'timeUp' } });
    const human = await createRoom(server.base, { preset: 'classic', seats: 10, mode: 'human' });
    const h = await seatTheTable(server.ws, human);
    await h.host.request({ v: V, type: 'start', id: 'go' }, 'update');
    expect((await h.host.request({ v: V, type: 'skip', id: 'k' }, 'error')).code).toBe('admin-only');
  });

  it('admin_undoes_only_the_app_hosts_last_step_never_a_players_never_twice_never_at_night', async () => {
    const { admin, seats } = await startedAppRoom({ nightStep: 0.1, speech: 60 });
    expect((await admin.request({ v: V, type: 'command', id: 'u0', command: { type: 'undo', count: 1 } }, 'error')).code).toBe('undo-at-night');
    // The app host ends the night on its timer: that step may be undone, back into the night.
    await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000);
    const back = await admin.request({ v: V, type: 'command', id: 'u1', command: { type: 'undo', count: 1 } }, 'update');
    expect(back.view.phase.kind).toBe('night');
    expect(back.items[0].by).toBe('admin');
    // How many events were taken back would count the hidden ones (the night's idle seats): not told.
    expect(back.items[0].events).toEqual([{ type: 'Undone', count: 0 }]);
    const day = await admin.next((m) => m.type === 'update' && m.view?.phase.kind === 'day', 5000);
    // A speaker ends his own speech: a player's command, not the app host's.
    const speaker: number = day.view.day.speaker;
    await seats[speaker - 1].request({ v: V, type: 'command', id: 'end', command: { type: 'endSpeech' } }, 'update');
    const notApp = await admin.request({ v: V, type: 'command', id: 'u2', command: { type: 'undo', count: 1 } }, 'error');
    expect(notApp.code).toBe('not-app-step');
    // The admin's own skip is the app host's step taken early: it may be undone, once.
    const skipped = await admin.request({ v: V, type: 'skip', id: 'k' }, 'update');
    const undone = await admin.request({ v: V, type: 'command', id: 'u3', command: { type: 'undo', count: 1 } }, 'update');
    expect(undone.view.day.speaker).not.toBe(skipped.view.day.speaker);
    expect((await admin.request({ v: V, type: 'command', id: 'u4', command: { type: 'undo', count: 1 } }, 'error')).code).toBe('not-app-step');
  });
});

describe('a speaker ends only his own last word when the app is the host', () => {
  it('only_the_current_last_word_speaker_may_end_it', async () => {
    const { admin, seats } = await startedAppRoom({ nightStep: 20, speech: 60, lastWords: 60 });
    const views = await Promise.all(seats.map((c) => c.next((m) => m.type === 'update' && m.view !== null)));
    const mafia = views.flatMap((u, k) => (u.view.me.role === 'mafia' || u.view.me.role === 'don' ? [k + 1] : []));
    const victim = [1, 2, 3, 4, 5].find((s) => !mafia.includes(s))!;
    let u = await admin.request({ v: V, type: 'skip', id: 's0' }, 'update');
    // Day 1 goes by on skips alone (nobody nominates): then night 2, where the mafia shoot.
    for (let k = 1; u.view.phase.kind !== 'night' && k < 40; k++) u = await admin.request({ v: V, type: 'skip', id: `s${k}` }, 'update');
    expect(u.view.phase).toMatchObject({ kind: 'night', n: 2 });
    for (const m of mafia) await seats[m - 1].request({ v: V, type: 'command', id: 'kill', command: { type: 'act', by: m, act: 'kill', target: victim } }, 'update');
    const morning = await admin.request({ v: V, type: 'skip', id: 'night2' }, 'update');
    expect(morning.view.day).toMatchObject({ stage: 'lastWords', lastWords: [victim] });
    const other = victim === 1 ? 2 : 1;
    expect((await seats[other - 1].request({ v: V, type: 'command', id: 'lw', command: { type: 'endLastWords' } }, 'error')).code).toBe('host-only');
    const ended = await seats[victim - 1].request({ v: V, type: 'command', id: 'lw', command: { type: 'endLastWords' } }, 'update');
    expect(ended.view.day.stage).not.toBe('lastWords');
  });
});
