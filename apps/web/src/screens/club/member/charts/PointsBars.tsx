import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { pointsChart, themeColors, type PointsSeries } from './config';
import './setup';

/** The points chart's drawing (Chart.js): loaded lazily by PointsChart, never with the page itself. */
export default function PointsBars({ series, format, tick }: { readonly series: PointsSeries; readonly format: (n: number) => string; readonly tick: (n: number) => string }) {
  const { data, options } = useMemo(() => pointsChart(series, themeColors(), format, tick), [series, format, tick]);
  return <Bar data={data} options={options} />;
}
