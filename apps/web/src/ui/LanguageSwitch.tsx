import { useTranslation } from 'react-i18next';
import { AVAILABLE_LANGUAGES as LANGUAGES, currentLanguage, setLanguage } from '../i18n/language';

/** EN / RU: the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return (
    <div className="row" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          className="btn btn-ghost"
          lang={l}
          aria-pressed={l === lng}
          aria-label={t(`language.${l}`)}
          onClick={() => void setLanguage(i18n, l)}
          style={{ padding: '0 10px', opacity: l === lng ? 1 : 0.6 }}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
