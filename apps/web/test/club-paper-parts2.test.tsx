// @vitest-environment jsdom
import { replayProtocol } from '@mafia/engine';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addStep, nominate, noteOf, openSheet, saved } from './paperParts';
import { pick } from './paperSheet';

afterEach(cleanup);

/** Adds another role's act to a night: who, on whom (the act is the role's first). */
function act(night: HTMLElement, by: number, target: number): void {
  fireEvent.click(within(night).getByRole('button', { name: 'Добавить ход другой роли' }));
  const rows = within(night).getAllByLabelText('Кто');
  pick('Кто', String(by), rows[rows.length - 1]!.closest('.stack') as HTMLElement);
  pick('На кого', String(target), rows[rows.length - 1]!.closest('.stack') as HTMLElement);
}

describe('the score sheet: the fiim referee\'s entries (R-FIIM-11…16)', () => {
  it('fouls_at_night_technical_fouls_fouls_after_the_vote_a_player_who_left_extra_points_and_a_team_defeat_are_saved_and_scored', async () => {
    const s = await openSheet('fiim', 10);
    fireEvent.click(screen.getByLabelText('Технические фолы в игре'));
    pick('Фолы (номера по порядку)', '5', addStep('Добавить ночь 1'));
    const d1 = addStep('Добавить день 1');
    pick('Фолы (номера по порядку)', '5', d1);
    pick('Технические фолы', '6', d1);
    nominate(d1, [[2, 8], [3, 9]]);
    pick('Голоса за 8', '1 2 3 4 5 6 7', d1);
    pick('Фолы после голосования', '9', d1);
    // The referee's extra points: a seat that is not at the table is a rule error beside the field…
    pick('Доп. баллы судьи', '12: 1', d1);
    expect(noteOf('paper-err-step-1-extraPoints')).toBe('Такого места за столом нет.');
    // …and points not written as «seat: points» the form's own.
    pick('Доп. баллы судьи', 'четыре', d1);
    expect(noteOf('paper-err-step-1-extraPoints')).toBe('Нужно «место: баллы», например «3: 0,3; 5: -0,2».');
    pick('Доп. баллы судьи', '4: 0,3', d1);
    expect(noteOf('paper-err-step-1-extraPoints')).toBeNull();
    const n2 = addStep('Добавить ночь 2');
    pick('Выстрел мафии', 'miss', n2);
    pick('Ушли из-за стола', '7', n2);
    pick('Поражение команды (кто)', '1', n2);
    expect(screen.getByTestId('paper-winner').textContent).toBe('По правилам победа: Мирные.');
    const protocol = await saved(s);
    expect(protocol.options).toEqual({ techFouls: 'yes' });
    expect(protocol.steps).toEqual([
      { night: 1, acts: [], fouls: [5] },
      { day: 1, fouls: [5], techFouls: [6], nominations: [[2, 8], [3, 9]], votes: { 8: [1, 2, 3, 4, 5, 6, 7] }, foulsAfterVote: [9], extraPoints: { 4: 0.3 } },
      { night: 2, acts: [], removed: [{ seat: 7, reason: 'left' }], teamDefeat: 1 },
    ]);
    const r = replayProtocol(protocol);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.result.winner).toBe('town');
    expect(r.result.tournamentScores).toEqual({ 1: -0.7, 2: 0, 3: 0, 4: 1.3, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1 });
  }, 60_000);

  it('the_tournament_fields_are_shown_only_in_a_fiim_game', async () => {
    await openSheet('sport', 10);
    expect(screen.queryByLabelText('Технические фолы в игре')).toBeNull();
    const n1 = addStep('Добавить ночь 1');
    expect(within(n1).queryByLabelText('Фолы (номера по порядку)')).toBeNull();
    const d1 = addStep('Добавить день 1');
    expect(within(d1).getByLabelText('Удалены')).toBeTruthy();
    for (const label of ['Ушли из-за стола', 'Поражение команды (кто)', 'Доп. баллы судьи', 'Фолы после голосования']) expect(within(d1).queryByLabelText(label)).toBeNull();
  }, 60_000);
});

describe('the score sheet: a guess names a role (Piter Beauty, УГАДАЙКА, Werewolf)', () => {
  it('the_beautys_guess_takes_the_role_she_named_and_a_guess_on_the_introduction_night_is_refused_beside_it', async () => {
    // piter, 12 seats: the Don on 1, the Beauty on 2, the Commissar on 4.
    await openSheet('piter', 12);
    const n1 = addStep('Добавить ночь 1');
    act(n1, 2, 4);
    // A guess without its role: said beside the act.
    expect(noteOf('paper-err-step-0-other-0')).toBe('Выберите, какую роль назвал игрок.');
    pick('Какую роль назвал', 'commissar', n1);
    expect(noteOf('paper-err-step-0-other-0')).toBe('В ночь знакомства никто не действует.');
    fireEvent.click(within(n1).getByRole('button', { name: 'Убрать' }));
    expect(noteOf('paper-err-step-0-other-0')).toBeNull();
    addStep('Добавить день 1');
    const n2 = addStep('Добавить ночь 2');
    act(n2, 2, 4);
    pick('Какую роль назвал', 'commissar', n2);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    // The guess was right: the Commissar is out of the game, and the mafia cannot shoot him on night 3.
    addStep('Добавить день 2');
    pick('Выстрел мафии', '4', addStep('Добавить ночь 3'));
    expect(noteOf('paper-err-step-4-shot')).toBe('Этот игрок уже выбыл из игры.');
  }, 60_000);
});

describe('the score sheet: a name written in blood (modification name-in-blood)', () => {
  it('the_night_victim_names_his_killer_and_only_a_night_victim_may', async () => {
    // extended, 7 seats: the mafia on 1 and 2.
    await openSheet('extended', 7);
    fireEvent.click(screen.getByLabelText('Играем с «Именем кровью»'));
    addStep('Добавить ночь 1');
    addStep('Добавить день 1');
    pick('Выстрел мафии', '6', addStep('Добавить ночь 2'));
    const d2 = addStep('Добавить день 2');
    fireEvent.click(within(d2).getByRole('button', { name: 'Добавить имя кровью' }));
    pick('1. Убитый', '5', d2);
    pick('1. Назвал', '1', d2);
    expect(noteOf('paper-err-step-3-blood-0')).toBe('Этот игрок не был убит этой ночью.');
    pick('1. Убитый', '6', d2);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  }, 60_000);

  it('without_the_modification_the_sheet_has_no_names_in_blood', async () => {
    await openSheet('classic', 10);
    expect(screen.queryByLabelText('Играем с «Именем кровью»')).toBeNull();
    addStep('Добавить ночь 1');
    expect(within(addStep('Добавить день 1')).queryByRole('button', { name: 'Добавить имя кровью' })).toBeNull();
  }, 60_000);
});

describe('the score sheet: votes without nominations (two-stage R-VOTE-7, circular R-VOTE-8)', () => {
  it('a_circular_day_takes_the_circles_start_and_direction_and_every_player_in_the_game_may_get_votes', async () => {
    // extended, 7 seats: the mafia on 1 and 2.
    await openSheet('extended', 7);
    addStep('Добавить ночь 1');
    const d1 = addStep('Добавить день 1');
    expect(within(d1).queryByRole('button', { name: 'Добавить выставление' })).toBeNull();
    expect(within(d1).getAllByLabelText(/^Голоса за \d$/)).toHaveLength(7);
    pick('Круг начат с места', '3', d1);
    pick('Направление круга', 'down', d1);
    pick('Голоса за 1', '3 4 5', d1);
    // From seat 3 down the last of the circle is seat 4: the votes not written are his, and he leaves.
    pick('Выстрел мафии', '4', addStep('Добавить ночь 2'));
    expect(noteOf('paper-err-step-2-shot')).toBe('Этот игрок уже выбыл из игры.');
  }, 60_000);
});
