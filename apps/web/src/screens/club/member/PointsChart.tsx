import { lazy, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile } from '@mafia/protocol';
import { ChartFigure, NoChart } from './ChartFigure';
import { CsvLink } from './CsvLink';
import { formatRating, formatScore, shortDate } from './format';

const PointsBars = lazy(() => import('./charts/PointsBars'));

/** His seed-004 score at each evening: a bar chart, its summary and its table (each evening a link). */
export function PointsChart({ clubId, evenings }: { readonly clubId: string; readonly evenings: MemberProfile['eveningPoints'] }) {
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  const title = t('profile.pointsChart');
  const fmt = useCallback((n: number) => formatScore(n, lng), [lng]);
  const tick = useCallback((n: number) => formatRating(n, lng), [lng]);
  const name = t('profile.score');
  const series = useMemo(() => ({ labels: evenings.map((e) => shortDate(e.at, lng)), scores: evenings.map((e) => e.score), name }), [evenings, lng, name]);
  if (evenings.length === 0) {
    return <NoChart testId="points-chart" title={title} text={t('profile.pointsNone')} />;
  }
  // The best evening: the first of the highest (evenings come by their start).
  const best = evenings.reduce((b, e) => (e.score > b.score ? e : b), evenings[0]!);
  const summary = t('profile.pointsSummary', {
    count: evenings.length, total: fmt(evenings.reduce((s, e) => s + e.score, 0)), best: fmt(best.score), date: shortDate(best.at, lng),
  });
  const table = (
    <table className="club-table" data-testid="points-chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('profile.evening')}</th>
          <th scope="col" className="profile-num">{name}</th>
          <th scope="col" className="profile-num">{t('profile.games')}</th>
          <th scope="col" className="profile-num">{t('profile.wins')}</th>
        </tr>
      </thead>
      <tbody>
        {evenings.map((e) => (
          <tr key={e.eveningId}>
            <th scope="row">
              <Link to={`/club/${clubId}/evenings/${e.eveningId}`}>{shortDate(e.at, lng)}</Link>
            </th>
            <td className="profile-num">{fmt(e.score)}</td>
            <td className="profile-num">{e.games}</td>
            <td className="profile-num">{e.wins}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return <ChartFigure testId="points-chart" title={title} summary={summary} chart={<PointsBars series={series} format={fmt} tick={tick} />} table={table} csv={<CsvLink table="evenings" title={title} />} />;
}
