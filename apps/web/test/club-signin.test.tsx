// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SignIn from '../src/screens/club/signin';
import ConsumeLink from '../src/screens/club/signin/consume';
import Clubs from '../src/screens/club/clubs';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('sign-in', () => {
  it('sends_a_link_and_says_where_it_went_and_remembers_the_page_that_asked', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/auth/link': { status: 202, body: { sent: true } } });
    await renderClub({ path: '/signin', url: '/signin?next=%2Fclub%2Fc1', element: <SignIn />, api: s.api, lng: 'ru' });
    fireEvent.change(screen.getAllByLabelText('E-mail')[0]!, { target: { value: 'ivan@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect((await screen.findByRole('status')).textContent).toBe('Ссылка для входа отправлена на ivan@example.org');
    expect(s.calls.find((c) => c.path === '/api/auth/link')!.body).toEqual({ email: 'ivan@example.org', locale: 'ru' });
    expect(localStorage.getItem('mafia.club.next')).toBe('/club/c1');
  });

  it('a_used_link_is_explained_in_russian_with_a_way_to_ask_for_a_new_one', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/auth/link/consume': { status: 410, body: { error: { code: 'link-used', message: 'this link was used' } } } });
    await renderClub({ path: '/signin/:token', url: '/signin/abc', element: <ConsumeLink />, api: s.api, lng: 'ru', extra: { '/signin': <p>sign-in page</p> } });
    expect((await screen.findByRole('alert')).textContent).toBe('Эта ссылка для входа уже использована.');
    fireEvent.click(screen.getByRole('link', { name: 'Запросить новую ссылку' }));
    expect(screen.getByText('sign-in page')).toBeTruthy();
    expect(s.calls.filter((c) => c.path === '/api/auth/link/consume')).toHaveLength(1);
  });

  it('a_good_link_signs_in_once_and_goes_to_the_page_that_asked', async () => {
    localStorage.setItem('mafia.club.next', '/club/c9');
    const s = fakeServer({ ...CSRF, 'POST /api/auth/link/consume': { body: { user: { id: 'u1' } } } });
    await renderClub({ path: '/signin/:token', url: '/signin/abc', element: <ConsumeLink />, api: s.api, lng: 'en', extra: { '/club/:clubId': <p>calendar page</p> } });
    await screen.findByText('calendar page');
    expect(s.calls.find((c) => c.path === '/api/auth/link/consume')!.body).toEqual({ token: 'abc' });
    expect(localStorage.getItem('mafia.club.next')).toBeNull();
  });

  it('a_wrong_password_is_refused_in_english', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/auth/password': { status: 401, body: { error: { code: 'bad-credentials', message: 'wrong e-mail or password' } } } });
    await renderClub({ path: '/signin', url: '/signin', element: <SignIn />, api: s.api, lng: 'en' });
    fireEvent.change(screen.getAllByLabelText('E-mail')[1]!, { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password.');
  });
});

describe('my clubs', () => {
  it('a_signed_out_visitor_is_offered_the_sign_in', async () => {
    const s = fakeServer({ 'GET /api/me': { body: { user: null } } });
    await renderClub({ path: '/club', url: '/club', element: <Clubs />, api: s.api, lng: 'ru' });
    expect((await screen.findByRole('link', { name: 'Вход' })).getAttribute('href')).toBe('/signin?next=%2Fclub');
  });

  it('lists_my_clubs_and_creates_one_then_opens_it', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/me': { body: { user: { id: 'u1', email: 'a@b.c', name: null, phone: null, locale: 'ru', hasPassword: false }, clubs: [{ id: 'c1', name: 'Старый клуб', role: 'member', nickname: 'Кот' }] } },
      'POST /api/clubs': { status: 201, body: { club: { id: 'c2', name: 'Новый' } } },
    });
    await renderClub({ path: '/club', url: '/club', element: <Clubs />, api: s.api, lng: 'ru', extra: { '/club/:clubId': <p>calendar page</p> } });
    expect((await screen.findByRole('link', { name: 'Старый клуб' })).getAttribute('href')).toBe('/club/c1');
    fireEvent.change(screen.getByLabelText('Название клуба'), { target: { value: 'Новый' } });
    fireEvent.change(screen.getByLabelText('Мой игровой ник'), { target: { value: 'Дон' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать клуб' }));
    await screen.findByText('calendar page');
    expect(s.calls.find((c) => c.path === '/api/clubs')!.body).toEqual({ name: 'Новый', nickname: 'Дон' });
  });

  it('shows_a_refusal_beside_the_field_its_path_names', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/me': { body: { user: { id: 'u1', email: 'a@b.c', name: null, phone: null, locale: 'en', hasPassword: false }, clubs: [] } },
      'POST /api/clubs': { status: 400, body: { error: { code: 'bad-request', message: 'nickname: too long', path: 'nickname' } } },
    });
    await renderClub({ path: '/club', url: '/club', element: <Clubs />, api: s.api, lng: 'en' });
    fireEvent.change(await screen.findByLabelText('Club name'), { target: { value: 'X' } });
    const nick = screen.getByLabelText('My game nickname');
    fireEvent.change(nick, { target: { value: 'Y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the club' }));
    const alert = await screen.findByRole('alert');
    expect(alert.parentElement).toBe(nick.parentElement);
    expect(alert.textContent).toBe('Some field is wrong: check the form.');
  });
});
