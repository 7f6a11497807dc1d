import { describe, expect, it } from 'vitest';
import { formatLongDate, weekdayIn } from '../../src/club/mail/dates.js';
import { inviteMail, reminderMail, type InviteFacts } from '../../src/club/services/messages.js';

// Saturday 12 January 2030, 12:00 UTC = 15:00 in Moscow.
const SATURDAY = Date.UTC(2030, 0, 12, 12, 0);
const facts = (locale: string): InviteFacts => ({
  to: 'anna@example.com', locale, club: 'Клуб Полночь', nickname: 'Анна', startsAt: SATURDAY + 2 * 86_400_000, answerBy: SATURDAY, place: 'Кафе «Луна»',
});

describe('dates in letters', () => {
  it('the_weekday_is_taken_in_the_club_time_zone', () => {
    expect(weekdayIn(SATURDAY, 'Europe/Moscow')).toBe(6);
    // 23:30 UTC on Saturday is already Sunday in Moscow.
    expect(weekdayIn(Date.UTC(2030, 0, 12, 23, 30), 'Europe/Moscow')).toBe(0);
  });

  it('a_date_after_do_puts_the_weekday_in_the_genitive_and_keeps_the_month_as_intl_gives_it', () => {
    expect(formatLongDate(SATURDAY, 'ru', 'Europe/Moscow', 'genitive')).toMatch(/^субботы, 12 января 2030\sг\.(,| в) 15:00/);
    expect(formatLongDate(SATURDAY, 'ru', 'Europe/Moscow')).toMatch(/^суббота, 12 января 2030/);
    expect(formatLongDate(SATURDAY, 'en', 'Europe/Moscow', 'genitive')).toMatch(/^Saturday(,)? 12 January 2030/);
  });

  it('the_invitation_says_do_subboty_not_do_subbota', () => {
    const ru = inviteMail(facts('ru'), 'http://test/i/abc').text;
    expect(ru).toContain('ДА или НЕТ до субботы, 12 января 2030');
    expect(ru).not.toMatch(/до суббота/);
    expect(ru).toContain('Когда: понедельник, 14 января 2030');
    expect(inviteMail(facts('en'), 'http://test/i/abc').text).toContain('YES or NO by Saturday, 12 January 2030');
  });

  it('the_reminder_letter_carries_the_yes_and_no_links_and_the_deadline_in_the_genitive', () => {
    const ru = reminderMail(facts('ru'), 'http://test/i/tok').text;
    expect(ru).toContain('ДА, приду: http://test/i/tok?a=yes');
    expect(ru).toContain('НЕТ: http://test/i/tok?a=no');
    expect(ru).toContain('ответьте НЕТ до субботы, 12 января 2030');
    const en = reminderMail(facts('en'), 'http://test/i/tok').text;
    expect(en).toContain('YES, I will come: http://test/i/tok?a=yes');
    expect(en).toContain('NO: http://test/i/tok?a=no');
  });
});
