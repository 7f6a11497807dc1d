import type { Preset } from '@mafia/engine';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateForm } from './model';
import { codeOfShown, codeProblem, type CodeProblem } from './rulesCode';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyT = (...args: any[]) => unknown;

/** A bad code in words, naming the digit and its option (R-FIIM-17: "an error naming the place"). */
export function rulesCodeText(t: AnyT, p: CodeProblem): string {
  const tx = t as (key: string, opts?: Record<string, unknown>) => string;
  if (p.kind === 'length') return tx('rulesCode.badLength', { n: p.n });
  return tx('rulesCode.badDigit', { place: p.place, option: tx(`option.${p.option}.label`), digit: p.digit, max: p.max });
}

/**
 * The mafiaratings rules code (option `rulesCode`, kind `string`): typed digits set the options below
 * as soon as the engine would take them. A wrong code is named once the field is left or has its 13
 * characters (not at every keystroke of a code being typed). The line under it gives the code the
 * options make now, so a club can copy its own.
 */
export function RulesCodeField({ preset, form, onChange, error }: { preset: Preset; form: CreateForm; onChange: (code: string) => void; error: ReactNode }) {
  const { t } = useTranslation('create');
  const [left, setLeft] = useState(false);
  const code = typeof form.options.rulesCode === 'string' ? form.options.rulesCode : '';
  const problem = code === '' ? null : codeProblem(code);
  const id = 'option-rulesCode';
  return (
    <div>
      <label className="field">
        <span>{t('option.rulesCode.label')}</span>
        <input
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          data-testid={id}
          aria-describedby={`${id}-help`}
          aria-invalid={problem !== null}
          placeholder={preset.defaults.rulesCode}
          value={code}
          onChange={(e) => onChange(e.target.value.trim())}
          onBlur={() => setLeft(true)}
        />
        <span className="muted create-help" id={`${id}-help`} data-testid={`${id}-help`}>
          {t('option.rulesCode.help')}
        </span>
        <span className="muted create-help" data-testid="rules-code-now">
          {t('rulesCode.now', { code: codeOfShown(preset, form) })}
        </span>
      </label>
      {/* The form's refusal (after a submit) says the same: one message at a time. */}
      {problem && (left || code.length >= 13) && !error ? (
        <p className="error" role="alert" data-testid="rules-code-problem">
          {rulesCodeText(t, problem)}
        </p>
      ) : null}
      {error}
    </div>
  );
}
