import type { OptionSpec } from '@mafia/engine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseOption, type OptionValue } from './model';

/** One option of the preset on the create form: a checkbox, a select or a number, with its help sentence and its refusal. */
export function OptionField({ spec, value, onChange, error }: { spec: OptionSpec; value: OptionValue; onChange: (v: OptionValue) => void; error: ReactNode }) {
  const { t } = useTranslation('create');
  const id = `option-${spec.name}`;
  // A yes/no option says what its current state means (on and off each have their sentence).
  const helpKey = spec.kind === 'boolean' ? `option.${spec.name}.${value === true ? 'on' : 'off'}` : `option.${spec.name}.help`;
  const help = (
    <span className="muted create-help" id={`${id}-help`} data-testid={`${id}-help`}>
      {t(helpKey as 'option.nights.help', { defaultValue: t(`option.${spec.name}.help`) })}
    </span>
  );
  if (spec.kind === 'boolean') {
    return (
      <div>
        <label className="create-choice">
          <input type="checkbox" data-testid={id} aria-describedby={`${id}-help`} checked={value === true} onChange={(e) => onChange(parseOption(spec, e.target.checked))} />
          <span>
            <strong>{t(`option.${spec.name}.label`)}</strong>
            {help}
          </span>
        </label>
        {error}
      </div>
    );
  }
  return (
    <div>
      <label className="field">
        <span>{t(`option.${spec.name}.label`)}</span>
        {spec.kind === 'enum' ? (
          <select className="input" data-testid={id} aria-describedby={`${id}-help`} value={String(value)} onChange={(e) => onChange(parseOption(spec, e.target.value))}>
            {(spec.values ?? []).map((v) => (
              <option key={v} value={v}>
                {/* A word like "no" means something else in each option: its own word first, then the common one. */}
                {t(`option.${spec.name}.values.${v}` as 'value.open', { defaultValue: t(`value.${v}` as 'value.open', { defaultValue: v }) })}
              </option>
            ))}
          </select>
        ) : (
          <input
            className="input"
            type="number"
            inputMode={spec.kind === 'integer' ? 'numeric' : 'decimal'}
            step={spec.kind === 'integer' ? 1 : 'any'}
            data-testid={id}
            aria-describedby={`${id}-help`}
            min={spec.min}
            max={spec.max}
            value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
            onChange={(e) => onChange(parseOption(spec, e.target.value === '' ? 'NaN' : e.target.value))}
          />
        )}
        {help}
      </label>
      {error}
    </div>
  );
}
