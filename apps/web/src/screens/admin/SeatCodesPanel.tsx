import type { SeatCode } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import './admin.css';

/**
 * The free seats' codes after the start (issue 12, point 1), on the host's console and the room
 * admin's panel only: a player who sits down late reads his seat's code from here. Folded by
 * default: the admin's panel may be on the table's TV, where everybody would read the codes.
 */
export function SeatCodesPanel({ codes }: { readonly codes: readonly SeatCode[] | undefined }) {
  const { t } = useTranslation();
  if (!codes || codes.length === 0) return null;
  return (
    <details className="card stack" data-testid="seat-codes">
      <summary className="seat-codes-summary">{t('seatCodes.title', { count: codes.length })}</summary>
      <p className="muted">{t('seatCodes.hint')}</p>
      <ul className="admin-seats">
        {codes.map(({ seat, code }) => (
          <li key={seat} className="row" data-testid={`seat-code-${seat}`} data-seat={seat} data-code={code}>
            <span>{t('seatCodes.seat', { n: seat })}</span>
            <strong className="seat-code" aria-label={code.split('').join(' ')}>
              {code}
            </strong>
          </li>
        ))}
      </ul>
    </details>
  );
}
