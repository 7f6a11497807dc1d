import type { ChatMode } from '@mafia/engine';
import type { Lobby } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';

export interface ChatControlsProps {
  readonly lobby: Lobby;
  readonly disabled: boolean;
  readonly onMute: (seat: number, muted: boolean) => void;
  readonly onMode: (mode: ChatMode) => void;
  /** The missed steps in a row after which a bot stands in for a player (issue 26, idle players). */
  readonly onIdleLimit: (limit: number) => void;
}

const IDLE_LIMITS = [1, 2, 3] as const;

/**
 * The room admin's chat rules of an online room (issue 26, point 2): who writes in the day chat
 * (every living player, or the speaker only) and which seats may not write at all. Both are public
 * entries of the room's log: every player sees that a seat was muted.
 */
export function ChatControls({ lobby, disabled, onMute, onMode, onIdleLimit }: ChatControlsProps) {
  const { t } = useTranslation();
  const mode = lobby.chatMode ?? 'free';
  const muted = new Set(lobby.muted ?? []);
  const limit = lobby.idleLimit ?? 2;
  const seated = lobby.claimed.flatMap((name, i) => (name === null || lobby.bots?.includes(i + 1) ? [] : [i + 1]));
  return (
    <details className="stack" data-testid="admin-chat">
      <summary>{t('chat.admin.title')}</summary>
      <p className="muted">{t('chat.admin.mode')}</p>
      <div className="row" role="radiogroup" aria-label={t('chat.admin.mode')}>
        {(['free', 'speaker'] as const).map((m) => (
          <Button key={m} role="radio" aria-checked={mode === m} variant={mode === m ? 'primary' : 'default'} data-testid={`admin-chat-mode-${m}`} disabled={disabled || mode === m} onClick={() => onMode(m)}>
            {t(`chat.admin.${m}`)}
          </Button>
        ))}
      </div>
      <p className="muted">{t('chat.admin.idleLimit')}</p>
      <div className="row" role="radiogroup" aria-label={t('chat.admin.idleLimit')}>
        {IDLE_LIMITS.map((n) => (
          <Button key={n} role="radio" aria-checked={limit === n} variant={limit === n ? 'primary' : 'default'} data-testid={`admin-idle-limit-${n}`} disabled={disabled || limit === n} onClick={() => onIdleLimit(n)}>
            {String(n)}
          </Button>
        ))}
      </div>
      <ul className="admin-seats">
        {seated.map((seat) => (
          <li key={seat}>
            <Button block data-testid={`admin-mute-${seat}`} aria-pressed={muted.has(seat)} disabled={disabled} onClick={() => onMute(seat, !muted.has(seat))}>
              {t(muted.has(seat) ? 'chat.admin.unmute' : 'chat.admin.mute', { n: seat })}
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
