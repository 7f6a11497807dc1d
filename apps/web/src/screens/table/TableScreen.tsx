import type { RoleId } from '@mafia/engine';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../i18n/roleName';
import { statementText } from '../../i18n/statementText';
import type { RoomState } from '../../net/client';
import { useNarrator } from '../../narrator/useNarrator';
import type { Speaker } from '../../narrator/speaker';
import { Button, Layout, mayDealNextGame, NextGameButton, RoomClosed, RoomStatus, RoomTitle, SeatGrid, Timer, usePhaseLabel, type SeatInfo } from '../../ui';
import { AdminPanel, type AdminActions } from '../admin/AdminPanel';
import { allSeated } from '../admin/model';
import { newsWords, tableModel, type TableModel } from './model';
import { TableLobby } from './TableLobby';
import './table.css';

export interface TableScreenProps {
  readonly code: string;
  /** What the spectator connection was sent (RoomClient state). */
  readonly state: RoomState;
  /** The voice; null where the browser cannot speak (the lines are still shown). */
  readonly speaker: Speaker | null;
  /** The device clock (tests). */
  readonly now?: () => number;
  /** Deals the next game at the table (the connection's RoomClient.nextGame); shown at the end when this connection may. */
  readonly nextGame?: () => Promise<unknown>;
  /** The room admin's actions when this screen holds the admin key (its panel is shown). */
  readonly admin?: AdminActions | null;
  /** The origin of the join link in the lobby (default: the server's choice, net/joinOrigin.ts). */
  readonly origin?: string;
}

/** Ticks while `active` (a night's step changes with the time alone). */
function useNow(active: boolean, now: () => number, ms = 250): number {
  const [t, setT] = useState(now);
  useEffect(() => {
    setT(now());
    if (!active) return;
    const id = setInterval(() => setT(now()), ms);
    return () => clearInterval(id);
  }, [active, now, ms]);
  return t;
}

function StepLabel({ model }: { readonly model: TableModel }) {
  const { t } = useTranslation('table');
  const s = model.step;
  if (!s) return null;
  let text: string;
  if (s.kind === 'night') {
    const roles = s.wake.map((r: RoleId) => t(`roles.${r}`, { ns: 'common' })).join(', ');
    text = t('step.night', { index: s.index + 1, count: s.count, roles });
  } else if (s.stage === 'vote' && s.round > 0) {
    text = t('step.revote', { round: s.round + 1 });
  } else {
    text = t(`step.${s.stage}`);
  }
  return (
    <p className="table-step" data-testid="step" data-kind={s.kind} data-step={s.kind === 'night' ? s.index : s.stage}>
      {text}
    </p>
  );
}

function WinnerBox({ model }: { readonly model: TableModel }) {
  const { t } = useTranslation('table');
  const w = model.winner;
  if (!w) return null;
  const text = w === 'town' || w === 'mafia' || w === 'draw' ? t(`winner.${w}`) : t('winner.role', { role: t(`roles.${w}`, { ns: 'common' }) });
  return (
    <section className="card table-winner" data-testid="winner" data-winner={w}>
      <h3>{t('winner.title')}</h3>
      <p className="table-big">{text}</p>
      {model.winners.length > 0 ? <p>{t('winner.seats', { seats: model.winners.join(', ') })}</p> : null}
    </section>
  );
}

/**
 * The table screen (a TV or a projector): the phase and step, the timer, whose turn it is, the
 * nominees and the votes, the seats, the morning news and the winner, and the narrator's controls.
 * It renders only what the spectator connection was sent.
 */
export function TableScreen({ code, state, speaker, now = Date.now, nextGame, admin = null, origin }: TableScreenProps) {
  const { t } = useTranslation('table');
  const phaseLabel = usePhaseLabel(state.view);
  // While the clock is stopped (pause) the night's steps stand still too: time is read at the pause.
  const pausedAt = state.timer?.pausedAt;
  const clockNow = useMemo(() => (pausedAt === undefined ? now : () => pausedAt - state.clockOffset), [now, pausedAt, state.clockOffset]);
  // Closed by the host: the clock, the night steps and the narrator stop at once.
  const closed = state.lobby?.closed === true;
  const clock = useNow(state.view?.phase.kind === 'night' && pausedAt === undefined && !closed, clockNow);
  const model = useMemo(() => tableModel(state, clock + state.clockOffset), [state, clock]);

  // The narrator: on by default when the app is the host (app/online), off when a human host speaks.
  const mode = state.lobby?.mode ?? null;
  const [choice, setChoice] = useState<boolean | null>(null);
  const on = choice ?? (mode === 'app' || mode === 'online');
  const [unlocked, setUnlocked] = useState(() => speaker?.isUnlocked ?? false);
  const caption = useNarrator({ view: state.view, timer: state.timer, log: state.log, clockOffset: state.clockOffset, ready: state.you !== null && !closed, on: on && !closed, speaker, now: clockNow });
  useEffect(() => {
    if (closed) speaker?.cancel();
  }, [closed, speaker]);

  const unlock = () => {
    speaker?.unlock(t('narrator.enabled'));
    setUnlocked(true);
  };
  const toggle = () => {
    const next = !on;
    setChoice(next);
    if (speaker) {
      speaker.setMuted(!next);
      // The tap is a user gesture: it unlocks speech too.
      if (next && !speaker.isUnlocked) unlock();
    }
  };

  const preset = state.view?.preset;
  // Under each seat, the last thing its player said today («Я — Комиссар»): the statements are public.
  const today = state.view?.phase.kind === 'day' ? state.view.phase.n : -1;
  const lastSaid = new Map<number, string>();
  for (const x of state.view?.said ?? []) if (x.day === today) lastSaid.set(x.by, t('said.quote', { ns: 'common', text: statementText(t, preset, x.statement) }));
  const seats: SeatInfo[] = model.seats.map((s) => {
    const notes = [s.role ? roleName(t, preset, s.role) : '', s.fouls > 0 ? t('fouls', { count: s.fouls }) : '', lastSaid.get(s.seat) ?? ''].filter(Boolean);
    // The speaking seat stands out, so the room sees whose turn it is from across the table.
    const state = !s.alive ? 'dead' : s.seat === model.speaker ? 'selected' : 'alive';
    return { seat: s.seat, name: s.name, state, ...(notes.length ? { note: notes.join(' · ') } : {}) };
  });
  const p = model.phase;

  if (closed) {
    return (
      <Layout title={<RoomTitle name={t('title')} code={code} />} actions={<RoomStatus state={state} />}>
        <RoomClosed mode={state.lobby?.mode} />
      </Layout>
    );
  }
  return (
    <Layout title={<RoomTitle name={t('title')} code={code} />} actions={<RoomStatus state={state} />}>
      <div className="table-screen" data-phase={p}>
        <section className="table-head">
          <div className="stack" style={{ gap: 4 }}>
            <h2 className="table-phase" data-testid="phase" data-phase={p} data-n={model.n}>
              {/* Before the start the room waits for players only while a seat is free. */}
              {p === 'lobby' && state.lobby && allSeated(state.lobby) ? t('admin.lobby.allSeated', { ns: 'common' }) : phaseLabel}
            </h2>
            <StepLabel model={model} />
            {state.timer?.kind === 'cards' && p === 'night' ? (
              <p className="table-step" data-testid="card-pause" role="status">
                {t('cardPause')}
              </p>
            ) : null}
          </div>
          <div className="table-timer" role="group" data-testid="timer" data-kind={state.timer?.kind ?? ''} aria-label={t('timer')}>
            {p === 'ended' ? null : <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} pausedAt={state.timer?.pausedAt} />}
          </div>
        </section>

        {p === 'lobby' && state.lobby ? <TableLobby lobby={state.lobby} origin={origin} admin={admin !== null} /> : null}

        {caption.length > 0 ? (
          <p className="table-caption" data-testid="narrator-line" aria-live="polite" aria-label={t('narrator.caption')}>
            {caption.join('. ')}
          </p>
        ) : null}

        {model.emergency && p === 'day' ? (
          <p className="card table-big" data-testid="emergency">
            {t('emergency')}
          </p>
        ) : null}

        {model.speaker !== null ? (
          <p className="table-speaker" data-testid="speaker" data-seat={model.speaker}>
            {model.lastWords[0] === model.speaker ? t('lastWordsSpeaker', { seat: model.speaker }) : t('speaker', { seat: model.speaker })}
          </p>
        ) : null}
        {model.lastWords.length > 1 ? (
          <p className="muted table-big" data-testid="last-words-queue" data-seats={model.lastWords.slice(1).join(',')}>
            {t('lastWordsQueue', { seats: model.lastWords.slice(1).join(', ') })}
          </p>
        ) : null}

        {model.news ? (
          <section className="card table-news" data-testid="news" data-died={model.news.died.join(',')}>
            <h3>{t('news.title', { n: model.news.night })}</h3>
            <p className="table-big">{t(...newsWords(model.news.died))}</p>
          </section>
        ) : null}

        {p === 'day' ? (
          <section className="card" data-testid="nominees" data-seats={model.nominations.map((x) => x.target).join(',')}>
            <h3>{t('nominees')}</h3>
            {model.nominations.length === 0 ? (
              <p className="muted">{t('noNominees')}</p>
            ) : (
              <ol className="table-nominees">
                {model.nominations.map((x) => (
                  <li key={x.target} className="table-big">
                    {t('nominatedBy', { target: x.target, by: x.by })}
                  </li>
                ))}
              </ol>
            )}
          </section>
        ) : null}

        {model.tally ? (
          <section className="card" data-testid="tally">
            <h3>{t('tally')}</h3>
            <ul className="table-tally">
              {model.tally.map((r) => (
                <li key={r.seat} data-testid={`tally-${r.seat}`} data-votes={r.votes}>
                  <span className="table-big">{t('tallyRow', { seat: r.seat, votes: r.votes })}</span>
                  {r.voters.length > 0 ? <span className="muted"> — {t('votersOf', { seats: r.voters.join(', ') })}</span> : null}
                </li>
              ))}
            </ul>
            {model.lift ? <p className="table-big" data-testid="lift">{t('lift', model.lift)}</p> : null}
          </section>
        ) : null}

        <WinnerBox model={model} />
        {p === 'ended' && nextGame && mayDealNextGame(state.you) ? <NextGameButton next={nextGame} /> : null}

        {model.seats.length > 0 ? <SeatGrid label={t('seats')} seats={seats} /> : null}

        {admin ? <AdminPanel state={state} actions={admin} /> : null}

        <section className="row table-narrator">
          <Button
            data-testid="narrator-toggle"
            aria-pressed={on}
            disabled={!speaker}
            onClick={toggle}
          >
            {on ? t('narrator.on') : t('narrator.off')}
          </Button>
          {speaker && on && !unlocked ? (
            <Button data-testid="narrator-unlock" variant="primary" size="large" onClick={unlock}>
              {t('narrator.unlock')}
            </Button>
          ) : null}
          {!speaker ? <span className="muted">{t('narrator.unsupported')}</span> : null}
        </section>
      </div>
    </Layout>
  );
}
