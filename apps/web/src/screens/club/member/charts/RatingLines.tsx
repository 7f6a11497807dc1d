import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { ratingChart, themeColors, type RatingSeries } from './config';
import './setup';

/** The rating chart's drawing (Chart.js): loaded lazily by RatingChart, never with the page itself. */
export default function RatingLines({ series, format }: { readonly series: RatingSeries; readonly format: (n: number) => string }) {
  const { data, options } = useMemo(() => ratingChart(series, themeColors(), format), [series, format]);
  return <Line data={data} options={options} />;
}
