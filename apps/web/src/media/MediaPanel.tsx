import { mediaPeer, type MediaMoment, type MediaPeer } from '@mafia/engine/media';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../i18n/refusals';
import type { RoomClient, RoomState } from '../net/client';
import { useMedia, type MediaNow } from './useMedia';
import './media.css';

/** A stream in a video element (muted: this device's own, so it does not echo). */
function StreamVideo({ stream, muted, label }: { readonly stream: MediaStream; readonly muted: boolean; readonly label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  const { t } = useTranslation('media');
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream;
    // A browser may hold back sound until the person taps the page: then a button asks for it.
    v.play().then(() => setBlocked(false), () => setBlocked(!muted));
  }, [stream, muted]);
  return (
    <>
      <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} />
      {blocked ? (
        <button type="button" className="btn media-unmute" onClick={() => void ref.current?.play().then(() => setBlocked(false), () => {})}>
          {t('playSound')}
        </button>
      ) : null}
    </>
  );
}

/** The seat whose tile is large: the speaker (his speech, defence or last word). */
const speakerOf = (m: MediaMoment): number | null => (m.kind === 'speech' ? m.speaker : null);

export interface MediaViewProps {
  readonly media: MediaNow;
  /** This device: its seat, or `host` (the room admin). */
  readonly me: MediaPeer;
  readonly seats: number;
  /** Each seat's name as the lobby shows it (null: nobody sits there); a tile names its player. */
  readonly names?: readonly (string | null)[];
  /** The seats out of the game (public: the dead, the removed): their tiles are dimmed and say so. */
  readonly out?: readonly number[];
}

/** The panel as its state says (MediaPanel feeds it; the unit tests give it a state of their own). */
export function MediaView({ media, me, seats, names = [], out = [] }: MediaViewProps) {
  const { t } = useTranslation('media');
  const speaker = speakerOf(media.moment);
  const tileOf = (peer: MediaPeer): MediaStream | null => (peer === me ? (media.transmitting ? media.local : null) : media.remote.get(peer) ?? null);
  const order = Array.from({ length: seats }, (_, i) => i + 1);
  // The speaker's tile first, large; the others in seat order.
  if (speaker !== null) order.sort((a, b) => Number(b === speaker) - Number(a === speaker));
  const host = tileOf('host');
  return (
    <section className="card media-panel" data-testid="media-panel" aria-label={t('title')}>
      <h3>{t('title')}</h3>
      <p className="muted" data-testid="media-now" data-kind={media.moment.kind} style={{ margin: '4px 0' }}>
        {speaker !== null ? t('now.speech', { n: speaker }) : t(`now.${media.moment.kind}`)}
      </p>
      {media.local ? (
        <button type="button" className="btn" data-testid="media-off" onClick={media.turnOff}>{t('turnOff')}</button>
      ) : (
        <button type="button" className="btn btn-primary" data-testid="media-on" onClick={() => void media.turnOn()}>{t('turnOn')}</button>
      )}
      {media.local && !media.transmitting ? <p className="muted" data-testid="media-muted" style={{ margin: '4px 0' }}>{t('muted')}</p> : null}
      {media.noDevice ? <p role="status" data-testid="media-no-device" style={{ margin: '4px 0' }}>{t('noDevice')}</p> : null}
      {media.refusal ? <p role="alert" data-testid="media-refusal" style={{ margin: '4px 0' }}>{refusalText(t, media.refusal)}</p> : null}
      <div className="media-grid">
        {host ? (
          <div className="media-tile" data-testid="media-tile-host">
            <StreamVideo stream={host} muted={me === 'host'} label={t('host')} />
            <span className="media-seat">{me === 'host' ? t('hostYou') : t('host')}</span>
          </div>
        ) : null}
        {order.map((n) => {
          const stream = tileOf(mediaPeer(n));
          const name = names[n - 1];
          // Named as the chat names a seat (common `chat.seatNamed`).
          const named = name ? t('chat.seatNamed', { ns: 'common', n, name }) : null;
          const label = named ?? t('seat', { n });
          const gone = out.includes(n);
          const caption = n === me ? t('you', { n: named ?? n }) : label;
          return (
            <div key={n} className={`media-tile${n === speaker ? ' large' : ''}${gone ? ' out' : ''}`} data-testid={`media-tile-${n}`} data-speaker={n === speaker ? 'true' : undefined} data-live={stream ? 'true' : undefined} data-out={gone ? 'true' : undefined}>
              {stream ? <StreamVideo stream={stream} muted={n === me} label={label} /> : gone ? null : <span className="media-empty" aria-hidden="true">{n}</span>}
              <span className="media-seat">{caption}</span>
              {/* Not appended to the caption (a long one, «10 · Бот 10», clipped it at 360 px): where the big
                  number stood (the caption names the seat), or in the corner of a picture. */}
              {gone ? <span className={stream ? 'media-out over' : 'media-out'} data-testid={`media-out-${n}`}>{t('out')}</span> : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/**
 * Voice and video on a seat's screen in an online room (issue 26 point 1), or on the room admin's
 * (`me`: `host`: he talks over everybody): the button that turns the camera and microphone on, the
 * table as a grid of faces with seat numbers, the speaker's tile large. The rules decide who is
 * heard (MediaCalls); a player without media plays on by text.
 */
export function MediaPanel({ client, state, me }: { readonly client: RoomClient | null; readonly state: RoomState; readonly me: MediaPeer }) {
  const media = useMedia(client, state, me);
  const out = state.view?.seats.filter((s) => !s.alive).map((s) => s.seat) ?? [];
  return <MediaView media={media} me={me} seats={state.lobby?.seats ?? 0} names={state.lobby?.claimed ?? []} out={out} />;
}
