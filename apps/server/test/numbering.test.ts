import fc from 'fast-check';
import { seatAt, seatNo, type Viewer } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { ViewerNumbering, visibleTo } from '../src/room/numbering.js';
import type { Entry } from '../src/room/records.js';

const SEATS = 4;
const claim = (seq: number): Entry => ({ seq, kind: 'claim', body: { seat: 1, name: 'A', tokenHash: 'h' } });
const act = (seq: number, by: number, sender: 'host' | number = by): Entry => ({
  seq, kind: 'command', body: { by: sender, id: null, command: { type: 'act', by: seatNo(by), act: 'check', target: seatNo(1) }, events: [], timer: null },
});
const vote = (seq: number): Entry => ({ seq, kind: 'command', body: { by: 'host', id: null, command: { type: 'endNight' }, events: [], timer: null } });

/** An entry written with its audience recorded (`to`): e.g. the mafia's victim list, for the mafia seats. */
const addressed = (seq: number, to: readonly number[]): Entry => ({
  seq, kind: 'command', body: { by: to[0] ?? 'host', id: null, command: { type: 'victimList', seats: [seatNo(1)] }, events: [], timer: null, to },
});

const VIEWERS: Viewer[] = [{ kind: 'host' }, { kind: 'spectator' }, ...Array.from({ length: SEATS }, (_, i): Viewer => ({ kind: 'seat', seat: seatAt(i) }))];

/** A random log: public entries and night acts by random seats, sent by the seat or by the host. */
const logs = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: SEATS }), fc.integer({ min: -SEATS, max: -1 })), { maxLength: 40 }).map((kinds) =>
  kinds.map((k, i) => (k === 0 ? (i % 2 ? claim(i + 1) : vote(i + 1)) : k > 0 ? act(i + 1, k) : act(i + 1, -k, 'host'))),
);

/** Random logs that also hold entries addressed to several seats (or to the host alone: `to` empty). */
const addressedLogs = fc.array(fc.oneof(fc.constant<number[] | null>(null), fc.subarray([1, 2, 3, 4])), { maxLength: 40 }).map((tos) =>
  tos.map((to, i) => (to === null ? vote(i + 1) : addressed(i + 1, to))),
);

/** Each viewer's numbering of `log` counts exactly the entries he may see, and finds his place again from his own number. */
function expectNumberedAsSeen(log: readonly Entry[]): void {
  const n = new ViewerNumbering(SEATS);
  for (const e of log) n.note(e);
  for (const viewer of VIEWERS) {
    const visible = log.filter((e) => visibleTo(e, viewer));
    expect(n.last(log.length, viewer)).toBe(visible.length);
    visible.forEach((e, k) => {
      expect(n.at(e.seq, viewer)).toBe(k + 1);
      // Resuming from his k-th entry, he is sent exactly the visible entries after it.
      const after = n.position(k, viewer);
      expect(log.filter((x) => x.seq > after && visibleTo(x, viewer))).toEqual(visible.slice(k));
    });
    expect(n.position(visible.length, viewer) >= (visible.at(-1)?.seq ?? 0)).toBe(true);
  }
}

describe('per-viewer numbering of the room log (R-NIGHT-4)', () => {
  it('counts an entry addressed to some seats for those seats and the host only, and finds each viewer\'s place again', () => {
    fc.assert(
      fc.property(addressedLogs, (log) => {
        for (const viewer of VIEWERS) {
          const addressedTo = (e: Entry) => e.kind !== 'command' || e.body.to === undefined || viewer.kind === 'host' || (viewer.kind === 'seat' && e.body.to.includes(viewer.seat));
          expect(log.filter((e) => visibleTo(e, viewer))).toEqual(log.filter(addressedTo));
        }
        expectNumberedAsSeen(log);
      }),
    );
  });

  it('counts for each viewer exactly the entries he may see, and finds his place again from his own number', () => {
    fc.assert(fc.property(logs, expectNumberedAsSeen));
  });

  it('shows a night act to its author and the host only, whoever entered it', () => {
    for (const e of [act(5, 2), act(5, 2, 'host')]) {
      expect(VIEWERS.filter((v) => visibleTo(e, v))).toEqual([{ kind: 'host' }, { kind: 'seat', seat: 2 }]);
    }
    expect(VIEWERS.every((v) => visibleTo(vote(1), v) && visibleTo(claim(1), v))).toBe(true);
  });
});
