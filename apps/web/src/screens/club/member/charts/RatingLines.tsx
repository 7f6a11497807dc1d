import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { ratingChart, themeColors, type RatingSeries } from './config';
import './setup';

/** The rating chart's drawing (Chart.js): loaded lazily by RatingChart, never with the page itself. */
export default function RatingLines({ series, format }: { readonly series: RatingSeries; readonly format: (n: number) => string }) {
  const { data, options } = useMemo(() => ratingChart(series, themeColors(), format), [series, format]);
  // The figure's box is the image, named by its summary (ChartFigure): the canvas (react-chartjs-2
  // makes it a nameless role="img") is only its drawing.
  return <Line data={data} options={options} role="presentation" aria-hidden="true" />;
}
