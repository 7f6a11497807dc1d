import type { GameView } from '@mafia/engine';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../i18n/roleName';
import { SeatGrid, type SeatInfo } from '../../ui';

/** The end of the game: the winner and every role (the ended view shows them all). */
export function EndPanel({ view }: { readonly view: GameView }) {
  const { t } = useTranslation('player');
  const w = view.winner;
  const winner = w === null ? '' : w === 'town' || w === 'mafia' || w === 'draw' ? t(`end.${w}`) : t(`roles.${w}`, { ns: 'common' });
  const seats: SeatInfo[] = view.seats.map((s) => ({
    seat: s.seat,
    name: s.name || null,
    state: s.alive ? 'alive' : 'dead',
    note: [s.role ? roleName(t, view.preset, s.role) : '', view.winners.includes(s.seat) ? t('end.won') : ''].filter(Boolean).join(' · ') || undefined,
  }));
  return (
    <section className="stack" data-testid="end">
      <h3 className="card" data-testid="winner" data-winner={w ?? ''} style={{ margin: 0, fontSize: '1.6rem', textAlign: 'center' }}>
        {t('end.winner', { winner })}
      </h3>
      <SeatGrid label={t('end.roles')} seats={seats} />
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0, gap: 4 }} aria-label={t('end.roles')}>
        {view.seats.map((s) => (
          <li key={s.seat} data-testid={`end-role-${s.seat}`} data-role={s.role ?? ''}>
            {t('card.partner', { n: s.seat, role: s.role ? roleName(t, view.preset, s.role) : '?' })}
            {s.name && s.name !== String(s.seat) ? ` (${s.name})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
