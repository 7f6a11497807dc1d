// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { IdleSeats } from '../src/screens/admin/IdleSeats';
import { IdleBanner } from '../src/screens/player/IdleBanner';
import { fakeClient } from './fakeSocket';

/** Idle players (issue 26, point 4): the seat's own warning and «Я здесь», the admin's list. */

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function show(node: React.ReactNode, lang: 'ru' | 'en' = 'ru') {
  localStorage.setItem('mafia.lang', lang);
  render(<I18nextProvider i18n={createI18n()}>{node}</I18nextProvider>);
}

describe('idle players on the phone', () => {
  it('a_first_miss_warns_and_a_stand_in_offers_the_way_back', () => {
    show(<IdleBanner idle={{ misses: 1, limit: 2, standIn: false }} onBack={() => {}} />);
    expect(screen.getByTestId('idle-banner').textContent).toContain('Пропущено ходов подряд: 1 из 2');
    cleanup();
    const back = vi.fn();
    show(<IdleBanner idle={{ misses: 2, limit: 2, standIn: true }} onBack={back} />, 'en');
    expect(screen.getByTestId('idle-banner').textContent).toContain('a bot is playing for you');
    fireEvent.click(screen.getByTestId('idle-back'));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('nothing_is_shown_while_the_seat_missed_nothing', () => {
    show(<IdleBanner idle={{ misses: 0, limit: 2, standIn: false }} onBack={() => {}} />);
    expect(screen.queryByTestId('idle-banner')).toBeNull();
  });

  it('the_client_keeps_what_the_server_says_and_sends_back', () => {
    const { client, sock } = fakeClient({ auth: { as: 'seat', seat: 3, token: 't'.repeat(20) } });
    client.connect();
    sock().open();
    const lobby = { room: 'r1', code: 'ABCDEF', preset: 'classic', mode: 'online', seats: 10, claimed: Array(10).fill('P'), started: true, ended: false, closed: false };
    sock().receive({ type: 'welcome', you: { as: 'seat', seat: 3 }, lobby, seq: 3, items: [], view: null, pending: [], timer: null });
    sock().receive({ type: 'idle', misses: 2, limit: 2, standIn: true });
    expect(client.getState().idle).toEqual({ misses: 2, limit: 2, standIn: true });
    client.back();
    expect(sock().last()).toEqual({ v: 1, type: 'back' });
  });
});

describe('idle players on the admin\'s screen', () => {
  it('lists_public_misses_and_hands_a_seat_to_a_bot', () => {
    const toBot = vi.fn();
    show(<IdleSeats seats={[{ seat: 4, misses: 2 }, { seat: 7, misses: 1 }]} disabled={false} onToBot={toBot} />);
    expect(screen.getByTestId('admin-idle').textContent).toContain('№ 4: пропустил 2 голосования подряд');
    expect(screen.getByTestId('admin-idle').textContent).toContain('№ 7: пропустил 1 голосование подряд');
    fireEvent.click(screen.getByTestId('admin-idle-bot-4'));
    expect(toBot).toHaveBeenCalledWith(4);
  });
});
