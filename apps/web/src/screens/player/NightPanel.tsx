import type { Command, GameView, Pending, RoleId } from '@mafia/engine';
import type { TimerView } from '@mafia/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asRefusal, refusalText, type RefusalLike } from '../../i18n/refusals';
import { formatClock } from '../../net/useCountdown';
import { Button, SeatGrid, type SeatInfo } from '../../ui';
import { actCommand, nightClock, nightDecision, ROLE_IDS } from './logic';

export interface NightPanelProps {
  readonly view: GameView;
  readonly pending: readonly Pending[];
  readonly seat: number;
  readonly timer: TimerView | null;
  /** The server's clock now (epoch ms). */
  readonly now: number;
  readonly send: (cmd: Command) => Promise<unknown>;
  /**
   * A decoy tap of seat `by` at night step `step` (RoomClient.tap): recorded by the server for this
   * seat alone and acked as an act is, so its «Принято» means recorded too, and it fails and waits
   * the same way.
   */
  readonly tap: (by: number, step: number) => Promise<unknown>;
  /** The connection is up (RoomState.status `open`). */
  readonly online: boolean;
  /** An eliminated player: the step is shown, with no controls. */
  readonly spectator?: boolean;
}

interface Choice {
  readonly key: string;
  readonly picked: readonly number[];
  readonly role: RoleId | null;
  /** `sending`: waiting for the server; `done`: the server recorded the tap (the act, or the decoy tap). */
  readonly status: 'idle' | 'sending' | 'done';
  readonly error: RefusalLike | null;
}

/**
 * One night step on every phone (R-NIGHT-4): the step the human host opened (or, when the app
 * hosts, the shared clock's), the same seat grid and the same confirm button for everyone. The seat
 * whose open act belongs to the step sends it; every other phone sends a decoy tap (`tap`), which
 * the server records for that seat alone. Either way «Принято» shows only once the server has
 * recorded the tap (a refusal shows why, and he may tap again), so the word is the same on every
 * phone and true on every phone (docs/decisions.md, issue 23).
 */
export function NightPanel({ view, pending, seat, timer, now, send, tap, online, spectator = false }: NightPanelProps) {
  const { t } = useTranslation('player');
  const n = view.phase.kind === 'night' ? view.phase.n : 0;
  const clock = nightClock(view, timer, now);
  const steps = view.nightSteps;
  const step = clock.step;
  const decision = nightDecision(view, pending, seat, step);
  const key = `${n}:${step}`;
  const [choice, setChoice] = useState<Choice>({ key, picked: [], role: null, status: 'idle', error: null });
  const cur: Choice = choice.key === key ? choice : { key, picked: [], role: null, status: 'idle', error: null };
  const spec = steps[step];
  const max = decision.kind === 'real' && decision.needsTarget2 ? 2 : 1;
  const forbidden = decision.kind === 'real' ? decision.forbidden : [];
  const alive = (s: number) => view.seats.find((x) => x.seat === s)?.alive === true;

  const pick = (s: number) => {
    // The same rule on every phone: only alive seats; a real act's forbidden seats are not taken.
    if (cur.status !== 'idle' || !alive(s) || forbidden.includes(s)) return;
    let picked: number[];
    if (cur.picked.includes(s)) picked = cur.picked.filter((x) => x !== s);
    else if (max === 1) picked = [s];
    else picked = cur.picked.length >= max ? [...cur.picked.slice(1), s] : [...cur.picked, s];
    setChoice({ ...cur, picked, error: null });
  };
  const ready = cur.picked.length >= 1 && (decision.kind !== 'real' || ((!decision.needsTarget2 || cur.picked.length === 2) && (!decision.needsRole || cur.role !== null)));
  const confirm = () => {
    if (!ready || cur.status !== 'idle') return;
    const cmd = decision.kind === 'real' ? actCommand(seat, decision, cur.picked[0] ?? null, cur.picked[1] ?? null, cur.role) : null;
    if (decision.kind === 'real' && !cmd) return;
    setChoice({ ...cur, status: 'sending', error: null });
    const answered = (patch: Partial<Choice>) => setChoice((c) => (c.key === key ? { ...c, ...patch } : c));
    // The decoy is recorded too (a tap entry only this seat is told of): the same wait, the same «Принято».
    (cmd ? send(cmd) : tap(seat, step)).then(
      () => answered({ status: 'done' }),
      (e: unknown) => answered({ status: 'idle', error: asRefusal(e) }),
    );
  };
  const label = cur.status === 'sending' ? t('night.sending') : cur.status === 'done' ? t('night.accepted') : t('night.confirm');

  const seats: SeatInfo[] = view.seats.map((s) => ({
    seat: s.seat,
    name: s.name || null,
    state: cur.picked.includes(s.seat) ? 'selected' : s.alive ? 'alive' : 'dead',
  }));
  const blocked = view.blockedTonight === true && spec !== undefined && view.me !== null && spec.wake.includes(view.me.role);

  return (
    <section className="stack" data-testid="night-step" data-step={step} aria-live="polite">
      {spec ? (
        <div className="card stack" style={{ gap: 4, background: 'var(--night)' }}>
          <strong>{t('night.step', { k: step + 1, n: steps.length })}</strong>
          <span>{t('night.wake', { roles: spec.wake.map((r) => t(`roles.${r}`, { ns: 'common' })).join(', ') })}</span>
          <span className="timer" style={{ fontSize: '1.5rem' }} role="timer" aria-label={t('night.stepLeft')}>
            {formatClock(clock.leftInStep)}
          </span>
        </div>
      ) : null}
      {spectator ? null : (
        <>
          <p className="muted" style={{ margin: 0 }}>{t('night.prompt')}</p>
          {blocked ? (
            <p className="error" role="alert" data-testid="blocked">
              {t('night.blocked')}
            </p>
          ) : null}
          <SeatGrid label={t('night.grid')} seats={seats} onSelect={pick} />
          {decision.kind === 'real' && decision.needsRole ? (
            <label className="field">
              <span>{t('night.role')}</span>
              <select className="input" data-testid="act-role" value={cur.role ?? ''} disabled={cur.status !== 'idle'} onChange={(e) => setChoice({ ...cur, role: (e.target.value || null) as RoleId | null })}>
                <option value="">{t('night.rolePlaceholder')}</option>
                {ROLE_IDS.map((r) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`, { ns: 'common' })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Button variant="primary" size="large" block data-testid="act-submit" data-status={cur.status} data-done={cur.status === 'done'} disabled={!ready || cur.status !== 'idle'} onClick={confirm}>
            {label}
          </Button>
          {cur.status === 'sending' && !online ? <p className="error" role="status" data-testid="act-offline">{t('night.offline')}</p> : null}
          {cur.error ? <p className="error" role="alert" data-testid="act-error">{refusalText(t, cur.error)}</p> : null}
          {/* The same words on every phone once the server answered (a decoy's too): they tell no one who checks. */}
          {cur.status === 'done' ? <p className="muted" data-testid="answer-where" style={{ margin: 0 }}>{t('night.answerWhere')}</p> : null}
        </>
      )}
    </section>
  );
}
