import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Layout, RoomTitle } from '../../ui';

/**
 * The leaver's phone once a replacement took his seat (issue 24; the error `seat-renamed`): it no
 * longer holds the seat, and says so («Вы вышли из игры», who plays the seat now) instead of
 * sending him back to the lobby as if nothing had happened.
 */
export function SeatTaken({ code, seat, name }: { readonly code: string; readonly seat: number; readonly name: string | null }) {
  const { t } = useTranslation('player');
  return (
    <Layout title={<RoomTitle name={t('title')} code={code} />}>
      <section className="card stack" role="status" data-testid="seat-taken">
        <h2>{t('seatTaken.title')}</h2>
        <p>{name !== null ? t('seatTaken.named', { seat, name }) : t('seatTaken.unnamed', { seat })}</p>
        <Link to={`/r/${code}/table`}>{t('seatTaken.watch')}</Link>
      </section>
    </Layout>
  );
}
