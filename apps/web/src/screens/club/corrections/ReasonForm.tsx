import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';

/**
 * A correction behind a «details» toggle: the fields it needs (`children`), the reason it must
 * carry (it goes into the corrections log) and one button. Nothing is sent without a reason; a
 * refusal shows beside its field or under the form.
 */
export function ReasonForm({ summary, confirm, hint, onSubmit, onDone, children, testId, fieldPaths = [] }: {
  readonly summary: string;
  readonly confirm: string;
  readonly hint?: string;
  readonly onSubmit: (reason: string) => Promise<unknown>;
  readonly onDone: () => void;
  readonly children?: ReactNode;
  readonly testId: string;
  readonly fieldPaths?: readonly string[];
}) {
  const { t } = useTranslation('corrections');
  const act = useAction();
  const [reason, setReason] = useState('');
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ((await act.run(() => onSubmit(reason.trim()))) !== undefined) {
      setReason('');
      onDone();
    }
  };
  return (
    <details className="card" data-testid={testId}>
      <summary style={{ cursor: 'pointer', minHeight: 32 }}>{summary}</summary>
      <form className="club-form" onSubmit={submit} style={{ marginTop: 12 }}>
        {hint && <p className="muted" style={{ margin: 0 }}>{hint}</p>}
        {children}
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('reason')}</label>
          <input id={`${id}-reason`} className="input" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} aria-describedby={`${id}-hint`} />
          <span id={`${id}-hint`} className="muted">{t('reasonHint')}</span>
          <ErrorText error={errorAt(act.error, 'reason')} />
        </div>
        <Button type="submit" variant="primary" block disabled={act.busy || reason.trim() === ''}>
          {confirm}
        </Button>
        <ErrorText error={errorElsewhere(act.error, ['reason', ...fieldPaths])} />
        {fieldPaths.map((p) => <ErrorText key={p} error={errorAt(act.error, p)} />)}
      </form>
    </details>
  );
}
