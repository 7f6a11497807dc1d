import type { OpenRooms } from '@mafia/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { asRefusal, refusalText } from '../../i18n/refusals';
import { getOpenRooms, type HttpOptions } from '../../net/http';
import { Layout } from '../../ui';
import { ageOf, OPEN_ROOMS_REFRESH_MS, timeAgo } from './model';
import './play.css';

export interface PlayProps {
  /** For tests: where the list is asked for. */
  readonly http?: HttpOptions;
  /** For tests: how often the list is asked for again (ms). */
  readonly refreshMs?: number;
}

interface Read {
  readonly list: OpenRooms;
  /** When it arrived, on this device's clock (the rooms' ages go on from the server's `now`). */
  readonly at: number;
}

/**
 * /play — the lobby of open games: the public online rooms waiting for players (GET /api/rooms/open),
 * asked for again every few seconds. A tap on a room opens its lobby (/r/CODE), where the player
 * picks or draws a seat and types his name for this game, as with a code. Private rooms are not
 * here: they are joined by their code.
 */
export default function Play({ http, refreshMs = OPEN_ROOMS_REFRESH_MS }: PlayProps = {}) {
  const { t, i18n } = useTranslation('lobby');
  const [read, setRead] = useState<Read | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const list = await getOpenRooms(http);
        if (stopped) return;
        setRead({ list, at: Date.now() });
        setFailure(null);
      } catch (e) {
        // The last list stays on screen; the next round tries again.
        if (!stopped) setFailure(refusalText(t, asRefusal(e)));
      }
      if (!stopped) timer = setTimeout(() => void ask(), refreshMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `t` changes with the language; the loop need not start again for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, refreshMs]);

  const rooms = read?.list.rooms ?? [];
  return (
    <Layout title={t('open.title')}>
      <p className="muted">{t('open.hint')}</p>
      {failure ? (
        <p className="error" role="alert" data-testid="open-failed">
          {t('open.failed', { message: failure })}
        </p>
      ) : null}
      {read === null ? (
        failure ? null : (
          <p className="muted" role="status">
            {t('open.loading')}
          </p>
        )
      ) : rooms.length === 0 ? (
        <section className="card stack" data-testid="open-empty">
          <p>{t('open.empty')}</p>
          <p className="muted">{t('open.createHint')}</p>
          <Link className="btn btn-primary btn-large" to="/new">
            {t('open.create')}
          </Link>
        </section>
      ) : (
        <ul className="play-list" aria-label={t('open.list')} data-testid="open-rooms">
          {rooms.map((room) => {
            const preset = t(`presets.${room.preset}`, { ns: 'common', defaultValue: room.preset });
            const taken = t('open.taken', { taken: room.taken, count: room.seats });
            const language = room.language ? t(`language.${room.language}`, { ns: 'common' }) : t('open.languageUnknown');
            const age = timeAgo(i18n.language, ageOf(room, read!.list.now, read!.at, Date.now()), t('open.justNow'));
            return (
              <li key={room.code}>
                <Link className="card play-room" to={`/r/${room.code}`} data-testid={`open-${room.code}`}>
                  <span className="play-room-title">{preset}</span>
                  <span>{taken}</span>
                  <span className="muted">
                    {language} · {age} · {room.code}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link className="btn btn-block" to="/">
        {t('open.code')}
      </Link>
    </Layout>
  );
}
