import { lazy, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@mafia/protocol';
import { ChartFigure, NoChart } from './ChartFigure';
import { CsvLink } from './CsvLink';
import { formatRating, shortDate } from './format';

const RatingLines = lazy(() => import('./charts/RatingLines'));

/** His red, black and overall rating after each rated game: a line chart, its summary and its table. */
export function RatingChart({ history }: { readonly history: MemberProfile['ratingHistory'] }) {
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  const title = t('profile.ratingChart');
  const fmt = useCallback((n: number) => formatRating(n, lng), [lng]);
  const names = { red: t('leaderboard.cols.red'), black: t('leaderboard.cols.black'), overall: t('leaderboard.cols.overall') };
  const series = useMemo(
    () => ({ labels: history.map((h) => shortDate(h.at, lng)), red: history.map((h) => h.red), black: history.map((h) => h.black), overall: history.map((h) => h.overall), names }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [history, lng, names.red, names.black, names.overall],
  );
  if (history.length === 0) {
    return <NoChart testId="rating-chart" title={title} text={t('profile.ratingNone')} />;
  }
  const last = history[history.length - 1]!;
  const overall = history.map((h) => h.overall);
  const summary = t('profile.ratingSummary', {
    count: history.length, red: fmt(last.red), black: fmt(last.black), overall: fmt(last.overall), min: fmt(Math.min(...overall)), max: fmt(Math.max(...overall)),
  });
  const table = (
    <table className="club-table" data-testid="rating-chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('profile.no')}</th>
          <th scope="col">{t('profile.date')}</th>
          <th scope="col" className="profile-num">{names.red}</th>
          <th scope="col" className="profile-num">{names.black}</th>
          <th scope="col" className="profile-num">{names.overall}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((h, i) => (
          <tr key={h.gameId}>
            <th scope="row">{i + 1}</th>
            <td>{shortDate(h.at, lng)}</td>
            <td className="profile-num">{fmt(h.red)}</td>
            <td className="profile-num">{fmt(h.black)}</td>
            <td className="profile-num">{fmt(h.overall)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return <ChartFigure testId="rating-chart" title={title} summary={summary} chart={<RatingLines series={series} format={fmt} />} table={table} csv={<CsvLink table="ratings" title={title} />} />;
}
