import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../i18n/refusals';
import type { FieldError } from './check';

/** The sheet's errors by field key, for every field of the form. */
export const SheetErrors = createContext<ReadonlyMap<string, FieldError>>(new Map());

/** The id of a field's error note (for `aria-describedby`). */
export const noteId = (key: string): string => `paper-err-${key.replace(/\./g, '-')}`;

/** The props that tie an input to its field's error: `aria-invalid` and `aria-describedby`. */
export function useFieldProps(key: string) {
  const error = useContext(SheetErrors).get(key);
  return error ? { 'aria-invalid': true as const, 'aria-describedby': noteId(key) } : {};
}

/**
 * The error of the field `key` in the page's language, beside it: a rule the engine refused in the
 * refusals catalogue's words, the form's own checks in `club:paper.errors` (never a code or a path).
 */
export function FieldNote({ field }: { readonly field: string }) {
  const { t } = useTranslation('club');
  const error = useContext(SheetErrors).get(field);
  if (!error) return null;
  const text = error.source === 'rule' ? refusalText(t, { code: error.code }) : t(`paper.errors.${error.code}` as 'paper.errors.twice', { defaultValue: t('paper.errors.field') });
  return (
    <p className="error club-error" role="alert" id={noteId(field)} data-testid={noteId(field)} data-code={error.code}>
      {text}
    </p>
  );
}
