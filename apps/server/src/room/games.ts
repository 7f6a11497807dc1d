import { foldLog, type GameEvent, type GameState } from '@mafia/engine';
import type { LogRecord } from '../storage/types.js';
import { parseEntry } from './storedEntry.js';

/** One game a room has played (game 1, then one per «Новая игра с теми же местами»). */
export interface RoomGame {
  /** 1, 2, … as the room numbers them (`next` entries carry the number). */
  readonly gameNo: number;
  readonly ended: boolean;
  /** The engine's winner once the game has ended (`town`, `mafia`, `draw`, a role id), else null. */
  readonly winner: string | null;
  /** R-MOD first-victim-immunity: the seats this game began with immune (from the game before). */
  readonly immune: readonly number[];
  /** The ended game's final state (scores, teams, roles for the club's game facts), else null. */
  readonly final: GameState | null;
  /** When the last entry of an ended game was written (ms), else null. */
  readonly endedAt: number | null;
  /** The game's engine events in order (its GameCreated first, Undone included): what `exportProtocol` takes. */
  readonly events: readonly GameEvent[];
}

/**
 * The games of a room's log, in order: only games that started (a room whose game 1 has not
 * started has none). Each game's engine events are folded apart, as Room.load does (the entries
 * after a `next` fold into that game alone), so an undone end is no end.
 */
export function gamesOfLog(records: readonly LogRecord[]): RoomGame[] {
  const out: RoomGame[] = [];
  let gameNo = 0;
  let immune: readonly number[] = [];
  let events: GameEvent[] | null = null;
  let lastAt = 0;
  const close = () => {
    if (events === null) return;
    const s = foldLog(events);
    const ended = s.phase.kind === 'ended';
    out.push({ gameNo, ended, winner: ended ? (s.winner ?? null) : null, immune, final: ended ? s : null, endedAt: ended ? lastAt : null, events });
  };
  for (const r of records) {
    const e = parseEntry(r.seq, r.kind, r.body);
    if (e.kind === 'start') {
      gameNo = 1;
      events = [...e.body.events];
      lastAt = Number(r.at);
    } else if (e.kind === 'next') {
      close();
      gameNo = e.body.game;
      immune = e.body.immune;
      events = [...e.body.events];
      lastAt = Number(r.at);
    } else if (e.kind === 'command' && events !== null) {
      for (const ev of e.body.events) events.push(ev);
      if (e.body.events.length > 0) lastAt = Number(r.at);
    }
  }
  close();
  return out;
}
