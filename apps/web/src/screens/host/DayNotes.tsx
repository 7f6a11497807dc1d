import type { GameView, ProjectedEvent } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { useMemo } from 'react';
import { describeEvent } from './history';
import { effectiveEvents } from './logic';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

const list = (seats: readonly number[]) => seats.join(', № ');

/**
 * What the host must keep in view during the day besides the script: who gives his last word now
 * and who after him (each his own, day.lastWords in order), and during defence the nominees.
 */
export function DayNotes({ t, view }: { t: Tx; view: GameView }) {
  const d = view.day;
  if (!d) return null;
  if (d.stage === 'lastWords' && d.lastWords.length > 0) {
    const [now, ...rest] = d.lastWords;
    return (
      <section className="card stack" data-testid="last-words" data-seats={d.lastWords.join(',')}>
        <strong>{t('lastWords.speaker', { seat: now })}</strong>
        {rest.length > 0 ? <span className="muted">{t('lastWords.queue', { seats: list(rest) })}</span> : null}
      </section>
    );
  }
  if (d.stage === 'defence') {
    return (
      <section className="card stack" data-testid="defence" data-seats={d.candidates.join(',')}>
        {d.speaker !== null ? <strong>{t('defence.speaker', { seat: d.speaker })}</strong> : null}
        <span>{t('defence.nominees', { seats: list(d.candidates) })}</span>
      </section>
    );
  }
  return null;
}

type Result = Extract<ProjectedEvent, { type: 'VoteCounted' | 'LiftVoteCounted' | 'DayResolved' }>;

/** Today's counts and outcomes in the log, oldest first (from the day's DayStarted on). */
export function todaysResults(log: readonly LogItem[]): Result[] {
  let out: Result[] = [];
  for (const e of effectiveEvents(log)) {
    if (e.type === 'DayStarted' || e.type === 'NightStarted') out = [];
    else if (e.type === 'VoteCounted' || e.type === 'LiftVoteCounted' || e.type === 'DayResolved') out.push(e);
  }
  return out;
}

/** After every vote round, its count and result (a tie says who is tied), until the night. */
export function ResultsPanel({ t, log }: { t: Tx; log: readonly LogItem[] }) {
  const results = useMemo(() => todaysResults(log), [log]);
  if (results.length === 0) return null;
  return (
    <section className="card stack" data-testid="vote-results" aria-label={t('results.title')}>
      <strong>{t('results.title')}</strong>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {results.map((e, i) => (
          <li key={i} data-type={e.type}>
            {describeEvent(e, t)}
          </li>
        ))}
      </ul>
    </section>
  );
}
