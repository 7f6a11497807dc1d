import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSeatFacts, LEDGER_PARAMS, parseStoredOr } from '../src/club/stored.js';
import { parseRoomColumns, parseRoomDeal } from '../src/room/storedRoom.js';
import { parseEntry } from '../src/room/storedEntry.js';
import { parseStored, StoredValueError, type StoredFormat } from '../src/storage/versioned.js';

/** Stored JSON is parsed with its version (storage/versioned.ts), never cast: old versions upgrade, bad values are refused by name. */
describe('stored values', () => {
  const timers = { speech: 60, defence: 30, lastWords: 60, nightStep: 15, vote: 30 };

  it('a_value_without_a_version_is_read_as_version_1_and_an_explicit_version_1_the_same', () => {
    const row = { timers: JSON.stringify(timers), options: '{}', names: '["Анна","Борис"]' };
    expect(parseRoomColumns(row)).toEqual({ timers, options: {}, names: ['Анна', 'Борис'] });
    expect(parseRoomColumns({ ...row, timers: JSON.stringify({ v: 1, ...timers }) }).timers).toEqual(timers);
    expect(parseRoomDeal('{"composition":["don","mafia"]}')).toEqual({ composition: ['don', 'mafia'] });
  });

  it('a_version_1_value_is_upgraded_step_by_step_to_the_current_version', () => {
    const format: StoredFormat<{ seconds: number; unit: 's' }> = {
      what: 'a test value',
      versions: [z.object({ ms: z.number() }), z.object({ seconds: z.number() }), z.object({ seconds: z.number(), unit: z.literal('s') })],
      upgrades: [(old) => ({ seconds: (old as { ms: number }).ms / 1000 }), (old) => ({ ...(old as object), unit: 's' })],
      current: z.object({ seconds: z.number(), unit: z.literal('s') }),
    };
    expect(parseStored(format, '{"ms":1500}')).toEqual({ seconds: 1.5, unit: 's' });
    expect(parseStored(format, '{"v":2,"seconds":3}')).toEqual({ seconds: 3, unit: 's' });
    expect(parseStored(format, '{"v":3,"seconds":4,"unit":"s"}')).toEqual({ seconds: 4, unit: 's' });
  });

  it('a_bad_stored_value_is_refused_with_a_message_naming_it_and_why', () => {
    const row = { timers: JSON.stringify(timers), options: '{}', names: '[]' };
    expect(() => parseRoomColumns({ ...row, timers: '{"speech":"long"}' })).toThrow(StoredValueError);
    expect(() => parseRoomColumns({ ...row, timers: '{"speech":"long"}' })).toThrow(/^stored room timers cannot be read: version 1 at speech: /);
    expect(() => parseRoomColumns({ ...row, names: 'not json' })).toThrow(/^stored room names cannot be read: not JSON/);
    expect(() => parseRoomColumns({ ...row, options: '{"v":7}' })).toThrow('stored room options cannot be read: version 7 is unknown (this server reads versions 1 to 1)');
    expect(() => parseSeatFacts('[{"seat":1,"team":"town","role":"civilian","points":1}]')).toThrow(/^stored a game's seat facts cannot be read: version 1 at 0\.won: /);
  });

  it('a_log_entry_is_parsed_by_its_kind_and_a_damaged_one_is_refused_with_its_seq', () => {
    const claim = { seat: 3, name: 'Вера', tokenHash: 'abc' };
    expect(parseEntry(5, 'claim', JSON.stringify(claim))).toEqual({ seq: 5, kind: 'claim', body: claim });
    expect(parseEntry(5, 'claim', JSON.stringify({ v: 1, ...claim }))).toEqual({ seq: 5, kind: 'claim', body: claim });
    expect(() => parseEntry(6, 'claim', '{"seat":"three","name":"Вера","tokenHash":"abc"}')).toThrow(/^stored room log entry 6 \(claim\) cannot be read: version 1 at body\.seat: /);
    expect(() => parseEntry(7, 'command', '{"by":"host","id":null,"command":{},"events":[],"timer":null}')).toThrow(/room log entry 7 \(command\).*a command is an object with a type/);
    expect(() => parseEntry(8, 'shout', '{}')).toThrow('unknown log entry kind "shout" at seq 8');
  });

  it('a_column_that_held_free_text_before_falls_back_instead_of_failing', () => {
    expect(parseStoredOr(LEDGER_PARAMS, '{"minutes":12}', {})).toEqual({ minutes: 12 });
    expect(parseStoredOr(LEDGER_PARAMS, 'late by 12 minutes', {})).toEqual({});
  });
});
