import type { GameView } from '@mafia/engine';
import type { ReviewEntry, RoomReview } from '@mafia/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asRefusal, refusalText } from '../../i18n/refusals';
import { roleName } from '../../i18n/roleName';
import { getRoomReview, type HttpOptions } from '../../net/http';

type Tx = (key: string, opts?: Record<string, unknown>) => string;
const ACTS = new Set(['vote', 'nominate', 'kill', 'check', 'compare', 'heal', 'visit', 'alibi', 'block', 'silence', 'guess', 'recruit', 'copy']);

/** One thing a bot did, in words: «День 2: голосовал против № 7 — № 3 назвался проверяющим и назвал его чёрным.» */
export function reviewLine(tt: unknown, e: ReviewEntry, self?: number): string {
  const t = tt as Tx;
  const act = t(`review.act.${ACTS.has(e.act) ? e.act : 'other'}`, { target: e.target });
  // A reason naming the bot's own seat says «меня» (the `_me` words), not «№ 5».
  const me = self !== undefined && e.reason.seat === self ? { context: 'me' } : {};
  const reason = t(`review.reason.${e.reason.code}`, { by: e.reason.by, seat: e.reason.seat, day: e.reason.day, ...me, defaultValue: t('review.reason.random') });
  return t('review.line', { when: t(`review.when.${e.phase}`, { n: e.n }), act, reason });
}

/**
 * The review of a practice game (issue 27 point 4), on the phone of whoever made the room once the
 * game has ended: every bot's votes and night acts with the reason it had, in words.
 */
export function BotReview({ code, roomKey, view, http }: { code: string; roomKey: string; view: GameView; http?: HttpOptions }) {
  const { t } = useTranslation('player');
  const [review, setReview] = useState<RoomReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getRoomReview(code, roomKey, http).then((r) => live && setReview(r), (e: unknown) => live && setError(refusalText(t, asRefusal(e))));
    return () => {
      live = false;
    };
  }, [code, roomKey, http, t]);
  return (
    <section className="card stack" data-testid="review">
      <h3 style={{ margin: 0 }}>{t('review.title')}</h3>
      <p className="muted" style={{ margin: 0 }}>{t('review.hint')}</p>
      {error ? <p className="error" role="alert">{t('review.error', { message: error })}</p> : null}
      {!review && !error ? <p className="muted">{t('review.loading')}</p> : null}
      {review?.bots.map((b) => {
        const role = view.seats[b.seat - 1]?.role;
        return (
          <details key={b.seat} data-testid={`review-bot-${b.seat}`}>
            <summary>{t('review.bot', { seat: b.seat, name: b.name, role: role ? roleName(t, view.preset, role) : '?' })}</summary>
            {b.journal.length === 0 ? <p className="muted">{t('review.empty')}</p> : (
              <ol style={{ margin: 0, paddingInlineStart: '1.2em' }}>
                {b.journal.map((e, i) => <li key={i} data-testid="review-line" data-reason={e.reason.code}>{reviewLine(t, e, b.seat)}</li>)}
              </ol>
            )}
          </details>
        );
      })}
    </section>
  );
}
