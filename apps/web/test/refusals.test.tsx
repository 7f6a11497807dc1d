// @vitest-environment jsdom
/**
 * Every refusal code the engine, the server, the protocol or this app can give has a Russian and an
 * English message, found by scanning the sources (so a code someone adds later fails here until it
 * is translated); a refusal reaches the person in a toast in his language, never as the engine's
 * English text or rule id.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REFUSAL_CODES } from '@mafia/engine';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, setLanguage } from '../src/i18n';
import { refusalText } from '../src/i18n/refusals';
import { resources } from '../src/i18n/resources';
import { Notice } from '../src/ui';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ROOT = join(__dirname, '..', '..', '..');
const SOURCES = ['packages/engine/src', 'packages/protocol/src', 'apps/server/src', 'apps/web/src'];
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
/** `fail('code'`, `refuse('code'`, `code: 'code'` (wire/HTTP error objects), `ApiError('code'`. A
 * score sheet's own field error (`code: 'x', source: 'form'`) is no refusal: it has its own words. */
const PATTERNS = [/\bfail\(\s*'([a-z0-9-]+)'/g, /\brefuse\(\s*'([a-z0-9-]+)'/g, /\bcode: '([a-z0-9-]+)'(?!, source: 'form')/g, /\bApiError\(\s*'([a-z0-9-]+)'/g];
const FORM_PATTERN = /\bcode: '([a-z0-9-]+)', source: 'form'/g;

function scannedCodes(patterns: readonly RegExp[] = PATTERNS): Set<string> {
  const out = new Set<string>();
  for (const dir of SOURCES)
    for (const f of files(join(ROOT, dir))) {
      const text = readFileSync(f, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) out.add(m[1]!);
    }
  return out;
}

describe('refusal messages', () => {
  it('every_scanned_refusal_code_has_a_russian_and_an_english_message', () => {
    const codes = scannedCodes();
    // The scan finds the engine's, the server's and the client's codes (a sanity check on the scan).
    for (const c of ['act-required', 'already-nominee', 'seat-taken', 'rate-limited', 'malformed', 'connection-lost']) expect(codes.has(c), c).toBe(true);
    const ru = resources.ru.refusals.code as Record<string, string>;
    const en = resources.en.refusals.code as Record<string, string>;
    const missing = [...codes].filter((c) => !ru[c] || !en[c]).sort();
    expect(missing).toEqual([]);
  });

  it('every_score_sheet_field_error_has_a_russian_and_an_english_message', () => {
    const codes = scannedCodes([FORM_PATTERN]);
    expect(codes.has('name-missing')).toBe(true);
    const words = (lang: 'ru' | 'en'): Readonly<Record<string, string>> => resources[lang].club.paper.errors;
    expect([...codes].filter((c) => !words('ru')[c] || !words('en')[c]).sort()).toEqual([]);
  });

  it('every_code_in_the_engine_catalogue_has_a_message', () => {
    const ru = resources.ru.refusals.code as Record<string, string>;
    const en = resources.en.refusals.code as Record<string, string>;
    expect(REFUSAL_CODES.filter((c) => !ru[c] || !en[c])).toEqual([]);
  });

  it('russian_refusal_text_has_no_rule_id_and_no_english', async () => {
    const i18n = createI18n();
    await setLanguage(i18n, 'ru');
    const text = refusalText(i18n.t, { code: 'already-nominee', message: 'R-VOTE-1: seat 5 is already nominated' });
    expect(text).toBe('Этот игрок уже выставлен на голосование.');
    for (const c of Object.keys(resources.ru.refusals.code)) {
      const s = refusalText(i18n.t, { code: c });
      expect(s, c).not.toMatch(/R-[A-Z]+|[A-Za-z]{3,}/);
    }
  });

  it('an_unknown_code_gets_the_generic_sentence_and_an_http_status_its_own', async () => {
    const i18n = createI18n();
    await setLanguage(i18n, 'en');
    expect(refusalText(i18n.t, { code: 'no-such-code-ever', message: 'x' })).toBe('That did not work: the server refused.');
    expect(refusalText(i18n.t, { code: 'http-502' })).toBe('The server answered with error 502.');
  });

  it('a_notice_is_an_alert_toast_in_the_ui_language', async () => {
    const i18n = createI18n();
    await setLanguage(i18n, 'ru');
    render(
      <I18nextProvider i18n={i18n}>
        <Notice error={{ code: 'not-your-turn', message: 'R-DAY-1: seat 3 is not speaking' }} />
      </I18nextProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Сейчас не ваша очередь.');
    expect(alert.textContent).not.toContain('R-DAY');
    expect(alert.closest('header')).toBeNull();
    act(() => screen.getByRole('button').click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
