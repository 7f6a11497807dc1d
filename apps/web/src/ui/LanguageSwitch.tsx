import { useTranslation } from 'react-i18next';
import { AVAILABLE_LANGUAGES as LANGUAGES, currentLanguage, setLanguage } from '../i18n/language';

/** EN / RU: the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return (
    <div className="row lang-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          className="btn btn-ghost"
          lang={l}
          aria-pressed={l === lng}
          // The visible «EN»/«RU» leads the name (WCAG 2.5.3, label in name: a voice user says what he sees).
          aria-label={`${l.toUpperCase()} — ${t(`language.${l}`)}`}
          onClick={() => void setLanguage(i18n, l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
