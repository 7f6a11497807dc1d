// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../src/screens/club/common/Ledger';
import { fakeServer, renderClub } from './club-fake';

afterEach(() => cleanup());

const at = Date.UTC(2030, 4, 17, 16, 0);
const entry = (id: string, rule: string, points: number, reason: string, params: Record<string, number>) =>
  ({ id, userId: 'u1', nickname: 'Кот', eveningId: 'e1', rule, points, reason, params, createdAt: at, createdBy: null, cancelledAt: null });
const entries = [
  entry('a', 'late', -5, 'arrived 7 minutes after the start (more than 5)', { minutes: 7 }),
  entry('b', 'left-early', -6, 'left after 1 of 3 planned games without a replacement: 2 unplayed', { played: 1, planned: 3, unplayed: 2 }),
  entry('c', 'late-decline', -10, 'answered NO 2 hours before the evening (later than one day before)', { hours: 2, withdrawn: 0 }),
  entry('d', 'late-decline', -10, 'withdrew a YES 21 hours before the evening (later than one day before)', { hours: 21, withdrawn: 1 }),
  entry('e', 'late-decline', -10, 'answered NO 1 h 59 min before the evening (later than one day before)', { hours: 1, minutes: 59, withdrawn: 0 }),
  entry('f', 'late-decline', -10, 'withdrew a YES 0 h 21 min before the evening (later than one day before)', { hours: 0, minutes: 21, withdrawn: 1 }),
];

describe('the ledger says why in the reader\'s language (R-CLUB)', () => {
  it('a_russian_page_words_each_penalty_reason_in_russian_with_its_numbers', async () => {
    await renderClub({ path: '/', url: '/', element: <Ledger entries={entries} admin={false} />, api: fakeServer({}).api, lng: 'ru' });
    expect(screen.getByTestId('ledger-a').textContent).toContain('пришёл через 7 минут после начала (больше 5)');
    expect(screen.getByTestId('ledger-b').textContent).toContain('ушёл после 1 из 3 игр без замены: не сыграны 2 игры');
    expect(screen.getByTestId('ledger-c').textContent).toContain('ответил НЕТ за 2 часа до вечера');
    expect(screen.getByTestId('ledger-d').textContent).toContain('отозвал ДА за 21 час до вечера');
    // Issue 24 point 5: hours and minutes, each in its own plural («за 1 час 59 минут», not «за 1 час»).
    expect(screen.getByTestId('ledger-e').textContent).toContain('ответил НЕТ за 1 час 59 минут до вечера (позже чем за сутки)');
    expect(screen.getByTestId('ledger-f').textContent).toContain('отозвал ДА за 21 минуту до вечера');
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) expect(screen.getByTestId(`ledger-${id}`).textContent).not.toMatch(/[a-z]{3,}/i);
  });

  it('an_english_page_words_them_in_english', async () => {
    await renderClub({ path: '/', url: '/', element: <Ledger entries={entries} admin={false} />, api: fakeServer({}).api, lng: 'en' });
    expect(screen.getByTestId('ledger-a').textContent).toContain('came 7 minutes after the start (more than 5)');
    expect(screen.getByTestId('ledger-b').textContent).toContain('2 games unplayed');
    expect(screen.getByTestId('ledger-e').textContent).toContain('answered NO 1 hour 59 minutes before the evening');
    expect(screen.getByTestId('ledger-f').textContent).toContain('withdrew a YES 21 minutes before the evening');
  });
});
