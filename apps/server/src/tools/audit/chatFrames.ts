import type { ChatLine, ChatWriter } from '@mafia/cli/tools';
import type { ChatChannel, GameView } from '@mafia/engine';
import type { ViewerName } from './leaks.js';

/**
 * The chat of the secrecy games (issue 26, docs/security.md): what the bots write, and what every
 * recorded frame is checked for. The rules are written again here from docs/online.md (who writes
 * where, who reads), not imported from the engine's `chatLine`: a check that called it would agree
 * with any bug in it.
 */

const CHANNELS: readonly ChatChannel[] = ['day', 'mafia', 'dead', 'host'];

/**
 * Where a seat may write now, by its own view (the room's day chat is `free`, as the audit leaves it):
 * before the deal and after the end, the day chat; while the game runs, the day chat during its own
 * speech or last word, the chat of the dead once out, the mafia's meeting at night for the living
 * mafia, the day chat by day while alive. Never the host's announcements.
 */
export function seatMayWrite(view: GameView | null): ChatChannel[] {
  if (view === null || view.phase.kind === 'ended') return ['day'];
  const me = view.me;
  if (me === null) return [];
  const may = new Set<ChatChannel>();
  if (view.ownTurn !== undefined) may.add('day');
  if (!me.alive) may.add('dead');
  else if (view.phase.kind === 'night' && me.team === 'mafia') may.add('mafia');
  else if (view.phase.kind === 'day') may.add('day');
  return [...may];
}

/**
 * A bot's chat in the secrecy games: on each new phase (and on its last word, and once it is out) one
 * line in a channel its view says it may write in (the day chat: a third of the seats each day), and
 * one try of a channel it may not, in turn; so every channel is written and every channel is tried by
 * someone who may not write there. At most a line a phase: within the server's flood allowance, and
 * few enough frames that CI's `--small` audit stays short.
 */
export function auditChat(seat: number): ChatWriter {
  let last = '';
  let tries = 0;
  let n = 0;
  return (view): readonly ChatLine[] => {
    const p = view.phase;
    // A new phase, death, and a last word (the day chat of a player who is out) each bring a line.
    const key = `${p.kind}/${p.kind === 'ended' ? '' : p.n}/${view.me?.alive}/${view.ownTurn === 'endLastWords'}`;
    if (key === last) return [];
    last = key;
    const may = seatMayWrite(view);
    const mayNot = CHANNELS.filter((c) => !may.includes(c));
    // The day chat is everyone's to read (a dozen frames a line): a third of the living write each day.
    const write = may.filter((c) => c !== 'day' || p.kind !== 'day' || view.ownTurn !== undefined || (p.n + seat) % 3 === 0);
    const text = (channel: ChatChannel) => `seat ${seat} in ${channel}, ${key}, line ${++n}`;
    return [
      ...(write.length ? [{ channel: write[0], text: text(write[0]) }] : []),
      ...(mayNot.length ? [{ channel: mayNot[tries++ % mayNot.length], text: text(mayNot[(tries - 1) % mayNot.length]) }] : []),
    ];
  };
}

/** What the chat checks count over every recorded frame of the secrecy games. */
export class ChatFrameTally {
  /** Lines written, by channel (counted once, from their writer's acknowledged copy or the admin's). */
  readonly written: Record<string, number> = {};
  /** Copies of mafia and dead lines delivered to their readers. */
  readonly delivered: Record<string, number> = {};
  /** A mafia or dead line that reached a viewer who may not read it. */
  readonly leaks: string[] = [];
  /** A line written where its writer may not write (judged by the writer's view in the same frame). */
  readonly outOfRule: string[] = [];
  /** A viewer whose items skip or repeat a number. */
  readonly gaps: string[] = [];
  /** The chat lines refused, by code (every viewer's `error` answers). */
  readonly refused: Record<string, number> = {};
  viewers = 0;
  items = 0;

  /** Every frame one viewer received in one game, in order. */
  takeViewer(game: string, viewer: ViewerName, frames: readonly string[]): void {
    this.viewers++;
    const mine = viewer.startsWith('seat:') ? Number(viewer.slice(5)) : null;
    let seq: number | null = null;
    // An update that changes nothing of the game (a chat line) carries no view: the last one stands.
    let lastView: GameView | null = null;
    for (const text of frames) {
      if (text.includes('"type":"error"') && text.includes('"code":"chat-')) {
        const code = JSON.parse(text).code as string;
        this.refused[code] = (this.refused[code] ?? 0) + 1;
      }
      if (!text.includes('"items"')) continue;
      const m = JSON.parse(text);
      if (m.type !== 'welcome' && m.type !== 'update') continue;
      if (m.view !== undefined) lastView = m.view;
      const items: any[] = m.items ?? [];
      // The welcome's items are what the viewer missed, up to its `seq`; each update's follow on.
      if (m.type === 'welcome') seq = m.seq - items.length;
      for (const item of items) {
        this.items++;
        if (seq !== null && item.seq !== seq + 1 && this.gaps.length < 5) this.gaps.push(`${game} ${viewer}: item ${item.seq} after ${seq}`);
        seq = item.seq;
        if (item.kind === 'chat') this.takeLine(game, viewer, mine, m, item, lastView);
      }
      if (seq !== null && m.seq !== seq && this.gaps.length < 5) this.gaps.push(`${game} ${viewer}: message seq ${m.seq} after item ${seq}`);
    }
  }

  private takeLine(game: string, viewer: ViewerName, mine: number | null, m: any, item: any, view: GameView | null): void {
    const own = m.ack !== undefined && item.by === (mine ?? (viewer === 'admin' ? 'admin' : undefined));
    if (own) {
      this.written[item.channel] = (this.written[item.channel] ?? 0) + 1;
      const allowed = mine === null ? item.channel === 'host' : seatMayWrite(view).includes(item.channel);
      if (!allowed && this.outOfRule.length < 5) this.outOfRule.push(`${game}: ${viewer} wrote in ${item.channel} (${view?.phase.kind ?? 'lobby'}, alive ${view?.me?.alive}, team ${view?.me?.team})`);
    }
    if (item.channel !== 'mafia' && item.channel !== 'dead') return;
    const me = view?.me ?? null;
    const mayRead = mine !== null && me !== null && (item.channel === 'mafia' ? me.alive && me.team === 'mafia' : !me.alive);
    if (mayRead) this.delivered[item.channel] = (this.delivered[item.channel] ?? 0) + 1;
    else this.leaks.push(`${game}: ${viewer} (${me ? `${me.alive ? 'alive' : 'dead'}, ${me.team}` : 'no seat'}) received a ${item.channel} line of ${item.by}`);
  }
}
