import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'ghost';

type Named =
  | { readonly children: ReactNode; readonly label?: string }
  /** An icon-only button must say what it does. */
  | { readonly children?: ReactNode; readonly label: string };

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> &
  Named & {
    readonly variant?: ButtonVariant;
    readonly size?: 'normal' | 'large';
    readonly block?: boolean;
  };

/**
 * A button at least 48 px each way (var(--touch)), with an accessible name always: its text, or
 * `label` (aria-label) when it shows only an icon or a number.
 */
export function Button({ variant = 'default', size = 'normal', block = false, label, className, type = 'button', children, ...rest }: ButtonProps) {
  const cls = ['btn', variant !== 'default' && `btn-${variant}`, size === 'large' && 'btn-large', block && 'btn-block', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={cls} aria-label={label} {...rest}>
      {children ?? label}
    </button>
  );
}
