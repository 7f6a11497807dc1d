import type { ChartData, ChartOptions } from 'chart.js';

/**
 * The profile's two charts as Chart.js configurations: plain data, no drawing, so a test can check
 * them without a canvas. Read on a 360 px phone: 12 px labels, at most 5 dates on the x axis (no
 * slanted labels), the legend under the chart, no animation (nothing moves for a reader who asked
 * for less motion, and a screenshot shows the final chart).
 */
export interface ChartColors {
  readonly red: string;
  readonly black: string;
  readonly overall: string;
  readonly bar: string;
  readonly text: string;
  readonly grid: string;
}

/** The app's dark theme (ui/theme.css) when its variables cannot be read. */
export const FALLBACK_COLORS: ChartColors = { red: '#e0484f', black: '#ecebf2', overall: '#ffd166', bar: '#c8323c', text: '#9b99a8', grid: '#2b2a36' };

/** The theme's colours from its CSS variables: red the danger red, black the text colour (a dark page), overall the focus yellow. */
export function themeColors(root: Element = document.documentElement): ChartColors {
  const css = getComputedStyle(root);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const f = FALLBACK_COLORS;
  return { red: v('--danger', f.red), black: v('--fg', f.black), overall: v('--focus', f.overall), bar: v('--accent', f.bar), text: v('--fg-muted', f.text), grid: v('--border', f.grid) };
}

export const FONT_SIZE = 12;
export const MAX_X_TICKS = 5;

export interface RatingSeries {
  readonly labels: readonly string[];
  readonly red: readonly number[];
  readonly black: readonly number[];
  readonly overall: readonly number[];
  /** The lines' names in the page's language. */
  readonly names: { readonly red: string; readonly black: string; readonly overall: string };
}

export interface PointsSeries {
  readonly labels: readonly string[];
  readonly scores: readonly number[];
  readonly name: string;
}

type Fmt = (n: number) => string;

/**
 * A date label only where the date changes: several games of one evening share a date, and the
 * axis would repeat it («1 мар. 1 мар. 1 мар.»). Chart.js hides a tick whose label is null.
 */
export function dateTick(labels: readonly string[]): (v: string | number, index: number) => string | null {
  return (v) => {
    const i = Number(v);
    const label = labels[i];
    if (label === undefined) return null;
    return i > 0 && labels[i - 1] === label ? null : label;
  };
}

/**
 * Dates across, numbers up: 12 px, at most 5 dates, never slanted. The y ticks are whole numbers
 * (`precision: 0`): the labels are rounded to whole points, so a step of 0,5 would print «999 999 1000».
 */
function axes(c: ChartColors, tick: Fmt, beginAtZero: boolean, labels: readonly string[]): ChartOptions<'line'>['scales'] {
  const font = { size: FONT_SIZE };
  return {
    x: { ticks: { color: c.text, font, maxRotation: 0, autoSkip: true, autoSkipPadding: 12, maxTicksLimit: MAX_X_TICKS, callback: dateTick(labels) }, grid: { display: false } },
    y: { beginAtZero, ticks: { color: c.text, font, maxTicksLimit: 6, precision: 0, callback: (v: string | number) => tick(Number(v)) }, grid: { color: c.grid } },
  };
}

function plugins(c: ChartColors, format: Fmt, legend: boolean) {
  return {
    legend: { display: legend, position: 'bottom' as const, labels: { color: c.text, font: { size: FONT_SIZE }, usePointStyle: true, pointStyle: 'line' as const, boxWidth: 24 } },
    tooltip: { callbacks: { label: (ctx: { dataset: { label?: string }; parsed: { y: number | null } }) => `${ctx.dataset.label ?? ''}: ${format(ctx.parsed.y ?? 0)}` } },
  };
}

/** Red, black and overall after each game: three lines told apart by colour and by dash. */
export function ratingChart(s: RatingSeries, c: ChartColors, format: Fmt): { data: ChartData<'line'>; options: ChartOptions<'line'> } {
  const radius = s.labels.length > 30 ? 0 : 3;
  const line = (label: string, data: readonly number[], color: string, dash: number[], width: number) => ({
    label, data: [...data], borderColor: color, backgroundColor: color, borderDash: dash, borderWidth: width, pointRadius: radius, tension: 0,
  });
  return {
    data: {
      labels: [...s.labels],
      datasets: [line(s.names.red, s.red, c.red, [], 2), line(s.names.black, s.black, c.black, [6, 4], 2), line(s.names.overall, s.overall, c.overall, [2, 3], 3)],
    },
    options: { responsive: true, maintainAspectRatio: false, animation: false, interaction: { mode: 'index', intersect: false }, scales: axes(c, format, false, s.labels), plugins: plugins(c, format, true) },
  };
}

/** His score at each evening: one bar an evening; the axis in whole points (`tick`), the tooltip as the table (`format`). */
export function pointsChart(s: PointsSeries, c: ChartColors, format: Fmt, tick: Fmt = format): { data: ChartData<'bar'>; options: ChartOptions<'bar'> } {
  return {
    data: { labels: [...s.labels], datasets: [{ label: s.name, data: [...s.scores], backgroundColor: c.bar, borderRadius: 4, maxBarThickness: 40 }] },
    options: { responsive: true, maintainAspectRatio: false, animation: false, scales: axes(c, tick, true, s.labels), plugins: plugins(c, format, false) },
  };
}
