import type { ChatChannel } from '@mafia/engine';
import { CHAT_LINE_MAX } from '@mafia/protocol';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { asRefusal, refusalText, type RefusalLike } from '../../i18n/refusals';
import type { RoomState } from '../../net/client';
import { Button, SaidList } from '../../ui';
import { authorOf, channelOf, chatTabs, closedReason, tabItems, type ChatTab } from './model';
import './chat.css';

export interface ChatPanelProps {
  readonly state: RoomState;
  /** Writes a line (RoomClient.say): resolves once it is on the record, rejects with the refusal. */
  readonly say: (channel: ChatChannel, text: string) => Promise<unknown>;
}

/**
 * The chat of an online room (issue 26, point 2): the table's talk and the host's announcements,
 * and for the living mafia their night meeting, for the dead their own chat. Lines are shown as
 * text (React escapes them; the server refuses markup). A line is cleared from the box only once
 * the server has it on the record; a refusal says why, in the player's language.
 */
export function ChatPanel({ state, say }: ChatPanelProps) {
  const { t } = useTranslation();
  const tabs = chatTabs(state.view, state.you);
  const [chosen, setChosen] = useState<ChatTab>('table');
  const tab = tabs.includes(chosen) ? chosen : 'table';
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<RefusalLike | null>(null);
  const lines = tabItems(state.log, tab);
  const list = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, tab]);
  const claimed = state.lobby?.claimed ?? [];
  const closed = closedReason(state.view, state.you, tab, state.lobby?.chatMode ?? 'free', state.lobby?.muted ?? []);
  const length = [...text].length;
  const inputId = useId();

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (sending || text.trim() === '') return;
    setSending(true);
    setRefusal(null);
    say(channelOf(tab, state.you), text)
      .then(() => setText(''))
      .catch((err: unknown) => setRefusal(asRefusal(err)))
      .finally(() => setSending(false));
  };

  return (
    <section className="card stack chat" data-testid="chat" aria-label={t('chat.title')}>
      {tabs.length > 1 ? (
        <div className="row" role="tablist">
          {tabs.map((k) => (
            <Button key={k} role="tab" aria-selected={k === tab} variant={k === tab ? 'primary' : 'ghost'} data-testid={`chat-tab-${k}`} onClick={() => setChosen(k)}>
              {t(`chat.tab.${k}`)}
            </Button>
          ))}
        </div>
      ) : (
        <h3 style={{ margin: 0 }}>{t('chat.title')}</h3>
      )}
      {/* The day's statements (issue 27) with the living's day chat: the speakers' lines of the day. */}
      {tab === 'table' && state.view?.phase.kind === 'day' ? <SaidList said={state.view.said} day={state.view.phase.n} preset={state.view.preset} /> : null}
      <ol className="chat-lines" ref={list} aria-live="polite" data-testid={`chat-lines-${tab}`}>
        {lines.length === 0 ? <li className="muted">{t('chat.empty')}</li> : null}
        {lines.map((line) => {
          if (line.kind === 'adminNote') {
            return (
              <li key={line.seq} className="chat-line chat-host" data-testid="chat-admin-note" data-did={line.did}>
                <em>{line.count === 1 ? t(`chat.adminNote.${line.did}`) : t(`chat.adminNote.${line.did}Row`, { count: line.count })}</em>
              </li>
            );
          }
          const who = authorOf(line, claimed);
          return (
            <li key={line.seq} className={line.channel === 'host' ? 'chat-line chat-host' : 'chat-line'} data-testid="chat-line" data-channel={line.channel}>
              <strong>{who.seat === null ? t('chat.host') : who.name ? t('chat.seatNamed', { n: who.seat, name: who.name }) : t('seat.label', { n: who.seat })}</strong>{' '}
              <span>{line.text}</span>
            </li>
          );
        })}
      </ol>
      {closed !== null ? (
        <p className="muted" data-testid="chat-closed" data-reason={closed} style={{ margin: 0 }}>
          {t(`chat.closed.${closed}`)}
        </p>
      ) : (
        <form className="row chat-form" onSubmit={send}>
          <label className="visually-hidden" htmlFor={inputId}>
            {t('chat.placeholder')}
          </label>
          <input
            id={inputId} className="input" data-testid="chat-input" value={text} maxLength={CHAT_LINE_MAX} autoComplete="off"
            placeholder={t('chat.placeholder')} onChange={(e) => setText(e.target.value)} disabled={sending}
          />
          <Button type="submit" variant="primary" data-testid="chat-send" disabled={sending || text.trim() === ''}>
            {t('chat.send')}
          </Button>
          {length > CHAT_LINE_MAX - 50 ? <span className="muted">{t('chat.left', { count: CHAT_LINE_MAX - length })}</span> : null}
        </form>
      )}
      {refusal ? (
        <p role="alert" className="error" data-testid="chat-refusal" data-code={refusal.code} style={{ margin: 0 }}>
          {refusalText(t, refusal)}
        </p>
      ) : null}
    </section>
  );
}
