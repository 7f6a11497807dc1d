import { PROTOCOL_VERSION } from '@mafia/protocol';
import { isConnectionError } from '../storage/outage.js';
import { frame } from './frame.js';

/** A refusal sent to the one client that caused it: a code, a message that names what was wrong. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly rule?: string;
  readonly path?: string;
}

export class RoomError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * The room is held by another node of the cluster (issue 29): `url` is where that node is reached
 * (its NODE_URL). The connection or request is passed on there; nothing was done here.
 */
export class RoomElsewhere extends Error {
  constructor(readonly roomId: string, readonly url: string) {
    super(`room ${roomId} is served by ${url}`);
  }
}

/** A room whose node cannot be reached right now (its lease not yet expired after a crash). */
export const ROOM_UNAVAILABLE: Refusal = { code: 'room-unavailable', message: 'the server holding this room cannot be reached right now; try again in a few seconds' };

/** The room moved to another node (this one lost it): the client reconnects and is served there. */
export const ROOM_MOVED: Refusal = { code: 'room-moved', message: 'this room is now served by another server; reconnect' };

export const refuse = (code: string, message: string, extra: Omit<Refusal, 'code' | 'message'> = {}): never => {
  throw new RoomError({ code, message, ...extra });
};

/**
 * What a client is told when its request failed on the server's side: the database away
 * (`database-unavailable`: try again in a moment) or anything else (`server-error`). Either way
 * nothing was recorded: a write is answered only once it is durable.
 */
export function serverFailure(e: unknown): Refusal {
  return isConnectionError(e) ? DATABASE_UNAVAILABLE : { code: 'server-error', message: 'the server could not do that; nothing was changed' };
}

export const DATABASE_UNAVAILABLE: Refusal = { code: 'database-unavailable', message: 'the database cannot be reached right now; nothing was recorded; try again in a moment' };

/** The `error` message of a refusal, as the one client it is for receives it. */
export const errorText = (r: Refusal, id?: string): string =>
  frame({ v: PROTOCOL_VERSION, type: 'error', code: r.code, message: r.message, ...(r.rule ? { rule: r.rule } : {}), ...(r.path ? { path: r.path } : {}), ...(id ? { id } : {}) });
