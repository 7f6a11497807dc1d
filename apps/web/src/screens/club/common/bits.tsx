import { useTranslation } from 'react-i18next';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** The winning team's name (common:teams), or «—» while the game goes on. */
export function winnerName(t: unknown, winner: string | null): string {
  return winner ? (t as Tx)(`teams.${winner}`, { ns: 'common', defaultValue: winner }) : '—';
}

export function AnswerBadge({ answer }: { readonly answer: 'yes' | 'no' | null }) {
  const { t } = useTranslation('club');
  return (
    <span className="club-badge" data-kind={answer ?? 'none'}>
      {answer === 'yes' ? t('answer.yesShort') : answer === 'no' ? t('answer.noShort') : t('answer.noneShort')}
    </span>
  );
}
