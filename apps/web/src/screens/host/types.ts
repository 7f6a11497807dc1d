import type { Command } from '@mafia/engine';

/**
 * The types the host console shares with its panels, in a module of their own so that the panels
 * need not import Console.tsx (which imports them).
 */

export type { Tx } from '../../i18n/looseT';

/** What the console needs of a RoomClient (a fake in tests). */
export interface HostActions {
  command(cmd: Command): Promise<number>;
  timer(add: number): Promise<number>;
  start(): Promise<number>;
  /** Opens night step `step` on every screen (absent: the step stays on this console). */
  openStep?(step: number): Promise<number>;
  /** The next game at the same table, once this one has ended (absent: no button). */
  nextGame?(): Promise<number>;
  /** Closes the room for good (absent: no «Закрыть комнату»). */
  closeRoom?(): Promise<number>;
}

/** How a panel sends a command: the console runs it, shows a refusal and marks itself busy meanwhile. */
export type Send = (cmd: Command) => void;
