import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/language';

/**
 * A CSV download's address in the page's language (`lang=ru|en`): a Russian page downloads what
 * Russian Excel opens in columns (`;`, decimal commas, Russian headers), an English one `,` and `.`.
 */
export function withCsvLang(href: string, lang: 'ru' | 'en'): string {
  return `${href}${href.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** withCsvLang with the page's current language. */
export function useCsvHref(href: string): string {
  const { i18n } = useTranslation();
  return withCsvLang(href, currentLanguage(i18n));
}
