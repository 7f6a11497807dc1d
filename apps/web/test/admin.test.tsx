// @vitest-environment jsdom
import type { Lobby } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { afterCreatePath, keepRoomKey } from '../src/net/roomKeys';
import { createSecrets, memoryStore } from '../src/net/secrets';
import { AdminPanel, type AdminActions } from '../src/screens/admin/AdminPanel';
import { isPaused } from '../src/screens/admin/model';
import { TableLobby } from '../src/screens/table/TableLobby';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

const lobby = (claimed: (string | null)[], more: Partial<Lobby> = {}): Lobby =>
  ({ room: 'r1', code: 'K7QX2M', preset: 'classic', mode: 'app', seats: claimed.length, claimed, started: false, ended: false, closed: false, ...more }) as Lobby;

const stateOf = (l: Lobby, more: Partial<RoomState> = {}): RoomState => ({
  status: 'open', you: { as: 'admin' }, lobby: l, view: null, pending: [], timer: null, seq: 1, lastError: null, log: [], unacked: [],
  clockOffset: 0, attempt: 0, alert: null, ...more,
});

function fakeActions(refuse: Partial<Record<keyof AdminActions, string>> = {}) {
  const calls: string[] = [];
  const make = (name: keyof AdminActions) => (...args: unknown[]) => {
    calls.push(args.length ? `${name}:${args.join(',')}` : name);
    return refuse[name] ? Promise.reject({ code: refuse[name], message: 'refused in English' }) : Promise.resolve(1);
  };
  const actions: AdminActions = {
    start: make('start'), pause: make('pause'), resume: make('resume'), skip: make('skip'), undoAppStep: make('undoAppStep'), release: make('release'), closeRoom: make('closeRoom'),
    addBot: make('addBot'), say: make('say'), mute: make('mute'), chatMode: make('chatMode'), idleLimit: make('idleLimit'),
  };
  return { actions, calls };
}

function show(node: React.ReactNode, lang: 'en' | 'ru' = 'en') {
  localStorage.setItem('mafia.lang', lang);
  const i18n = createI18n();
  const r = render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
  return { rerender: (n: React.ReactNode) => r.rerender(<I18nextProvider i18n={i18n}>{n}</I18nextProvider>) };
}

const seated = Array.from({ length: 10 }, (_, i) => `P${i + 1}`);
const playing = lobby(seated, { started: true });

describe('the room admin panel', () => {
  it('seats_bots_on_free_seats_one_or_all_before_the_start_in_the_users_language', async () => {
    const { actions, calls } = fakeActions();
    const claimed = ['Анна', null, 'Борис', null, null, 'P6', 'P7', 'P8', 'P9', 'P10'];
    const { rerender } = show(<AdminPanel state={stateOf(lobby(claimed))} actions={actions} />, 'ru');
    expect(screen.getByTestId('admin-bots-fill').textContent).toBe('Посадить ботов на 3 свободных места');
    fireEvent.click(screen.getByTestId('admin-bot-4'));
    await act(async () => {});
    expect(calls).toEqual(['addBot:4,Бот 4']);
    fireEvent.click(screen.getByTestId('admin-bots-fill'));
    await act(async () => {});
    expect(calls).toEqual(['addBot:4,Бот 4', 'addBot:2,Бот 2', 'addBot:4,Бот 4', 'addBot:5,Бот 5']);
    // Nothing to offer once every seat is taken; during the game a freed seat (a player left) may go to a bot; not once the game is over.
    rerender(<AdminPanel state={stateOf(lobby(seated))} actions={actions} />);
    expect(screen.queryByTestId('admin-bots')).toBeNull();
    rerender(<AdminPanel state={stateOf(lobby(seated.map((n, i) => (i === 6 ? null : n)), { started: true }))} actions={actions} />);
    expect(screen.getByTestId('admin-bot-7')).toBeTruthy();
    rerender(<AdminPanel state={stateOf(lobby(claimed, { started: true, ended: true }))} actions={actions} />);
    expect(screen.queryByTestId('admin-bots')).toBeNull();
  });

  it('a_refused_bot_is_told_in_the_users_language', async () => {
    const { actions } = fakeActions({ addBot: 'seat-taken' });
    show(<AdminPanel state={stateOf(lobby(['Анна', null]))} actions={actions} />, 'en');
    fireEvent.click(screen.getByTestId('admin-bot-2'));
    await act(async () => {});
    expect(screen.getByTestId('admin-error').getAttribute('data-code')).toBe('seat-taken');
    expect(screen.getByTestId('admin-error').textContent).not.toContain('refused in English');
  });

  it('starts the game before the start and tells the caller', async () => {
    const { actions, calls } = fakeActions();
    const onStarted = vi.fn();
    show(<AdminPanel state={stateOf(lobby(seated))} actions={actions} onStarted={onStarted} />);
    fireEvent.click(screen.getByTestId('admin-start'));
    await act(async () => {});
    expect(calls).toEqual(['start']);
    expect(onStarted).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('admin-skip')).toBeNull();
  });

  it('offers resume instead of pause while the clock is stopped', () => {
    const { actions, calls } = fakeActions();
    const timer = { kind: 'speech' as const, started: 1, deadline: 60_001, pausedAt: 20_000 };
    const { rerender } = show(<AdminPanel state={stateOf(playing, { timer, log: [{ seq: 5, kind: 'pause', remaining: 40_001 }] })} actions={actions} />);
    expect(screen.getByTestId('admin-paused')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-resume'));
    expect(calls).toEqual(['resume']);
    rerender(<AdminPanel state={stateOf(playing, { timer: { ...timer, pausedAt: undefined }, log: [{ seq: 5, kind: 'pause', remaining: 40_001 }, { seq: 6, kind: 'resume', deadline: 90_000 }] })} actions={actions} />);
    expect(screen.queryByTestId('admin-paused')).toBeNull();
    expect(screen.getByTestId('admin-pause')).toBeTruthy();
  });

  it('skip_is_locked_briefly_so_a_double_tap_ends_one_step_only', async () => {
    vi.useFakeTimers();
    const { actions, calls } = fakeActions();
    show(<AdminPanel state={stateOf(playing)} actions={actions} lockMs={700} />);
    const skip = screen.getByTestId('admin-skip') as HTMLButtonElement;
    fireEvent.click(skip);
    fireEvent.click(skip);
    await act(async () => {});
    expect(calls).toEqual(['skip']);
    expect(skip.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    expect(skip.disabled).toBe(false);
    fireEvent.click(skip);
    await act(async () => {});
    expect(calls).toEqual(['skip', 'skip']);
  });

  it('releases a seat and closes the room only on a second tap, the label changing in place', async () => {
    const { actions, calls } = fakeActions();
    show(<AdminPanel state={stateOf(playing)} actions={actions} />);
    const release = screen.getByTestId('admin-release-3');
    expect(release.textContent).toBe('Free seat 3 (P3)');
    fireEvent.click(release);
    expect(calls).toEqual([]);
    expect(release.textContent).toBe('Tap again to free seat 3');
    fireEvent.click(release);
    await act(async () => {});
    const close = screen.getByTestId('admin-close');
    fireEvent.click(close);
    expect(close.textContent).toBe('Tap again to close the room for good');
    fireEvent.click(close);
    await act(async () => {});
    expect(calls).toEqual(['release:3', 'closeRoom']);
  });

  it('shows_the_app_hosts_refused_step_as_a_notice_in_russian_with_the_way_out', () => {
    const { actions } = fakeActions();
    const alert = { code: 'wrong-phase', rule: 'R-VOTE-3', command: 'timeUp', message: 'the app host could not end this step (wrong-phase)', at: 1 };
    show(<AdminPanel state={stateOf(playing, { alert })} actions={actions} />, 'ru');
    const notice = screen.getByTestId('admin-alert');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Приложению не удалось закончить шаг');
    expect(notice.textContent).toContain('пропустите шаг или отмените последний шаг приложения');
    // No English, no rule id, no code in the Russian notice.
    expect(notice.textContent).not.toMatch(/[A-Za-z]/);
    expect(screen.getByTestId('admin-skip')).toBeTruthy();
    expect(screen.getByTestId('admin-undo')).toBeTruthy();
  });

  it('shows its own refused undo in the user\'s language, not the server\'s English', async () => {
    const { actions } = fakeActions({ undoAppStep: 'not-app-step' });
    show(<AdminPanel state={stateOf(playing)} actions={actions} />, 'ru');
    fireEvent.click(screen.getByTestId('admin-undo'));
    const err = await screen.findByTestId('admin-error');
    expect(err.getAttribute('role')).toBe('alert');
    expect(err.textContent).toBe('Отменить можно только последний шаг самого приложения (не ход игрока и только на один шаг назад).');
    expect(document.body.textContent).not.toContain('refused in English');
  });

  it('lists_the_free_seats_with_their_codes_folded_after_the_start', () => {
    const { actions } = fakeActions();
    const started = lobby([...seated.slice(0, 8), null, null], { started: true });
    const { rerender } = show(<AdminPanel state={stateOf(started, { seatCodes: [] })} actions={actions} />, 'ru');
    expect(screen.queryByTestId('seat-codes')).toBeNull();
    rerender(<AdminPanel state={stateOf(started, { seatCodes: [{ seat: 9, code: '042137' }, { seat: 10, code: '900001' }] })} actions={actions} />);
    const panel = screen.getByTestId('seat-codes');
    // Folded: the admin's panel may be on the table's TV.
    expect(panel.tagName).toBe('DETAILS');
    expect((panel as HTMLDetailsElement).open).toBe(false);
    expect(within(panel).getByText(/Коды 2 свободных мест/)).toBeTruthy();
    expect(screen.getByTestId('seat-code-9').textContent).toBe('Место 9042137');
    expect(screen.getByTestId('seat-code-10').getAttribute('data-code')).toBe('900001');
  });

  it('reads whether the clock is stopped from the last pause or resume', () => {
    expect(isPaused([], null)).toBe(false);
    expect(isPaused([{ seq: 1, kind: 'pause', remaining: 5 }], null)).toBe(true);
    expect(isPaused([{ seq: 1, kind: 'pause', remaining: 5 }, { seq: 2, kind: 'resume', deadline: 9 }], null)).toBe(false);
    expect(isPaused([], { kind: 'night', started: 0, deadline: 9, pausedAt: 3 })).toBe(true);
  });

  it('a clock held while no player is connected is not a pause: no resume is offered, the wait is said', () => {
    const { actions } = fakeActions();
    const held = { kind: 'night' as const, started: 1, deadline: 60_001, pausedAt: 20_000, held: true as const };
    expect(isPaused([], held)).toBe(false);
    expect(isPaused([{ seq: 5, kind: 'pause', remaining: 40_001 }, { seq: 6, kind: 'resume', deadline: 90_000 }], held)).toBe(false);
    const { rerender } = show(<AdminPanel state={stateOf(playing, { timer: held })} actions={actions} />, 'ru');
    expect(screen.queryByTestId('admin-paused')).toBeNull();
    expect(screen.queryByTestId('admin-resume')).toBeNull();
    expect(screen.getByTestId('admin-held').textContent).toContain('ни один игрок не подключён');
    expect(screen.getByTestId('admin-pause')).toBeTruthy();
    // A player connected: the update's clock runs again and the notice goes.
    rerender(<AdminPanel state={stateOf(playing, { timer: { kind: 'night', started: 1, deadline: 80_001 } })} actions={actions} />);
    expect(screen.queryByTestId('admin-held')).toBeNull();
  });
});

describe('the table screen\'s lobby', () => {
  it('shows the code, the QR code of the join link and who took which seat, and waits for players while a seat is free', () => {
    show(<TableLobby lobby={lobby(['Anna', null, 'Boris', ...Array(7).fill(null)])} origin="http://192.168.1.5:3000" admin={false} />, 'ru');
    expect(screen.getByTestId('table-code').textContent).toBe('K7QX2M');
    expect(screen.getByTestId('qr').dataset.text).toBe('http://192.168.1.5:3000/r/K7QX2M');
    expect(screen.getByTestId('lobby-seat-1').textContent).toContain('Anna');
    expect(screen.getByTestId('lobby-seat-3').textContent).toContain('Boris');
    expect(screen.getByTestId('table-waiting').textContent).toBe('Ждём игроков. Свободных мест: 8');
  });

  it('stops_saying_waiting_for_players_once_every_seat_is_taken', () => {
    const { rerender } = show(<TableLobby lobby={lobby(seated)} admin={true} />, 'ru');
    const text = () => screen.getByTestId('table-waiting').textContent ?? '';
    expect(text()).not.toContain('Ждём');
    expect(text()).toBe('Все на местах: начните игру кнопкой ниже.');
    rerender(<TableLobby lobby={lobby(seated)} admin={false} />);
    expect(text()).toBe('Все на местах: игра скоро начнётся.');
    rerender(<TableLobby lobby={lobby(seated, { mode: 'human' })} admin={false} />);
    expect(text()).toBe('Все на местах. Ведущий начинает игру.');
    expect(within(screen.getByTestId('table-lobby')).queryByText(/Ждём/)).toBeNull();
  });
});

describe('the creating device', () => {
  it('keeps an app room\'s admin key (not a host key) and opens the table screen; a human room\'s host key and the lobby', () => {
    const s = createSecrets(memoryStore());
    keepRoomKey(s, { room: 'r' as never, code: 'K7QX2M' as never, link: '/r/K7QX2M', adminKey: 'a'.repeat(32) as never });
    expect(s.getAdminKey('K7QX2M')).toBe('a'.repeat(32));
    expect(s.getHostKey('K7QX2M')).toBeNull();
    keepRoomKey(s, { room: 'r' as never, code: 'HUMAN2' as never, link: '/r/HUMAN2', hostKey: 'h'.repeat(32) as never });
    expect(s.getHostKey('HUMAN2')).toBe('h'.repeat(32));
    expect(s.getAdminKey('HUMAN2')).toBeNull();
    expect(afterCreatePath({ code: 'K7QX2M' as never }, 'app')).toBe('/r/K7QX2M/table');
    expect(afterCreatePath({ code: 'K7QX2M' as never }, 'online')).toBe('/r/K7QX2M');
    expect(afterCreatePath({ code: 'K7QX2M' as never }, 'human')).toBe('/r/K7QX2M');
  });
});
