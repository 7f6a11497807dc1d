// @vitest-environment jsdom
/**
 * Issue 27: the balance lab on the create page. The lab's workers here play on the test's own thread
 * (the browser's Web Workers in the app; the e2e test runs those), each share answered after a turn
 * of the event loop as a worker's would be.
 */
import { answerShare, balanceSetup, estimateOf, playShare, type LabWorker } from '@mafia/bots';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import Create from '../src/screens/create';
import { labSetup, PageLab, type LabReport } from '../src/screens/create/balance/lab';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function threadWorker(): LabWorker {
  let answer: Parameters<LabWorker['listen']>[0] = () => {};
  return {
    post: (m) => setTimeout(() => answer(answerShare(m)), 0),
    listen: (a) => {
      answer = a;
    },
    close: () => {},
  };
}
const twoWorkers = () => [threadWorker(), threadWorker()];

function renderCreate(lang: 'en' | 'ru') {
  localStorage.setItem('mafia.lang', lang);
  render(
    <I18nextProvider i18n={createI18n()}>
      <MemoryRouter initialEntries={['/new']}>
        <Routes>
          <Route path="/new" element={<Create labWorkers={twoWorkers} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the balance lab of the create page', () => {
  it('narrows_its_estimate_as_games_come_in_and_names_a_change_for_an_unfair_table', async () => {
    const lab = new PageLab(twoWorkers());
    const unfair = balanceSetup('classic', 10, { mafia: 3 });
    const reports: LabReport[] = [];
    await lab.measure(unfair, (r) => reports.push(r), 400);
    const games = reports.filter((r) => !r.searching && !r.searched).map((r) => r.estimate!.games);
    expect(games[0]).toBe(16);
    expect(games).toEqual([...games].sort((a, b) => a - b));
    expect(games[games.length - 1]).toBe(400);
    // The figures are those of the same games played in one thread.
    const last = reports[reports.length - 1];
    expect(last.estimate!.town).toBe(estimateOf(playShare({ setup: unfair, seed: 'page', from: 0, count: 400 })).town);
    expect(last.searched).toBe(true);
    expect(last.estimate!.verdict).toBe('favours-mafia');
    expect(last.suggestion).not.toBeNull();
    expect(Math.abs(last.suggestion!.estimate.town - 0.5)).toBeLessThan(Math.abs(last.estimate!.town - 0.5));
    lab.close();
  }, 60_000);

  it('a_new_table_gives_up_the_old_measurement', async () => {
    const lab = new PageLab(twoWorkers());
    const old: LabReport[] = [];
    const first = lab.measure(balanceSetup('classic', 10, { mafia: 3 }), (r) => old.push(r), 4000);
    await new Promise((r) => setTimeout(r, 5));
    const next: LabReport[] = [];
    await lab.measure(balanceSetup('sport', 10), (r) => next.push(r), 200);
    await first;
    expect(old.every((r) => r.estimate!.games < 4000)).toBe(true);
    expect(next[next.length - 1].estimate!.games).toBe(200);
    lab.close();
  }, 60_000);

  it('no_deck_of_one_card_per_player_no_estimate', () => {
    expect(labSetup('classic', 10, ['don', 'mafia'], {})).toBeNull();
    expect(labSetup('sport', 10, ['don', 'mafia', 'mafia', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'], {})).toBeNull();
    expect(labSetup('classic', 7, balanceSetup('classic', 7).composition, { revealOnDeath: true })).toMatchObject({ options: { revealOnDeath: true } });
  });

  it('shows_the_estimate_in_russian_and_applies_the_suggested_change_to_the_deck', async () => {
    renderCreate('ru');
    const estimate = await screen.findByTestId('balance-estimate', {}, { timeout: 10_000 });
    expect(estimate.textContent).toMatch(/Мирные выигрывают \d+\s% \(от \d+ до \d+\s%\)/);
    expect(estimate.textContent).toMatch(/По \d+ партиям ботов/);
    // A mafia card more and a civilian's fewer: the table turns and the lab measures it anew; with
    // eleven cards for ten players in between there is no table to measure.
    fireEvent.click(screen.getByRole('button', { name: 'Добавить карту: Мафия' }));
    expect((await screen.findByTestId('balance-unavailable')).textContent).toBe('Оценки нет: в колоде должно быть по карте на каждого игрока.');
    fireEvent.click(screen.getByRole('button', { name: 'Убрать карту: Мирный житель' }));
    await waitFor(() => expect(screen.getByTestId('balance-verdict').textContent).toBe('Перевес у мафии.'), { timeout: 20_000 });
    const apply = await screen.findByTestId('balance-apply', {}, { timeout: 60_000 });
    const before = Number(screen.getByTestId('deck-mafia').getAttribute('data-count')) + Number(screen.getByTestId('deck-civilian').getAttribute('data-count'));
    expect(screen.getByTestId('balance-suggestion').textContent).toMatch(/Ровнее \(мирные \d+\s%\), если:/);
    fireEvent.click(apply);
    // The form now holds the suggested table (a card or an option changed), and the lab measures it.
    await waitFor(() => expect(screen.queryByTestId('balance-apply')).toBeNull());
    const after = Number(screen.getByTestId('deck-mafia').getAttribute('data-count')) + Number(screen.getByTestId('deck-civilian').getAttribute('data-count'));
    expect(after).toBe(before);
  }, 120_000);
});
