import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './resources';

// Each namespace's JSON is its own lazy chunk: a page loads one language, not both (about 30 kB
// gzip less on the first page); the other comes when the switch asks for it. Nothing here imports
// ./resources (its static imports of every JSON would pull both languages back into the entry), so
// the languages and namespaces are read off the files' paths: src/locales/<lng>/<ns>.json.
const LOCALES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const pathParts = (path: string) => path.slice('../locales/'.length, -'.json'.length).split('/') as [string, string];
export const AVAILABLE_LANGUAGES = [...new Set(Object.keys(LOCALES).map((p) => pathParts(p)[0]))] as Language[];
const NS = [...new Set(Object.keys(LOCALES).map((p) => pathParts(p)[1]))];

/** The language the person chose with the switch (localStorage). */
export const LANGUAGE_KEY = 'mafia.lang';

/** Russian when the browser's language is Russian (ru, ru-RU, …), else English. */
export function languageFor(navigatorLanguage: string | undefined): Language {
  return navigatorLanguage?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/** The chosen language (localStorage `mafia.lang`) first, else the browser's navigator.language. */
export function detectLanguage(): Language {
  let chosen: string | null = null;
  try {
    chosen = globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    // private mode: no remembered choice
  }
  return (AVAILABLE_LANGUAGES as readonly string[]).includes(chosen ?? '') ? (chosen as Language) : languageFor(globalThis.navigator?.language);
}


/**
 * Namespaces only some lazy screens read (the club's pages): not on the first page, but loaded
 * with their screen's chunk (`withNamespace`). The club's texts are the largest file: about 10 kB
 * gzip that a player who only plays never needs.
 */
export const DEFERRED_NAMESPACES: readonly string[] = ['club'];

/** The app's instance (bootI18n): where `withNamespace` adds a deferred namespace. Tests' instances hold every text already. */
let appInstance: I18n | null = null;

/** Every namespace of one language (but `skip`), from its lazy chunks. */
export async function loadLanguage(lng: Language, skip: readonly string[] = []): Promise<Record<string, Record<string, unknown>>> {
  const files = Object.entries(LOCALES).filter(([path]) => pathParts(path)[0] === lng && !skip.includes(pathParts(path)[1]));
  return Object.fromEntries(await Promise.all(files.map(async ([path, load]) => [pathParts(path)[1], await load()] as const)));
}

/** An i18next instance on `resources` (one language or both), ready synchronously. */
export function makeI18n(resources: Resource, lng: Language): I18n {
  const instance = i18next.createInstance();
  instance
    .use(initReactI18next)
    .init({
      resources,
      lng,
      ns: NS,
      defaultNS: 'common',
      fallbackLng: 'en',
      supportedLngs: AVAILABLE_LANGUAGES,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    })
    .catch(() => {});
  return instance;
}

/** The app's instance: the detected language's texts loaded first (but the deferred namespaces), nothing of the other. */
export async function bootI18n(): Promise<I18n> {
  const lng = detectLanguage();
  appInstance = makeI18n({ [lng]: await loadLanguage(lng, DEFERRED_NAMESPACES) }, lng);
  return appInstance;
}

/**
 * A lazy screen's loader that also loads the deferred namespace `ns` of every language the app
 * holds, so the screen's first render has its texts (App.tsx wraps the club's screens in it).
 */
export function withNamespace<T>(ns: string, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [screen] = await Promise.all([load(), ensureNamespace(ns)]);
    return screen;
  };
}

async function ensureNamespace(ns: string): Promise<void> {
  const instance = appInstance;
  if (instance === null) return;
  for (const lng of AVAILABLE_LANGUAGES) {
    const load = LOCALES[`../locales/${lng}/${ns}.json`];
    if (!load || !instance.hasResourceBundle(lng, 'common') || instance.hasResourceBundle(lng, ns)) continue;
    instance.addResourceBundle(lng, ns, await load(), true, false);
  }
}

/** The language switch: remembered in localStorage; the language's texts loaded first when they are not yet. */
export async function setLanguage(instance: I18n, lng: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    // private mode: the switch lasts this page only
  }
  if (!instance.hasResourceBundle(lng, 'common')) {
    for (const [ns, texts] of Object.entries(await loadLanguage(lng))) instance.addResourceBundle(lng, ns, texts, true, false);
  }
  await instance.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export function currentLanguage(instance: I18n): Language {
  return instance.resolvedLanguage === 'ru' ? 'ru' : 'en';
}
