// @vitest-environment jsdom
/** Issue 27 point 4: the review of a practice game words each bot's reasons (ru/en). */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { reviewLine } from '../src/screens/player/BotReview';

type Line = Parameters<typeof reviewLine>[1];
const day = (n: number, act: string, target: number, reason: Line['reason']): Line => ({ phase: 'day', n, act, target, reason });
const night = (n: number, act: string, target: number, reason: Line['reason']): Line => ({ phase: 'night', n, act, target, reason });

/** Each reason as the review words it: [language, line, words]. */
const CASES: readonly (readonly ['ru' | 'en', Line, string])[] = [
  ['ru', day(2, 'vote', 7, { code: 'votedRed', seat: 4, day: 1 }), 'День 2: голосовал против № 7 — в день 1 он голосовал против красного № 4.'],
  ['ru', day(3, 'vote', 8, { code: 'namedBlack', by: 3 }), 'День 3: голосовал против № 8 — № 3 назвался проверяющим и назвал его чёрным.'],
  ['ru', night(2, 'kill', 3, { code: 'shotClaimant' }), 'Ночь 2: стрелял в № 3 — он назвался проверяющим.'],
  ['ru', night(2, 'heal', 5, { code: 'coverTrusted' }), 'Ночь 2: лечил № 5 — ему я доверял больше всех.'],
  ['en', day(1, 'nominate', 6, { code: 'crowd' }), 'Day 1: nominated № 6 — nothing much against him, I went with the table.'],
  // The club's endgame: the one living player not known red is the Maniac (not the default «наугад»).
  ['ru', day(5, 'nominate', 9, { code: 'lastUnknown' }), 'День 5: выставил № 9 — все остальные живые для меня красные: он последний, значит, он Маньяк.'],
  ['en', day(5, 'vote', 9, { code: 'lastUnknown' }), 'Day 5: voted against № 9 — everyone else alive is red to me: he is the one left, so he is the Maniac.'],
  // A nomination that only gives the day a vote says so, not «I went with the table».
  ['ru', day(1, 'nominate', 6, { code: 'secondCandidate' }), 'День 1: выставил № 6 — ему я доверял больше всех: одного выставленного в первый день не голосуют, нужен был второй кандидат.'],
  ['en', day(3, 'nominate', 4, { code: 'quietDay' }), 'Day 3: nominated № 4 — nobody had been nominated: without a candidate the day would have passed without a vote.'],
  ['ru', day(2, 'nominate', 3, { code: 'otherCandidate' }), 'День 2: выставил № 3 — выставлены были только те, кому я доверял: голосованию нужен был другой кандидат.'],
  // The Don's check is a search, not a suspicion.
  ['ru', night(1, 'check', 6, { code: 'donSearch' }), 'Ночь 1: проверил № 6 — искал проверяющего среди тех, кого ещё не проверял.'],
];

/** A reason naming the bot's own seat (seat 5's review) says «меня». */
const SELF_CASES: readonly (readonly ['ru' | 'en', Line, string])[] = [
  ['ru', day(2, 'vote', 6, { code: 'pushedRed', seat: 5, day: 2 }), 'День 2: голосовал против № 6 — в день 2 он выставлял меня, а я красный.'],
  ['ru', day(3, 'nominate', 3, { code: 'votedRed', seat: 5, day: 2 }), 'День 3: выставил № 3 — в день 2 он голосовал против меня, а я красный.'],
  ['en', day(3, 'vote', 3, { code: 'votedRed', seat: 5, day: 2 }), 'Day 3: voted against № 3 — on day 2 he voted against me, and I am red.'],
  // Another seat is named by its number.
  ['ru', day(3, 'vote', 3, { code: 'votedRed', seat: 6, day: 2 }), 'День 3: голосовал против № 3 — в день 2 он голосовал против красного № 6.'],
];

describe('the review of a practice game', () => {
  it('words_each_reason_in_russian_and_english', () => {
    const i18n = createI18n();
    void i18n.changeLanguage('ru');
    const t = { ru: i18n.getFixedT('ru', 'player'), en: i18n.getFixedT('en', 'player') };
    for (const [lang, line, words] of CASES) expect(reviewLine(t[lang], line), line.reason.code).toBe(words);
    for (const [lang, line, words] of SELF_CASES) expect(reviewLine(t[lang], line, 5), line.reason.code).toBe(words);
  });
});
