import type { Said } from '@mafia/engine';
import { useTranslation } from 'react-i18next';
import { saidLine } from '../i18n/statementText';

/**
 * What was said at the table today (issue 27's statements), speaker by speaker in the order said:
 * public, so every screen may show it (view.said).
 */
export function SaidList({ said, day, preset }: { said: readonly Said[]; day: number; preset: string }) {
  const { t } = useTranslation('common');
  const today = said.filter((s) => s.day === day);
  if (today.length === 0) return null;
  return (
    <section className="card stack" data-testid="said" aria-label={t('said.title')} style={{ gap: 4 }}>
      <strong>{t('said.title')}</strong>
      <ol className="said-lines" style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {today.map((s, i) => (
          <li key={i} data-testid="said-line" data-by={s.by} data-kind={s.statement.kind}>
            {saidLine(t, preset, s)}
          </li>
        ))}
      </ol>
    </section>
  );
}
