import type { Outgoing, WireError } from './roomState';

/** A request sent (or to be sent) and not answered yet. */
export interface InFlight {
  readonly id: string;
  readonly message: Outgoing;
  /** Only commands and night taps are re-sent after a reconnect. */
  readonly resend: boolean;
  sent: boolean;
  resolve(seq: number): void;
  reject(e: WireError): void;
}

/**
 * The requests in flight, by id: each is answered once (an `update`'s ack, an `ack`, or an `error`
 * naming it). Commands and night taps survive a dropped connection and go again, with the same id,
 * after the next welcome (the server applies an id once); the others are failed with the drop.
 */
export class RequestTracker {
  private readonly inFlight = new Map<string, InFlight>();

  ids(): readonly string[] {
    return [...this.inFlight.keys()];
  }

  add(f: InFlight): void {
    this.inFlight.set(f.id, f);
  }

  /** The request answered by `id`, no longer in flight; undefined when it is not ours (or answered already). */
  take(id: string | undefined): InFlight | undefined {
    const f = id !== undefined ? this.inFlight.get(id) : undefined;
    if (f) this.inFlight.delete(f.id);
    return f;
  }

  /** After a welcome: everything in flight goes now, with its id. */
  sendAll(send: (m: Outgoing) => void): void {
    for (const f of this.inFlight.values()) {
      f.sent = true;
      send(f.message);
    }
  }

  /**
   * Rejects what is in flight: everything (`all`, the client stops), or after a drop what was sent
   * and will not be re-sent (a command stays, marked unsent; a request asked while away waits).
   */
  failAll(err: WireError, all: boolean): void {
    for (const f of [...this.inFlight.values()]) {
      if (!all && f.resend) {
        f.sent = false;
        continue;
      }
      if (!all && !f.sent) continue; // asked while away: goes after the next welcome
      this.inFlight.delete(f.id);
      f.reject({ ...err, id: f.id });
    }
  }
}
