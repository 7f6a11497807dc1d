import { useTranslation } from 'react-i18next';
import type { Lobby } from '@mafia/protocol';
import { Button } from '../../ui';

export interface BotSeatsProps {
  readonly lobby: Lobby;
  readonly disabled: boolean;
  /** Gives the free seat `seat` to a bot named `name` (RoomClient.addBot). */
  readonly onAdd: (seats: readonly number[], name: (seat: number) => string) => void;
}

/**
 * The room admin seats bots on free seats (issue 26 point 3): before the start one seat at a time,
 * or every free seat at once, so that one person can play a whole game with nine bots; during the
 * game on a seat he freed (a player who left: the bot plays on from the seat's own view). A bot's
 * seat is freed like anyone's (Free a seat), and a person may claim it then.
 */
export function BotSeats({ lobby, disabled, onAdd }: BotSeatsProps) {
  const { t } = useTranslation();
  const free = lobby.claimed.flatMap((c, i) => (c === null ? [i + 1] : []));
  if (free.length === 0) return null;
  const name = (seat: number) => t('admin.bots.name', { n: seat });
  return (
    <details className="stack" data-testid="admin-bots">
      <summary>{t('admin.bots.title')}</summary>
      <p className="muted">{t('admin.bots.hint')}</p>
      <Button block data-testid="admin-bots-fill" disabled={disabled} onClick={() => onAdd(free, name)}>
        {t('admin.bots.fill', { count: free.length })}
      </Button>
      <ul className="admin-seats">
        {free.map((seat) => (
          <li key={seat}>
            <Button block data-testid={`admin-bot-${seat}`} disabled={disabled} onClick={() => onAdd([seat], name)}>
              {t('admin.bots.one', { n: seat })}
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
