import type { GameView, RoleId } from '@mafia/engine';
import type { RoomState } from '../../net/client';
import { Button } from '../../ui';
import { isMorning, lastNight, nightDeaths, type StepActor } from './logic';
import { NightRecord } from './NightRecord';
import type { StepAct } from './nightRecord';
import { ROLE_IDS } from './script';
import type { Tx } from './types';

/** The night on the host console: the step being called, who acts in it, the extra fields of an act, tonight's record. */
export function NightPanel(p: {
  t: Tx; view: GameView; step: number; setStep: (n: number) => void; actors: StepActor[]; actor: StepActor | null; setActorSeat: (n: number) => void;
  picked: number | null; target2: number | null; setTarget2: (n: number | null) => void; roleGuess: RoleId | null; setRoleGuess: (r: RoleId | null) => void;
  roleName: (r: RoleId | undefined | null) => string; byStep: readonly (readonly StepAct[])[];
}) {
  const { t, view, step, actors, actor } = p;
  // Every act of the step is in once one stands for it (no actor is left to pick): «Все действия … получены».
  const stepDone = (p.byStep[step]?.length ?? 0) > 0;
  const total = view.nightSteps.length;
  return (
    <section className="card stack" data-testid="night-panel" aria-label={t('act.title')}>
      {total > 0 ? (
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <Button data-testid="step-prev" label={t('step.prev')} disabled={step <= 0} onClick={() => p.setStep(Math.max(0, step - 1))}>
            ‹
          </Button>
          <span data-testid="night-step" data-step={step}>
            {t('step.label', { n: step + 1, total })}
          </span>
          <Button data-testid="step-next" label={t('step.next')} disabled={step >= total - 1} onClick={() => p.setStep(Math.min(total - 1, step + 1))}>
            ›
          </Button>
        </div>
      ) : null}
      {actors.length === 0 ? <span className="muted" data-testid="step-status" data-done={stepDone}>{t(stepDone ? 'step.allIn' : 'step.none')}</span> : null}
      {actors.length > 0 ? (
        <div className="row" role="group" aria-label={t('act.title')}>
          {actors.map((a) => (
            <Button key={a.seat} data-testid={`act-actor-${a.seat}`} aria-pressed={actor?.seat === a.seat} variant={actor?.seat === a.seat ? 'primary' : 'default'} onClick={() => p.setActorSeat(a.seat)}>
              {t('act.actor', { seat: a.seat, role: p.roleName(a.role), act: t(`act.names.${a.act}`) })}
            </Button>
          ))}
        </div>
      ) : null}
      {actor?.needsTarget2 ? (
        <label className="field">
          <span>{t('act.target2')}</span>
          <select className="input" data-testid="act-target2" value={p.target2 ?? ''} onChange={(e) => p.setTarget2(e.target.value ? Number(e.target.value) : null)}>
            <option value="">—</option>
            {view.seats.filter((s) => s.alive).map((s) => (
              <option key={s.seat} value={s.seat}>
                {s.seat} {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {actor?.needsRole ? (
        <label className="field">
          <span>{t('act.role')}</span>
          <select className="input" data-testid="act-role" value={p.roleGuess ?? ''} onChange={(e) => p.setRoleGuess((e.target.value || null) as RoleId | null)}>
            <option value="">—</option>
            {ROLE_IDS.map((r) => (
              <option key={r} value={r}>
                {p.roleName(r)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <NightRecord t={t} view={view} byStep={p.byStep} step={step} roleName={p.roleName} />
    </section>
  );
}

/** The morning: who died in the night and the answers the host gave. */
export function MorningPanel({ t, view, log }: { t: Tx; view: GameView; log: RoomState['log'] }) {
  if (!isMorning(view)) return null;
  const died = nightDeaths(view, log);
  const night = lastNight(log);
  const answers = night && night.n === (view.phase.kind === 'day' ? view.phase.n : -1) ? night.results : [];
  return (
    <section className="card stack" data-testid="morning" aria-label={t('morning.title')}>
      <strong>{t('morning.title')}</strong>
      <span data-testid="morning-died" data-seats={died ? died.join(',') : ''}>
        {died === null ? t('morning.unknown') : died.length > 0 ? t('morning.died', { seats: died.join(', № '), count: died.length }) : t('morning.nobody')}
      </span>
      {answers.map((r, i) => (
        <span key={i} className="muted">
          {t('morning.answer', { by: r.by, target: r.target, answer: t(`answers.${r.answer}`) })}
        </span>
      ))}
    </section>
  );
}
