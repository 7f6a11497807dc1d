import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EveningGame, EveningPage } from '../../../net/clubApi';
import { winnerName } from '../common/bits';
import { GameVoid, VoidedMark } from '../corrections/GameVoid';

// The score sheet brings the rules engine with it: its own chunk, loaded when the host opens it.
const ProtocolForm = lazy(() => import('../protocolForm'));

/** The evening's games (each seat linked to a member or a guest), and «Ввести протокол» for a paper game (its score sheet). */
export function Games({ page, host, admin = false, onChanged }: { readonly page: EveningPage; readonly host: boolean; readonly admin?: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation('club');
  const [open, setOpen] = useState(false);
  const games = orderGames(page.games);
  return (
    <section className="stack" aria-labelledby="ev-games">
      <h2 id="ev-games" className="club-h">
        {t('games.title')}
      </h2>
      {games.length === 0 ? (
        <p className="muted">{t('games.none')}</p>
      ) : (
        <ul className="club-list">
          {games.map((g) => (
            <li key={g.id} className="stack" style={{ gap: 6 }}>
              <div className="row" style={{ gap: 8 }}>
                <strong>
                  {g.winner !== null ? (
                    <Link to={`/club/${page.evening.clubId}/games/${g.id}`} data-testid={`game-link-${g.id}`}>
                      {gameName(t, g)}
                    </Link>
                  ) : (
                    gameName(t, g)
                  )}
                </strong>
                {g.protocol && <span className="club-badge">{t('games.protocol')}</span>}
                <VoidedMark game={g} />
                <span>{g.winner === 'draw' ? winnerName(t, g.winner) : `${t('games.winner')}: ${winnerName(t, g.winner)}`}</span>
              </div>
              <div className="muted" style={{ fontSize: '0.9rem' }}>
                {[...g.seats]
                  .sort((a, b) => a.seat - b.seat)
                  .map((s) => (s.userId === null ? `${s.seat}. ${s.nickname} (${t('paper.guestShort')})` : `${s.seat}. ${s.nickname}`))
                  .join(' · ')}
              </div>
              <GameVoid clubId={page.evening.clubId} game={g} admin={admin} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      )}
      <Link className="btn" to={`/club/${page.evening.clubId}/evenings/${page.evening.id}/results`} data-testid="evening-results-link">
        {t('evening.link', { ns: 'results' })}
      </Link>
      {host && (
        <details className="card" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
          <summary style={{ cursor: 'pointer', minHeight: 32 }}>{t('games.enterProtocol')}</summary>
          {open && (
            <Suspense fallback={<p className="muted">{t('paper.loading')}</p>}>
              <ProtocolForm clubId={page.evening.clubId} eveningId={page.evening.id} preset={page.evening.preset} onSaved={() => { setOpen(false); onChanged(); }} />
            </Suspense>
          )}
        </details>
      )}
    </section>
  );
}

/** «Стол 1, игра 2» or «Игра на бумаге 1». */
export function gameName(t: unknown, g: EveningGame & { readonly paperNo: number | null }): string {
  const tx = t as (key: string, o?: Record<string, unknown>) => string;
  return g.paperNo === null ? tx('games.tableGame', { ns: 'club', table: g.tableNo, game: g.gameNo }) : tx('games.paperGame', { ns: 'club', game: g.paperNo });
}

/**
 * The games in play order: the tables' games by table and game number, then the paper games
 * (protocols, `gameNo: null`) in the server's order, each numbered by its place among them.
 */
export function orderGames(games: readonly EveningGame[]): (EveningGame & { readonly paperNo: number | null })[] {
  let paper = 0;
  const numbered = games.map((g, i) => ({ ...g, paperNo: g.tableNo === null || g.gameNo === null ? ++paper : null, at: i }));
  const key = (g: (typeof numbered)[number]) => (g.paperNo === null ? 0 : 1);
  return numbered
    .sort((a, b) => key(a) - key(b) || (a.tableNo ?? 0) - (b.tableNo ?? 0) || (a.gameNo ?? 0) - (b.gameNo ?? 0) || a.at - b.at)
    .map(({ at: _at, ...g }) => g);
}
