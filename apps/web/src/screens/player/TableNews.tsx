import type { GameView } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import { lastNightNews, tallyOf } from '../table/model';

/**
 * What the table's screen tells the room, on a phone of an online room, where there is no table
 * screen and no host's voice: the morning's news (who left the game that night) and the day's open
 * votes, candidate by candidate with his voters (R-VOTE). Only what the seat's view and log hold,
 * which the table screen shows every viewer alike (table/model.ts).
 */
export function TableNews({ view, log }: { readonly view: GameView; readonly log: readonly LogItem[] }) {
  const { t } = useTranslation('table');
  const day = view.phase.kind === 'day' ? view.day : null;
  if (!day) return null;
  const found = lastNightNews(log);
  const news = found && found.night === day.n ? found : null;
  const tally = tallyOf(day);
  const nominations = day.stage === 'speeches' ? day.nominations : [];
  if (!news && !tally && nominations.length === 0) return null;
  return (
    <section className="card stack" data-testid="table-news" style={{ gap: 4 }}>
      {news ? (
        <p data-testid="news" data-died={news.died.join(',')} style={{ margin: 0 }}>
          {news.died.length === 0 ? t('news.nobody') : news.died.length === 1 ? t('news.killed', { seat: news.died[0] }) : t('news.killedMany', { seats: news.died.join(', ') })}
        </p>
      ) : null}
      {nominations.length > 0 ? (
        <div data-testid="nominees">
          <strong>{t('nominees')}</strong>
          <ol style={{ margin: 0, paddingLeft: '1.4em' }}>
            {nominations.map(([by, target]) => <li key={target}>{t('nominatedBy', { target, by })}</li>)}
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
