import { OPTION_SPECS, PRESETS, type OptionName } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { liveServerForTests } from './liveServer';
import { ApiError, createRoom, getLobby } from '../src/net/http';
import { addCard, buildRequest, builtPresetIds, fieldOfPath, initialForm, presetById, removeCard, withSeats } from '../src/screens/create/model';

// The create form's requests against the real server (temp SQLite): what the page sends is accepted,
// and the server's refusals land on the right field.
const live = liveServerForTests();

/** A valid value of the option other than the preset's default. */
function otherValue(name: OptionName, current: unknown): unknown {
  const spec = OPTION_SPECS[name];
  if (spec.kind === 'boolean') return !current;
  if (spec.kind === 'enum') return spec.values!.find((v) => v !== current);
  return current === spec.max ? spec.min : spec.max;
}

describe('create form → POST /api/rooms (real server)', () => {
  it('every preset’s default form, and every option changed, is accepted; the lobby has the seats', async () => {
    for (const id of builtPresetIds()) {
      const f = initialForm(id);
      const p = presetById(id);
      const options = Object.fromEntries(p.options.map((n) => [n, otherValue(n, p.defaults[n])]));
      const body = buildRequest({ ...f, options, mode: 'app', timers: { ...f.timers, nightStep: 12 } });
      expect(Object.keys(body.options ?? {}).sort(), id).toEqual([...p.options].sort());
      const room = await createRoom(body, { base: live.base });
      const lobby = await getLobby(room.code, { base: live.base });
      expect(lobby, id).toMatchObject({ preset: id, mode: 'app', seats: f.seats, started: false });
    }
  });

  it('every modification of every preset is accepted on its own', async () => {
    for (const id of builtPresetIds()) {
      for (const m of PRESETS[id]!.modifications ?? []) {
        const f = initialForm(id);
        const room = await createRoom(buildRequest({ ...f, modifications: [m] }), { base: live.base }).catch((e: ApiError) => e);
        expect(room instanceof ApiError ? `${id} ${m}: ${room.code} ${room.message}` : 'ok').toBe('ok');
      }
    }
  });

  it('a club’s own deck is accepted; a deck the preset refuses lands on the deck field', async () => {
    const p = presetById('extended');
    const f = withSeats(initialForm('extended'), 8);
    const own = { ...f, deck: addCard(p, removeCard(f.deck, 'civilian'), 'maniac') };
    const body = buildRequest(own);
    expect(body.composition).toContain('maniac');
    await expect(createRoom(body, { base: live.base })).resolves.toMatchObject({ code: expect.any(String) });

    const short = buildRequest({ ...own, deck: removeCard(own.deck, 'civilian') });
    const e1 = await createRoom(short, { base: live.base }).catch((e: ApiError) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect(fieldOfPath((e1 as ApiError).path)).toBe('composition');

    const noMafia = buildRequest({ ...own, deck: addCard(p, removeCard(own.deck, 'mafia'), 'civilian').map((r) => (r === 'mafia' ? 'civilian' : r)) });
    const e2 = await createRoom(noMafia, { base: live.base }).catch((e: ApiError) => e);
    expect((e2 as ApiError).code).toBe('bad-composition');
    expect(fieldOfPath((e2 as ApiError).path)).toBe('composition');
  });

  it('an out-of-range option lands on that option, a bad count on the count', async () => {
    const f = initialForm('classic');
    const e1 = await createRoom(buildRequest({ ...f, options: { foulsToSilence: 99 } }), { base: live.base }).catch((e: ApiError) => e);
    expect(fieldOfPath((e1 as ApiError).path)).toBe('options.foulsToSilence');
    const e2 = await createRoom(buildRequest({ ...f, seats: 2, deck: [] }), { base: live.base }).catch((e: ApiError) => e);
    expect(fieldOfPath((e2 as ApiError).path)).toBe('seats');
    const e3 = await createRoom(buildRequest({ ...f, timers: { ...f.timers, vote: 601 } }), { base: live.base }).catch((e: ApiError) => e);
    expect(fieldOfPath((e3 as ApiError).path)).toBe('timers.vote');
  });
});
