/**
 * The steps of issue 24's evening (evening.e2e.test.ts) that are not the games: members added from
 * a CSV on the members page, guests at the door, a paper game on its score sheet, the seating
 * between games on the evening page, and the public page read back.
 */
import type { Page } from 'playwright-core';
import type { Call } from './clubEvening';
import { byTestId } from './harness';

/** A promise and its resolver: one table tells the other it has got this far. */
export function defer(): { readonly done: Promise<void>; readonly open: () => void } {
  let open!: () => void;
  const done = new Promise<void>((ok) => (open = ok));
  return { done, open };
}

/** `f` run once, its promise shared by every caller (both tables wait on the same reseating). */
export function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
}

/**
 * The admin adds members on the members page from a CSV file (Russian Excel's `;`), previews it
 * («Проверить»: every line accepted) and confirms.
 */
export async function addByCsv(page: Page, clubId: string, rows: readonly { nickname: string; name: string; email: string }[]): Promise<void> {
  await page.goto(`/club/${clubId}/members`);
  const csv = ['Ник;Имя;E-mail;Телефон', ...rows.map((r) => `${r.nickname};${r.name};${r.email};`)].join('\r\n');
  await page.locator('#bulk-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${csv}`, 'utf8') });
  await page.getByRole('button', { name: 'Проверить' }).click();
  const preview = byTestId(page, 'bulk-preview');
  await preview.waitFor();
  for (const [i, r] of rows.entries()) {
    const line = byTestId(page, `bulk-line-${i + 2}`);
    await line.getByText('Принято').waitFor();
    await line.getByText(r.nickname, { exact: true }).waitFor();
  }
  await page.getByRole('button', { name: `Добавить ${rows.length} участника` }).click();
  await page.getByRole('status').filter({ hasText: `Добавлено ${rows.length} участника.` }).waitFor();
}

/** A guest at the door (issue 24 point 4, the guest contract): his opaque `g:` id and his name. */
export interface Guest { readonly guestId: string; readonly nickname: string }

/** Guests come to the door at `arrivedAt` (POST …/guests). */
export async function addGuests(call: Call, eveningId: string, names: readonly string[], arrivedAt: number): Promise<Guest[]> {
  const out: Guest[] = [];
  for (const name of names) {
    const { guest } = await call<{ guest: Guest & { arrivedAt: number } }>('POST', `/api/evenings/${eveningId}/guests`, { name, arrivedAt });
    if (!guest.guestId.startsWith('g:')) throw new Error(`a guest's id is not a g: id: ${guest.guestId}`);
    out.push({ guestId: guest.guestId, nickname: guest.nickname });
  }
  return out;
}

/**
 * A guest comes to the door through the evening page's «Гость» form: first the host types a
 * member's nickname (`member`) and is told so in words, then the guest's own name.
 */
export async function guestOnPage(page: Page, call: Call, clubId: string, eveningId: string, name: string, member: string): Promise<Guest> {
  await page.goto(`/club/${clubId}/evenings/${eveningId}`);
  const form = byTestId(page, 'guest-form');
  await form.locator('#guest-name').fill(member);
  await form.getByRole('button', { name: 'Добавить гостя' }).click();
  const refusal = page.locator('[role="alert"][data-code="guest-is-member"]');
  // The name as typed, or the member's own nickname (Ё as Е): either way the clubs' words.
  await refusal.getByText(/^«[^»]+» — ник участника клуба: у гостя должно быть другое имя\.$/).waitFor();
  await form.locator('#guest-name').fill(name);
  await form.getByRole('button', { name: 'Добавить гостя' }).click();
  await page.getByRole('status').filter({ hasText: `Гость «${name}» пришёл: играет без очков.` }).waitFor();
  const { attendance } = await call<{ attendance: { userId: string; nickname: string; guest?: boolean }[] }>('GET', `/api/evenings/${eveningId}`);
  const a = attendance.find((x) => x.guest && x.nickname === name);
  if (!a) throw new Error(`the guest ${name} is not at the door: ${JSON.stringify(attendance)}`);
  return { guestId: a.userId, nickname: name };
}

/**
 * The score sheet of a four-seat classic game played on paper (Дон, Комиссар, two civilians;
 * seats 3 and 4 guests): night 1 passes, seats 2 and 3 nominate 1 and 2, and 2, 3, 4 vote the
 * Don out — the town wins on day 1. Filled in on the evening page and saved.
 */
export async function enterPaperGame(page: Page, seats: readonly { name: string; guest: boolean }[]): Promise<void> {
  await page.getByText('Ввести протокол').click();
  const form = byTestId(page, 'paper-form');
  await form.waitFor();
  await form.getByLabel('Правила игры').selectOption('classic');
  await form.getByLabel('Игроков').selectOption('4');
  for (const [i, s] of seats.entries()) {
    await form.getByLabel(`Игрок на месте ${i + 1}`).fill(s.name);
    if (s.guest) await form.getByLabel(`Гость на месте ${i + 1}`).check();
  }
  await form.getByRole('button', { name: 'Добавить ночь 1' }).click();
  await paperDayOne(page);
  await byTestId(page, 'paper-winner').getByText('По правилам победа: Мирные.').waitFor();
  await form.getByRole('button', { name: 'Сохранить игру' }).click();
}

/** A seating as the server confirmed it: per table, the user id (a member) or guest id of each seat. */
export type Seating = readonly (readonly string[])[];

interface SeatingAnswer { tables: { tableNo: number; seats: { seat: number; userId: string | null; guestId?: string | null }[] }[]; qualities: { seats: number; opponents: number; tables: number } | null }

export const seatIds = (s: SeatingAnswer): string[][] => s.tables.map((t) => t.seats.map((x) => x.userId ?? x.guestId!));

/**
 * The seating between games on the evening page, as its host does it: «Оставить столы» or
 * «Перемешать» (with `seed`: its qualities shown, the same as the server's proposal of that seed),
 * the sizes shown, «Подтвердить рассадку». Returns the seating the server proposed (the page confirms it unchanged).
 */
export async function reseatOnPage(page: Page, call: Call, eveningId: string, mode: 'keep' | 'mix', sizes: readonly number[], seed?: string): Promise<Seating> {
  const proposal = await call<SeatingAnswer>('POST', `/api/evenings/${eveningId}/seating/proposal`, seed ? { mode, seed } : { mode });
  await page.reload();
  if (seed) await page.locator('#reseat-seed').fill(seed);
  await page.getByRole('button', { name: mode === 'keep' ? 'Оставить столы' : 'Перемешать' }).click();
  for (const [i, n] of sizes.entries()) await byTestId(page, `reseat-table-${i + 1}`).getByText(`Стол ${i + 1} · ${n} игрок`).waitFor();
  if (mode === 'mix') {
    const q = proposal.qualities!;
    const shown = await byTestId(page, 'reseat-qualities').textContent();
    if (shown !== `Номера мест ${q.seats} % · соперники ${q.opponents} % · столы ${q.tables} %`) throw new Error(`the qualities shown: ${shown}; the server's: ${JSON.stringify(q)}`);
  }
  await page.getByRole('button', { name: 'Подтвердить рассадку' }).click();
  await byTestId(page, 'reseat-table-1').waitFor({ state: 'detached' });
  return seatIds(proposal);
}

/** The public page's table as shown: per row rank, nickname and each column's text. */
export function publicRows(page: Page): Promise<{ rank: string; nickname: string; cols: Record<string, string> }[]> {
  return page.locator('table.board-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    rank: tr.querySelector('.board-rank')!.textContent!.trim(),
    nickname: tr.querySelector('.board-nick')!.textContent!.trim(),
    cols: Object.fromEntries([...tr.querySelectorAll('td[data-col]')].map((td) => [td.getAttribute('data-col')!, td.textContent!.trim()])),
  })));
}

/** The four-seat paper game's day 1 on the score sheet: seats 2 and 3 nominate 1 and 2; 2, 3, 4 vote 1 out. */
export async function paperDayOne(page: Page): Promise<void> {
  await byTestId(page, 'paper-form').getByRole('button', { name: 'Добавить день 1' }).click();
  const day = byTestId(page, 'paper-day-1');
  await day.getByRole('button', { name: 'Добавить выставление' }).click();
  await day.getByRole('button', { name: 'Добавить выставление' }).click();
  await day.getByLabel('1. Выставил').selectOption('2');
  await day.getByLabel('1. Кого').selectOption('1');
  await day.getByLabel('2. Выставил').selectOption('3');
  await day.getByLabel('2. Кого').selectOption('2');
  await day.getByLabel('Голоса за 1').fill('2 3 4');
}
