import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The season table's keys (packages/club SEASON_KEYS); the first place is decided by points. */
type OrderKey = 'total' | 'points' | 'wins' | 'winRate' | 'games' | 'penalties';
const FIRST: readonly OrderKey[] = ['total', 'points'];
const TIE_BREAKS: readonly OrderKey[] = ['wins', 'winRate', 'games', 'penalties', 'points', 'total'];
/** The server's default order (DEFAULT_SEASON_ORDER): what the form shows before anyone chooses. */
export const DEFAULT_ORDER: readonly string[] = ['total', 'wins', 'games'];
const STEPS = 3;

/**
 * «Порядок мест» as choices, not typed keys: the first place by «Итого» or «Очки», then up to three
 * tie-breaks, each offering only the keys not chosen before it (the server takes distinct keys).
 * Emptying a tie-break drops the ones after it.
 */
export function OrderPicker({ order, onChange, error }: { readonly order: readonly string[]; readonly onChange: (order: string[]) => void; readonly error?: ReactNode }) {
  const { t } = useTranslation('club');
  const set = (i: number, key: string) => onChange(key === '' ? order.slice(0, i) : [...order.slice(0, i), key, ...order.slice(i + 1).filter((k) => k !== key)]);
  const label = (k: OrderKey): string => t(`leaderboard.orderKey.${k}`);
  return (
    <fieldset className="field" id="season-order" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>{t('leaderboard.seasonOrder')}</legend>
      <label htmlFor="season-order-0">{t('leaderboard.orderFirst')}</label>
      <select id="season-order-0" className="input" value={order[0] ?? 'total'} onChange={(e) => set(0, e.target.value)}>
        {FIRST.map((k) => (
          <option key={k} value={k}>
            {label(k)}
          </option>
        ))}
      </select>
      {Array.from({ length: STEPS }, (_, n) => n + 1)
        .filter((i) => i <= order.length)
        .map((i) => (
          <div key={i} className="field">
            <label htmlFor={`season-order-${i}`}>{t('leaderboard.orderThen', { n: i })}</label>
            <select id={`season-order-${i}`} className="input" value={order[i] ?? ''} onChange={(e) => set(i, e.target.value)}>
              <option value="">{t('leaderboard.orderNone')}</option>
              {TIE_BREAKS.filter((k) => !order.slice(0, i).includes(k)).map((k) => (
                <option key={k} value={k}>
                  {label(k)}
                </option>
              ))}
            </select>
          </div>
        ))}
      {error}
    </fieldset>
  );
}
