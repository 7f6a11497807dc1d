import { useTranslation } from 'react-i18next';
import type { EveningGame } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { ReasonForm } from './ReasonForm';

/** A voided game's mark «аннулирована» with its reason (everybody sees it). */
export function VoidedMark({ game }: { readonly game: EveningGame }) {
  const { t } = useTranslation('corrections');
  if (!game.voided) return null;
  return (
    <span className="club-badge" data-kind="off" data-testid={`game-voided-${game.id}`} title={t('game.voidedReason', { reason: game.voided.reason })}>
      {t('game.voided')}
    </span>
  );
}

/** The reason under a voided game, and the admins' «Аннулировать игру» / «Вернуть игру в зачёт». */
export function GameVoid({ clubId, game, admin, onChanged }: { readonly clubId: string; readonly game: EveningGame; readonly admin: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation('corrections');
  const api = useClubApi();
  return (
    <>
      {game.voided && <div className="muted" style={{ fontSize: '0.9rem' }}>{t('game.voidedReason', { reason: game.voided.reason })}</div>}
      {admin && (game.voided ? (
        <ReasonForm summary={t('game.unvoid')} confirm={t('game.unvoidConfirm')} onSubmit={(r) => api.unvoidGame(clubId, game.id, r)} onDone={onChanged} testId={`game-unvoid-${game.id}`} />
      ) : (
        <ReasonForm summary={t('game.void')} confirm={t('game.voidConfirm')} onSubmit={(r) => api.voidGame(clubId, game.id, r)} onDone={onChanged} testId={`game-void-${game.id}`} />
      ))}
    </>
  );
}
