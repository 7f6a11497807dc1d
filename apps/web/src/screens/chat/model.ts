import type { ChatChannel, ChatMode, GameView } from '@mafia/engine';
import type { LogItem, You } from '@mafia/protocol';

/**
 * What the chat panel shows (issue 26, point 2), from the room state alone. The server decides
 * (the engine's chatLine); this only says which tabs a screen offers and why its line would be
 * refused now, so the panel can say so before the player types. A tab is offered only for lines
 * the viewer is sent anyway: the mafia's to the living mafia, the dead's to the dead.
 */
export type ChatTab = 'table' | 'mafia' | 'dead';
export type ChatLine = Extract<LogItem, { kind: 'chat' }>;

const playing = (view: GameView | null): view is GameView => view !== null && view.phase.kind !== 'ended';

export function chatTabs(view: GameView | null, you: You | null): readonly ChatTab[] {
  if (you?.as === 'host') return ['table', 'mafia', 'dead'];
  if (you?.as !== 'seat' || !playing(view) || !view.me) return ['table'];
  if (!view.me.alive) return ['table', 'dead'];
  return view.me.team === 'mafia' ? ['table', 'mafia'] : ['table'];
}

const TAB_CHANNELS: Record<ChatTab, readonly ChatChannel[]> = { table: ['day', 'host'], mafia: ['mafia'], dead: ['dead'] };

/**
 * The room admin's steps on the record, told at the table (an app or online room): a step he ended
 * early (`skip`: at night the whole night) or the app host's step he took back (`undo`). His start
 * and the next game's deal are not told: everybody sees those. Each reaches exactly the viewers the
 * server sent its entry to, the same for every seat.
 */
export interface AdminNote {
  /** The first of its steps' log seq. */
  readonly seq: number;
  readonly kind: 'adminNote';
  readonly did: 'skip' | 'undo';
  /** Steps of this kind in a row with no line between (a practice player skipping the bots' speeches): one note says them all. */
  readonly count: number;
}

function adminNoteOf(item: LogItem): AdminNote | null {
  // A game's deal (the start, the next game) opens with GameCreated: everybody sees that anyway.
  if (item.kind !== 'events' || item.by !== 'admin' || item.events.some((e) => e.type === 'GameCreated')) return null;
  return { seq: item.seq, kind: 'adminNote', did: item.events.some((e) => e.type === 'Undone') ? 'undo' : 'skip', count: 1 };
}

/** The tab's lines and, in the table's, the room admin's notes, oldest first. */
export function tabItems(log: readonly LogItem[], tab: ChatTab): (ChatLine | AdminNote)[] {
  const out: (ChatLine | AdminNote)[] = [];
  for (const i of log) {
    if (i.kind === 'chat') {
      if (TAB_CHANNELS[tab].includes(i.channel)) out.push(i);
    } else if (tab === 'table') {
      const note = adminNoteOf(i);
      const last = out[out.length - 1];
      if (note && last?.kind === 'adminNote' && last.did === note.did) out[out.length - 1] = { ...last, count: last.count + 1 };
      else if (note) out.push(note);
    }
  }
  return out;
}

/** The channel a line written in `tab` goes to: the host's and room admin's table line is an announcement. */
export const channelOf = (tab: ChatTab, you: You | null): ChatChannel =>
  tab === 'table' ? (you?.as === 'host' || you?.as === 'admin' ? 'host' : 'day') : tab;

/** Why a line written in a tab now would be refused (`chat.closed.*` says it in words). */
export type ChatClosed = 'offline' | 'spectator' | 'hostReads' | 'muted' | 'dead' | 'night' | 'speaker';

/** Why a line written in `tab` now would be refused, or null when it may be written. */
export function closedReason(view: GameView | null, you: You | null, tab: ChatTab, mode: ChatMode, muted: readonly number[]): ChatClosed | null {
  if (you === null) return 'offline';
  if (you.as === 'spectator') return 'spectator';
  if (you.as !== 'seat') return tab === 'table' ? null : 'hostReads';
  if (muted.includes(you.seat)) return 'muted';
  if (tab !== 'table' || !playing(view)) return null;
  if (view.ownTurn !== undefined) return null;
  if (view.me && !view.me.alive) return 'dead';
  if (view.phase.kind === 'night') return 'night';
  return mode === 'speaker' ? 'speaker' : null;
}

/** Who wrote a line, for its label: a seat's name as the lobby has it, or the host. */
export function authorOf(line: ChatLine, claimed: readonly (string | null)[]): { seat: number | null; name: string | null } {
  if (typeof line.by !== 'number') return { seat: null, name: null };
  return { seat: line.by, name: claimed[line.by - 1] ?? null };
}
