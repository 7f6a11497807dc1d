import { formatLongDate, type GrammaticalCase } from '../mail/dates.js';
import type { MailMessage, SmsMessage } from '../ports.js';

/**
 * The texts of invitations and reminders, in the member's language (users.locale: 'en' gets
 * English, anything else Russian). Times are shown in the club's time zone, CLUB_TIMEZONE
 * (an IANA name; default Europe/Moscow), with its offset written out.
 */
export const clubTimeZone = (env: NodeJS.ProcessEnv = process.env): string => {
  const tz = env.CLUB_TIMEZONE?.trim() || 'Europe/Moscow';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'Europe/Moscow';
  }
};

/** A time of a letter: short («10.01, 15:00») or long, its weekday in the case the sentence needs («до субботы»). */
export function formatWhen(at: number, locale: string, short = false, grammaticalCase: GrammaticalCase = 'nominative'): string {
  const timeZone = clubTimeZone();
  if (!short) return formatLongDate(at, locale, timeZone, grammaticalCase);
  const o: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone };
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', o).format(new Date(at));
}

export interface InviteFacts {
  readonly to: string; readonly locale: string; readonly club: string; readonly nickname: string;
  readonly startsAt: number; readonly answerBy: number; readonly place: string;
  /** Sent less than a day before the evening: a first NO costs nothing, a withdrawn YES still −10 (issue 24 point 5). */
  readonly late?: boolean;
}

/** The lines with the answer links of an invitation or a reminder (a tap on one answers). */
const answerLinks = (link: string, locale: 'en' | 'ru'): string[] => locale === 'en'
  ? [`  YES, I will come: ${link}?a=yes`, `  NO: ${link}?a=no`, `  (or open ${link})`]
  : [`  ДА, приду: ${link}?a=yes`, `  НЕТ: ${link}?a=no`, `  (или откройте ${link})`];

/** The invitation: the evening, and the links that answer it (the page asks for one tap, a GET never answers). */
export function inviteMail(f: InviteFacts, link: string): MailMessage {
  const when = formatWhen(f.startsAt, f.locale);
  const by = formatWhen(f.answerBy, f.locale, false, 'genitive');
  if (f.locale === 'en') {
    return {
      to: f.to, subject: `${f.club}: game evening ${formatWhen(f.startsAt, 'en', true)} — will you come?`,
      text: [
        `Hello, ${f.nickname}!`, '',
        `${f.club} invites you to a game evening:`, `  When: ${when}`, `  Where: ${f.place}`, '',
        `Please answer YES or NO by ${by}:`, ...answerLinks(link, 'en'), '',
        f.late
          ? 'Club rules: three invitations left unanswered in a row take you off the invitation list. This invitation comes less than a day before the evening: a NO costs nothing, but withdrawing a YES costs 10 rating points.'
          : 'Club rules: three invitations left unanswered in a row take you off the invitation list; a NO later than one day before the evening costs 10 rating points.',
      ].join('\n'),
    };
  }
  return {
    to: f.to, subject: `${f.club}: игровой вечер ${formatWhen(f.startsAt, 'ru', true)} — придёте?`,
    text: [
      `Здравствуйте, ${f.nickname}!`, '',
      `${f.club} приглашает вас на игровой вечер:`, `  Когда: ${when}`, `  Где: ${f.place}`, '',
      `Ответьте, пожалуйста, ДА или НЕТ до ${by}:`, ...answerLinks(link, 'ru'), '',
      f.late
        ? 'Правила клуба: после трёх приглашений подряд без ответа вы исключаетесь из списка приглашаемых. Это приглашение пришло меньше чем за сутки до вечера: отказ ничего не стоит, а отказ после ответа ДА — минус 10 рейтинговых очков.'
        : 'Правила клуба: после трёх приглашений подряд без ответа вы исключаетесь из списка приглашаемых; отказ позже чем за 1 день до вечера — минус 10 рейтинговых очков.',
    ].join('\n'),
  };
}

export function inviteSms(f: InviteFacts, link: string): SmsMessage {
  const when = formatWhen(f.startsAt, f.locale, true);
  return f.locale === 'en'
    ? { to: f.to, text: `${f.club}: game evening ${when}, ${f.place}. Answer YES or NO: ${link}` }
    : { to: f.to, text: `${f.club}: игровой вечер ${when}, ${f.place}. Ответьте ДА или НЕТ: ${link}` };
}

/**
 * The day-before reminder to those who said YES, with the answer links like the invitation's: the
 * link is a token of its own (made when the reminder is queued, kept only hashed), since the
 * invitation's token is not kept.
 */
export function reminderMail(f: InviteFacts, link: string): MailMessage {
  const when = formatWhen(f.startsAt, f.locale);
  const by = formatWhen(f.answerBy, f.locale, false, 'genitive');
  if (f.locale === 'en') {
    return {
      to: f.to, subject: `${f.club}: reminder — game evening ${formatWhen(f.startsAt, 'en', true)}`,
      text: [`Hello, ${f.nickname}!`, '', `You said YES to the game evening of ${f.club}:`, `  When: ${when}`, `  Where: ${f.place}`, '',
        'Please do not be late: more than 5 minutes late costs 5 rating points.', '',
        `If your plans changed, answer NO by ${by}:`, ...answerLinks(link, 'en'), '',
        'A NO later than one day before the evening costs 10 rating points.'].join('\n'),
    };
  }
  return {
    to: f.to, subject: `${f.club}: напоминание — игровой вечер ${formatWhen(f.startsAt, 'ru', true)}`,
    text: [`Здравствуйте, ${f.nickname}!`, '', `Вы ответили ДА на приглашение ${f.club}:`, `  Когда: ${when}`, `  Где: ${f.place}`, '',
      'Пожалуйста, не опаздывайте: опоздание более чем на 5 минут — минус 5 рейтинговых очков.', '',
      `Если планы изменились, ответьте НЕТ до ${by}:`, ...answerLinks(link, 'ru'), '',
      'Отказ позже чем за 1 день до вечера — минус 10 рейтинговых очков.'].join('\n'),
  };
}

export function reminderSms(f: InviteFacts): SmsMessage {
  const when = formatWhen(f.startsAt, f.locale, true);
  return f.locale === 'en'
    ? { to: f.to, text: `${f.club}: reminder, game evening ${when}, ${f.place}. Please be on time.` }
    : { to: f.to, text: `${f.club}: напоминаем, игровой вечер ${when}, ${f.place}. Не опаздывайте.` };
}
