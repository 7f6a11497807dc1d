import type { GameView } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import { newsWords, tableModel } from '../table/model';

/**
 * What the table's screen tells the room, on a phone of an online room, where there is no table
 * screen and no host's voice: the morning's news (who left the game that night), who nominated whom
 * during the speeches, and the day's open votes, candidate by candidate with his voters (R-VOTE).
 * The table screen's own model of the seat's view and log (table/model.ts), so both say the same.
 */
export function TableNews({ view, log }: { readonly view: GameView; readonly log: readonly LogItem[] }) {
  const { t } = useTranslation('table');
  // No clock is read: the night's step (the model's only use of it) is not shown by day.
  const { news, tally, nominations: named, step } = tableModel({ view, timer: null, log }, 0);
  const nominations = step?.kind === 'day' && step.stage === 'speeches' ? named : [];
  if (!news && !tally && nominations.length === 0) return null;
  return (
    <section className="card stack" data-testid="table-news" style={{ gap: 4 }}>
      {news ? (
        <p data-testid="news" data-died={news.died.join(',')} style={{ margin: 0 }}>
          {t(...newsWords(news.died))}
        </p>
      ) : null}
      {nominations.length > 0 ? (
        <div data-testid="nominees">
          <strong>{t('nominees')}</strong>
          <ol style={{ margin: 0, paddingLeft: '1.4em' }}>
            {nominations.map(({ by, target }) => <li key={target}>{t('nominatedBy', { target, by })}</li>)}
          </ol>
        </div>
      ) : null}
      {tally ? (
        <div data-testid="tally">
          <strong>{t('tally')}</strong>
          <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
            {tally.map((r) => (
              <li key={r.seat} data-testid={`tally-${r.seat}`} data-votes={r.votes}>
                {t('tallyRow', { seat: r.seat, votes: r.votes })}
                {r.voters.length > 0 ? <span className="muted"> — {t('votersOf', { seats: r.voters.join(', ') })}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
