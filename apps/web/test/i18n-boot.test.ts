// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { bootI18n, LANGUAGE_KEY, setLanguage } from '../src/i18n/language';
import { resources } from '../src/i18n/resources';

// The app starts with one language's texts (the other stays out of the first page) and loads the
// other when the switch asks for it; every namespace comes with it.
describe('bootI18n: one language first, the other on the switch', () => {
  afterEach(() => localStorage.removeItem(LANGUAGE_KEY));

  it('loads only the chosen language, then the other one whole when switched to', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'ru');
    const i18n = await bootI18n();
    expect(i18n.language).toBe('ru');
    expect(i18n.t('notFound')).toBe(resources.ru.common.notFound);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    await setLanguage(i18n, 'en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    for (const ns of Object.keys(resources.en)) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
    expect(i18n.t('notFound')).toBe(resources.en.common.notFound);
  });

  it('falls back to the browser language when nothing was chosen', async () => {
    const i18n = await bootI18n();
    expect(i18n.language).toBe(navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en');
    expect(i18n.hasResourceBundle(i18n.language === 'ru' ? 'en' : 'ru', 'common')).toBe(false);
  });
});
