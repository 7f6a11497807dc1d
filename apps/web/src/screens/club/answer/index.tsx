import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { Answer, LedgerEntry } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';
import { formatDateTime, formatPoints } from '../common/format';
import { reasonText, ruleName } from '../common/Ledger';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';

/**
 * /i/:token: the invitation's answer page, no sign-in (the link's token is the credential). Shows
 * the evening and the current answer; one tap on «Да, приду» or «Нет» answers (one POST). `?a=yes`
 * or `?a=no` (the e-mail's two links) only marks that button: a GET never answers, because mail
 * scanners open links.
 */
export default function AnswerScreen() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const hint = params.get('a') === 'yes' || params.get('a') === 'no' ? (params.get('a') as Answer) : null;
  const page = useLoad(() => api.invitation(token), [api, token]);
  const act = useAction();
  const [result, setResult] = useState<{ answer: Answer; penalty?: LedgerEntry } | null>(null);
  const p = page.data;
  const current = result?.answer ?? p?.answer ?? null;
  const lng = i18n.language;

  const answer = async (a: Answer) => {
    const r = await act.run(() => api.answer(token, a));
    if (r) setResult(r);
  };

  return (
    <ClubPage title={p?.club.name ?? t('answer.title')} error={page.error} ready={p !== null} nav={false}>
      {p && (
        <>
          <div className="card stack" style={{ gap: 6 }}>
            <div style={{ fontSize: '1.2rem', fontWeight: 700 }}>{formatDateTime(p.evening.startsAt, lng)}</div>
            <div>{p.evening.place}</div>
            <div className="muted">{t('answer.hello', { nickname: p.nickname })}</div>
            <div className="muted">{t('answer.answerBy', { time: formatDateTime(p.evening.answerBy, lng) })}</div>
            {p.open && Date.now() < p.evening.startsAt && (
              <div className="muted" data-testid="late-decline-rule">
                {p.invitedLate ? t('answer.invitedLate') : t('answer.lateDeclineFrom', { time: formatDateTime(p.lateDeclineFrom, lng) })}
              </div>
            )}
          </div>
          <p style={{ margin: 0 }} data-testid="current-answer">
            {current ? t('answer.current', { answer: current === 'yes' ? t('answer.yesShort') : t('answer.noShort') }) : t('answer.noAnswer')}
          </p>
          {p.open && (
            <div className="club-answer" role="group" aria-label={t('answer.question')}>
              {(['yes', 'no'] as const).map((a) => (
                <Button
                  key={a}
                  size="large"
                  variant={a === 'no' ? 'danger' : 'default'}
                  aria-pressed={current === a}
                  data-hint={hint === a && !result ? 'true' : 'false'}
                  disabled={act.busy}
                  onClick={() => void answer(a)}
                >
                  {a === 'yes' ? t('answer.yes') : t('answer.no')}
                </Button>
              ))}
            </div>
          )}
          {!p.open && !result && (
            <p className="muted" data-testid="closed">
              {p.cancelled ? t('errors.evening-cancelled') : t('errors.answers-closed')}
            </p>
          )}
          {result && (
            <div className="card stack" role="status" style={{ gap: 6 }}>
              <strong>{t('answer.accepted', { answer: result.answer === 'yes' ? t('answer.yesShort') : t('answer.noShort') })}</strong>
              {result.penalty && (
                <span className="error" data-testid="penalty">
                  {result.penalty.rule === 'late-decline'
                    ? t('answer.lateDeclinePenalty', { points: formatPoints(result.penalty.points, lng), reason: reasonText(t, result.penalty) })
                    : `${formatPoints(result.penalty.points, lng)}: ${ruleName(t, result.penalty.rule)}`}
                </span>
              )}
            </div>
          )}
          <ErrorText error={act.error} />
        </>
      )}
    </ClubPage>
  );
}
