import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { ClubApiError } from '../../../net/clubApi';
import { Button, type ButtonVariant } from '../../../ui';
import { ErrorText } from './errors';

/**
 * The building blocks every club form is made of, so that each form says only what it asks for: the
 * card, its heading (which names it for screen readers through aria-labelledby), labelled inputs
 * with their own refusal under them, and the submit button with the refusal that belongs to none of
 * the fields.
 */

/** A club form in a card. Without a `title` it is named by the heading `labelledBy` of the page around it. */
export function ClubForm({ labelledBy, title, onSubmit, children }: {
  readonly labelledBy: string;
  readonly title?: ReactNode;
  readonly onSubmit: (e: FormEvent) => void;
  readonly children?: ReactNode;
}) {
  return (
    <form className="card club-form" onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {title !== undefined && (
        <h2 id={labelledBy} className="club-h">
          {title}
        </h2>
      )}
      {children}
    </form>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'>;

/** One labelled input; a `hint` under it describes it (aria-describedby); the refusal of this field under that. */
export function InputField({ id, label, value, onValue, hint, error = null, ...input }: InputProps & {
  readonly id: string;
  readonly label: ReactNode;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly hint?: ReactNode;
  readonly error?: ClubApiError | null;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" value={value} onChange={(e) => onValue(e.target.value)} {...(hint !== undefined ? { 'aria-describedby': hintId } : {})} {...input} />
      {hint !== undefined && (
        <span id={hintId} className="muted">
          {hint}
        </span>
      )}
      {error && <ErrorText error={error} />}
    </div>
  );
}

/** The form's submit button, then the refusal that belongs to none of its fields. */
export function SubmitButton({ label, disabled, error, variant = 'primary' }: {
  readonly label: ReactNode;
  readonly disabled: boolean;
  readonly error: ClubApiError | null;
  readonly variant?: ButtonVariant;
}) {
  return (
    <>
      <Button type="submit" variant={variant} block disabled={disabled}>
        {label}
      </Button>
      <ErrorText error={error} />
    </>
  );
}
