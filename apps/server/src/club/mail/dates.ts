import i18next, { type i18n } from 'i18next';

/**
 * Dates in the club's letters. Intl gives the words of a date (month names already in the
 * genitive: «12 января»), but CLDR has no grammatical cases for Russian weekdays, so a date after
 * a preposition («до субботы, 12 января») takes its weekday from this i18next catalogue, by case.
 * Weekdays are indexed as Date#getDay (0 = Sunday).
 */
const resources = {
  ru: {
    mail: {
      weekday: {
        '0': 'воскресенье', '1': 'понедельник', '2': 'вторник', '3': 'среда', '4': 'четверг', '5': 'пятница', '6': 'суббота',
        '0_genitive': 'воскресенья', '1_genitive': 'понедельника', '2_genitive': 'вторника', '3_genitive': 'среды',
        '4_genitive': 'четверга', '5_genitive': 'пятницы', '6_genitive': 'субботы',
      },
    },
  },
  en: {
    mail: {
      weekday: { '0': 'Sunday', '1': 'Monday', '2': 'Tuesday', '3': 'Wednesday', '4': 'Thursday', '5': 'Friday', '6': 'Saturday' },
    },
  },
} as const;

let instance: i18n | null = null;
function mailI18n(): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({ resources, fallbackLng: 'ru', defaultNS: 'mail', ns: ['mail'], initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

const EN_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 = Sunday) of an instant in a time zone. */
export function weekdayIn(at: number, timeZone: string): number {
  const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(new Date(at));
  return EN_DAYS.indexOf(short);
}

export type GrammaticalCase = 'nominative' | 'genitive';

/**
 * The long date of a letter («суббота, 12 января 2030 г. в 15:00 MSK»), its weekday put in the
 * case the sentence needs («до субботы, …»). English has no cases: the nominative is used.
 */
export function formatLongDate(at: number, locale: string, timeZone: string, grammaticalCase: GrammaticalCase = 'nominative'): string {
  const lang = locale === 'en' ? 'en' : 'ru';
  const fmt = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ru-RU', {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short',
  });
  const day = weekdayIn(at, timeZone);
  const t = mailI18n().getFixedT(lang, 'mail');
  const context = grammaticalCase === 'nominative' ? undefined : grammaticalCase;
  return fmt.formatToParts(new Date(at))
    .map((p) => (p.type === 'weekday' ? t(`weekday.${day}`, { context }) : p.value))
    .join('');
}
