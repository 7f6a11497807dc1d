// @vitest-environment jsdom
import { ALL_MODIFICATIONS, nightStepSeconds, OPTION_SPECS, PRESET_IDS, PRESETS, type PresetId } from '@mafia/engine';
import { DEFAULT_TIMERS as PROTOCOL_TIMERS } from '@mafia/protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, setLanguage } from '../src/i18n';
import { resources } from '../src/i18n/resources';
import { createSecrets, memoryStore } from '../src/net/secrets';
import Create from '../src/screens/create';
import {
  addCard, buildRequest, builtPresetIds, canAdd, DEFAULT_TIMERS, deckCounts, fieldOfPath, initialForm, presetById, recommendedDeck, removeCard,
  withPreset, withSeats,
} from '../src/screens/create/model';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('create: the form as data', () => {
  it('offers every built preset, every one the engine has', () => {
    expect([...builtPresetIds()].sort()).toEqual(Object.keys(PRESETS).sort());
    expect([...builtPresetIds()].sort()).toEqual([...PRESET_IDS].sort());
  });

  it('keeps the copy of the server’s default timers equal to the protocol’s', () => {
    expect(DEFAULT_TIMERS).toEqual(PROTOCOL_TIMERS);
  });

  it('starts from the preset’s recommended deck for the count, and follows the count', () => {
    const f = initialForm('classic');
    expect(f.seats).toBe(10);
    expect(f.deck).toEqual(PRESETS.classic!.composition(10));
    const g = withSeats(f, 7);
    expect(g.deck).toEqual(PRESETS.classic!.composition(7));
    expect(g.deck).toHaveLength(7);
    // another preset: its range (sport is exactly 10, short 3–5)
    const s = withPreset(g, 'sport');
    expect(s.seats).toBe(10);
    expect(s.deck).toEqual(PRESETS.sport!.composition(10));
    const sh = withPreset(initialForm('classic'), 'short');
    expect(sh.seats).toBe(5);
    expect(sh.deck).toHaveLength(5);
  });

  it('edits the deck card by card within the preset’s roles, at most one of a unique role', () => {
    const p = presetById('classic');
    const deck = recommendedDeck(p, 10);
    expect(canAdd(p, deck, 'don')).toBe(false); // the Don is unique and dealt
    expect(addCard(p, deck, 'don')).toEqual(deck);
    expect(canAdd(p, deck, 'doctor')).toBe(false); // not a classic role
    const more = addCard(p, deck, 'mafia');
    expect(more).toHaveLength(11);
    expect(deckCounts(p, more).find((c) => c.role === 'mafia')!.count).toBe(deckCounts(p, deck).find((c) => c.role === 'mafia')!.count + 1);
    const fewer = removeCard(more, 'civilian');
    expect(fewer).toHaveLength(10);
    expect(removeCard(fewer, 'doctor')).toEqual(fewer);
    expect(deckCounts(p, []).map((c) => c.role)).toEqual([...p.roles]);
  });

  it('sends only what differs from what the server would do anyway', () => {
    const f = initialForm('classic');
    expect(buildRequest(f)).toEqual({ preset: 'classic', seats: 10, mode: 'human' });
    const p = presetById('classic');
    const custom = { ...f, mode: 'online' as const, deck: addCard(p, removeCard(f.deck, 'civilian'), 'mafia') };
    const body = buildRequest({
      ...custom,
      options: { emergencyDay: false, revealOnDeath: true, foulsToSilence: 4 },
      timers: { ...f.timers, speech: 45 },
      modifications: ['victim-list', 'extra-card'],
    });
    expect(body.mode).toBe('online');
    expect([...body.composition!].sort()).toEqual([...custom.deck].sort());
    // revealOnDeath true is classic's default: not sent; emergencyDay false is not (classic's default is true)
    expect(body.options).toEqual({ emergencyDay: false, foulsToSilence: 4 });
    expect(body.timers).toEqual({ speech: 45 });
    // extra-card is not a classic modification: dropped
    expect(body.modifications).toEqual(['victim-list']);
  });

  it('each_preset_starts_with_its_own_night_step_and_sends_it_only_when_changed', () => {
    const seen = Object.fromEntries(builtPresetIds().map((id) => [id, initialForm(id).timers.nightStep]));
    expect(seen).toEqual({ classic: 15, sport: 15, fiim: 15, short: 20, club: 12, tabletop: 12, party: 12, piter: 10, extended: 12 });
    // The preset's own default is what the server gives anyway: not sent. 15 s in a club room is.
    expect(buildRequest(initialForm('piter')).timers).toBeUndefined();
    const club = withPreset(initialForm('classic'), 'club');
    expect(club.timers.nightStep).toBe(12);
    expect(buildRequest({ ...club, timers: { ...club.timers, nightStep: 15 } }).timers).toEqual({ nightStep: 15 });
    // Another preset resets the night step (like its speech lengths) and keeps the vote time.
    const typed = { ...club, timers: { ...club.timers, nightStep: 40, vote: 45 } };
    expect(withPreset(typed, 'piter').timers).toMatchObject({ nightStep: 10, vote: 45 });
  });

  it('puts a refusal next to the field its path names', () => {
    expect(fieldOfPath('composition[2]')).toBe('composition');
    expect(fieldOfPath('composition')).toBe('composition');
    expect(fieldOfPath('players')).toBe('seats');
    expect(fieldOfPath('seats')).toBe('seats');
    expect(fieldOfPath('options.foulsToSilence')).toBe('options.foulsToSilence');
    expect(fieldOfPath('timers.speech')).toBe('timers.speech');
    expect(fieldOfPath('modifications')).toBe('modifications');
    expect(fieldOfPath('preset')).toBe('preset');
    expect(fieldOfPath(undefined)).toBe('form');
    expect(fieldOfPath('something.else')).toBe('form');
  });

  it('explains every option and modification any preset offers, in both languages', () => {
    for (const lng of ['en', 'ru'] as const) {
      const c: { option: Readonly<Record<string, { label: string; help: string }>>; mod: Readonly<Record<string, { label: string; help: string }>>; value: Readonly<Record<string, string>> } = resources[lng].create;
      for (const name of Object.keys(OPTION_SPECS)) expect(c.option[name]?.help, `${lng} option ${name}`).toMatch(/\S/);
      for (const id of ALL_MODIFICATIONS) expect(c.mod[id]?.help, `${lng} modification ${id}`).toMatch(/\S/);
      for (const spec of Object.values(OPTION_SPECS)) for (const v of spec.values ?? []) expect(c.value[v], `${lng} value ${v}`).toMatch(/\S/);
    }
    for (const id of PRESET_IDS) for (const m of PRESETS[id]!.modifications ?? []) expect((ALL_MODIFICATIONS as readonly string[]).includes(m)).toBe(true);
  });
});

function Lobby() {
  return <p>lobby of {useParams().code}</p>;
}

function Table() {
  return <p>table of {useParams().code}</p>;
}

function renderCreate(fetchImpl: typeof fetch, lang: 'en' | 'ru' = 'en') {
  localStorage.setItem('mafia.lang', lang);
  const i18n = createI18n();
  const secrets = createSecrets(memoryStore());
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/new']}>
        <Routes>
          <Route path="/new" element={<Create http={{ fetch: fetchImpl }} secrets={secrets} />} />
          <Route path="/r/:code" element={<Lobby />} />
          <Route path="/r/:code/table" element={<Table />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { i18n, secrets };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('create: the page', () => {
  it('creates a room with the chosen preset, mode, deck and options, keeps the room-admin key of an app room, opens the table screen', async () => {
    const calls: { url: string; body: any }[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init!.body)) });
      return json(201, { room: 'r1', code: 'K7QX2M', adminKey: 'secret-key', link: 'http://x/r/K7QX2M' });
    });
    const { secrets } = renderCreate(fetchImpl);

    const preset = screen.getByTestId('preset-select') as HTMLSelectElement;
    expect([...preset.options].map((o) => o.value).sort()).toEqual([...PRESET_IDS].sort());
    fireEvent.change(preset, { target: { value: 'extended' } });
    const seats = screen.getByTestId('seats-input') as HTMLInputElement;
    expect(seats.min).toBe('4');
    expect(seats.max).toBe('23');
    fireEvent.change(seats, { target: { value: '8' } });
    expect(screen.getByTestId('deck-count').textContent).toContain('8 cards for 8 players');
    // the extended deck: the Maniac is not in the recommended 8, add one in place of a civilian
    const deck = screen.getByTestId('deck');
    fireEvent.click(within(deck).getByRole('button', { name: 'Remove a card: Soldier' }));
    fireEvent.click(within(deck).getByRole('button', { name: 'Add a card: Maniac' }));
    expect(screen.getByTestId('deck-maniac').getAttribute('data-count')).toBe('1');
    expect(screen.getByTestId('deck-count').textContent).toContain('Your own deck');
    // unique roles cannot be doubled
    expect((within(deck).getByRole('button', { name: 'Add a card: Doctor' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('mode-app'));
    expect((screen.getByTestId('mode-app') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Everyone is in one room; the app calls each step itself when its timer runs out.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mod-extra-card'));
    fireEvent.change(screen.getByTestId('option-voting'), { target: { value: 'sequential' } });
    fireEvent.change(screen.getByTestId('timer-nightStep'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('create-submit'));

    await screen.findByText('table of K7QX2M');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/rooms');
    const body = calls[0]!.body;
    expect(body).toMatchObject({ preset: 'extended', seats: 8, mode: 'app', options: { voting: 'sequential' }, modifications: ['extra-card'], timers: { nightStep: 45 } });
    expect(body.composition).toHaveLength(8);
    expect(body.composition).toContain('maniac');
    expect(secrets.getAdminKey('K7QX2M')).toBe('secret-key');
    expect(secrets.getHostKey('K7QX2M')).toBeNull();
  });

  it('shows the server’s refusal next to the deck when its path names a card', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(400, { error: { code: 'role-not-in-preset', message: 'the classic preset has no role "x" (seat 3)', path: 'composition[2]' } }),
    );
    const { secrets } = renderCreate(fetchImpl);
    fireEvent.click(screen.getByTestId('create-submit'));
    const alert = await screen.findByTestId('error-composition');
    expect(within(screen.getByTestId('deck')).getByRole('alert')).toBe(alert);
    expect(alert.textContent).toContain('This role is not in this preset.');
    expect(secrets.getHostKey('K7QX2M')).toBeNull();
    expect((screen.getByTestId('create-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an option’s refusal next to that option, and a count refusal next to the count', async () => {
    let answer: unknown = { error: { code: 'bad-option', message: 'option foulsToSilence must be an integer from 1 to 10', path: 'options.foulsToSilence' } };
    const fetchImpl = vi.fn<typeof fetch>(async () => json(400, answer));
    renderCreate(fetchImpl);
    fireEvent.change(screen.getByTestId('option-foulsToSilence'), { target: { value: '99' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    expect((screen.getByTestId('options') as HTMLDetailsElement).open).toBe(false);
    const alert = await screen.findByTestId('error-options.foulsToSilence');
    expect(alert.textContent).toContain('This option value is not allowed.');
    // the folded options open to show it
    await waitFor(() => expect((screen.getByTestId('options') as HTMLDetailsElement).open).toBe(true));
    answer = { error: { code: 'bad-player-count', message: 'classic is played by 3–20 players, not 40', path: 'players' } };
    fireEvent.click(screen.getByTestId('create-submit'));
    expect((await screen.findByTestId('error-seats')).textContent).toContain('This preset is not for this many players.');
    expect(screen.queryByTestId('error-options.foulsToSilence')).toBeNull();
  });

  it('lists each option of the preset, and the seat range follows the preset', () => {
    renderCreate(vi.fn<typeof fetch>());
    for (const id of ['sport', 'piter', 'party', 'club', 'tabletop', 'short', 'classic'] as PresetId[]) {
      fireEvent.change(screen.getByTestId('preset-select'), { target: { value: id } });
      const p = PRESETS[id]!;
      for (const name of p.options) expect(screen.getByTestId(`option-${name}`), `${id} ${name}`).toBeTruthy();
      const seats = screen.getByTestId('seats-input') as HTMLInputElement;
      expect([seats.min, seats.max]).toEqual([String(p.minPlayers), String(p.maxPlayers)]);
      expect(Number(seats.value)).toBeGreaterThanOrEqual(p.minPlayers);
      expect(Number(seats.value)).toBeLessThanOrEqual(p.maxPlayers);
      expect(screen.queryAllByTestId(/^mod-/).map((e) => e.getAttribute('data-testid'))).toEqual((p.modifications ?? []).map((m) => `mod-${m}`));
    }
  });

  it('the_night_step_field_follows_the_preset', () => {
    renderCreate(vi.fn<typeof fetch>());
    const field = () => (screen.getByTestId('timer-nightStep') as HTMLInputElement).value;
    expect(field()).toBe('15');
    for (const id of builtPresetIds()) {
      fireEvent.change(screen.getByTestId('preset-select'), { target: { value: id } });
      expect(field(), id).toBe(String(nightStepSeconds(id)));
    }
    // A typed length is the user's until the preset changes; then the new preset's default shows.
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'club' } });
    fireEvent.change(screen.getByTestId('timer-nightStep'), { target: { value: '25' } });
    expect(field()).toBe('25');
    fireEvent.change(screen.getByTestId('seats-input'), { target: { value: '9' } });
    expect(field()).toBe('25');
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'short' } });
    expect(field()).toBe('20');
  });

  it('speaks Russian, and every button has an accessible name', async () => {
    const { i18n } = renderCreate(vi.fn<typeof fetch>(), 'ru');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Новая игра');
    expect(screen.getByRole('button', { name: 'Добавить карту: Мафия' })).toBeTruthy();
    expect(screen.getByText('Ведущий сидит за столом и ведёт игру с этого устройства; приложение следит за временем.')).toBeTruthy();
    for (const b of screen.getAllByRole('button')) expect(b.getAttribute('aria-label') ?? b.textContent).toMatch(/\S/);
    await setLanguage(i18n, 'en');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New game'));
  });

  it('an online room may be open to everyone (/play): the choice shows for online only, and the request carries it and the UI language', async () => {
    const calls: any[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(JSON.parse(String(init!.body)));
      return json(201, { room: 'r1', code: 'K7QX2M', adminKey: 'a', link: 'x' });
    });
    renderCreate(fetchImpl, 'ru');
    expect(screen.queryByTestId('public')).toBeNull();
    fireEvent.click(screen.getByTestId('mode-online'));
    const open = screen.getByRole('checkbox', { name: /Открытая игра: видна всем в списке \/play/ }) as HTMLInputElement;
    expect(open.checked).toBe(false);
    fireEvent.click(open);
    // Ticked, then another mode and back: still ticked; sent only with the online mode.
    fireEvent.click(screen.getByTestId('mode-app'));
    expect(screen.queryByTestId('public')).toBeNull();
    fireEvent.click(screen.getByTestId('mode-online'));
    expect((screen.getByTestId('public') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ mode: 'online', public: true, language: 'ru' });
  });

  it('a private room (the default) sends no public flag; a refusal of it shows beside the mode', async () => {
    const calls: any[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(JSON.parse(String(init!.body)));
      return json(400, { error: { code: 'public-not-online', message: 'only an online room can be public', path: 'public' } });
    });
    renderCreate(fetchImpl, 'en');
    fireEvent.click(screen.getByTestId('create-submit'));
    const alert = await screen.findByTestId('error-mode');
    expect(alert.textContent).toContain('Only an online game can be open (listed on /play)');
    expect(calls[0].public).toBeUndefined();
    expect(calls[0].language).toBe('en');
    expect(buildRequest({ ...initialForm('classic'), public: true })).toEqual({ preset: 'classic', seats: 10, mode: 'human' });
    expect(fieldOfPath('public')).toBe('mode');
  });
});
