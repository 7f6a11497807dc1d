import { z } from 'zod';
import type { ClubContext, MailMessage } from '../ports.js';
import { invitationFacts } from '../services/invitationFacts.js';
import { formatWhen } from '../services/messages.js';

/** The letter to an invited member when his evening is cancelled (`reason`) or moved (`changed`). */
export const EVENING_NOTICE_JOB = 'evening-notice-email';

interface NoticeFacts { to: string; locale: string; club: string; nickname: string; startsAt: number; place: string }

export function cancelledMail(f: NoticeFacts, reason: string): MailMessage {
  const when = formatWhen(f.startsAt, f.locale);
  if (f.locale === 'en') {
    return {
      to: f.to, subject: `${f.club}: the game evening ${formatWhen(f.startsAt, 'en', true)} is cancelled`,
      text: [`Hello, ${f.nickname}!`, '', `${f.club} has cancelled the game evening:`, `  When: ${when}`, `  Where: ${f.place}`, `  Why: ${reason}`, '',
        'Your invitation is withdrawn: there is nothing to answer, and no penalty applies for this evening.'].join('\n'),
    };
  }
  return {
    to: f.to, subject: `${f.club}: игровой вечер ${formatWhen(f.startsAt, 'ru', true)} отменён`,
    text: [`Здравствуйте, ${f.nickname}!`, '', `${f.club} отменяет игровой вечер:`, `  Когда: ${when}`, `  Где: ${f.place}`, `  Причина: ${reason}`, '',
      'Приглашение отозвано: отвечать на него не нужно, штрафов за этот вечер не будет.'].join('\n'),
  };
}

export function changedMail(f: NoticeFacts): MailMessage {
  const when = formatWhen(f.startsAt, f.locale);
  if (f.locale === 'en') {
    return {
      to: f.to, subject: `${f.club}: the game evening has changed — now ${formatWhen(f.startsAt, 'en', true)}`,
      text: [`Hello, ${f.nickname}!`, '', `${f.club} has changed the game evening you are invited to. Now:`, `  When: ${when}`, `  Where: ${f.place}`, '',
        'If your plans changed, answer again with the link of the invitation.'].join('\n'),
    };
  }
  return {
    to: f.to, subject: `${f.club}: игровой вечер изменён — теперь ${formatWhen(f.startsAt, 'ru', true)}`,
    text: [`Здравствуйте, ${f.nickname}!`, '', `${f.club} изменил игровой вечер, на который вы приглашены. Теперь:`, `  Когда: ${when}`, `  Где: ${f.place}`, '',
      'Если планы изменились, ответьте ещё раз по ссылке из приглашения.'].join('\n'),
  };
}

const Payload = z.object({ invitationId: z.string(), kind: z.enum(['cancelled', 'changed']), reason: z.string().optional() });

/** Registers the notice letters' job (a cancelled or changed evening, to each invited member). */
export function registerCorrectionJobs(ctx: ClubContext): void {
  ctx.jobs.handle(EVENING_NOTICE_JOB, async (payload) => {
    const p = Payload.parse(payload);
    const f = await invitationFacts(ctx.db, p.invitationId);
    // The invitation went (an account deleted), or a change letter for an evening cancelled since: nothing to say.
    if (!f || (p.kind === 'changed' && f.cancelled)) return;
    await ctx.mailer.send(p.kind === 'cancelled' ? cancelledMail(f, p.reason ?? '') : changedMail(f));
  });
}
