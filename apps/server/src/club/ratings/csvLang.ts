// The language of a CSV download (issue 24 point 6): Russian pages get what Russian Excel opens in
// columns (`;` between cells, `,` as the decimal mark, Russian headers); English keeps `,` and `.`.

export type CsvLang = 'ru' | 'en';

/** Russian headers for every column key a CSV of the app carries (English keeps the keys). */
export const RU_HEADERS: Readonly<Record<string, string>> = {
  rank: 'Место', nickname: 'Ник', points: 'Баллы', penalties: 'Штрафы', total: 'Итого', evenings: 'Вечера',
  games: 'Игры', wins: 'Победы', winRate: 'Доля побед', red: 'Рейтинг за красных', black: 'Рейтинг за чёрных',
  overall: 'Рейтинг', score: 'Очки вечера', marked: 'Отмечен', compensation: 'Компенсация', no: '№',
  endedAt: 'Окончена', startsAt: 'Начало', tableNo: 'Стол', gameNo: 'Игра', seat: 'Место за столом', role: 'Роль',
  team: 'Команда', won: 'Победа', winner: 'Победитель', track: 'Рейтинг (трек)', ratingBefore: 'Рейтинг до',
  ratingDelta: 'Изменение', ratingAfter: 'Рейтинг после',
};

/**
 * The CSV's language: `?lang=ru|en` (what the web sends, its page language) first, else the first
 * Accept-Language tag; anything else is English.
 */
export function csvLangOf(lang: unknown, acceptLanguage: string | undefined): CsvLang {
  if (lang === 'ru' || lang === 'en') return lang;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ru') ? 'ru' : 'en';
}

/**
 * Splits `lang` off a request's query (the services' query schemas are strict) and decides the
 * CSV's language from it and the Accept-Language header.
 */
export function csvRequest(req: { query: unknown; headers: Record<string, unknown> }): { lang: CsvLang; query: Record<string, unknown> } {
  const { lang, ...query } = (req.query ?? {}) as Record<string, unknown>;
  const accept = req.headers['accept-language'];
  return { lang: csvLangOf(lang, typeof accept === 'string' ? accept : undefined), query };
}
