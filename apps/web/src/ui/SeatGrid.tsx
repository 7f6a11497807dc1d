import { useTranslation } from 'react-i18next';

export type SeatState = 'alive' | 'dead' | 'selected' | 'disabled';

export interface SeatInfo {
  readonly seat: number;
  readonly state: SeatState;
  /** A player's name, shown under the number. */
  readonly name?: string | null;
  /** A short extra line (a role, "2 fouls", …). */
  readonly note?: string;
}

export interface SeatGridProps {
  readonly seats: readonly SeatInfo[];
  /** Called with the seat number; without it every seat is shown but not tappable. */
  readonly onSelect?: (seat: number) => void;
  /** The group's accessible name ("Pick your seat"). */
  readonly label: string;
  /** The buttons' test ids are `${testIdPrefix}-${seat}` (default `seat`): a second grid on a screen takes another. */
  readonly testIdPrefix?: string;
}

/**
 * Seats 1..N as big tappable buttons: alive, dead (struck out), selected (aria-pressed) or disabled.
 * Each button's name says the seat, the name and the state, for screen readers.
 */
export function SeatGrid({ seats, onSelect, label, testIdPrefix = 'seat' }: SeatGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="seat-grid" aria-label={label}>
      {seats.map((s) => {
        const parts = [t('seat.label', { n: s.seat }), s.name ?? '', s.note ?? '', s.state === 'dead' ? t('seat.dead') : s.state === 'selected' ? t('seat.selected') : ''];
        return (
          <li key={s.seat}>
            <button
              type="button"
              className="seat"
              data-state={s.state}
              data-testid={`${testIdPrefix}-${s.seat}`}
              aria-pressed={onSelect ? s.state === 'selected' : undefined}
              aria-label={parts.filter(Boolean).join(', ')}
              disabled={!onSelect || s.state === 'disabled'}
              onClick={onSelect ? () => onSelect(s.seat) : undefined}
            >
              {/* The spaces keep the visible words apart in the text a voice user or axe reads ("1 Анна", not "1Анна"): the name must contain them (WCAG 2.5.3). */}
              <span className="seat-no">{s.seat}</span>
              {s.name ? <>{' '}<span className="seat-name">{s.name}</span></> : null}
              {s.note ? <>{' '}<span className="seat-note">{s.note}</span></> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Seats 1..n, all alive: a start for screens that then mark some. */
export function seatRange(n: number, state: SeatState = 'alive'): SeatInfo[] {
  return Array.from({ length: n }, (_, i) => ({ seat: i + 1, state }));
}
