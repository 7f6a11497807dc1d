import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A chart as a figure: its caption, the drawing (`role="img"`, named by a one-sentence summary;
 * the chart library loads lazily, so it is drawn inside Suspense) and its text alternative, a table
 * with the same numbers. The table is always in the page for assistive technology (visually
 * hidden) and shown to everyone by «Показать таблицу»; the CSV link sits beside the toggle.
 */
export function ChartFigure({ testId, title, summary, chart, table, csv }: {
  readonly testId: string;
  readonly title: string;
  readonly summary: string;
  readonly chart: ReactNode;
  readonly table: ReactNode;
  readonly csv: ReactNode;
}) {
  const { t } = useTranslation('club');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <figure className="profile-figure stack" data-testid={testId}>
      <figcaption>
        <h2 className="club-h">{title}</h2>
      </figcaption>
      <div className="profile-chart" role="img" aria-label={summary}>
        <Suspense fallback={<p className="muted">{t('profile.chartLoading')}</p>}>{chart}</Suspense>
      </div>
      <div className="row">
        <button type="button" className="btn" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {t(open ? 'profile.hideTable' : 'profile.showTable')}
        </button>
        {csv}
      </div>
      <div id={id} className={open ? 'club-scroll' : 'visually-hidden'} data-open={open}>
        {table}
      </div>
    </figure>
  );
}

/** A chart's place when there is nothing to draw: its heading and why (no figure, no empty axes). */
export function NoChart({ testId, title, text }: { readonly testId: string; readonly title: string; readonly text: string }) {
  return (
    <section className="stack" data-testid={testId}>
      <h2 className="club-h">{title}</h2>
      <p className="muted">{text}</p>
    </section>
  );
}
