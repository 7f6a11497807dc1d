import type { Lobby } from '@mafia/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { drawSeating, takenCount, type DrawRow } from './model';

/**
 * The host's seat draw before the start: each claimed name gets a random seat (shown, not sent);
 * the host then frees every seat so that each player takes the seat he drew.
 */
export function SeatDraw({ lobby, word, disabled, releaseAll }: { lobby: Lobby; word: () => number; disabled: boolean; releaseAll: () => void }) {
  const { t } = useTranslation('lobby');
  const [draw, setDraw] = useState<DrawRow[] | null>(null);
  return (
    <div className="stack" data-testid="seat-draw">
      <h3 className="lobby-h2">{t('draw.title')}</h3>
      <p className="muted">{t('draw.hint')}</p>
      <Button data-testid="draw-seats" disabled={takenCount(lobby) === 0} onClick={() => setDraw(drawSeating(lobby, word))}>
        {draw ? t('draw.again') : t('draw.button')}
      </Button>
      {takenCount(lobby) === 0 ? <p className="muted">{t('draw.empty')}</p> : null}
      {draw ? (
        <ol className="lobby-draw" data-testid="draw-result">
          {draw.map((r) => (
            <li key={r.from} data-seat={r.seat} data-from={r.from}>
              {t('draw.row', { name: r.name, n: r.seat })}
            </li>
          ))}
        </ol>
      ) : null}
      {draw && takenCount(lobby) > 0 ? (
        <Button variant="danger" data-testid="release-all" disabled={disabled} onClick={releaseAll}>
          {t('releaseAll')}
        </Button>
      ) : null}
    </div>
  );
}
