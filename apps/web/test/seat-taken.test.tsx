// @vitest-environment jsdom
/**
 * Issue 24: the leaver's phone once a replacement took his seat says so, in the player's language,
 * with the name of who plays the seat now (or without one when the lobby did not name him).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { SeatTaken } from '../src/screens/player/SeatTaken';

afterEach(cleanup);

async function show(lng: 'ru' | 'en', name: string | null) {
  const i = createI18n();
  await i.changeLanguage(lng);
  render(
    <I18nextProvider i18n={i}>
      <MemoryRouter>
        <SeatTaken code="ABCDEF" seat={3} name={name} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByTestId('seat-taken');
}

describe('the leaver\'s phone (seat-renamed)', () => {
  it('says in Russian that he left the game and who took his seat', async () => {
    const box = await show('ru', 'Зоя');
    expect(box.textContent).toContain('Вы вышли из игры');
    expect(box.textContent).toContain('Ваше место № 3 занял Зоя.');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/r/ABCDEF/table');
    expect(box.textContent).not.toMatch(/seat-renamed|seatTaken/);
  });

  it('says it in English, and without a name when none is known', async () => {
    const box = await show('en', null);
    expect(box.textContent).toContain('You have left the game');
    expect(box.textContent).toContain('Another player took your seat № 3.');
  });
});
