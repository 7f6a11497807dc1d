import type { BalanceSetup, Change, Estimate, Suggestion } from '@mafia/bots';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { roleName } from '../../../i18n/roleName';
import type { BalanceLabState } from './useBalanceLab';

const pct = (x: number): string => (x * 100).toFixed(0);

/** A change the lab suggests, in the clubs' words: «один мирный житель → Доктор», «Первая ночь: Только проверки». */
function ChangeText({ change, preset }: { change: Change; preset: string }) {
  const { t } = useTranslation('create');
  if (change.kind === 'role') {
    const role = roleName(t, preset, change.role);
    return <>{change.delta === 1 ? t('balance.change.roleUp', { role }) : t('balance.change.roleDown', { role })}</>;
  }
  const value = typeof change.value === 'boolean'
    ? t(change.value ? 'options.yes' : 'options.no')
    : t(`option.${change.name}.values.${change.value}` as 'value.open', { defaultValue: t(`value.${change.value}` as 'value.open', { defaultValue: change.value }) });
  return <>{t('balance.change.option', { option: t(`option.${change.name}.label` as 'option.nights.label'), value })}</>;
}

function Figures({ estimate, preset }: { estimate: Estimate; preset: string }) {
  const { t } = useTranslation('create');
  const town = estimate.sides.town;
  const others = Object.entries(estimate.sides).filter(([k, w]) => k !== 'town' && k !== 'mafia' && w.wins > 0);
  return (
    <div data-testid="balance-estimate" data-games={estimate.games} data-town={estimate.town.toFixed(4)} data-verdict={estimate.verdict}>
      <p>
        <strong>{t('balance.town', { pct: pct(town.rate), low: pct(town.low), high: pct(town.high) })}</strong>
        {' · '}
        {t('balance.mafia', { pct: pct(estimate.sides.mafia.rate) })}
        {others.map(([k, w]) => (
          <span key={k}>
            {' · '}
            {t('balance.other', { side: k === 'draw' ? t('balance.draw') : roleName(t, preset, k), pct: pct(w.rate) })}
          </span>
        ))}
      </p>
      <p className="muted create-help">{t('balance.games', { count: estimate.games })}</p>
      <p data-testid="balance-verdict" className={estimate.verdict === 'fair' ? '' : 'create-warn'}>
        {t(`balance.verdict.${estimate.verdict}`)}
      </p>
    </div>
  );
}

/**
 * The balance lab on the create form (issue 27): the heuristic bots play the chosen table in the
 * browser's workers; the estimate narrows as games come in, and an unfair table gets the smallest
 * change the lab found, applied with one tap.
 */
export function BalancePanel({ lab, setup, onApply }: { lab: BalanceLabState; setup: BalanceSetup | null; onApply: (s: Suggestion) => void }) {
  const { t } = useTranslation('create');
  if (!lab.available) return null;
  const preset = setup?.preset ?? '';
  return (
    <section className="card stack" data-testid="balance" aria-live="polite">
      <h2 className="create-summary">{t('balance.title')}</h2>
      <p className="muted create-help">{t('balance.hint')}</p>
      {setup === null ? <p className="muted" data-testid="balance-unavailable">{t('balance.unavailable')}</p> : null}
      {setup !== null && lab.estimate === null ? <p className="muted">{t('balance.waiting')}</p> : null}
      {setup !== null && lab.estimate ? <Figures estimate={lab.estimate} preset={preset} /> : null}
      {lab.searching ? <p className="muted" data-testid="balance-searching">{t('balance.searching')}</p> : null}
      {lab.searched && lab.suggestion === null && lab.estimate?.verdict !== 'fair' ? <p className="muted" data-testid="balance-none">{t('balance.none')}</p> : null}
      {lab.suggestion ? (
        <div className="stack" data-testid="balance-suggestion" data-town={lab.suggestion.estimate.town.toFixed(4)}>
          <p>
            {t('balance.suggest', { pct: pct(lab.suggestion.estimate.town) })}{' '}
            {lab.suggestion.changes.map((c, i) => (
              <span key={i}>
                {i > 0 ? t('balance.and') : ''}
                <ChangeText change={c} preset={preset} />
              </span>
            ))}
          </p>
          <Button data-testid="balance-apply" onClick={() => onApply(lab.suggestion!)}>
            {t('balance.apply')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
