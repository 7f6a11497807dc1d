import type { Command } from '@mafia/engine';
import type { AppAlert, You } from '@mafia/protocol';
import { refuse, type Refusal } from './errors.js';
import type { CommandBody, Controller } from './records.js';
import type { Room } from './room.js';

/**
 * Who runs a room: in a `human` room the host (the host key), in an `app` or `online` room the room
 * admin (the admin key; the app itself is the host). The admin starts, pauses, releases seats and
 * closes the room, but sees only what a spectator sees.
 */
export const controllerMode = (mode: string): Controller => (mode === 'human' ? 'host' : 'admin');

/** The connection's controller role, or a refusal naming who may do `what`. */
export function controllerOf(you: You | null, what: string): Controller {
  if (you?.as === 'host' || you?.as === 'admin') return you.as;
  return refuse('host-only', `only the host (or, when the app is the host, the room admin) may ${what}`);
}

/** `hello` with a host or admin key: the key kind must fit the room's mode. */
export function refuseWrongKeyKind(mode: string, as: Controller): void {
  const wanted = controllerMode(mode);
  if (as === wanted) return;
  if (wanted === 'admin') refuse('no-human-host', `this is an ${mode} room: the app is its host, and there is no host key; its creator enters with the room-admin key ({"as":"admin","key"})`, { path: 'auth.as' });
  refuse('has-human-host', 'this room has a human host: enter with the host key ({"as":"host","key"}); a room-admin key exists only in app and online rooms', { path: 'auth.as' });
}

/** A step the app host took: its timer's `timeUp` (or another step it took), or the admin's `skip`. */
const isAppStep = (b: CommandBody): boolean => b.by === 'app' || (b.by === 'admin' && b.command.type === 'timeUp');

/**
 * The room admin's only game command: `undo` of count 1, of the app host's last step. Allowed
 * exactly when the game is running, it is not night, and the last command of the log is a step of
 * the app host (or the admin's own skip) — so never a player's command, never a second step back
 * (the undo itself is the last command then). At night it is refused whatever happened: the acts
 * of the night are private entries, and whether one was made must not decide the answer (R-NIGHT-4).
 */
export function checkAdminCommand(room: Room, command: Command): void {
  if (command.type !== 'undo' || command.count !== 1) {
    refuse('admin-undo-only', 'the room admin sends no game commands but {"type":"undo","count":1} (the app host\'s last step); use skip to end a step', { path: 'command' });
  }
  const state = room.game?.state;
  if (!state) return refuse('not-started', 'the game has not started yet');
  if (state.phase.kind === 'ended') refuse('game-over', 'the game in this room is over');
  if (state.phase.kind === 'night') refuse('undo-at-night', 'the app host\'s last step cannot be undone during a night');
  const last = room.lastCommand;
  if (last === null || !isAppStep(last)) refuse('not-app-step', 'the last step was not the app host\'s (a player\'s command, or an undo): only the app host\'s last step can be undone');
}

/**
 * The alert the room admin gets when the engine refused the app host's command. The engine's text
 * stays in the server's log: it may name a seat's role, which the admin may not see.
 */
export function alertOf(r: Refusal, command: Command, at: number): AppAlert {
  return {
    code: r.code,
    ...(r.rule ? { rule: r.rule } : {}),
    command: command.type,
    message: `the app host could not ${command.type === 'timeUp' ? 'end this step' : `send ${command.type}`} (${r.code}); the room waits: skip the step or undo the app host's last step`,
    at,
  };
}
