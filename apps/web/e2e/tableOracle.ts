/**
 * The test's eyes in a room nobody hosts (app and online modes): there is no host key to look
 * through, so the test joins as a spectator (the public log and its seq) and as every seat, with
 * the tokens the players' browsers were given when they claimed (read from their localStorage).
 * Together they know what a host would: each seat's own role, each seat's pending decisions. The
 * browsers still get only what the server sends their own viewer.
 */
import type { GameView, Pending } from '@mafia/engine';
import { Oracle } from './oracle';

export class TableOracle {
  readonly spectator: Oracle;
  private readonly seats = new Map<number, Oracle>();

  constructor(
    private readonly wsUrl: string,
    private readonly code: string,
  ) {
    this.spectator = new Oracle(wsUrl, code, { as: 'spectator' });
  }

  /** Joins as `seat` with its token (a second connection of that seat). */
  addSeat(seat: number, token: string): void {
    this.seats.get(seat)?.close();
    this.seats.set(seat, new Oracle(this.wsUrl, this.code, { as: 'seat', seat, token }));
  }

  seat(seat: number): Oracle {
    const o = this.seats.get(seat);
    if (!o) throw new Error(`the oracle has no connection for seat ${seat}`);
    return o;
  }

  /** The public seq (the spectator's numbering): it moves with every public step. */
  get seq(): number {
    return this.spectator.state.seq;
  }

  /**
   * The spectator's view with each seat's role and team as that seat's own view says: what a host
   * would see (null before the start).
   */
  view(): GameView | null {
    const pub = this.spectator.state.view;
    if (!pub) return null;
    const seats = pub.seats.map((s) => {
      const own = this.seats.get(s.seat)?.state.view?.seats.find((x) => x.seat === s.seat);
      return own && own.role !== undefined ? { ...s, role: own.role, team: own.team } : s;
    });
    return { ...pub, seats };
  }

  /** Every seat's pending decisions (each seat is sent its own). */
  pending(): Pending[] {
    const out: Pending[] = [];
    for (const o of this.seats.values()) out.push(...o.state.pending);
    return out;
  }

  /** Resolves once every connection has had its welcome. */
  async ready(): Promise<void> {
    await this.spectator.wait((s) => s.status === 'open' && s.you !== null, 'the spectator oracle');
    for (const [seat, o] of this.seats) await o.wait((s) => s.status === 'open' && s.you !== null, `the oracle of seat ${seat}`);
  }

  /** Waits until the public log moves past `seq`. */
  after(seq: number, what: string, ms?: number) {
    return this.spectator.after(seq, what, ms);
  }

  close(): void {
    this.spectator.close();
    for (const o of this.seats.values()) o.close();
  }
}
