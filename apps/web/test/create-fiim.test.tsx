// @vitest-environment jsdom
/**
 * The create page and the fiim preset (R-FIIM-17): fiim is offered next to sport with its options; a
 * mafiaratings rules code fills the options as the engine reads it, an option changed after the code
 * overrides its digit (both go to the server), a bad code is named digit by digit, and the preset's
 * internal settings are never listed.
 */
import { optionsFromRulesCode, PRESETS, resolveOptions } from '@mafia/engine';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { createSecrets, memoryStore } from '../src/net/secrets';
import Create from '../src/screens/create';
import { buildRequest, builtPresetIds, initialForm, withPreset } from '../src/screens/create/model';
import { codeOfShown, codeProblem, shownOptions, withRulesCode } from '../src/screens/create/rulesCode';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderCreate(fetchImpl: typeof fetch, lang: 'en' | 'ru' = 'ru') {
  localStorage.setItem('mafia.lang', lang);
  render(
    <I18nextProvider i18n={createI18n()}>
      <MemoryRouter initialEntries={['/new']}>
        <Routes>
          <Route path="/new" element={<Create http={{ fetch: fetchImpl }} secrets={createSecrets(memoryStore())} />} />
          <Route path="/r/:code" element={<p>lobby</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'fiim' } });
}

const value = (id: string) => (screen.getByTestId(id) as HTMLInputElement | HTMLSelectElement).value;

describe('create: fiim as data', () => {
  it('offers_fiim_right_after_sport', () => {
    const ids = builtPresetIds();
    expect(ids.indexOf('fiim')).toBe(ids.indexOf('sport') + 1);
  });

  it('a_code_sets_the_options_as_the_engine_reads_it_and_a_later_option_overrides_its_digit', () => {
    const p = PRESETS.fiim!;
    const f0 = withPreset(initialForm('classic'), 'fiim');
    // An option changed before the code gives way to it.
    const before = { ...f0, options: { ...f0.options, rotation: 'first' as const } };
    const code = '1341311121111';
    const f1 = withRulesCode(before, code);
    expect(shownOptions(p, f1)).toMatchObject(optionsFromRulesCode(code));
    const f2 = { ...f1, options: { ...f1.options, techFouls: 'no' as const, rotation: 'first' as const } };
    const body = buildRequest(f2);
    // The named options equal to the preset's defaults are still sent: they override the code's digits.
    expect(body.options).toEqual({ rulesCode: code, techFouls: 'no', rotation: 'first' });
    // The server's engine resolves them as the form shows them.
    const resolved = resolveOptions(p, body.options as Record<string, unknown>);
    const { rulesCode: typed, ...shown } = shownOptions(p, f2);
    expect(typed).toBe(code);
    expect({ ...resolved }).toMatchObject(shown);
    // The code kept with the game is the one its options make (codeOfShown shows the same on the form).
    expect(resolved.rulesCode).toBe('0341311121110');
    expect(codeOfShown(p, f2)).toBe('0341311121110');
    // The default code sends nothing; an empty field drops the code.
    expect(buildRequest(withRulesCode(f0, p.defaults.rulesCode)).options).toBeUndefined();
    expect(withRulesCode(f1, '').options).toEqual({});
  });

  it('names_what_is_wrong_with_a_code', () => {
    expect(codeProblem('0002000010000')).toBeNull();
    expect(codeProblem('123')).toEqual({ kind: 'length', n: 3 });
    expect(codeProblem('00020000100001')).toEqual({ kind: 'length', n: 14 });
    // Digit 5 (firstVoting) takes 0–3.
    expect(codeProblem('0002700010000')).toEqual({ kind: 'digit', place: 5, option: 'firstVoting', digit: 7, max: 3 });
    // Every code the engine refuses, the form refuses too, and the other way round.
    for (const c of ['2002000010000', '0009000010000', '0002000010030', '0002000010003', 'abcdefghijklm']) {
      expect(codeProblem(c), c).not.toBeNull();
      expect(() => optionsFromRulesCode(c), c).toThrow();
    }
  });
});

describe('create: the fiim page', () => {
  it('lists_fiims_options_never_its_internal_settings', () => {
    renderCreate(vi.fn<typeof fetch>());
    expect(screen.getByTestId('preset-about').textContent).toContain('ровно на 10 игроков');
    for (const name of PRESETS.fiim!.options) expect(screen.getByTestId(`option-${name}`), name).toBeTruthy();
    expect(screen.queryByTestId('option-fiim')).toBeNull();
    expect(screen.queryByTestId('option-drawAfterQuietNights')).toBeNull();
    // Each option's own words for its values: «нет» of techFouls is «Не считаются».
    const tech = screen.getByTestId('option-techFouls') as HTMLSelectElement;
    expect([...tech.options].map((o) => o.textContent)).toEqual(['Не считаются', 'Считаются']);
  });

  it('a_typed_code_fills_the_options_and_the_request_carries_the_code_and_the_options_changed_after_it', async () => {
    const calls: any[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(JSON.parse(String(init!.body)));
      return json(201, { room: 'r1', code: 'K7QX2M', hostKey: 'h', link: 'x' });
    });
    renderCreate(fetchImpl);
    expect(value('option-rotation')).toBe('first');
    fireEvent.change(screen.getByTestId('option-rulesCode'), { target: { value: '1002000010001' } });
    expect(value('option-rotation')).toBe('last');
    expect(value('option-techFouls')).toBe('yes');
    expect(screen.getByTestId('rules-code-now').textContent).toBe('Эти настройки дают код 1002000010001.');
    fireEvent.change(screen.getByTestId('option-techFouls'), { target: { value: 'no' } });
    expect(screen.getByTestId('rules-code-now').textContent).toBe('Эти настройки дают код 1002000010000.');
    fireEvent.click(screen.getByTestId('create-submit'));
    await screen.findByText('lobby');
    expect(calls[0]).toMatchObject({ preset: 'fiim', seats: 10, options: { rulesCode: '1002000010001', techFouls: 'no' } });
  });

  it('a_bad_code_is_named_by_its_digit_and_not_sent', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    renderCreate(fetchImpl);
    const field = screen.getByTestId('option-rulesCode');
    fireEvent.change(field, { target: { value: '00029' } });
    // Still being typed: no error yet.
    expect(screen.queryByTestId('rules-code-problem')).toBeNull();
    fireEvent.change(field, { target: { value: '0002900010000' } });
    expect(screen.getByTestId('rules-code-problem').textContent).toBe('Цифра 5 кода правил (Голосование в первый день) — 9; допустимо 0–3.');
    // The options stay as they were.
    expect(value('option-firstVoting')).toBe('standard');
    fireEvent.click(screen.getByTestId('create-submit'));
    expect((await screen.findByTestId('error-options.rulesCode')).textContent).toBe('Цифра 5 кода правил (Голосование в первый день) — 9; допустимо 0–3.');
    expect(screen.queryByTestId('rules-code-problem')).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.blur(field);
    expect(screen.getByTestId('rules-code-problem').textContent).toBe('Код правил — ровно 13 цифр (введено символов: 2).');
  });

  it('the_servers_refusal_of_a_code_is_shown_at_the_field', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(400, { error: { code: 'bad-rules-code', message: 'digit 1 …', path: 'options.rulesCode' } }));
    renderCreate(fetchImpl, 'en');
    fireEvent.click(screen.getByTestId('create-submit'));
    const alert = await screen.findByTestId('error-options.rulesCode');
    expect(alert.textContent).toBe('The server refused: The rules code is not valid: it is 13 digits, each within its option\'s choices.');
    await waitFor(() => expect((screen.getByTestId('options') as HTMLDetailsElement).open).toBe(true));
  });
});
