/**
 * A club evening set up as its people would, mostly over the club's HTTP API (docs/club-api.md):
 * sign-in by the link in the e-mail, a club, its members (who accept its invitation to join from
 * their mail), an evening, the invitations answered from
 * the links in the members' mail, the door, and the tables drawn (each a human-hosted game room).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { Mailbox } from './mailbox';

/**
 * A test file's mailbox (the server's SMTP_URL) and the club's clock (MAFIA_TEST_CLOCK_FILE: the
 * server's clock plus the offset in this file, a test-only seam), set up before its tests and
 * removed after them. The offset starts at 0.
 */
export function mailAndClock(): { readonly mailbox: Mailbox; readonly clockFile: string } {
  const mailbox = new Mailbox();
  const clockDir = mkdtempSync(join(tmpdir(), 'mafia-clock-'));
  const clockFile = join(clockDir, 'offset');
  beforeAll(async () => {
    writeFileSync(clockFile, '0');
    await mailbox.start();
  });
  afterAll(async () => {
    await mailbox.stop();
    rmSync(clockDir, { recursive: true, force: true });
  });
  return { mailbox, clockFile };
}

export type Call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/**
 * The page's own session over the API (with its CSRF token); a refusal throws with its answer. Each
 * call on a connection of its own: Playwright's request context reuses an idle keep-alive socket
 * and does not retry a POST when the server has just closed it (HTTP_KEEP_ALIVE_TIMEOUT, 5 s), as a
 * browser does; CI saw that race once as ECONNRESET after a pause of the test's longer than that.
 */
export async function api(req: APIRequestContext, base: string): Promise<Call> {
  const { csrfToken } = (await (await req.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const headers = { connection: 'close' };
    const r = method === 'GET' ? await req.get(base + path, { headers }) : await req.post(base + path, { data: body ?? {}, headers: { ...headers, 'x-csrf-token': csrfToken } });
    const json = (await r.json()) as T;
    if (!r.ok()) throw new Error(`${method} ${path}: ${r.status()} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Signs the page's browser context in with the link that arrives in `email`'s mail. */
export async function signIn(page: Page, mailbox: Mailbox, base: string, email: string): Promise<void> {
  await page.goto('/signin');
  await page.locator('#signin-email').fill(email);
  await page.getByRole('button', { name: 'Прислать ссылку' }).click();
  await page.getByRole('status').filter({ hasText: email }).waitFor();
  const mail = await mailbox.waitFor(email, /\/signin\//, `the sign-in mail to ${email}`);
  await page.goto(Mailbox.link(mail, '/signin/', base));
  await page.waitForURL(/\/club$/);
}

/**
 * `email` accepts the club's invitation to join from her mail, over the API as the join page does
 * (a CSRF token from its signed cookie, then the link's token): until then the club may not mail her.
 */
export async function acceptJoinFromMail(mailbox: Mailbox, base: string, email: string): Promise<void> {
  const mail = await mailbox.waitFor(email, /\/join\//, `the invitation to join mailed to ${email}`);
  const token = Mailbox.link(mail, '/join/', base).split('/join/')[1]!.replace(/\?.*$/, '');
  const c = await fetch(`${base}/api/auth/csrf`);
  const cookie = c.headers.getSetCookie().map((x) => x.split(';')[0]).join('; ');
  const { csrfToken } = (await c.json()) as { csrfToken: string };
  const r = await fetch(`${base}/api/join/accept`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ token }) });
  if (!r.ok) throw new Error(`${email} could not accept the invitation to join: ${r.status} ${await r.text()}`);
}

export interface DrawnTable {
  readonly tableNo: number; readonly roomCode: string; readonly hostKey: string;
  /** A guest's seat (issue 24 point 4): no user, his `guestId`. */
  readonly seats: readonly { seat: number; userId: string | null; guestId?: string | null; nickname: string }[];
}

export interface Evening {
  readonly clubId: string;
  readonly eveningId: string;
  readonly startsAt: number;
  /** Every member (the admin first), by nickname. */
  readonly idOf: ReadonlyMap<string, string>;
  readonly tables: readonly DrawnTable[];
}

const MIN = 60_000;

/**
 * The admin (signed in on `call`'s session) makes a club with `nicks` as members (each accepts
 * the invitation to join from his mail), an evening of
 * `preset` two hours away with weight `weight`, invites them all; each answers YES from his mail.
 * Then `arrive` moves the club's clock past the start, everyone but `later` is checked in at the
 * start, the tables are drawn, and `later` comes `lateBy` ms after the start (not seated).
 * `byHand`: those of `nicks` its `add` adds (the members page's list or CSV) instead of the API;
 * `away`: members neither invited nor at the door (the tables' hosts); `door`: more at the door
 * after the check-ins, before the draw (guests).
 */
export async function clubEvening(o: {
  readonly call: Call; readonly base: string; readonly mailbox: Mailbox; readonly nicks: readonly string[]; readonly emailOf: (i: number) => string;
  readonly preset: string; readonly weight: number; readonly gamesPlanned: number; readonly tables: number;
  readonly later: string; readonly lateBy: number; readonly arrive: (startsAt: number) => void;
  readonly byHand?: { readonly nicks: readonly string[]; readonly add: (clubId: string) => Promise<void> };
  readonly away?: readonly string[];
  readonly door?: (eveningId: string, startsAt: number, clubId: string) => Promise<void>;
}): Promise<Evening> {
  const { call } = o;
  const { club } = await call<{ club: { id: string } }>('POST', '/api/clubs', { name: 'Клуб «Рейтинг»', nickname: 'Админ' });
  for (const [i, nickname] of o.nicks.entries()) if (!o.byHand?.nicks.includes(nickname)) await call('POST', `/api/clubs/${club.id}/members`, { email: o.emailOf(i), nickname });
  await o.byHand?.add(club.id);
  for (const i of o.nicks.keys()) await acceptJoinFromMail(o.mailbox, o.base, o.emailOf(i));
  const { members } = await call<{ members: { userId: string; nickname: string }[] }>('GET', `/api/clubs/${club.id}/members`);
  const idOf = new Map(members.map((m) => [m.nickname, m.userId]));
  const startsAt = Math.ceil((Date.now() + 120 * MIN) / MIN) * MIN;
  const { evening } = await call<{ evening: { id: string } }>('POST', `/api/clubs/${club.id}/evenings`, {
    startsAt, place: 'Кафе «Лото»', capacity: 30, weight: o.weight, preset: o.preset, gamesPlanned: o.gamesPlanned,
  });
  const ids = o.nicks.filter((n) => !o.away?.includes(n)).map((n) => idOf.get(n)!);
  await call('POST', `/api/evenings/${evening.id}/invitations`, { userIds: ids });
  for (const [i, nick] of o.nicks.entries()) {
    if (o.away?.includes(nick)) continue;
    const mail = await o.mailbox.waitFor(o.emailOf(i), /Лото/, `${nick}'s invitation`);
    const link = Mailbox.link(mail, '/i/', o.base).replace(/\?.*$/, '');
    // The answer link's token is its credential (no session, no CSRF token).
    const r = await fetch(`${o.base}/api/invitations/${link.split('/i/')[1]}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"answer":"yes"}' });
    if (!r.ok) throw new Error(`${nick} could not answer: ${r.status} ${await r.text()}`);
  }
  o.arrive(startsAt);
  for (const nick of o.nicks) if (nick !== o.later && !o.away?.includes(nick)) await call('POST', `/api/evenings/${evening.id}/checkin`, { userId: idOf.get(nick)!, arrivedAt: startsAt });
  await o.door?.(evening.id, startsAt, club.id);
  const { tables } = await call<{ tables: DrawnTable[] }>('POST', `/api/evenings/${evening.id}/tables`, { tables: o.tables, seed: 15 });
  await call('POST', `/api/evenings/${evening.id}/checkin`, { userId: idOf.get(o.later)!, arrivedAt: startsAt + o.lateBy });
  return { clubId: club.id, eveningId: evening.id, startsAt, idOf, tables };
}
