import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { pointsChart, themeColors, type PointsSeries } from './config';
import './setup';

/** The points chart's drawing (Chart.js): loaded lazily by PointsChart, never with the page itself. */
export default function PointsBars({ series, format, tick }: { readonly series: PointsSeries; readonly format: (n: number) => string; readonly tick: (n: number) => string }) {
  const { data, options } = useMemo(() => pointsChart(series, themeColors(), format, tick), [series, format, tick]);
  // The figure's box is the image, named by its summary (ChartFigure): the canvas (react-chartjs-2
  // makes it a nameless role="img") is only its drawing.
  return <Bar data={data} options={options} role="presentation" aria-hidden="true" />;
}
