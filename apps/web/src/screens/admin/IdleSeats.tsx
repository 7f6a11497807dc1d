import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';

export interface IdleSeatsProps {
  readonly seats: readonly { readonly seat: number; readonly misses: number }[];
  readonly disabled: boolean;
  /** The seat is freed and a bot plays it from now on (release, then bot). */
  readonly onToBot: (seat: number) => void;
}

/**
 * The room admin's list of idle players (issue 26, point 4): the seats that missed votes in a row
 * (the public steps only: a missed night act is the seat's secret), each with a way to hand the
 * seat to a bot for good. Freeing a seat is in the seats list below.
 */
export function IdleSeats({ seats, disabled, onToBot }: IdleSeatsProps) {
  const { t } = useTranslation();
  if (seats.length === 0) return null;
  return (
    <div className="card stack" data-testid="admin-idle">
      <strong>{t('admin.idle.title')}</strong>
      <ul className="admin-seats">
        {seats.map(({ seat, misses }) => (
          <li key={seat} className="stack">
            <span>{t('admin.idle.seat', { n: seat, count: misses })}</span>
            <Button block data-testid={`admin-idle-bot-${seat}`} disabled={disabled} onClick={() => onToBot(seat)}>
              {t('admin.idle.toBot', { n: seat })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
