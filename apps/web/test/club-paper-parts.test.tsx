// @vitest-environment jsdom
import { replayProtocol } from '@mafia/engine';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addStep, nominate, noteOf, openSheet, saved } from './paperParts';
import { pick } from './paperSheet';

afterEach(cleanup);

/** The saved protocol replayed by the rules (it must replay). */
function replay(protocol: Record<string, unknown>) {
  const r = replayProtocol(protocol);
  if (!r.ok) throw new Error(`the saved protocol does not replay: ${r.error.code}`);
  return r.result;
}

describe('the score sheet: an emergency day (R-PHASE-4, issue 24 point 4)', () => {
  it('after_a_day_that_leaves_two_mafia_against_three_the_sheet_offers_an_emergency_day_not_a_night', async () => {
    // classic, 7 seats: the Don on 1, the mafia on 2, the Commissar on 3, civilians 4–7.
    const s = await openSheet('classic', 7);
    addStep('Добавить ночь 1');
    const d1 = addStep('Добавить день 1');
    nominate(d1, [[4, 5], [5, 6]]);
    pick('Голоса за 5', '1 2 3 4 5', d1);
    pick('Выстрел мафии', '6', addStep('Добавить ночь 2'));
    const d2 = addStep('Добавить день 2');
    expect(within(d2).getByText('Никого не выставили: голосования нет.')).toBeTruthy();
    // Two mafia against three: no night 3, another day at once.
    expect(screen.queryByRole('button', { name: 'Добавить ночь 3' })).toBeNull();
    const d3 = addStep('Добавить день 3 (чрезвычайная ситуация)');
    expect(within(d3).getByText('День 3 — чрезвычайная ситуация')).toBeTruthy();
    // A rule error beside its field: seat 5 left on day 1 and cannot be nominated.
    nominate(d3, [[3, 5]]);
    expect(noteOf('paper-err-step-4-nom-0')).toBe('Этот игрок уже выбыл из игры.');
    pick('1. Кого', '1', d3);
    expect(noteOf('paper-err-step-4-nom-0')).toBeNull();
    nominate(d3, [[4, 2]]);
    pick('Голоса за 1', '3 4 7', d3);
    pick('Выстрел мафии', '4', addStep('Добавить ночь 4'));
    nominate(addStep('Добавить день 4'), [[3, 2]]);
    expect(screen.getByTestId('paper-winner').textContent).toBe('По правилам победа: Мирные.');
    const protocol = await saved(s);
    expect((protocol.steps as unknown[]).slice(3, 5)).toEqual([{ day: 2 }, { day: 3, nominations: [[3, 1], [4, 2]], votes: { 1: [3, 4, 7] } }]);
    const result = replay(protocol);
    expect(result.winner).toBe('town');
    expect(result.timeline[4]).toEqual({ day: 3, left: [1], by: 'vote', tally: { 1: 3, 2: 2 } });
  }, 60_000);
});

describe('the score sheet: repeated re-votes and the best move (R-VOTE-6, R-SPORT-5, R-FIIM-4)', () => {
  it('a_tie_that_narrows_is_voted_again_round_by_round_and_the_night_2_victims_best_move_is_scored', async () => {
    // fiim, 10 seats: the Don on 1, the mafia on 2 and 3, the Commissar on 4.
    const s = await openSheet('fiim', 10);
    addStep('Добавить ночь 1');
    addStep('Добавить день 1');
    pick('Выстрел мафии', '10', addStep('Добавить ночь 2'));
    const d2 = addStep('Добавить день 2');
    pick('Лучший ход: кто', '10', d2);
    pick('Лучший ход: номера', '1 2 4', d2);
    nominate(d2, [[1, 5], [2, 6], [3, 7]]);
    pick('Голоса за 5', '1 2 3', d2);
    pick('Голоса за 6', '4 5 6', d2);
    // Three tied: the re-vote must be written, said beside it.
    expect(noteOf('paper-err-step-3-revote')).toBe('Не записано переголосование.');
    fireEvent.click(within(d2).getByRole('button', { name: 'Добавить переголосование' }));
    pick('1-е переголосование: за 5', '1 2 3 4', d2);
    pick('1-е переголосование: за 6', '5 6 7 8', d2);
    // Two still tied (fewer than three): a second re-vote (R-SPORT-5).
    expect(noteOf('paper-err-step-3-revote')).toBe('Не записано переголосование.');
    fireEvent.click(within(d2).getByRole('button', { name: 'Добавить переголосование' }));
    pick('2-е переголосование: за 5', '1 2 3 4', d2);
    expect(noteOf('paper-err-step-3-revote')).toBeNull();
    // The Don's team defeat ends the game with the day (R-FIIM-15).
    pick('Поражение команды (кто)', '1', d2);
    expect(screen.getByTestId('paper-winner').textContent).toBe('По правилам победа: Мирные.');
    const protocol = await saved(s);
    const day2 = (protocol.steps as Record<string, unknown>[])[3]!;
    expect(day2.revote).toEqual([{ 5: [1, 2, 3, 4], 6: [5, 6, 7, 8] }, { 5: [1, 2, 3, 4] }]);
    expect(day2.bestMove).toEqual([10, [1, 2, 4]]);
    const result = replay(protocol);
    expect(result.timeline[3]).toMatchObject({ day: 2, by: 'vote', tally: { 5: 4, 6: 5 } });
    expect(result.bestMove).toEqual({ by: 10, named: [1, 2, 4], mafiaNamed: 2 });
    expect(result.tournamentScores?.[10]).toBe(1.25);
    expect(result.tournamentScores?.[1]).toBe(-0.7);
  }, 60_000);
});
