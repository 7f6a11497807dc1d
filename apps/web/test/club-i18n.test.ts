import { PRESET_IDS } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { resources } from '../src/i18n/resources';
import { CLUB_PRESETS } from '../src/screens/club/common/presets';
import { fromLocalInput, fromTimeInput, formatPoints, toLocalInput } from '../src/screens/club/common/format';

// Every code docs/club-api.md and the club's helpers name (the web's brief lists them).
const CODES = [
  'sign-in-required', 'bad-csrf', 'too-many-requests', 'bad-request', 'server-error', 'not-a-member', 'forbidden', 'link-unknown', 'link-used',
  'link-expired', 'bad-credentials', 'confirm-mismatch', 'nickname-taken', 'starts-in-past', 'bad-answer-by', 'negative-weight', 'unknown-preset',
  'invitation-unknown', 'answers-closed', 'evening-full', 'evening-cancelled', 'bad-answer', 'off-the-list', 'already-cancelled', 'not-invited',
  'already-checked-in', 'not-checked-in', 'already-left', 'bad-replacement', 'bad-table-size', 'tables-exist', 'bad-protocol', 'unknown-member',
  'email-taken', 'member-exists', 'network',
  'already-a-member', 'bad-time', 'duplicate-member', 'entry-unknown', 'evening-unknown', 'last-admin', 'member-unknown', 'nobody-here', 'room-refused',
  // issue 15: game pages, protocols, series
  'game-unknown', 'game-not-ended', 'protocol-unavailable', 'series-unknown', 'series-games', 'series-game-unknown', 'series-not-fiim',
  'series-game-not-ended', 'series-player-twice',
];

describe('the club in both languages', () => {
  it('translates_every_club_error_code_in_russian_and_english', () => {
    for (const lng of ['en', 'ru'] as const) {
      const errors = resources[lng].club.errors as Record<string, string>;
      const missing = CODES.filter((c) => !errors[c]);
      expect({ lng, missing }).toEqual({ lng, missing: [] });
    }
  });

  it('names_the_seed_003_rules_as_the_club_says_them', () => {
    expect(resources.ru.club.rules).toEqual({
      late: 'Опоздание более чем на 5 минут',
      'left-early': 'Ушёл без замены: −3 за каждую несыгранную игру',
      'late-decline': 'Отказ позже чем за сутки',
    });
  });

  it('offers_every_preset_of_the_engine_for_an_evening', () => {
    expect([...CLUB_PRESETS].sort()).toEqual([...PRESET_IDS].sort());
  });
});

describe('club times and points', () => {
  it('reads_a_datetime_local_value_as_local_time_and_back', () => {
    const ms = new Date(2030, 4, 17, 19, 30).getTime();
    expect(toLocalInput(ms)).toBe('2030-05-17T19:30');
    expect(fromLocalInput('2030-05-17T19:30')).toBe(ms);
    expect(fromLocalInput('')).toBeNull();
  });

  it('an_arrival_after_midnight_belongs_to_the_next_day_of_the_evening', () => {
    const start = new Date(2030, 4, 17, 21, 0).getTime();
    expect(fromTimeInput('21:07', start)).toBe(new Date(2030, 4, 17, 21, 7).getTime());
    expect(fromTimeInput('00:40', start)).toBe(new Date(2030, 4, 18, 0, 40).getTime());
    expect(fromTimeInput('20:50', start)).toBe(new Date(2030, 4, 17, 20, 50).getTime());
    expect(fromTimeInput('nope', start)).toBeNull();
  });

  it('writes_points_with_a_real_minus_sign', () => {
    expect(formatPoints(-10, 'ru')).toBe('\u221210');
    expect(formatPoints(0, 'ru')).toBe('0');
  });
});

describe('club refusals in words', () => {
  it('names_the_value_when_the_refusal_carries_it_and_falls_back_to_the_plain_sentence', async () => {
    const { createI18n } = await import('../src/i18n');
    const { ClubApiError } = await import('../src/net/clubApi');
    const { clubErrorText } = await import('../src/screens/club/common/errors');
    const i18n = createI18n();
    await i18n.changeLanguage('ru');
    const t = i18n.getFixedT('ru', 'club');
    expect(clubErrorText(t, new ClubApiError('unknown-member', 'x', 400, 'names[2]', { name: 'Вася' }))).toBe('«Вася» из протокола — не участник клуба.');
    expect(clubErrorText(t, new ClubApiError('unknown-member', 'x', 400, 'names[2]', { other: 1 }))).toBe('Имя из протокола не принадлежит участнику клуба.');
    expect(clubErrorText(t, new ClubApiError('answers-closed', 'x', 409))).toBe('Приём ответов на это приглашение закрыт.');
    expect(clubErrorText(t, new ClubApiError('never-heard-of', 'The server says why.', 409))).toBe('The server says why.');
  });
});
