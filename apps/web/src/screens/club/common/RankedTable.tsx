import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBoardPoints } from '../leaderboard/format';

export interface RankedColumn<R> {
  readonly key: keyof R & string;
  /** `points`: 2 decimals with a real minus sign (formatBoardPoints); `count`: as it is. */
  readonly kind: 'points' | 'count';
  readonly label: string;
}

/**
 * A ranked table of members (an evening's results, a series): rank, the nickname linking to the
 * member's page, then the columns (the total first, as on the leaderboard: on a phone the rest
 * scrolls sideways inside its own box). Each row is
 * `data-testid="<testId>-<userId>"`, each cell `data-col="<key>"`.
 */
export function RankedTable<R extends { readonly rank: number; readonly userId: string; readonly nickname: string }>({ clubId, rows, columns, caption, testId }: {
  readonly clubId: string; readonly rows: readonly R[]; readonly columns: readonly RankedColumn<R>[]; readonly caption: string; readonly testId: string;
}) {
  const { t, i18n } = useTranslation('results');
  return (
    <div className="club-scroll">
      <table className="club-table" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t('table.rank')}</th>
            <th scope="col">{t('table.nickname')}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userId} data-testid={`${testId}-${r.userId}`}>
              <td data-col="rank">{r.rank}</td>
              <td>
                <Link to={`/club/${clubId}/members/${r.userId}`}>{r.nickname}</Link>
              </td>
              {columns.map((c) => (
                <td key={c.key} data-col={c.key} className={c.key === 'total' ? 'club-points' : undefined}>
                  {c.kind === 'points' ? formatBoardPoints(r[c.key] as number, i18n.language) : String(r[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
