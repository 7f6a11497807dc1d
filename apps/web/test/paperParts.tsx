import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import ProtocolForm from '../src/screens/club/protocolForm';
import { CSRF, fakeServer, renderClub } from './club-fake';
import { pick } from './paperSheet';

/** Twelve members: the sheet's seats are filled with them in order. */
export const NICKS = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир', 'Лев', 'Мила'];
const MEMBERS = NICKS.map((nickname, i) => ({ userId: `u${i + 1}`, nickname, role: 'member', onList: true, unansweredStreak: 0 }));

/** The score sheet of evening e1 (preset `preset`) in Russian over a fake server, `players` seats named with members. */
export async function openSheet(preset: string, players: number) {
  const posted = { status: 201, body: { game: { id: 'g1', tableNo: null, gameNo: null, roomCode: null, protocol: true, winner: 'town', seats: [] } } };
  const s = fakeServer({ ...CSRF, 'GET /api/clubs/c1/members': { body: { members: MEMBERS } }, 'POST /api/evenings/e1/games': posted });
  await renderClub({ path: '/', url: '/', element: <ProtocolForm clubId="c1" eveningId="e1" preset={preset} onSaved={() => undefined} />, api: s.api, lng: 'ru' });
  await waitFor(() => expect(s.calls.some((c) => c.path === '/api/clubs/c1/members')).toBe(true));
  pick('Игроков', String(players));
  for (let k = 1; k <= players; k++) pick(`Игрок на месте ${k}`, NICKS[k - 1]!);
  return s;
}

/** Clicks «Добавить …» for the next step and returns that step's fieldset. */
export function addStep(name: string): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name }));
  const m = /^Добавить (ночь|день) (\d+)/.exec(name)!;
  return screen.getByTestId(`paper-${m[1] === 'ночь' ? 'night' : 'day'}-${m[2]}`);
}

/** Adds nominations [by, target] to a day's fieldset. */
export function nominate(day: HTMLElement, pairs: readonly (readonly [number, number])[]): void {
  const first = within(day).queryAllByLabelText(/\. Выставил$/).length;
  pairs.forEach(([by, target], j) => {
    fireEvent.click(within(day).getByRole('button', { name: 'Добавить выставление' }));
    pick(`${first + j + 1}. Выставил`, String(by), day);
    pick(`${first + j + 1}. Кого`, String(target), day);
  });
}

/** The texts of the field notes (rule and form errors) in `root`, by test id. */
export const noteOf = (id: string): string | null => screen.queryByTestId(id)?.textContent ?? null;

/** Saves the sheet and returns the protocol the server got. */
export async function saved(s: ReturnType<typeof fakeServer>): Promise<Record<string, unknown>> {
  expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Сохранить игру' }));
  await waitFor(() => expect(s.calls.some((c) => c.method === 'POST')).toBe(true));
  return (s.calls.find((c) => c.method === 'POST')!.body as { protocol: Record<string, unknown> }).protocol;
}
