// @vitest-environment jsdom
import { project, seatNo, type Game } from '@mafia/engine';
import type { LogItem, You } from '@mafia/protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newGame, until } from './classicGame';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { ChatPanel } from '../src/screens/chat/ChatPanel';
import { ChatControls } from '../src/screens/admin/ChatControls';
import { lobbyOf, type LobbyFields } from './typed';

/** The chat panel of an online room (issue 26, point 2): its tabs follow the seat, lines are text, refusals are words. */

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const NAMES = Array.from({ length: 10 }, (_, i) => `Игрок${i + 1}`);
const line = (seq: number, channel: Extract<LogItem, { kind: 'chat' }>['channel'], by: number | 'host' | 'admin', text: string): LogItem => ({ seq, kind: 'chat', channel, by, text });

function stateOf(g: Game | null, you: You, log: LogItem[] = [], more: LobbyFields = {}): RoomState {
  const view = g === null ? null : project(g.state, you.as === 'seat' ? { kind: 'seat', seat: seatNo(you.seat) } : { kind: 'spectator' });
  return {
    status: 'open', you, lobby: lobbyOf({ mode: 'online', started: g !== null, claimed: NAMES, ...more }), view, pending: [], timer: null,
    seq: log.length, lastError: null, log, unacked: [], clockOffset: 0, attempt: 0,
  };
}

function show(state: RoomState, lang: 'ru' | 'en' = 'ru', say = vi.fn((_c: string, _t: string) => Promise.resolve(1))) {
  localStorage.setItem('mafia.lang', lang);
  render(
    <I18nextProvider i18n={createI18n()}>
      <ChatPanel state={state} say={say} />
    </I18nextProvider>,
  );
  return say;
}

describe('the chat panel', () => {
  it('a_mafia_seat_at_night_has_the_meeting_tab_and_a_town_seat_has_not', () => {
    const night = newGame();
    show(stateOf(night, { as: 'seat', seat: 2 }, [line(1, 'mafia', 1, 'Стреляем в 7')]));
    fireEvent.click(screen.getByTestId('chat-tab-mafia'));
    expect(within(screen.getByTestId('chat-lines-mafia')).getByText('Стреляем в 7')).toBeTruthy();
    cleanup();
    show(stateOf(night, { as: 'seat', seat: 5 }));
    expect(screen.queryByTestId('chat-tab-mafia')).toBeNull();
    // At night the table chat is closed, and the phone says so instead of offering a box.
    expect(screen.getByTestId('chat-closed').dataset.reason).toBe('night');
    expect(screen.getByTestId('chat-closed').textContent).toBe('Ночью общий чат закрыт.');
  });

  it('a_line_is_shown_as_text_with_its_author_and_markup_stays_text', () => {
    const day = until(newGame(), 'day', 1);
    show(stateOf(day, { as: 'seat', seat: 5 }, [line(1, 'day', 4, '<b>жирный</b>'), line(2, 'host', 'admin', 'Минута до голосования')]));
    const lines = screen.getAllByTestId('chat-line');
    expect(lines.map((l) => l.textContent)).toEqual(['4 · Игрок4 <b>жирный</b>', 'Ведущий Минута до голосования']);
    expect(lines[0].querySelector('b')).toBeNull();
  });

  it('the_room_admins_early_step_and_undo_are_told_at_the_table_his_start_is_not', () => {
    const day = until(newGame(), 'day', 1);
    const events = (seq: number, by: 'admin' | 'app' | number, evs: unknown[], game?: number): LogItem =>
      ({ seq, kind: 'events', by, events: evs, ...(game ? { game } : {}) }) as LogItem;
    show(stateOf(day, { as: 'seat', seat: 5 }, [
      events(1, 'admin', [{ type: 'GameCreated', setup: {} }]),
      events(2, 'app', [{ type: 'NightStarted', n: 1 }]),
      events(3, 'admin', [{ type: 'DayStarted', n: 1 }]),
      line(4, 'day', 4, 'Я мирный'),
      events(5, 'admin', [{ type: 'Undone', count: 1 }]),
      events(6, 4, [{ type: 'Nominated', by: 4, target: 7 }]),
      events(7, 'admin', [{ type: 'GameCreated', setup: {} }], 2),
    ]));
    const notes = screen.getAllByTestId('chat-admin-note');
    expect(notes.map((n) => [n.dataset.did, n.textContent])).toEqual([
      ['skip', 'Администратор комнаты закончил шаг досрочно.'],
      ['undo', 'Администратор комнаты отменил последний шаг приложения.'],
    ]);
    // In their place among the lines, by their order on the record.
    const list = screen.getByTestId('chat-lines-table');
    expect([...list.children].map((li) => li.getAttribute('data-testid'))).toEqual(['chat-admin-note', 'chat-line', 'chat-admin-note']);
  });

  it('the_room_admins_steps_in_a_row_are_one_note_with_their_count', () => {
    const day = until(newGame(), 'day', 1);
    const admin = (seq: number, evs: unknown[]): LogItem => ({ seq, kind: 'events', by: 'admin', events: evs }) as LogItem;
    const skips = (from: number, n: number): LogItem[] => Array.from({ length: n }, (_, k) => admin(from + k, [{ type: 'SpeechEnded', seat: k + 1 }]));
    const log = [
      ...skips(1, 3),
      // The app's own steps between them do not part them; a line does.
      ({ seq: 4, kind: 'events', by: 'app', events: [{ type: 'SpeechStarted', seat: 4 }] }) as unknown as LogItem,
      admin(5, [{ type: 'SpeechEnded', seat: 4 }]),
      line(6, 'day', 4, 'Я мирный'),
      admin(7, [{ type: 'Undone', count: 1 }]),
      admin(8, [{ type: 'Undone', count: 1 }]),
      ...skips(9, 21),
      ...[line(30, 'day', 4, 'Ещё'), ...skips(31, 5)],
    ];
    show(stateOf(day, { as: 'seat', seat: 5 }, log));
    expect(screen.getAllByTestId('chat-admin-note').map((n) => n.textContent)).toEqual([
      'Администратор комнаты закончил досрочно 4 шага подряд.',
      'Администратор комнаты отменил 2 шага приложения подряд.',
      'Администратор комнаты закончил досрочно 21 шаг подряд.',
      'Администратор комнаты закончил досрочно 5 шагов подряд.',
    ]);
    cleanup();
    show(stateOf(day, { as: 'seat', seat: 5 }, log), 'en');
    expect(screen.getAllByTestId('chat-admin-note').map((n) => n.textContent)).toEqual([
      'The room admin ended 4 steps early in a row.',
      "The room admin took back 2 of the app's steps in a row.",
      'The room admin ended 21 steps early in a row.',
      'The room admin ended 5 steps early in a row.',
    ]);
  });

  it('a_line_is_sent_to_the_day_channel_and_cleared_only_once_recorded', async () => {
    const day = until(newGame(), 'day', 1);
    const say = show(stateOf(day, { as: 'seat', seat: 5 }));
    const input = screen.getByTestId('chat-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Я мирный' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(say).toHaveBeenCalledWith('day', 'Я мирный');
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('a_refused_line_stays_in_the_box_and_the_refusal_is_in_words', async () => {
    const day = until(newGame(), 'day', 1);
    const refuse = vi.fn((_c: string, _t: string) => Promise.reject({ code: 'chat-flood', message: 'too many lines' }));
    show(stateOf(day, { as: 'seat', seat: 5 }), 'en', refuse);
    const input = screen.getByTestId('chat-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'one more' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getByTestId('chat-refusal').textContent).toBe('Too many lines in a row: wait a couple of seconds.'));
    expect(input.value).toBe('one more');
  });

  it('a_muted_seat_and_the_speaker_mode_close_the_box_with_a_reason', () => {
    const day = until(newGame(), 'day', 1);
    show(stateOf(day, { as: 'seat', seat: 5 }, [], { muted: [5] }));
    expect(screen.getByTestId('chat-closed').dataset.reason).toBe('muted');
    cleanup();
    const speaker = day.state.day!.speakers[day.state.day!.speakerIndex];
    const other = speaker === 5 ? 6 : 5;
    show(stateOf(day, { as: 'seat', seat: other }, [], { chatMode: 'speaker' }));
    expect(screen.getByTestId('chat-closed').dataset.reason).toBe('speaker');
    cleanup();
    show(stateOf(day, { as: 'seat', seat: speaker }, [], { chatMode: 'speaker' }));
    expect(screen.getByTestId('chat-input')).toBeTruthy();
  });

  it('the_room_admin_writes_announcements', () => {
    const say = show(stateOf(null, { as: 'admin' }));
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Начинаем через минуту' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(say).toHaveBeenCalledWith('host', 'Начинаем через минуту');
  });

  it('the_admin_mutes_a_person_and_sets_the_speaker_mode', () => {
    localStorage.setItem('mafia.lang', 'ru');
    const onMute = vi.fn();
    const onMode = vi.fn();
    const onIdleLimit = vi.fn();
    render(
      <I18nextProvider i18n={createI18n()}>
        <ChatControls lobby={lobbyOf({ mode: 'online', claimed: NAMES, bots: [9, 10], muted: [3] })} disabled={false} onMute={onMute} onMode={onMode} onIdleLimit={onIdleLimit} />
      </I18nextProvider>,
    );
    // Bots do not write: only people's seats are listed.
    expect(screen.queryByTestId('admin-mute-9')).toBeNull();
    expect(screen.getByTestId('admin-mute-3').textContent).toBe('Вернуть чат месту № 3');
    fireEvent.click(screen.getByTestId('admin-mute-4'));
    expect(onMute).toHaveBeenCalledWith(4, true);
    fireEvent.click(screen.getByTestId('admin-chat-mode-speaker'));
    expect(onMode).toHaveBeenCalledWith('speaker');
    // The idle limit: 2 by default (its button is the chosen one), 1 on a tap.
    expect(screen.getByTestId('admin-idle-limit-2').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('admin-idle-limit-1'));
    expect(onIdleLimit).toHaveBeenCalledWith(1);
  });
});
