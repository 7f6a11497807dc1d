import type { Command, GameView, Pending, RoleId } from '@mafia/engine';
import type { TimerView } from '@mafia/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** An eliminated player: the step is shown, with no controls. */
  readonly spectator?: boolean;
}

interface Choice {
  readonly key: string;
  readonly picked: readonly number[];
  readonly role: RoleId | null;
  readonly done: boolean;
}

/**
 * One night step on every phone (R-NIGHT-4): the step from the shared clock, the same seat grid and
 * the same confirm button for everyone. The seat whose open act belongs to the step sends it; every
 * other phone runs the same controls as a decoy that sends nothing. Both end in «Принято».
 */
export function NightPanel({ view, pending, seat, timer, now, send, spectator = false }: NightPanelProps) {
  const { t } = useTranslation('player');
  const n = view.phase.kind === 'night' ? view.phase.n : 0;
  const clock = nightClock(view, timer, now);
  const steps = view.nightSteps;
  const step = clock.step;
  const decision = nightDecision(view, pending, seat, step);
  const key = `${n}:${step}`;
  const [choice, setChoice] = useState<Choice>({ key, picked: [], role: null, done: false });
  const cur: Choice = choice.key === key ? choice : { key, picked: [], role: null, done: false };
  const spec = steps[step];
  const max = decision.kind === 'real' && decision.needsTarget2 ? 2 : 1;
  const forbidden = decision.kind === 'real' ? decision.forbidden : [];
  const alive = (s: number) => view.seats.find((x) => x.seat === s)?.alive === true;

  const pick = (s: number) => {
    // The same rule on every phone: only alive seats; a real act's forbidden seats are not taken.
    if (cur.done || !alive(s) || forbidden.includes(s)) return;
    let picked: number[];
    if (cur.picked.includes(s)) picked = cur.picked.filter((x) => x !== s);
    else if (max === 1) picked = [s];
    else picked = cur.picked.length >= max ? [...cur.picked.slice(1), s] : [...cur.picked, s];
    setChoice({ ...cur, picked });
  };
  const ready = cur.picked.length >= 1 && (decision.kind !== 'real' || ((!decision.needsTarget2 || cur.picked.length === 2) && (!decision.needsRole || cur.role !== null)));
  const confirm = () => {
    if (!ready || cur.done) return;
    setChoice({ ...cur, done: true });
    if (decision.kind !== 'real') return; // the decoy: same controls, nothing sent
    const cmd = actCommand(seat, decision, cur.picked[0] ?? null, cur.picked[1] ?? null, cur.role);
    if (cmd) send(cmd).catch(() => setChoice((c) => (c.key === key ? { ...c, done: false } : c)));
  };

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
              <select className="input" data-testid="act-role" value={cur.role ?? ''} disabled={cur.done} onChange={(e) => setChoice({ ...cur, role: (e.target.value || null) as RoleId | null })}>
                <option value="">{t('night.rolePlaceholder')}</option>
                {ROLE_IDS.map((r) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`, { ns: 'common' })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Button variant="primary" size="large" block data-testid="act-submit" data-done={cur.done} disabled={!ready || cur.done} onClick={confirm}>
            {cur.done ? t('night.accepted') : t('night.confirm')}
          </Button>
          {/* The same words on every phone after «Принято» (a decoy's too): they tell no one who checks. */}
          {cur.done ? <p className="muted" data-testid="answer-where" style={{ margin: 0 }}>{t('night.answerWhere')}</p> : null}
        </>
      )}
    </section>
  );
}
