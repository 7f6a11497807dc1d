// @vitest-environment jsdom
/** Issue 27 point 4: the review of a practice game words each bot's reasons (ru/en). */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { reviewLine } from '../src/screens/player/BotReview';

describe('the review of a practice game', () => {
  it('words_each_reason_in_russian_and_english', () => {
    const i18n = createI18n();
    void i18n.changeLanguage('ru');
    const ru = i18n.getFixedT('ru', 'player');
    expect(reviewLine(ru, { phase: 'day', n: 2, act: 'vote', target: 7, reason: { code: 'votedRed', seat: 4, day: 1 } }))
      .toBe('День 2: голосовал против № 7 — в день 1 он голосовал против красного № 4.');
    expect(reviewLine(ru, { phase: 'day', n: 3, act: 'vote', target: 8, reason: { code: 'namedBlack', by: 3 } }))
      .toBe('День 3: голосовал против № 8 — № 3 назвался проверяющим и назвал его чёрным.');
    expect(reviewLine(ru, { phase: 'night', n: 2, act: 'kill', target: 3, reason: { code: 'shotClaimant' } }))
      .toBe('Ночь 2: стрелял в № 3 — он назвался проверяющим.');
    expect(reviewLine(ru, { phase: 'night', n: 2, act: 'heal', target: 5, reason: { code: 'coverTrusted' } }))
      .toBe('Ночь 2: лечил № 5 — ему я доверял больше всех.');
    const en = i18n.getFixedT('en', 'player');
    expect(reviewLine(en, { phase: 'day', n: 1, act: 'nominate', target: 6, reason: { code: 'crowd' } }))
      .toBe('Day 1: nominated № 6 — nothing much against him, I went with the table.');
    // The club's endgame: the one living player not known red is the Maniac (not the default «наугад»).
    expect(reviewLine(ru, { phase: 'day', n: 5, act: 'nominate', target: 9, reason: { code: 'lastUnknown' } }))
      .toBe('День 5: выставил № 9 — все остальные живые для меня красные: он последний, значит, он Маньяк.');
    expect(reviewLine(en, { phase: 'day', n: 5, act: 'vote', target: 9, reason: { code: 'lastUnknown' } }))
      .toBe('Day 5: voted against № 9 — everyone else alive is red to me: he is the one left, so he is the Maniac.');
    // A nomination that only gives the day a vote says so, not «I went with the table».
    expect(reviewLine(ru, { phase: 'day', n: 1, act: 'nominate', target: 6, reason: { code: 'secondCandidate' } }))
      .toBe('День 1: выставил № 6 — ему я доверял больше всех: одного выставленного в первый день не голосуют, нужен был второй кандидат.');
    expect(reviewLine(en, { phase: 'day', n: 3, act: 'nominate', target: 4, reason: { code: 'quietDay' } }))
      .toBe('Day 3: nominated № 4 — nobody had been nominated: without a candidate the day would have passed without a vote.');
    expect(reviewLine(ru, { phase: 'day', n: 2, act: 'nominate', target: 3, reason: { code: 'otherCandidate' } }))
      .toBe('День 2: выставил № 3 — выставлены были только те, кому я доверял: голосованию нужен был другой кандидат.');
  });
});
