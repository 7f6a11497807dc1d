import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, resources, type Language } from './resources';

export { LANGUAGES, NAMESPACES, resources, type Language, type Namespace } from './resources';

/** The language the person chose with the switch (localStorage). */
export const LANGUAGE_KEY = 'mafia.lang';

/** Russian when the browser's language is Russian (ru, ru-RU, …), else English. */
export function languageFor(navigatorLanguage: string | undefined): Language {
  return navigatorLanguage?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/**
 * A new i18next instance: the chosen language (localStorage `mafia.lang`) first, else the browser's
 * navigator.language (ru* → ru, anything else → en). All resources are bundled (they are small), so
 * it is ready synchronously.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  const detector = new LanguageDetector();
  detector.addDetector({ name: 'navigatorLanguage', lookup: () => languageFor(globalThis.navigator?.language) });
  instance
    .use(detector)
    .use(initReactI18next)
    .init({
      resources,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      detection: { order: ['localStorage', 'navigatorLanguage'], lookupLocalStorage: LANGUAGE_KEY, caches: [] },
    })
    .catch(() => {});
  return instance;
}

/** The language switch: remembered in localStorage. */
export async function setLanguage(instance: I18n, lng: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    // private mode: the switch lasts this page only
  }
  await instance.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export function currentLanguage(instance: I18n): Language {
  return instance.resolvedLanguage === 'ru' ? 'ru' : 'en';
}
