import { z } from 'zod';
import type { ClubContext, MailMessage } from '../ports.js';
import { num } from '../schema.js';
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
    const r = await ctx.db.selectFrom('invitations')
      .innerJoin('evenings', 'evenings.id', 'invitations.evening_id')
      .innerJoin('clubs', 'clubs.id', 'evenings.club_id')
      .innerJoin('users', 'users.id', 'invitations.user_id')
      .innerJoin('memberships', (j) => j.onRef('memberships.club_id', '=', 'evenings.club_id').onRef('memberships.user_id', '=', 'invitations.user_id'))
      .select(['evenings.starts_at', 'evenings.place', 'evenings.cancelled_at', 'clubs.name as club', 'users.email', 'users.locale', 'memberships.nickname'])
      .where('invitations.id', '=', p.invitationId).executeTakeFirst();
    // The invitation went (an account deleted), or a change letter for an evening cancelled since: nothing to say.
    if (!r || (p.kind === 'changed' && r.cancelled_at !== null)) return;
    const f = { to: r.email, locale: r.locale, club: r.club, nickname: r.nickname, startsAt: num(r.starts_at), place: r.place };
    await ctx.mailer.send(p.kind === 'cancelled' ? cancelledMail(f, p.reason ?? '') : changedMail(f));
  });
}
