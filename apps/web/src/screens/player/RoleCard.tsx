import type { GameView } from '@mafia/engine';
import { useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../i18n/roleName';
import { answerKey, roleDesc } from '../../i18n/roleText';
import { cardOf, partnersOf } from './logic';

const HOLD_KEYS = new Set([' ', 'Spacebar', 'Enter']);

// Kept where the tests and the screens have always imported it from.
export { answerKey };

/**
 * The secret role card: shown only while pressed and held (pointer down, or Space/Enter held), hidden
 * on release, on leaving, on blur and when the page is hidden. Nothing of the role is in the DOM
 * otherwise. Read from the current view only: a dead seat's view has no partners and no answers.
 */
export function RoleCard({ view }: { readonly view: GameView | null }) {
  const { t } = useTranslation('player');
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!held) return;
    const hide = () => setHeld(false);
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('blur', hide);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('blur', hide);
    };
  }, [held]);
  const card = cardOf(view);
  if (!card || !view) return null;
  const show = () => setHeld(true);
  const hide = () => setHeld(false);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!HOLD_KEYS.has(e.key)) return;
    e.preventDefault();
    setHeld(true);
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (!HOLD_KEYS.has(e.key)) return;
    e.preventDefault();
    setHeld(false);
  };
  const partners = held ? partnersOf(view) : [];
  const results = held ? view.results : [];
  // The answer of the night just ended stands out (it is the one the player is waiting for).
  const isNew = (night: number) => view.phase.kind === 'day' && view.phase.n === night;
  return (
    <button
      type="button"
      className="card"
      data-testid="role-card"
      data-held={held}
      onPointerDown={(e) => {
        e.preventDefault();
        show();
      }}
      onPointerUp={hide}
      onPointerLeave={hide}
      onPointerCancel={hide}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={hide}
      onContextMenu={(e) => e.preventDefault()}
      style={{
        minHeight: 120, width: '100%', color: 'var(--fg)', font: 'inherit', cursor: 'pointer', textAlign: 'center',
        userSelect: 'none', WebkitUserSelect: 'none', WebkitTouchCallout: 'none', touchAction: 'none',
        display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 6,
        background: held ? 'var(--bg-sunken)' : 'var(--bg-raised)',
      } as CSSProperties}
    >
      {held ? (
        <>
          <strong data-testid="role-name" data-role={card.role} style={{ fontSize: '1.8rem' }}>
            {roleName(t, view.preset, card.role)}
          </strong>
          <span data-testid="role-team" data-team={card.team}>
            {t('card.team', { team: t(`teams.${card.team}`, { ns: 'common' }) })}
          </span>
          <span className="muted" data-testid="role-desc">
            {roleDesc(t, view, card.role)}
          </span>
          {partners.length > 0 ? (
            <span data-testid="partners">
              {t('card.partners')}:{' '}
              {partners.map((p) => t('card.partner', { n: p.seat, role: roleName(t, view.preset, p.role) })).join(', ')}
            </span>
          ) : null}
          {results.length > 0 ? (
            <span data-testid="results" className="stack" style={{ gap: 2 }}>
              <span>{t('card.results')}:</span>
              {results.map((r, i) => (
                <span key={i} data-new={isNew(r.night) || undefined} style={isNew(r.night) ? { fontWeight: 700 } : undefined}>
                  {isNew(r.night) ? `${t('card.newResult')}: ` : ''}
                  {t('card.result', { night: r.night, seat: r.target, answer: t(`answers.${answerKey(r.act, r.answer, card.role, view)}` as 'answers.yes') })}
                </span>
              ))}
            </span>
          ) : null}
        </>
      ) : (
        <>
          <strong>{t('card.hold')}</strong>
          <span className="muted">{t('card.holdHint')}</span>
        </>
      )}
    </button>
  );
}
