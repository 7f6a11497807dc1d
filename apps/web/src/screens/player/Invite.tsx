import { useTranslation } from 'react-i18next';
import { useJoinOrigin } from '../../net/joinOrigin';
import { JoinCard } from '../lobby/JoinCard';
import { joinLink } from '../lobby/model';

/**
 * An online room's seat screen before the start, while a seat is free: the room's code, the join
 * link's QR code and «Скопировать ссылку», as the lobby shows them. The creator takes his own seat
 * first and then sends the link to the club's chat (docs/online.md); without this his phone no
 * longer showed it once he sat down. `origin`: tests pass the join origin.
 */
export default function Invite({ code, free, origin }: { code: string; free: number; origin?: string }) {
  const { t } = useTranslation('player');
  const joinOrigin = useJoinOrigin(origin);
  return (
    <section className="stack" data-testid="invite">
      <p className="muted" style={{ margin: 0 }}>{t('invite', { count: free })}</p>
      <JoinCard code={code} link={joinOrigin === null ? null : joinLink(joinOrigin, code)} />
    </section>
  );
}
