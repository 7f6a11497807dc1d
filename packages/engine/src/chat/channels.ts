import { seatNo, type SeatNo } from '../ids.js';
import { ownTurnOf } from '../game/effects.js';
import type { GameState } from '../model/state.js';

/**
 * The chat channels of an online room (issue 26, point 2): who may write a line where, and who
 * reads it. A rule of the game, not of the server: the mafia's meeting and the dead's chat carry
 * hidden information, so their readers follow the same knowledge rules as the view (canSeeRole).
 * - `day`: the table's talk, read by everyone; before the first deal and after the end it is the
 *   lobby's talk of every seat.
 * - `mafia`: the mafia's night meeting, read by the living mafia only (R-NIGHT-2: they know each other).
 * - `dead`: the eliminated players among themselves (RULES.md §10: they may not speak to the living).
 * - `host`: the host's (or room admin's) announcements, read by everyone.
 */
export const CHAT_CHANNELS = ['day', 'mafia', 'dead', 'host'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

/** The room's day chat: `free` (any living player, all day long) or `speaker` (only the player whose speech runs). */
export const CHAT_MODES = ['free', 'speaker'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/** Who writes: a seat, or the table's host (the human host, or the room admin where the app hosts). */
export type ChatSender = { readonly kind: 'seat'; readonly seat: SeatNo } | { readonly kind: 'host' };

/** Who reads a line: everyone (spectators too), or these seats (the host reads every channel). */
export type ChatReaders = 'everyone' | readonly SeatNo[];

export type ChatRefusal =
  | 'chat-host-only' | 'chat-seats-only' | 'chat-night' | 'chat-not-speaker' | 'chat-dead-to-living'
  | 'chat-not-mafia' | 'chat-not-night' | 'chat-not-dead';

export type ChatDecision = { readonly ok: true; readonly readers: ChatReaders } | { readonly ok: false; readonly code: ChatRefusal };

const refused = (code: ChatRefusal): ChatDecision => ({ ok: false, code });

/**
 * Whether `sender` may write in `channel` now, and who will read the line: fixed when it is
 * written, so nobody who joins a channel later (a player who dies) counts lines he was not sent.
 * `state` is null before the first deal.
 */
export function chatLine(state: GameState | null, sender: ChatSender, channel: ChatChannel, mode: ChatMode): ChatDecision {
  if (channel === 'host') return sender.kind === 'host' ? { ok: true, readers: 'everyone' } : refused('chat-host-only');
  if (sender.kind !== 'seat') return refused('chat-seats-only');
  const seat = sender.seat;
  const playing = state !== null && state.phase.kind !== 'ended';
  if (channel === 'day') {
    if (!playing) return { ok: true, readers: 'everyone' };
    const turn = ownTurnOf(state);
    // The last word is a dead (or leaving) player's speech: his, whatever the mode.
    if (turn?.seat === seat) return { ok: true, readers: 'everyone' };
    if (!state.alive[seat - 1]) return refused('chat-dead-to-living');
    if (state.phase.kind === 'night') return refused('chat-night');
    if (mode === 'speaker') return refused('chat-not-speaker');
    return { ok: true, readers: 'everyone' };
  }
  if (channel === 'mafia') {
    if (!playing || !state.alive[seat - 1] || state.teams[seat - 1] !== 'mafia') return refused('chat-not-mafia');
    if (state.phase.kind !== 'night') return refused('chat-not-night');
    return { ok: true, readers: seatsWhere(state, (i) => state.alive[i] && state.teams[i] === 'mafia') };
  }
  if (!playing || state.alive[seat - 1]) return refused('chat-not-dead');
  return { ok: true, readers: seatsWhere(state, (i) => !state.alive[i]) };
}

function seatsWhere(state: GameState, keep: (i: number) => boolean): SeatNo[] {
  const out: SeatNo[] = [];
  for (let i = 0; i < state.alive.length; i++) if (keep(i)) out.push(seatNo(i + 1));
  return out;
}

/** The channels a seat (or the host) may read in the game as it stands: what its screen offers. */
export function chatChannelsOf(state: GameState | null, reader: ChatSender): readonly ChatChannel[] {
  if (reader.kind === 'host') return CHAT_CHANNELS;
  const playing = state !== null && state.phase.kind !== 'ended';
  if (!playing) return ['day', 'host'];
  const i = reader.seat - 1;
  if (!state.alive[i]) return ['day', 'dead', 'host'];
  return state.teams[i] === 'mafia' ? ['day', 'mafia', 'host'] : ['day', 'host'];
}
