import type { ReactNode } from 'react';
import { roleName } from '../../../i18n/roleName';
import type { DayStep, GameSeat, NightStep, PageStep } from '@mafia/protocol';
import { winnerName } from '../common/bits';
import { formatGamePoints } from '../member/format';
import { dayBlocks, nightLines, seatNamer } from './describe';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** What the story needs of a game: the members' page (GamePage) and the public page (PublicGame) both have it. */
export interface StoryGame {
  readonly game: { readonly tableNo: number | null; readonly gameNo: number | null; readonly preset: string; readonly winner: string | null; readonly endedAt: number };
  readonly seats: readonly (Omit<GameSeat, 'userId'> & { readonly userId?: string | null; readonly guest?: boolean })[];
  readonly timeline: readonly PageStep[];
  readonly protocolUnavailable?: string;
}

export function gameTitle(t: Tx, g: StoryGame): string {
  return g.game.tableNo !== null && g.game.gameNo !== null ? t('game.tableGame', { table: g.game.tableNo, game: g.game.gameNo }) : t('game.paperGame');
}

/**
 * An ended game told in words (the members' game page and the club's public page): who won, the
 * seats with their players, roles and points, then night by night and day by day every act, check,
 * nomination and vote, and who left and how. `who` renders a seat's player (a link to a member on
 * the members' page, the bare name on the public one); `voided` is the mark of a voided game.
 */
export function GameStory({ t, g, lng, who, voided }: { readonly t: Tx; readonly g: StoryGame; readonly lng: string; readonly who: (seat: StoryGame['seats'][number]) => ReactNode; readonly voided?: ReactNode }) {
  const names = seatNamer(g.seats);
  const preset = g.game.preset;
  const fiim = g.seats.some((s) => s.tournamentPoints !== undefined);
  return (
    <>
      <p>
        <strong data-testid="game-winner">{g.game.winner === 'draw' ? t('game.draw') : t('game.winner', { team: winnerName(t, g.game.winner) })}</strong>
        {' · '}
        {t(`presets.${preset}`, { ns: 'common', defaultValue: preset })}
        {' · '}
        {new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(g.game.endedAt)}
      </p>
      {voided}
      <div className="club-scroll">
        <table className="club-table" aria-label={t('game.seatsTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('game.cols.seat')}</th>
              <th scope="col">{t('game.cols.nickname')}</th>
              <th scope="col">{t('game.cols.role')}</th>
              <th scope="col">{t('game.cols.points')}</th>
              {fiim ? <th scope="col">{t('game.cols.tournamentPoints')}</th> : null}
              <th scope="col">{t('game.cols.won')}</th>
            </tr>
          </thead>
          <tbody>
            {g.seats.map((s) => (
              <tr key={s.seat} data-testid={`game-seat-${s.seat}`}>
                <td>{s.seat}</td>
                <td>{who(s)}</td>
                <td>{roleName(t, preset, s.role)}</td>
                <td data-col="points">{formatGamePoints(s.points, lng)}</td>
                {fiim ? <td data-col="tournamentPoints">{formatGamePoints(s.tournamentPoints ?? 0, lng)}{s.marked ? ` (${t('game.marked')})` : ''}</td> : null}
                <td data-col="won">{s.won ? t('game.yes') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {g.protocolUnavailable !== undefined ? (
        <p className="muted" data-testid="game-no-protocol">
          {t('game.noProtocol')} <code>{g.protocolUnavailable}</code>
        </p>
      ) : null}
      <ol className="stack game-steps" style={{ listStyle: 'none', padding: 0 }}>
        {g.timeline.map((step) =>
          'night' in step ? (
            <li key={`n${step.night}`} className="card stack" data-testid={`night-${step.night}`}>
              <h2 className="club-h">{t('game.night', { n: step.night })}</h2>
              <ul>
                {nightLines(t, preset, names, step as NightStep).map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={`d${(step as DayStep).day}`} className="card stack" data-testid={`day-${(step as DayStep).day}`}>
              <h2 className="club-h">{t('game.day', { n: (step as DayStep).day })}</h2>
              {dayBlocks(t, names, step as DayStep).map((b, i) => (
                <section key={i}>
                  <h3 style={{ margin: '4px 0', fontSize: '1rem' }}>{b.title}</h3>
                  <ul>
                    {b.lines.map((l, k) => (
                      <li key={k}>{l}</li>
                    ))}
                  </ul>
                </section>
              ))}
            </li>
          ),
        )}
      </ol>
    </>
  );
}
