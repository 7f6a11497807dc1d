import { fireEvent, screen, within } from '@testing-library/react';

/** Sets the score sheet's field labelled `label` (inside `root`) to `value`. */
export const pick = (label: string | RegExp, value: string, root: HTMLElement = document.body) => fireEvent.change(within(root).getByLabelText(label), { target: { value } });

/**
 * A four-seat classic game (Дон, Комиссар, two civilians) the town wins on day 1: night 1 passes,
 * seats 2 and 3 nominate the Don (1) and the Commissar (2), and 2, 3 and 4 vote the Don out.
 * The seats are filled in by the caller.
 */
export function fillTownWinsOnDayOne(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Добавить ночь 1' }));
  fireEvent.click(screen.getByRole('button', { name: 'Добавить день 1' }));
  const day = screen.getByTestId('paper-day-1');
  fireEvent.click(within(day).getByRole('button', { name: 'Добавить выставление' }));
  fireEvent.click(within(day).getByRole('button', { name: 'Добавить выставление' }));
  pick('1. Выставил', '2', day);
  pick('1. Кого', '1', day);
  pick('2. Выставил', '3', day);
  pick('2. Кого', '2', day);
  pick('Голоса за 1', '2 3, 4', day);
}
