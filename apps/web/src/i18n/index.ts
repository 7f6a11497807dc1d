import type { i18n as I18n } from 'i18next';
import { detectLanguage, makeI18n } from './language';
import { resources } from './resources';

export { LANGUAGES, NAMESPACES, resources, type Language, type Namespace } from './resources';
export { bootI18n, currentLanguage, detectLanguage, LANGUAGE_KEY, languageFor, loadLanguage, setLanguage } from './language';

/**
 * A new i18next instance with both languages' texts, ready synchronously (tests and tools): the
 * chosen language (localStorage `mafia.lang`) first, else the browser's navigator.language (ru* → ru,
 * anything else → en). The app itself starts with `bootI18n`, which loads one language only.
 */
export function createI18n(): I18n {
  return makeI18n(resources, detectLanguage());
}
