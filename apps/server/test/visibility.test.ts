import { HOST, seatAt, seatNo, type Viewer } from '@mafia/engine';
import { DEFAULT_TIMERS } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../src/room/records.js';
import { parseEntry } from '../src/room/storedEntry.js';
import { Room } from '../src/room/room.js';
import type { RoomRow } from '../src/storage/types.js';
import { itemFor } from '../src/room/views.js';
import { visibleTo } from '../src/room/numbering.js';
import { tapEntry } from '../src/room/tap.js';

/** A Piter room with the victim list, dealt from seed 7, its log written as the server writes it. */
const row: RoomRow = {
  id: 'r1', code: 'ABCDEF', preset: 'piter', mode: 'human', seats: 10, options: '{}', names: '[]',
  timers: JSON.stringify(DEFAULT_TIMERS), deal: JSON.stringify({ modifications: ['victim-list'] }), seed: 7, hostKeyHash: 'x', createdAt: 0, ended: false,
};

/** The room after the start and a mafia seat's victim list, and the log that holds them (as stored: JSON bodies). */
function played(): { room: Room; log: Entry[]; mafia: number[] } {
  const room = new Room(row);
  const started = room.startEntry(0);
  room.commit(started.entry, started.game);
  const teams = room.game!.state.teams;
  const mafia = teams.flatMap((t, i) => (t === 'mafia' ? [i + 1] : []));
  const civilian = teams.indexOf('town') + 1;
  const list = room.commandEntry(mafia[0]!, 'v1', { type: 'victimList', seats: [seatNo(civilian)] }, { kind: 'seat', seat: seatNo(mafia[0]!) }, 0);
  room.commit(list.entry, list.game);
  const end = room.commandEntry('host', 'e1', { type: 'endNight' }, HOST, 0);
  room.commit(end.entry, end.game);
  const log = [started.entry, list.entry, end.entry].map((e) => parseEntry(e.seq, e.kind, JSON.stringify(e.body)));
  return { room, log, mafia };
}

const viewers = (seats: number): Viewer[] => [{ kind: 'host' }, { kind: 'spectator' }, ...Array.from({ length: seats }, (_, i): Viewer => ({ kind: 'seat', seat: seatAt(i) }))];

describe('who may learn of an entry is fixed when it is written (issue 12)', () => {
  it('counts the mafia\'s victim list for the mafia and the host only, and a room rebuilt from its log numbers it alike', () => {
    const { room, log, mafia } = played();
    const again = Room.load(row, log);
    for (const v of viewers(10)) {
      const sees = v.kind === 'host' || (v.kind === 'seat' && mafia.includes(v.seat));
      expect(room.numbering.last(3, v), JSON.stringify(v)).toBe(sees ? 3 : 2);
      expect(again.numbering.last(3, v), JSON.stringify(v)).toBe(room.numbering.last(3, v));
      expect(again.numbering.at(3, v)).toBe(room.numbering.at(3, v));
    }
    // What is stored says to whom; it is never part of what a client gets.
    expect(log[1]!.kind === 'command' && log[1]!.body.to).toEqual(mafia);
    expect(JSON.stringify(itemFor(log[1]!, 2, room.game!.state, { kind: 'seat', seat: seatNo(mafia[1]!) }))).not.toMatch(/"to"/);
  });

  it('numbers an entry written before `to` existed as it was numbered then, and names no sender a viewer could not see', () => {
    const { log } = played();
    const old = log.map((e) => {
      if (e.kind !== 'command') return e;
      const { to: _to, ...body } = e.body;
      return { ...e, body } as Entry;
    });
    const room = Room.load(row, old);
    const civilian: Viewer = { kind: 'seat', seat: seatAt(room.game!.state.teams.indexOf('town')) };
    for (const v of viewers(10)) expect(room.numbering.last(3, v)).toBe(3);
    expect(itemFor(old[1]!, 2, room.game!.state, civilian)).toEqual({ seq: 2, kind: 'events', by: 'hidden', events: [] });
  });

  it('numbers a decoy tap for its own seat alone, not even the host, and a room rebuilt from its log numbers it alike (issue 23)', () => {
    const room = new Room(row);
    const started = room.startEntry(0);
    room.commit(started.entry, started.game);
    const civilian = room.game!.state.roles.indexOf('civilian') + 1;
    const tap = tapEntry(room, civilian, 't1', 0);
    room.commit(tap);
    const log = [started.entry, tap].map((e) => parseEntry(e.seq, e.kind, JSON.stringify(e.body)));
    const again = Room.load(row, log);
    for (const v of viewers(10)) {
      const sees = v.kind === 'seat' && v.seat === civilian;
      expect(visibleTo(tap, v), JSON.stringify(v)).toBe(sees);
      expect(room.numbering.last(2, v), JSON.stringify(v)).toBe(sees ? 2 : 1);
      expect(again.numbering.last(2, v)).toBe(room.numbering.last(2, v));
      expect(again.numbering.at(2, v)).toBe(room.numbering.at(2, v));
      // The position after a viewer's own last number is the end of the log (nothing he has not seen follows).
      expect(again.numbering.position(again.numbering.last(2, v), v)).toBe(sees ? 2 : 1);
    }
    expect(itemFor(log[1]!, 2, room.game!.state, { kind: 'seat', seat: seatNo(civilian) })).toEqual({ seq: 2, kind: 'tap', seat: civilian, night: 1, step: 0 });
    // The game is what the start made: the tap is no engine event.
    expect(again.game!.log).toEqual(room.game!.log);
    expect(again.game!.batches).toEqual([started.entry.kind === 'start' ? started.entry.body.events.length : -1]);
  });
});
