import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch';

export interface LayoutProps {
  readonly title: ReactNode;
  /** Right side of the header (a status, a menu); the language switch is always there. */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

/** A screen: header (title, actions, language) and a mobile-first main column. */
export function Layout({ title, actions, children }: LayoutProps) {
  return (
    <div className="layout">
      <header className="layout-header">
        <h1 className="layout-title">{title}</h1>
        {actions}
        <LanguageSwitch />
      </header>
      <main className="layout-main">{children}</main>
    </div>
  );
}
