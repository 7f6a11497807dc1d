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
