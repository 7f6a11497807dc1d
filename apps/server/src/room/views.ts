import { pendingDecisions, project, projectEvent, seatNo, type GameState, type Pending, type ProjectedEvent, type Viewer } from '@mafia/engine';
import { PROTOCOL_VERSION, type AppAlert, type Lobby, type LogItem, type RoomCode, type RoomId, type RoomMode, type SeatToken, type ServerMessage, type TimerView, type You } from '@mafia/protocol';
import { frame } from './frame.js';
import { updateFrame } from './updateFrame.js';
import { visibleTo } from './numbering.js';
import { remainingOf } from './pause.js';
import type { Entry, TimerRec } from './records.js';
import type { Room } from './room.js';

/**
 * Everything a client receives is made here, for its viewer: the view through the engine's
 * `project`, each event through `projectEvent`. Nothing else reads the state for a client, so no
 * client ever gets a role its viewer may not see.
 */
export function viewerOf(you: You): Viewer {
  if (you.as === 'host') return { kind: 'host' };
  if (you.as === 'seat') return { kind: 'seat', seat: seatNo(you.seat) };
  // The room admin runs the room but is no host: it sees exactly what a spectator sees.
  return { kind: 'spectator' };
}

/**
 * One key per distinct viewer, so a broadcast projects once per viewer, not per connection. The
 * room admin shares the spectator's text: its updates are the spectator's, byte for byte.
 */
export const viewerKey = (you: You): string => (you.as === 'seat' ? `s${you.seat}` : you.as === 'admin' ? 'spectator' : you.as);

export function lobbyOf(room: Room): Lobby {
  return {
    room: room.row.id as RoomId,
    code: room.row.code as RoomCode,
    preset: room.row.preset,
    mode: room.row.mode as RoomMode,
    seats: room.row.seats,
    claimed: room.claims.map((c) => (c === null ? null : c.name)),
    ...(room.claims.some((c) => c?.bot) ? { bots: room.claims.flatMap((c, i) => (c?.bot ? [i + 1] : [])) } : {}),
    ...(room.muted.size > 0 ? { muted: [...room.muted].sort((a, b) => a - b) } : {}),
    ...(room.chatMode !== 'free' ? { chatMode: room.chatMode } : {}),
    ...(room.idleLimit !== 2 ? { idleLimit: room.idleLimit } : {}),
    ...(room.seatNames.list() !== null ? { renamed: room.seatNames.list()! } : {}),
    ...(room.seatNames.held.size > 0 ? { heldRenames: [...room.seatNames.held].sort((a, b) => a[0] - b[0]).map(([seat, name]) => ({ seat, name })) } : {}),
    started: room.started,
    game: room.gameNo,
    ended: room.ended,
    closed: room.closed,
  };
}

/** The room's clock as every viewer gets it; `held`: stopped by nobody (holdWhileNobodyPlays), not paused. */
export const timerView = (t: TimerRec | null, held = false): TimerView | null =>
  t === null ? null : { kind: t.kind, deadline: t.deadline, started: t.started, ...(t.steps ? { steps: t.steps } : {}), ...(t.pausedAt !== undefined ? { pausedAt: t.pausedAt } : {}),
      ...(held && t.pausedAt !== undefined ? { held: true as const } : {}),
      ...(t.step !== undefined ? { step: t.step, stepAt: t.stepAt ?? t.started } : {}) };

/** The room's timer held for want of players (clockwork.ts holdWhileNobodyPlays), not by a pause. */
const roomTimerView = (room: Room): TimerView | null => timerView(room.timer, room.row.mode !== 'human' && !room.paused);

/**
 * An entry as the viewer may see it, numbered `seq` in the viewer's own numbering (numbering.ts).
 * `state` is the room's state now (see docs/server.md).
 */
export function itemFor(e: Entry, seq: number, state: GameState | null, viewer: Viewer): LogItem {
  if (e.kind === 'claim') return { seq, kind: 'claim', seat: e.body.seat, name: e.body.name, ...(e.body.bot ? { bot: true as const } : {}) };
  if (e.kind === 'release') return { seq, kind: 'release', seat: e.body.seat };
  if (e.kind === 'close') return { seq, kind: 'close' };
  if (e.kind === 'timer') return { seq, kind: 'timer', deadline: e.body.timer.deadline };
  if (e.kind === 'step') return { seq, kind: 'step', step: e.body.timer.step ?? 0 };
  if (e.kind === 'pause') return { seq, kind: 'pause', remaining: remainingOf(e.body.timer) };
  if (e.kind === 'resume') return { seq, kind: 'resume', deadline: e.body.timer?.deadline ?? null };
  // Only its own seat ever gets a decoy tap (numbering.ts).
  if (e.kind === 'tap') return { seq, kind: 'tap', seat: e.body.by, night: e.body.night, step: e.body.step };
  // Public: a seat and a name (never a claim's token or a role).
  if (e.kind === 'rename') return { seq, kind: 'rename', seat: e.body.seat, name: e.body.name, ...(e.body.held ? { held: true } : {}) };
  // A chat line reaches only its readers (numbering.ts), as written; mutes and the mode are public.
  if (e.kind === 'chat') return { seq, kind: 'chat', channel: e.body.channel, by: e.body.by, text: e.body.text };
  if (e.kind === 'mute') return { seq, kind: 'mute', seat: e.body.seat, muted: e.body.muted };
  if (e.kind === 'chatMode') return { seq, kind: 'chatMode', mode: e.body.mode };
  if (e.kind === 'idleLimit') return { seq, kind: 'idleLimit', limit: e.body.limit };
  const events: ProjectedEvent[] = [];
  if (state !== null) {
    for (const ev of e.body.events) {
      const p = projectEvent(ev, state, viewer);
      if (p !== null) events.push(p);
    }
  }
  let by: Extract<LogItem, { kind: 'events' }>['by'] = e.kind === 'start' ? (e.body.by ?? 'host') : e.body.by;
  // An entry reaches a viewer only when he sees at least one of its events (numbering.ts), and then
  // who sent it is as public as what it did (a vote, a nomination): its hidden events are left out
  // as if they had not happened. Only an entry written before `to` was recorded can reach a viewer
  // with none of its events (the mafia's victim list): its sender stays unnamed, as he was then.
  if (typeof by === 'number' && events.length === 0 && e.body.events.length > 0 && viewer.kind !== 'host' && !(viewer.kind === 'seat' && viewer.seat === by)) by = 'hidden';
  return { seq, kind: 'events', by, events, ...(e.kind === 'next' ? { game: e.body.game } : {}) };
}

const NO_PENDING: readonly Pending[] = [];

export function pendingFor(state: GameState | null, you: You): readonly Pending[] {
  if (state === null || you.as === 'spectator' || you.as === 'admin') return NO_PENDING;
  const all = pendingDecisions(state);
  return you.as === 'host' ? all : all.filter((p) => p.seat === you.seat);
}

/**
 * The items of `entries` (consecutive entries of the room's log) the viewer may see, numbered for
 * him. R-NIGHT-4, §10: another seat's night act is not sent at all, not even as an empty item, and
 * not counted: nobody can tell that somebody acted, or when, or how often.
 */
export function itemsFor(room: Room, entries: readonly Entry[], viewer: Viewer): LogItem[] {
  const items: LogItem[] = [];
  if (entries.length === 0) return items;
  const state = room.game?.state ?? null;
  let seq = room.numbering.at(entries[0].seq - 1, viewer);
  for (const e of entries) if (visibleTo(e, viewer)) items.push(itemFor(e, ++seq, state, viewer));
  return items;
}

/** The entries that change nothing of the game: an update made of these alone carries no view, pending or timer. */
const GAME_KEEPS: ReadonlySet<Entry['kind']> = new Set(['chat', 'mute', 'chatMode', 'idleLimit']);

/** The entries that change nothing of the lobby: an update made of these alone carries none. */
const LOBBY_KEEPS: ReadonlySet<Entry['kind']> = new Set(['command', 'tap', 'timer', 'step', 'pause', 'resume', 'chat']);

/**
 * The `update` a viewer gets after `entries` were appended (a JSON string, ready to send), or
 * null when the viewer may see none of them: then he gets no message at all.
 */
export function updateText(room: Room, entries: readonly Entry[], you: You, ack?: string): string | null {
  const message = updateMessage(room, entries, you, ack);
  return message && updateFrame(message);
}

/** The `update` of updateText before it is serialised (the broadcast times the two apart: stages.ts). */
export function updateMessage(room: Room, entries: readonly Entry[], you: You, ack?: string): Extract<ServerMessage, { type: 'update' }> | null {
  const viewer = viewerOf(you);
  const state = room.game?.state ?? null;
  const items = itemsFor(room, entries, viewer);
  if (items.length === 0 && entries.length > 0) return null;
  return {
    v: PROTOCOL_VERSION,
    type: 'update',
    seq: room.numbering.last(room.seq, viewer),
    items,
    // The lobby only when it changed (a claim, the start, the end): most updates are game steps.
    ...(entries.some((e) => !LOBBY_KEEPS.has(e.kind)) || room.ended || room.closed ? { lobby: lobbyOf(room) } : {}),
    ...(entries.length > 0 && entries.every((e) => GAME_KEEPS.has(e.kind)) ? {} : {
      view: state === null ? null : project(state, viewer, room.viewCache),
      pending: pendingFor(state, you),
      timer: roomTimerView(room),
    }),
    ...(ack !== undefined ? { ack } : {}),
  };
}

/** The `welcome` after hello or claim: who you are, the lobby, what you missed, the view now (and the room admin's standing alert). */
export function welcomeText(room: Room, you: You, missed: readonly Entry[], token?: SeatToken): string {
  const viewer = viewerOf(you);
  const state = room.game?.state ?? null;
  const alert = you.as === 'admin' ? room.alert : null;
  return frame({
    v: PROTOCOL_VERSION,
    type: 'welcome',
    you,
    lobby: lobbyOf(room),
    seq: room.numbering.last(room.seq, viewer),
    ...(token !== undefined ? { token } : {}),
    items: itemsFor(room, missed, viewer),
    view: state === null ? null : project(state, viewer, room.viewCache),
    pending: pendingFor(state, you),
    timer: roomTimerView(room),
    ...(alert ? { alert } : {}),
  });
}

/** The `alert` the room admin's connections get when the app host's step was refused. */
export const alertText = (a: AppAlert): string => frame({ v: PROTOCOL_VERSION, type: 'alert', ...a });

/**
 * The free seats' codes (issue 12, point 1), for the host's or room admin's connections only: a
 * message of their own, never a field of the texts a spectator or a seat shares (the room admin
 * shares the spectator's updates byte for byte, see `viewerKey`).
 */
export const seatCodesText = (room: Room): string => frame({ v: PROTOCOL_VERSION, type: 'seatCodes', codes: room.seatCodes.list() });
