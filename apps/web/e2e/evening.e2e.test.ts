/**
 * E2E (issue 24, its acceptance test): a whole club evening in real Chromium against the real server.
 * Fourteen members (twelve added one by one, two from a CSV on the members page); two tables, each
 * hosted on its own device by the member the admin assigned, signed in as himself: the admin hosts
 * table 1, «Ведущий» table 2 (neither plays a live game; «Ведущий» is not invited). Twelve members
 * and eight guests from the door fill two tables of ten; three games per table are played over the
 * real WebSocket by seeded bots (tableBots.ts) with the key each host got from his own session.
 * After game 1 a member leaves each table: at table 1 the latecomer (−5) replaces him in the same
 * room; at table 2 nobody does, its room refuses the next game (`seats-empty`) until the table is
 * reseated («Оставить столы»), and it plays game 2 with nine in a new room. Before game 3 the
 * tables are mixed («Перемешать», its qualities on the page). Then a paper game of the two hosts
 * and two guests is entered on its score sheet, entered again and refused naming the first, a live
 * game is voided, a future evening is cancelled (its invitations withdrawn by mail, no penalties),
 * and the leaderboard page, its JSON, its Russian CSV (`;`, decimal commas, BOM) and the public
 * page show exactly what the test works out from the replayed protocols (ratingsExpected.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayPoints, latePenalty, leavePenalty } from '@mafia/club';
import { gameResult, replayProtocol, type ProtocolDocument } from '@mafia/engine';
import { expectAccessible } from './axe';
import { api, clubEvening, mailAndClock, signIn, type Call } from './clubEvening';
import { addByCsv, addGuests, defer, enterPaperGame, guestOnPage, once, publicRows, reseatOnPage, type Guest, type Seating } from './eveningPlan';
import { byTestId, newDevice, serverAndBrowser, wordProblems } from './harness';
import { csvRecord, expectedBoard, pageNumber, parseCsv, type ReplayedGame } from './ratingsExpected';
import { playTable, type NextRoom } from './tableBots';
import { Refused, WireConn } from './wire';

const { mailbox, clockFile } = mailAndClock();
const env = serverAndBrowser(() => ({
  SMTP_URL: mailbox.url, MAIL_FROM: 'Клуб <club@club.test>', CLUB_JOB_POLL_MS: '250', MAFIA_TEST_CLOCK_FILE: clockFile, MESSAGES_PER_SECOND_PER_ADDRESS: '1000',
}));

const HOST2 = 'Ведущий';
const LATE = 'Тигр';
const CSV = ['Филин', 'Заяц'];
const NICKS = [HOST2, 'Кот', 'Лис', 'Сова', 'Ёж', 'Волк', 'Рысь', 'Бобр', 'Барс', 'Лось', 'Енот', LATE, ...CSV] as const;
const GUESTS = ['Антон', 'Борис', 'Вадим', 'Галина', 'Дарья', 'Егор', 'Жанна', 'Зоя'];
const PAPER = [{ name: 'Админ', guest: false }, { name: HOST2, guest: false }, { name: 'Петя', guest: true }, { name: 'Маша', guest: true }];
const emailOf = (i: number) => `m${i + 1}@evening.test`;
const WEIGHT = 1.5;
const GAMES = 3;
const MIN = 60_000;

interface Game { id: string; tableNo: number | null; gameNo: number | null; protocol: boolean; winner: string | null; seats: { seat: number; userId: string | null; nickname: string }[] }
interface Page_ { games: Game[]; tables: { tableNo: number; roomCode: string; seats: { seat: number; userId: string | null; guestId?: string | null }[] }[]; ledger: { userId: string; rule: string; points: number }[] }

const replayed = (doc: unknown) => {
  const r = replayProtocol(doc);
  if (!r.ok) throw new Error(`the protocol does not replay: ${r.error.message}`);
  return r.result;
};

describe('issue 24: a club evening from the door to the public page (bots over the wire, real browser)', () => {
  it('members by CSV, two hosts, guests, a leaver with and without replacement, reseating, a paper game, corrections; every table shows what the test computes', async () => {
    const base = env.server.base;
    const admin = await newDevice(env.browser, base);
    const ap = await admin.newPage();
    const errors: string[] = [];
    ap.on('pageerror', (e) => errors.push(String(e)));
    await signIn(ap, mailbox, base, 'admin@evening.test');
    const call = await api(admin.request, base);
    let guests: Guest[] = [];
    const ev = await clubEvening({
      call, base, mailbox, nicks: NICKS, emailOf, preset: 'club', weight: WEIGHT, gamesPlanned: GAMES, tables: 2,
      later: LATE, lateBy: 20 * MIN, arrive: (startsAt) => writeFileSync(clockFile, String(startsAt + 30 * MIN - Date.now())),
      byHand: { nicks: CSV, add: (clubId) => addByCsv(ap, clubId, CSV.map((n) => ({ nickname: n, name: `${n} Петров`, email: emailOf(NICKS.indexOf(n as never)) }))) },
      away: [HOST2],
      door: async (eveningId, startsAt, clubId) => {
        // Seven over the API at the start, the eighth through the door's form (after a member's nickname refused in words).
        guests = [...(await addGuests(call, eveningId, GUESTS.slice(0, -1), startsAt)), await guestOnPage(ap, call, clubId, eveningId, GUESTS.at(-1)!, 'еж')];
      },
    });
    const { eveningId, clubId, idOf } = ev;
    expect(await wordProblems(ap, 'ru'), 'the members page, after the CSV, in Russian').toEqual([]);
    expect(idOf.size, 'the admin and fourteen members').toBe(15);
    expect(ev.tables.map((t) => t.seats.length)).toEqual([10, 10]);
    const idOfSeat = (x: { userId: string | null; guestId?: string | null }) => x.userId ?? x.guestId!;
    const guestIds = new Set(guests.map((g) => g.guestId));
    // The door view (the guest contract): guests at the door and on the tables' seats, by their guest ids.
    const drawnView = await call<Page_ & { attendance: { userId: string; nickname: string; guest?: boolean }[] }>('GET', `/api/evenings/${eveningId}`);
    expect(drawnView.attendance.filter((a) => a.guest).map((a) => [a.userId, a.nickname]).sort()).toEqual(guests.map((g) => [g.guestId, g.nickname]).sort());
    expect(drawnView.tables.flatMap((t) => t.seats.filter((x) => x.userId === null).map((x) => x.guestId)).sort()).toEqual([...guestIds].sort());
    expect(drawnView.tables.map((t) => t.roomCode)).toEqual(ev.tables.map((t) => t.roomCode));
    const evUrl = `/club/${clubId}/evenings/${eveningId}`;
    // A guest may not take a member's nickname (Ё as Е, case aside) nor another guest's name; a refusal changes nothing.
    const atDoor = async () => (await call<{ attendance: unknown[] }>('GET', `/api/evenings/${eveningId}`)).attendance.length;
    const before = await atDoor();
    await expect(call('POST', `/api/evenings/${eveningId}/guests`, { name: 'КОТ' })).rejects.toThrow(/guest-is-member/);
    await expect(call('POST', `/api/evenings/${eveningId}/guests`, { name: GUESTS[0] })).rejects.toThrow(/guest-name-taken/);
    await expect(call('POST', `/api/evenings/${eveningId}/guests`, { name: ' ' })).rejects.toThrow(/: 4\d\d /);
    expect(await atDoor(), 'the refusals changed nothing').toBe(before);

    // The hosts: the admin assigns them; each opens his table's console on his own device.
    const host2 = await newDevice(env.browser, base);
    const hp = await host2.newPage();
    hp.on('pageerror', (e) => errors.push(String(e)));
    await signIn(hp, mailbox, base, emailOf(NICKS.indexOf(HOST2)));
    const call2 = await api(host2.request, base);
    await call('POST', `/api/evenings/${eveningId}/tables/1/host`, { userId: idOf.get('Админ')! });
    await call('POST', `/api/evenings/${eveningId}/tables/2/host`, { userId: idOf.get(HOST2)! });
    await expect(call2('POST', `/api/evenings/${eveningId}/tables/1/console`)).rejects.toThrow(/403.*not-table-host/);
    for (const [page, n] of [[ap, 1], [hp, 2]] as const) {
      await page.goto(evUrl);
      await byTestId(page, `table-host-${n}`).getByText(`Ведущий стола: ${n === 1 ? 'Админ' : HOST2}`).waitFor();
      await page.getByRole('button', { name: `Пульт ведущего стола ${n}` }).click();
      await page.waitForURL(new RegExp(`/r/${ev.tables[n - 1]!.roomCode}/host$`));
      await byTestId(page, 'host-start').waitFor();
      await page.goto(evUrl);
    }
    const consoleOf = async (c: Call, n: number, seats: number): Promise<NextRoom> => {
      const r = await c<{ roomCode: string; hostKey: string }>('POST', `/api/evenings/${eveningId}/tables/${n}/console`);
      return { code: r.roomCode, hostKey: r.hostKey, seats };
    };

    // Who sits where, game by game, as the test plans it (member ids and guest ids).
    const drawn: Seating = drawnView.tables.map((t) => [...t.seats].sort((a, b) => a.seat - b.seat).map(idOfSeat));
    const leaver = drawn.map((t) => t.find((u) => !guestIds.has(u))!);
    const late = idOf.get(LATE)!;
    const plan = new Map<string, Seating[number]>();
    drawn.forEach((t, i) => plan.set(`${i + 1}.1`, t));
    plan.set('1.2', drawn[0]!.map((u) => (u === leaver[0] ? late : u)));
    const ended = [[defer(), defer()], [defer(), defer()]] as const; // [table][game]
    const door = once(async () => {
      await Promise.all([ended[0][0].done, ended[1][0].done]);
      await call('POST', `/api/evenings/${eveningId}/checkout`, { userId: leaver[0], replacementUserId: late });
      await call('POST', `/api/evenings/${eveningId}/checkout`, { userId: leaver[1] });
      // Table 2's room deals no game to an empty seat.
      const probe = await WireConn.open(env.server.wsUrl, 'probe');
      try {
        await probe.enter(ev.tables[1]!.roomCode, { host: (await consoleOf(call2, 2, 10)).hostKey });
        const refused = await probe.next().then(() => null, (e: unknown) => e);
        expect(refused instanceof Refused && refused.code, `table 2's next game: ${String(refused)}`).toBe('seats-empty');
      } finally {
        probe.close();
      }
    });
    const keep = once(async () => {
      await ended[0][1].done; // table 1 plays its game 2 in its room; the reseating waits for it
      const s = await reseatOnPage(ap, call, eveningId, 'keep', [10, 9]);
      expect(s[0], 'table 1 keeps its seats, the replacement on the leaver').toEqual(plan.get('1.2'));
      expect(s[1], 'table 2 keeps its nine').toEqual(drawn[1]!.filter((u) => u !== leaver[1]));
      plan.set('2.2', s[1]!);
      return consoleOf(call2, 2, 9);
    });
    const mix = once(async () => {
      await Promise.all([ended[0][1].done, ended[1][1].done]);
      const s = await reseatOnPage(ap, call, eveningId, 'mix', [10, 9], 'e24');
      s.forEach((t, i) => plan.set(`${i + 1}.3`, t));
      return Promise.all([consoleOf(call, 1, 10), consoleOf(call2, 2, 9)]);
    });
    const k = await Promise.all([consoleOf(call, 1, 10), consoleOf(call2, 2, 10)]);
    const t0 = Date.now();
    const played = await Promise.all([0, 1].map((i) => playTable({
      wsUrl: env.server.wsUrl, code: k[i]!.code, hostKey: k[i]!.hostKey, seats: 10, games: GAMES, bots: 'heuristic', seed: 24 + i,
      between: async (g) => {
        ended[i]![g - 1]!.open();
        if (g === 1) {
          await door();
          if (i === 1) return keep();
          // Table 1's room renamed the leaver's seat for the latecomer: his phone claims it.
          return [drawn[0]!.indexOf(leaver[0]!) + 1];
        }
        return (await mix())[i];
      },
    })));
    expect(played.flatMap((p) => [...p.refused, ...p.stray]), 'no command of a legal bot refused, no stray error').toEqual([]);
    expect(Date.now() - t0, 'six games within three minutes').toBeLessThan(180_000);

    // The games as the evening page lists them: who sat where (a guest: no user), and each protocol replays to its result.
    const view = () => call<Page_>('GET', `/api/evenings/${eveningId}`);
    const live = (await view()).games.filter((g) => !g.protocol);
    expect(live.map((g) => [g.tableNo, g.gameNo]).sort()).toEqual([[1, 1], [1, 2], [1, 3], [2, 1], [2, 2], [2, 3]]);
    const guestName = new Map(guests.map((g) => [g.guestId, g.nickname]));
    const games: ReplayedGame[] = [];
    for (const g of [...live].sort((a, b) => a.gameNo! - b.gameNo! || a.tableNo! - b.tableNo!)) {
      const seated = plan.get(`${g.tableNo}.${g.gameNo}`)!;
      expect(g.seats.map((x) => x.userId ?? `guest ${x.nickname}`), `game ${g.tableNo}.${g.gameNo}: who sat where`).toEqual(seated.map((u) => (guestIds.has(u) ? `guest ${guestName.get(u)}` : u)));
      const doc = await call<ProtocolDocument>('GET', `/api/clubs/${clubId}/games/${encodeURIComponent(g.id)}/protocol`);
      const result = replayed(doc);
      const own = played[g.tableNo! - 1]!.games[g.gameNo! - 1]!;
      expect(result.winner, `game ${g.tableNo}.${g.gameNo}: the winner`).toBe(g.winner);
      expect(result.scores, `game ${g.tableNo}.${g.gameNo}: every seat's points`).toEqual(gameResult(own.events).scores);
      games.push({ id: g.id, preset: doc.preset, dealt: doc.seats, result, members: seated.map((u) => (guestIds.has(u) ? null : u)) });
      // The room's seats bear their players' names, a guest's his own; in table 1's game 2 the latecomer's on the leaver's seat (renamed).
      expect(own.final.seats.map((x) => x.name), `game ${g.tableNo}.${g.gameNo}: the room's seats`).toEqual(g.seats.map((x) => x.nickname));
    }

    // A paper game on its score sheet; the same sheet again is refused, naming the game entered first.
    await ap.goto(evUrl);
    await enterPaperGame(ap, PAPER);
    await ap.getByText('4. Маша (гость)').waitFor();
    const paper = (await view()).games.filter((g) => g.protocol);
    expect(paper.map((g) => [g.winner, g.seats.map((x) => x.userId ?? x.nickname)])).toEqual([['town', [idOf.get('Админ'), idOf.get(HOST2), 'Петя', 'Маша']]]);
    await enterPaperGame(ap, PAPER);
    const dup = ap.locator('[role="alert"][data-code="game-duplicate"]');
    await dup.waitFor();
    expect(await dup.textContent()).toMatch(new RegExp(`^Эта игра уже введена: вечер .+, игра ${paper[0]!.id}\\.$`));
    expect((await view()).games.filter((g) => g.protocol), 'nothing entered twice').toHaveLength(1);
    const paperDoc = await call<ProtocolDocument>('GET', `/api/clubs/${clubId}/games/${paper[0]!.id}/protocol`);
    games.push({ id: paper[0]!.id, preset: paperDoc.preset, dealt: paperDoc.seats, result: replayed(paperDoc), members: [idOf.get('Админ')!, idOf.get(HOST2)!, null, null] });

    // Table 1's game 3 is voided, with its reason: marked on the page, out of every number.
    const voided = live.find((g) => g.tableNo === 1 && g.gameNo === 3)!;
    await ap.reload();
    const form = byTestId(ap, `game-void-${voided.id}`);
    await form.locator('summary').click();
    await form.getByLabel('Причина').fill('ведущий перепутал роли');
    await form.getByRole('button', { name: 'Аннулировать', exact: true }).click();
    await byTestId(ap, `game-voided-${voided.id}`).getByText('аннулирована').waitFor();
    await ap.getByText('Аннулирована: ведущий перепутал роли').waitFor();
    expect(await wordProblems(ap, 'ru'), 'the evening page in Russian').toEqual([]);

    // The evening's ledger, by the seed-003 rules: the latecomer's −5, the unreplaced leaver's −3 per unplayed game.
    const penalties = new Map<string, number[]>();
    const lateBy = latePenalty(ev.startsAt, ev.startsAt + 20 * MIN);
    const left = [leavePenalty(GAMES, 1, true), leavePenalty(GAMES, 1, false)];
    for (const [u, p] of [[late, lateBy], [leaver[0]!, left[0]], [leaver[1]!, left[1]]] as const) if (p) penalties.set(u, [...(penalties.get(u) ?? []), p.points]);
    expect((await view()).ledger.map((l) => [l.userId, l.points]).sort()).toEqual([...penalties].flatMap(([u, ps]) => ps.map((p) => [u, p])).sort());

    // A future evening, its invitations sent, is cancelled: each invited gets the withdrawal, nobody a penalty.
    const { evening: future } = await call<{ evening: { id: string } }>('POST', `/api/clubs/${clubId}/evenings`, {
      startsAt: Date.now() + 7 * 24 * 60 * MIN, place: 'Кафе «Будущее»', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3,
    });
    const invitees = [...idOf].filter(([n]) => n !== 'Админ' && n !== HOST2);
    await call('POST', `/api/evenings/${future.id}/invitations`, { userIds: invitees.map(([, u]) => u) });
    for (const [n] of invitees) await mailbox.waitFor(emailOf(NICKS.indexOf(n as never)), /Будущее/, `${n}'s invitation to the future evening`);
    await ap.goto(`/club/${clubId}/evenings/${future.id}`);
    const cancel = byTestId(ap, 'evening-cancel');
    await cancel.getByText('Отменить вечер', { exact: true }).click();
    await cancel.getByLabel('Причина').fill('зал закрыт');
    await cancel.getByRole('button', { name: 'Отменить вечер и отозвать приглашения' }).click();
    await byTestId(ap, 'evening-cancelled').waitFor();
    for (const [n] of invitees) expect((await mailbox.waitFor(emailOf(NICKS.indexOf(n as never)), /отменяет игровой вечер/, `${n}'s withdrawal`)).text).toContain('Причина: зал закрыт');
    expect((await call<Page_>('GET', `/api/evenings/${future.id}`)).ledger, 'no penalty for a cancelled evening').toEqual([]);

    // What the leaderboard must show: the replayed games but the voided one, guests nowhere, the ledger's penalties.
    const members = [...idOf].map(([nickname, userId]) => ({ userId, nickname }));
    const expected = expectedBoard({ members, games: games.filter((g) => g.id !== voided.id), weight: WEIGHT, at: ev.startsAt, penalties });
    expect(expected.rows).toHaveLength(15);
    const board = await call<{ rows: (Record<string, number> & { userId: string; nickname: string })[] }>('GET', `/api/clubs/${clubId}/leaderboard`);
    expect(board.rows.map((r) => r.userId), 'the JSON: members only, in order').toEqual(expected.rows.map((r) => r.userId));
    for (const [i, r] of expected.rows.entries()) {
      for (const key of ['rank', 'evenings', 'games', 'wins'] as const) expect(board.rows[i]![key], `${r.nickname}: ${key}`).toBe(r[key]);
      for (const key of ['points', 'penalties', 'total', 'winRate', 'red', 'black', 'overall'] as const) expect(board.rows[i]![key], `${r.nickname}: ${key}`).toBeCloseTo(r[key], 9);
    }
    await ap.goto(`/club/${clubId}/leaderboard`);
    const rows = ap.locator('tr[data-testid^="board-"]');
    await rows.nth(expected.rows.length - 1).waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')!.slice(6)))).toEqual(expected.rows.map((r) => r.userId));
    for (const [i, r] of expected.rows.entries()) {
      const col = async (c: string) => (await rows.nth(i).locator(`td[data-col="${c}"]`).innerText()).trim();
      for (const key of ['points', 'penalties', 'total'] as const) expect(pageNumber(await col(key)).toFixed(2), `${r.nickname}: ${key} on the page`).toBe(displayPoints(r[key]));
      for (const key of ['evenings', 'games', 'wins'] as const) expect(await col(key), `${r.nickname}: ${key} on the page`).toBe(String(r[key]));
      for (const key of ['red', 'black', 'overall'] as const) expect(pageNumber(await col(key)), `${r.nickname}: ${key} on the page`).toBe(Math.round(r[key]));
    }
    expect(await wordProblems(ap, 'ru'), 'the leaderboard in Russian').toEqual([]);
    const [download] = await Promise.all([ap.waitForEvent('download'), ap.getByRole('link', { name: /CSV/ }).click()]);
    const raw = readFileSync((await download.path())!, 'utf8');
    expect(raw.startsWith('\ufeff'), 'the CSV begins with a byte-order mark').toBe(true);
    const csv = parseCsv(raw, ';');
    expect(csv[0]).toEqual(['Место', 'Ник', 'Баллы', 'Штрафы', 'Итого', 'Вечера', 'Игры', 'Победы', 'Доля побед', 'Рейтинг за красных', 'Рейтинг за чёрных', 'Рейтинг']);
    expect(csv.slice(1), 'the CSV as Russian Excel reads it').toEqual(expected.rows.map((r) => csvRecord(r, 'ru')));

    // The public page, turned on by the admin, read signed out (it leaves out members who never played: here everyone played).
    expect(expected.rows.filter((r) => r.games === 0).map((r) => r.nickname), 'every member played').toEqual([]);
    await ap.goto('/account');
    // The box follows the server's answer: a click, then the page says the page is open.
    await ap.getByLabel(/^Публичная страница клуба/).click();
    await ap.getByRole('status').filter({ hasText: `/p/${clubId}` }).waitFor();
    const anon = await newDevice(env.browser, base);
    const pp = await anon.newPage();
    pp.on('pageerror', (e) => errors.push(String(e)));
    await pp.goto(`/p/${clubId}`);
    await pp.locator('table.board-table tbody tr').nth(expected.rows.length - 1).waitFor();
    const shown = await publicRows(pp);
    expect(shown.map((r) => [r.rank, r.nickname])).toEqual(expected.rows.map((r) => [String(r.rank), r.nickname]));
    for (const [i, r] of expected.rows.entries()) {
      const got = shown[i]!;
      expect(pageNumber(got.cols.total!).toFixed(2), `${r.nickname}: total, public`).toBe(displayPoints(r.total));
      for (const key of ['games', 'wins'] as const) expect(got.cols[key], `${r.nickname}: ${key}, public`).toBe(String(r[key]));
      for (const key of ['red', 'black', 'overall'] as const) expect(pageNumber(got.cols[key]!), `${r.nickname}: ${key}, public`).toBe(Math.round(r[key]));
    }
    // Its one past evening (not the cancelled one) with its seven games, the voided one marked, its reason the members' only.
    expect(await byTestId(pp, 'public-evening').count()).toBe(1);
    expect(await pp.locator('[data-testid^="public-game-"]').count()).toBe(7);
    await byTestId(pp, `public-game-${voided.id}`).getByText('аннулирована').waitFor();
    expect(await pp.locator('body').innerText()).not.toMatch(/Антон|Петя|Будущее|перепутал/);
    expect(await wordProblems(pp, 'ru'), 'the public page in Russian').toEqual([]);
    await expectAccessible(pp, 'the public page');
    expect(errors, 'no uncaught errors on any page').toEqual([]);
    await Promise.all([anon.close(), host2.close(), admin.close()]);
  });
});
