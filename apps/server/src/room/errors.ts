import { PROTOCOL_VERSION } from '@mafia/protocol';

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

export const refuse = (code: string, message: string, extra: Omit<Refusal, 'code' | 'message'> = {}): never => {
  throw new RoomError({ code, message, ...extra });
};

/** The `error` message of a refusal, as the one client it is for receives it. */
export const errorText = (r: Refusal, id?: string): string =>
  JSON.stringify({ v: PROTOCOL_VERSION, type: 'error', code: r.code, message: r.message, ...(r.rule ? { rule: r.rule } : {}), ...(r.path ? { path: r.path } : {}), ...(id ? { id } : {}) });
