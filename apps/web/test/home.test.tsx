// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, setLanguage } from '../src/i18n';
import Home from '../src/screens/home';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderHome() {
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/new" element={<p>create screen</p>} />
          <Route path="/r/:code" element={<p>lobby screen</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return i18n;
}

describe('home', () => {
  it('offers to create a game and to join one by a 6-character code', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mafia Host');
    const join = screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    const input = screen.getByLabelText('Room code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'k7qx2m' } });
    expect(input.value).toBe('K7QX2M');
    expect(join.disabled).toBe(false);
    fireEvent.click(join);
    expect(screen.getByText('lobby screen')).toBeTruthy();
  });

  it('the create button opens /new', () => {
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Create a game' }));
    expect(screen.getByText('create screen')).toBeTruthy();
  });

  it('speaks Russian for a Russian browser, and the switch changes the language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ru-RU');
    const i18n = renderHome();
    expect(screen.getByRole('button', { name: 'Создать игру' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /English/ }));
    await screen.findByRole('button', { name: 'Create a game' });
    expect(localStorage.getItem('mafia.lang')).toBe('en');
    await setLanguage(i18n, 'ru');
  });

  it('every button has an accessible name', () => {
    renderHome();
    for (const b of screen.getAllByRole('button')) expect(b.getAttribute('aria-label') ?? b.textContent).toMatch(/\S/);
  });
});
