import type { GameView, RoleId } from '@mafia/engine';
import type { StepAct } from './nightRecord';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/**
 * The console's record of tonight (issue 23 point 1): under each step of the night script, the acts
 * that came in for it, which seat made each and whether it came from the seat's phone or the host
 * entered it. The step being called is marked, so the host sees at a glance whether its acts are in.
 */
export function NightRecord({ t, view, byStep, step, roleName }: { t: Tx; view: GameView; byStep: readonly (readonly StepAct[])[]; step: number; roleName: (r: RoleId | undefined | null) => string }) {
  const any = byStep.some((l) => l.length > 0);
  return (
    <div data-testid="act-recorded">
      <strong>{t('act.recorded')}</strong>
      {any ? null : <p className="muted">{t('act.none')}</p>}
      {byStep.map((acts, i) => (
        <div key={i} data-testid={`recorded-step-${i}`} data-current={i === step} data-count={acts.length}>
          <span className={i === step ? undefined : 'muted'}>
            {t('act.stepHeading', { n: i + 1, roles: view.nightSteps[i]!.wake.map((r) => roleName(r)).join(', '), count: acts.length })}
          </span>
          {acts.length > 0 ? (
            <ul>
              {acts.map((r, k) => (
                <li key={k} data-from={r.from}>
                  {t('act.recordedLine', { by: r.by, act: t(`act.names.${r.act}`), target: r.target, role: roleName(view.seats[r.target - 1]?.role) })}
                  {' · '}
                  {t(r.from === 'phone' ? 'act.fromPhone' : 'act.fromHost')}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
      <p className="muted">{t('act.phones')}</p>
    </div>
  );
}
