import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EveningPage } from '@mafia/protocol';
import { winnerName } from '../common/bits';
import { gameName, orderGames } from '../common/gameNames';
import { GameVoid, VoidedMark } from '../corrections/GameVoid';
import { ClubList, TitledSection } from '../common/section';

// The score sheet brings the rules engine with it: its own chunk, loaded when the host opens it.
const ProtocolForm = lazy(() => import('../protocolForm'));

/** The evening's games (each seat linked to a member or a guest), and «Ввести протокол» for a paper game (its score sheet). */
export function Games({ page, host, admin = false, onChanged }: { readonly page: EveningPage; readonly host: boolean; readonly admin?: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation('club');
  const [open, setOpen] = useState(false);
  const games = orderGames(page.games);
  return (
    <TitledSection id="ev-games" title={t('games.title')}>
      <ClubList items={games} empty={t('games.none')}>
        {(g) => (
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
        )}
      </ClubList>
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
    </TitledSection>
  );
}
