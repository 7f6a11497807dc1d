import type { ChatChannel, ChatMode } from '@mafia/engine';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asRefusal, refusalText, type RefusalLike } from '../../i18n/refusals';
import type { RoomState } from '../../net/client';
import { secrets } from '../../net/secrets';
import { Button, ProtocolButton } from '../../ui';
import { adminStage, isHeld, isPaused, releasable } from './model';
import { BotSeats } from './BotSeats';
import { ChatControls } from './ChatControls';
import { IdleSeats } from './IdleSeats';
import { ChatPanel } from '../chat/ChatPanel';
import { SeatCodesPanel } from './SeatCodesPanel';
import './admin.css';

/** What the panel asks of the room (RoomClient fits). */
export interface AdminActions {
  start(): Promise<number>;
  pause(): Promise<number>;
  resume(): Promise<number>;
  skip(): Promise<number>;
  undoAppStep(): Promise<number>;
  release(seat: number): Promise<number>;
  /** A bot plays the free seat `seat` (the room admin's `bot`). */
  addBot(seat: number, name: string): Promise<number>;
  closeRoom(): Promise<number>;
  /** Online rooms: the host's announcement (channel `host`), a seat muted in the chat, who writes by day. */
  say(channel: ChatChannel, text: string): Promise<number>;
  mute(seat: number, muted: boolean): Promise<number>;
  chatMode(mode: ChatMode): Promise<number>;
  /** Online rooms: the missed steps in a row after which a bot stands in for a player. */
  idleLimit(limit: number): Promise<number>;
}

export interface AdminPanelProps {
  /** The room admin's connection state (it sees what a spectator sees). */
  readonly state: RoomState;
  readonly actions: AdminActions | null;
  /** After a start the admin asked for (the lobby takes the creator to his seat or the table). */
  readonly onStarted?: () => void;
  /** How long Skip stays locked after a tap, so a double tap cannot skip the next step too (ms). */
  readonly lockMs?: number;
  /** Shown on the admin's own seat screen (an online room's creator plays too): a hint that says so. */
  readonly seated?: boolean;
}

/**
 * The room admin's controls in an app or online room (issue 11, point 1): start, pause and resume
 * the clock, skip a step, undo the app host's last step, release a seat, close the room; the app
 * host's refused step and the admin's own refusals shown as notices. Nothing here shows a role.
 */
export function AdminPanel({ state, actions, onStarted, lockMs = 700, seated = false }: AdminPanelProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(false);
  const [refusal, setRefusal] = useState<RefusalLike | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const unlock = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (unlock.current) clearTimeout(unlock.current);
  }, []);

  const stage = adminStage(state.lobby);
  const paused = isPaused(state.log, state.timer);
  const ready = actions !== null && state.status === 'open';

  const run = (f: (a: AdminActions) => Promise<unknown>, then?: () => void) => {
    if (!actions) return;
    setBusy(true);
    setRefusal(null);
    setConfirming(null);
    f(actions).then(
      () => then?.(),
      (e: unknown) => setRefusal(asRefusal(e)),
    ).finally(() => setBusy(false));
  };
  const skip = () => {
    setLocked(true);
    unlock.current = setTimeout(() => setLocked(false), lockMs);
    run((a) => a.skip());
  };
  /** A second tap on the same button does it; the first only asks (the label changes in place). */
  const confirmThen = (key: string, f: (a: AdminActions) => Promise<unknown>) => (confirming === key ? run(f) : setConfirming(key));

  return (
    <section className="card stack" data-testid="admin-panel" aria-labelledby="admin-title">
      <h2 id="admin-title" className="admin-h2">
        {t('admin.title')}
      </h2>
      <p className="muted">{t(seated ? 'admin.hintSeated' : 'admin.hint')}</p>

      {state.alert ? (
        <div className="card error" role="alert" data-testid="admin-alert" data-code={state.alert.code}>
          <strong>{t('admin.alert.title')}</strong>
          <p>{t('admin.alert.text')}</p>
        </div>
      ) : null}
      {refusal ? (
        <p className="error" role="alert" data-testid="admin-error" data-code={refusal.code}>
          {refusalText(t, refusal)}
        </p>
      ) : null}

      {stage === 'lobby' ? (
        <Button variant="primary" size="large" block data-testid="admin-start" disabled={!ready || busy} onClick={() => run((a) => a.start(), onStarted)}>
          {busy ? t('admin.starting') : t('admin.start')}
        </Button>
      ) : null}

      {stage === 'playing' ? (
        <IdleSeats seats={state.idleSeats ?? []} disabled={!ready || busy} onToBot={(seat) => run(async (a) => {
          await a.release(seat);
          await a.addBot(seat, t('admin.bots.name', { n: seat }));
        })} />
      ) : null}

      {(stage === 'lobby' || stage === 'playing') && state.lobby ? (
        <BotSeats lobby={state.lobby} disabled={!ready || busy} onAdd={(seats, name) => run(async (a) => {
          for (const seat of seats) await a.addBot(seat, name(seat));
        })} />
      ) : null}

      {stage === 'playing' ? (
        <div className="stack">
          {paused ? <p data-testid="admin-paused">{t('admin.paused')}</p> : null}
          {isHeld(state.timer) ? <p data-testid="admin-held">{t('admin.held')}</p> : null}
          <div className="row">
            {paused ? (
              <Button variant="primary" size="large" data-testid="admin-resume" disabled={!ready || busy} onClick={() => run((a) => a.resume())}>
                {t('admin.resume')}
              </Button>
            ) : (
              <Button size="large" data-testid="admin-pause" disabled={!ready || busy} onClick={() => run((a) => a.pause())}>
                {t('admin.pause')}
              </Button>
            )}
            <Button size="large" data-testid="admin-skip" disabled={!ready || busy || locked} onClick={skip}>
              {t('admin.skip')}
            </Button>
          </div>
          <p className="muted">{t('admin.skipHint')}</p>
          <Button data-testid="admin-undo" disabled={!ready || busy} onClick={() => run((a) => a.undoAppStep())}>
            {t('admin.undo')}
          </Button>
          <p className="muted">{t('admin.undoHint')}</p>
        </div>
      ) : null}

      {releasable(state.lobby).length > 0 ? (
        <details className="stack" data-testid="admin-seats">
          <summary>{t('admin.seats')}</summary>
          <p className="muted">{t('admin.releaseHint')}</p>
          <ul className="admin-seats">
            {releasable(state.lobby).map(({ seat, name }) => (
              <li key={seat}>
                <Button variant="danger" block data-testid={`admin-release-${seat}`} disabled={!ready || busy} onClick={() => confirmThen(`release-${seat}`, (a) => a.release(seat))}>
                  {confirming === `release-${seat}` ? t('admin.releaseConfirm', { n: seat }) : t('admin.release', { n: seat, name: name || '—' })}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {state.lobby?.mode === 'online' && !state.lobby.closed ? (
        <>
          <ChatControls lobby={state.lobby} disabled={!ready || busy} onMute={(seat, muted) => run((a) => a.mute(seat, muted))} onMode={(mode) => run((a) => a.chatMode(mode))} onIdleLimit={(limit) => run((a) => a.idleLimit(limit))} />
          {/* The creator who plays writes as his seat; the announcements are a host's who does not play (a TV, a laptop). */}
          {seated ? null : <ChatPanel state={state} say={(channel, text) => (actions ? actions.say(channel, text) : Promise.reject(new Error('not connected')))} />}
        </>
      ) : null}

      <SeatCodesPanel codes={state.seatCodes} />

      {state.lobby?.ended ? <ProtocolButton code={state.lobby.code} game={state.lobby.game} roomKey={secrets().getAdminKey(state.lobby.code)} /> : null}

      {stage === 'lobby' || stage === 'playing' ? (
        <Button variant="danger" data-testid="admin-close" disabled={!ready || busy} onClick={() => confirmThen('close', (a) => a.closeRoom())}>
          {confirming === 'close' ? t('admin.closeConfirm') : t('admin.close')}
        </Button>
      ) : null}
      {state.lobby?.closed ? <p data-testid="admin-closed">{t('admin.closed')}</p> : null}
    </section>
  );
}
