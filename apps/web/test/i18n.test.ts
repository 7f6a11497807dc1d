// @vitest-environment jsdom
import { ALL_ROLE_IDS, PRESET_IDS } from '@mafia/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, LANGUAGE_KEY, languageFor, setLanguage } from '../src/i18n';
import { LANGUAGES, NAMESPACES, resources } from '../src/i18n/resources';

type Tree = { [k: string]: string | Tree };
function keys(t: Tree, prefix = ''): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}
function value(t: Tree, key: string): string | undefined {
  let cur: string | Tree | undefined = t;
  for (const part of key.split('.')) cur = typeof cur === 'object' ? cur[part] : undefined;
  return typeof cur === 'string' ? cur : undefined;
}
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('have one JSON file per language and namespace, and nothing else', () => {
    const files = Object.keys(import.meta.glob('../src/locales/**/*')).map((f) => f.replace('../src/locales/', '')).sort();
    expect(files).toEqual(LANGUAGES.flatMap((l) => NAMESPACES.map((n) => `${l}/${n}.json`)).sort());
  });

  for (const ns of NAMESPACES) {
    it(`namespace ${ns}: every key is in both en and ru, non-empty, with the same {{variables}}`, () => {
      const en = resources.en[ns] as Tree;
      const ru = resources.ru[ns] as Tree;
      // Plural forms differ by language (ru: _one/_few/_many/_other, en: _one/_other): compare the base keys.
      const base = (t: Tree) => new Set(keys(t).map(pluralBase));
      const missingInRu = [...base(en)].filter((k) => !base(ru).has(k));
      const missingInEn = [...base(ru)].filter((k) => !base(en).has(k));
      expect({ ns, missingInRu, missingInEn }).toEqual({ ns, missingInRu: [], missingInEn: [] });
      for (const k of keys(en).filter((k) => value(ru, k) !== undefined)) {
        expect(value(en, k), `${ns}:${k} (en)`).not.toBe('');
        expect(value(ru, k), `${ns}:${k} (ru)`).not.toBe('');
        expect(vars(value(ru, k)!), `${ns}:${k} variables`).toEqual(vars(value(en, k)!));
      }
    });
  }

  it('no_russian_string_names_a_rule_id', () => {
    for (const ns of NAMESPACES) for (const k of keys(resources.ru[ns] as Tree)) expect(value(resources.ru[ns] as Tree, k), `${ns}:${k}`).not.toMatch(/\bR-[A-Z]+(-\d+)?\b/);
  });

  it('common names every role of the engine (ALL_ROLE_IDS) and every preset (PRESET_IDS)', () => {
    for (const lng of LANGUAGES) {
      const c: { roles: Readonly<Record<string, string>>; presets: Readonly<Record<string, string>> } = resources[lng].common;
      expect(Object.keys(c.roles).sort()).toEqual([...ALL_ROLE_IDS].sort());
      expect(Object.keys(c.presets).sort()).toEqual([...PRESET_IDS].sort());
    }
  });

  it('uses the clubs’ terms in Russian', () => {
    const ru = resources.ru.common;
    expect(ru.people.host).toBe('Ведущий');
    expect(ru.roles.commissar).toBe('Комиссар');
    expect(ru.roles.don).toBe('Дон');
    expect(ru.actions.accepted).toBe('Принято');
  });
});

describe('language choice', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('Russian for a ru* browser, English for anything else', () => {
    expect(languageFor('ru')).toBe('ru');
    expect(languageFor('ru-RU')).toBe('ru');
    expect(languageFor('en-US')).toBe('en');
    expect(languageFor('de')).toBe('en');
    expect(languageFor(undefined)).toBe('en');
  });

  it('follows navigator.language when nothing was chosen', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ru-RU');
    const ru = createI18n();
    expect(ru.resolvedLanguage).toBe('ru');
    expect(ru.t('roles.don')).toBe('Дон');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    expect(createI18n().resolvedLanguage).toBe('en');
  });

  it('the switch is stored in localStorage and wins over the browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const i = createI18n();
    await setLanguage(i, 'ru');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ru');
    expect(i.t('phase.night', { n: 2 })).toBe('Ночь 2');
    expect(createI18n().resolvedLanguage).toBe('ru');
  });
});
