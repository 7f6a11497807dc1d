import type { SocketLike } from '../src/net/client';

/** A WebSocket stand-in: records what the client sends; the test opens, answers and drops it. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, any>[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(m: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify({ v: 1, ...m }) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  last(): Record<string, any> {
    return this.sent[this.sent.length - 1]!;
  }
}

/** Manual timers: run() fires whatever is due. */
export class FakeTimers {
  now = 1_000_000;
  private seq = 0;
  readonly pending = new Map<number, { at: number; f: () => void; ms: number }>();
  setTimeout = (f: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, f, ms });
    return id;
  };
  clearTimeout = (t: unknown): void => {
    this.pending.delete(t as number);
  };
  /** Advances the clock by `ms`, firing every timer due on the way. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].f();
    }
    this.now = end;
  }
  delays(): number[] {
    return [...this.pending.values()].map((p) => p.ms);
  }
}
