/**
 * E2E (2): THE FULL GAME. A host and ten players, each in their own browser context (a phone),
 * plus the table screen, play a classic 10-player game with a human host to its end against the
 * real server: seats claimed in the lobby, role cards pressed and held, the host starts, night acts
 * entered on the players' phones, the host ends the night, speeches ended by the host, nominations
 * and votes, until the engine declares the winner, shown on every screen. After every step each
 * civilian's page is searched for other players' roles (none may be there before the end).
 *
 * The test knows the game through its own host connection (oracle.ts) and takes its steps from the
 * plan (plan.ts); every step is a tap on a screen.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@mafia/engine';
import { expectAccessible } from './axe';
import { awaitNightStep, claimInLobby, NAMES, createThroughUI, peekRole, selectSeat } from './flows';
import { byTestId, findLeaks, mentions, sentSecrets, smallTargets, unnamedControls, type SmallTarget, pageSeq, sleep, launchBrowser, newDevice, phaseOf, Shots, snapshot, startServer, until, type RunningServer, type SeatFacts, wordProblems } from './harness';
import { Oracle } from './oracle';
import { expectCardSays } from './roleCards';
import { nextSteps, stepKey, stepOfAct, type Step } from './plan';
import { expectCardPause, expectLastWordAlone, expectSkipAnnounced, FOULED, foulBeforeHisTurn } from './voice';

const SEATS = 10;
// 20 s for each of classic's three night steps (a 60 s night), so that a step's taps fit in it on a busy machine.
const NIGHT_STEP_SECONDS = 20;
const NIGHT_SECONDS = NIGHT_STEP_SECONDS * 3;
/** A whole game in 12 browsers, then the next game's card pause: many minutes on two busy cores. */
const GAME_TIMEOUT_MS = 900_000;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let oracle: Oracle | undefined;
const shots = new Shots('game');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  oracle?.close();
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

async function device(locale = 'ru-RU'): Promise<Page> {
  const ctx = await newDevice(browser, server.base, locale);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${String(e)}`));
  return page;
}
const pageErrors: string[] = [];

describe('the full game in 12 browsers (host, 10 players, table)', () => {
  it('plays a classic game to the end through the screens; no civilian ever sees another role', async () => {
    // ---- the host creates the room on the create page
    const host = await device();
    await host.goto('/new');
    const code = await createThroughUI(host, SEATS, undefined, { nightStep: NIGHT_STEP_SECONDS });
    const hostKey = (await host.evaluate((c) => localStorage.getItem(`mafia.host.${c}`), code))!;
    expect(hostKey, 'the host key is kept by the creating browser').toBeTruthy();
    oracle = new Oracle(server.wsUrl, code, { as: 'host', key: hostKey });
    await oracle.wait((s) => s.status === 'open', 'the oracle host connection');

    if (!new RegExp(`/r/${code}$`).test(host.url())) await host.goto(`/r/${code}`);
    await byTestId(host, 'room-code').waitFor();
    await shots.both(host, 'lobby', '1-host-empty');

    const table = await device();
    await table.goto(`/r/${code}/table`);

    // ---- ten players claim their seats in the lobby
    const players: Page[] = [];
    for (let seat = 1; seat <= SEATS; seat++) {
      const p = await device();
      await p.goto(`/r/${code}`);
      await claimInLobby(p, code, seat, NAMES[seat - 1]!);
      players.push(p);
      if (seat === 1) await shots.both(p, 'player', '0-claimed');
      if (seat === 1) await expectAccessible(p, 'player, seat claimed');
    }
    await oracle.wait((s) => s.lobby?.claimed.every((c) => c !== null) === true, 'every seat claimed');
    expect(oracle.state.lobby!.claimed).toEqual(NAMES);
    await host.reload();
    await byTestId(host, 'room-code').waitFor();
    await shots.both(host, 'lobby', '2-host-full');
    await expectAccessible(host, 'lobby (host), full');

    // ---- the host starts
    await byTestId(host, 'host-start').click();
    await oracle.wait((s) => s.view !== null, 'the start');
    if (!/\/host$/.test(host.url())) await host.waitForURL(/\/host$/, { timeout: 3_000 }).catch(() => host.goto(`/r/${code}/host`));
    const pageOfSeat = (seat: number) => players[seat - 1]!;
    // The night step's length typed on the create page reached the server (three steps in classic).
    const t0 = (await oracle.wait((s) => s.timer?.kind === 'night', 'the first night timer')).timer!;
    expect(t0.deadline - t0.started, 'the night timer from the create form').toBe(NIGHT_SECONDS * 1000);
    expect(t0.steps, 'the night step starts').toEqual([0, 1, 2].map((i) => t0.started + i * NIGHT_STEP_SECONDS * 1000));

    const facts = (): SeatFacts[] => oracle!.state.view!.seats.map((s) => ({ seat: s.seat, name: s.name, role: s.role!, alive: s.alive }));
    const start = facts();
    expect(start.every((f) => typeof f.role === 'string')).toBe(true);
    const roleAt = (seat: number) => start[seat - 1]!.role;
    const civilians = start.filter((f) => f.role === 'civilian').map((f) => f.seat);
    const mafiaTeam = oracle.state.view!.seats.filter((s) => s.team === 'mafia').map((s) => s.seat as number);
    expect(civilians.length).toBe(6);
    const firstOf = (role: string) => start.find((f) => f.role === role)!.seat;
    const watched = { civilian: civilians[0]!, mafia: firstOf('mafia'), don: firstOf('don'), commissar: firstOf('commissar') };

    // ---- what every page must show after each step
    const leaks: string[] = [];
    let searched = 0;
    const small = new Map<string, SmallTarget & { where: string }>();
    const unnamed = new Set<string>();
    const words = new Set<string>();
    const checkPages = async (where: string) => {
      const view = oracle!.state.view!;
      const pages: [string, Page][] = [['host', host], ['table', table], ...players.map((p, i) => [`seat ${i + 1}`, p] as [string, Page])];
      // data-testid="phase": data-phase and data-n as the server's view says, on every screen.
      for (const [who, page] of pages) {
        await until(
          async () => {
            const ph = await phaseOf(page);
            if (!ph || ph.kind !== view.phase.kind) return undefined;
            return view.phase.kind === 'ended' || ph.n === String(view.phase.n) || undefined;
          },
          `${who}: phase testid data-phase="${view.phase.kind}" data-n="${'n' in view.phase ? view.phase.n : ''}" (${where})`,
          8_000,
        ).catch(async (e: unknown) => {
          await shots.phone(page, 'failure', `phase-${who}`).catch(() => {});
          throw new Error(`${e instanceof Error ? e.message : String(e)}; it shows ${JSON.stringify(await phaseOf(page))}`);
        });
      }
      // No page shows an unfilled placeholder, a rule id or English (issue 11, point 5).
      for (const [who, page] of pages) for (const w of await wordProblems(page, 'ru')) words.add(`${where}, ${who}: ${w}`);
      expect([...words], 'words on the screens').toEqual([]);
      if (view.phase.kind === 'ended') return;
      // The table screen: who speaks, and the nominees, as the server says.
      const day = view.day;
      if (day?.stage === 'speeches' && day.speaker !== null) {
        await until(async () => mentions((await byTestId(table, 'speaker').first().textContent()) ?? '', String(day.speaker)), `table: speaker shows ${day.speaker} (${where})`, 5_000);
      }
      if (day && day.nominations.length > 0 && (day.stage === 'speeches' || day.stage === 'defence' || day.stage === 'vote')) {
        for (const [, t] of day.nominations) await until(async () => mentions((await byTestId(table, 'nominees').first().textContent()) ?? '', String(t)), `table: nominees show ${t} (${where})`, 5_000);
      }
      // A dead player's phone says he is out (a spectator now); while his last word is owed, it says that alone.
      for (const f of facts()) {
        if (f.alive) continue;
        if (day?.stage === 'lastWords' && day.lastWords.includes(f.seat as never)) await expectLastWordAlone(pageOfSeat(f.seat), f.seat, where);
        else await until(async () => (await byTestId(pageOfSeat(f.seat), 'spectator-banner').count()) > 0, `seat ${f.seat} (dead): spectator-banner (${where})`, 5_000);
      }
      // Touch targets: every control on every screen, noted (artifacts/game/small-targets.json).
      for (const [who, page] of pages) for (const x of await unnamedControls(page)) unnamed.add(`${who.startsWith('seat') ? 'player' : who}: ${x}`);
      for (const [who, page] of pages) for (const x of await smallTargets(page)) small.set(`${who.startsWith('seat') ? 'player' : who} ${x.testid ?? x.name}`, { ...x, where });
      const now = facts();
      for (const seat of civilians) {
        const snap = await snapshot(pageOfSeat(seat));
        searched++;
        for (const l of findLeaks(snap, now[seat - 1]!, now, { publicDead: true })) leaks.push(`${where}: ${l}`);
      }
      // Every player: the role card names his own role only.
      for (const seat of mafiaTeam.concat([watched.commissar])) {
        const snap = await snapshot(pageOfSeat(seat));
        for (const r of snap.dataRoles) if (r !== roleAt(seat)) leaks.push(`${where}: data-role="${r}" on seat ${seat}'s page (${roleAt(seat)})`);
      }
      expect(leaks, 'hidden information on a page').toEqual([]);
    };

    await checkPages('after the start');
    // The host's console lists every seat's role; read as if it were a civilian's page, the checker
    // must find them (so it can see roles in these screens at all).
    const hostSnap = await snapshot(host);
    expect(findLeaks(hostSnap, { seat: 0, name: '\u0000', role: 'civilian', alive: true }, start, { publicDead: false }).length, 'the host console shows the roles').toBeGreaterThanOrEqual(SEATS - civilians.length);
    await shots.both(host, 'host', 'night1');
    await shots.both(table, 'table', 'night1');
    for (const [p, what] of [[host, 'host console'], [table, 'table']] as const) await expectAccessible(p, `${what}, night 1`);

    // ---- every player presses and holds his role card: his own role, and only while held
    for (let seat = 1; seat <= SEATS; seat++) {
      const p = pageOfSeat(seat);
      const watch = Object.entries(watched).find(([, s]) => s === seat)?.[0];
      if (watch) await shots.both(p, `player-${watch}`, 'night1-card-closed');
      if (watch) await expectAccessible(p, `player (${watch}), night 1, card closed`);
      const got = await peekRole(p, watch ? { shots, screen: `player-${watch}`, step: 'night1-card-held' } : undefined);
      expect(got.role, `seat ${seat}'s role card while held`).toBe(roleAt(seat));
      // Its words are the role's variant in classic (the Don seeks the Commissar).
      expectCardSays(got.desc, roleAt(seat), oracle.state.view!, `seat ${seat}'s card`);
      expect(got.hiddenAfter, `seat ${seat}'s role name is hidden again after release`).toBe(true);
    }
    await checkPages('after the role cards');

    // ---- the game, step by step
    const sent = new Set<string>();
    const trace: string[] = [];
    const shotOnce = new Set<string>();
    const screenshotPhase = async (view: GameView, tag: string) => {
      const key = `${view.phase.kind}${'n' in view.phase ? view.phase.n : ''}${view.phase.kind === 'day' ? `-${view.day?.stage ?? ''}` : ''}${tag}`;
      if (shotOnce.has(key)) return;
      shotOnce.add(key);
      await shots.both(host, 'host', key);
      await shots.both(table, 'table', key);
      await shots.both(pageOfSeat(watched.civilian), 'player-civilian', key);
      for (const [p, what] of [[host, 'host console'], [table, 'table'], [pageOfSeat(watched.civilian), 'player (civilian)']] as const) await expectAccessible(p, `${what}, ${key}`);
    };

    let fouled = false;
    let skipSeen = false;
    let lastWordSeen = false;
    const dayOne = (v: GameView | null) => v?.phase.kind === 'day' && v.phase.n === 1 && v.day?.stage === 'speeches' ? v.day.speaker : null;
    for (let i = 0; i < 300; i++) {
      // Issue 23 point 5: seat FOULED loses his day-1 speech for three fouls; it is announced.
      if (!fouled && dayOne(oracle.state.view) === 1) {
        await foulBeforeHisTurn(host, oracle);
        fouled = true;
      }
      if (fouled && !skipSeen && dayOne(oracle.state.view) === FOULED + 1) {
        await expectSkipAnnounced(host, table);
        skipSeen = true;
      }
      const lw = oracle.state.view?.day;
      if (lw?.stage === 'lastWords' && lw.lastWords.length > 0) lastWordSeen = true;
      const { view, pending } = oracle.state;
      if (view!.phase.kind === 'ended') break;
      const steps = nextSteps(view!, pending ?? [], sent);
      if (steps.length === 0) throw new Error(`no step to take at ${JSON.stringify(view!.phase)} ${view!.day?.stage}\n${trace.join('\n')}`);
      const step = steps[0]!;
      sent.add(stepKey(view!, step));
      trace.push(`${stepKey(view!, step)} ${JSON.stringify(step)}`);
      await screenshotPhase(view!, '');
      const seq = oracle.state.seq;
      try {
        await take(step, { host, pageOfSeat, oracle, shots, watched });
        await oracle.after(seq, `the server to take ${JSON.stringify(step)}`, step.kind === 'act' ? NIGHT_SECONDS * 1000 + 10_000 : 10_000);
      } catch (e) {
        await shots.both(host, 'failure', 'host').catch(() => {});
        if (step.kind !== 'host') await shots.phone(pageOfSeat(step.seat), 'failure', `seat-${step.seat}`).catch(() => {});
        throw new Error(`step ${JSON.stringify(step)} failed: ${e instanceof Error ? e.message : String(e)}\ntrace:\n${trace.join('\n')}`);
      }
      await checkPages(JSON.stringify(step));
    }

    // ---- the end: the engine's winner, on every screen
    const end = oracle.state.view!;
    expect(end.phase.kind, trace.join('\n')).toBe('ended');
    expect(end.winner).toBe('town');
    await checkPages('the end');
    const all: [string, Page][] = [['host', host], ['table', table], ...players.map((p, i) => [`seat ${i + 1}`, p] as [string, Page])];
    for (const [who, page] of all) {
      const w = byTestId(page, 'winner').first();
      await w.waitFor({ timeout: 8_000 }).catch(() => {
        throw new Error(`${who}: no data-testid="winner" at the end`);
      });
      const text = (await w.textContent())!.trim();
      expect(text.length, `${who}: the winner is written`).toBeGreaterThan(0);
      expect(await w.getAttribute('data-winner'), `${who}: data-winner`).toBe('town');
    }
    // The checker is not blind: at the end every card is open, and the table's and a civilian's pages
    // read as if the game were still on (everybody alive, nothing public) are full of roles.
    const [t1, t2] = [await snapshot(table), await snapshot(pageOfSeat(watched.civilian))];
    const tableEnd = { ...t1, dataRoles: [...t1.dataRoles, ...t2.dataRoles], seats: [...t1.seats, ...t2.seats], small: [...t1.small, ...t2.small] };
    const fakeMe: SeatFacts = { seat: 0, name: '\u0000', role: 'civilian', alive: true };
    const open = findLeaks(tableEnd, fakeMe, start.map((f) => ({ ...f, alive: true })), { publicDead: false });
    expect(open.length, 'the leak checker finds the open cards on the table at the end').toBeGreaterThanOrEqual(SEATS - civilians.length);
    expect(searched, 'civilian pages searched for leaks').toBeGreaterThan(10 * civilians.length);
    await shots.both(host, 'host', 'ended');
    await shots.both(table, 'table', 'ended');
    for (const [role, seat] of Object.entries(watched)) await shots.both(pageOfSeat(seat), `player-${role}`, 'ended');
    for (const [p, what] of [[host, 'host console'], [table, 'table'], ...Object.entries(watched).map(([role, seat]) => [pageOfSeat(seat), `player (${role})`] as const)] as const) await expectAccessible(p, `${what}, ended`);
    expect(leaks).toEqual([]);
    writeFileSync(join(shots.dir, 'small-targets.json'), JSON.stringify(Object.fromEntries(small), null, 2));
    expect(Object.fromEntries(small), 'controls under 48 px on the host, table and player screens').toEqual({});
    expect([...unnamed], 'controls without an accessible name').toEqual([]);
    // Over the wire too: no civilian's phone was ever sent a living player's role (the server cuts the
    // view per seat); the mafia were sent their partners', which shows the tap works.
    for (const seat of civilians) expect(await sentSecrets(pageOfSeat(seat)), `roles sent to seat ${seat} (civilian)`).toEqual([]);
    const partners = await sentSecrets(pageOfSeat(watched.don));
    expect(partners.length, 'the Don was sent his partners').toBeGreaterThan(0);
    for (const x of partners) expect(mafiaTeam).toContain(Number(x.split(':')[0]));
    expect(skipSeen, 'the skipped speech was announced').toBe(true);
    expect(lastWordSeen, 'a leaving player gave his last word').toBe(true);
    // «Новая игра с теми же местами»: a pause to look at the new card before night 1.
    await expectCardPause(host, table, players, oracle);
    expect(pageErrors, 'no uncaught errors on any page').toEqual([]);
  }, GAME_TIMEOUT_MS);
});

interface Ctx {
  readonly host: Page;
  readonly pageOfSeat: (seat: number) => Page;
  readonly oracle: Oracle;
  readonly shots: Shots;
  readonly watched: Record<string, number>;
}

/**
 * The host opens night step `target` on his console (step-next / step-prev) and the server takes it:
 * with a human host every phone shows the step he opened, not the clock's (issue 23 point 1).
 */
async function hostOpensStep(target: number, c: Ctx): Promise<void> {
  const at = byTestId(c.host, 'night-panel').locator('[data-testid="night-step"]');
  for (let i = 0; i < 10; i++) {
    const now = Number(await at.getAttribute('data-step'));
    if (now === target) break;
    await byTestId(c.host, now < target ? 'step-next' : 'step-prev').click();
    await until(async () => Number(await at.getAttribute('data-step')) !== now, 'the console to change step', 3_000);
  }
  expect(Number(await at.getAttribute('data-step')), "the console at the act's step").toBe(target);
  await c.oracle.wait((s) => s.timer?.kind === 'night' && s.timer.step === target, `the server at the host's step ${target}`, 10_000);
}

/** The host enters a seat's night act on the console: the step, the actor, the target, «Записать». */
async function hostEntersAct(step: Extract<Step, { kind: 'act' }>, c: Ctx): Promise<void> {
  const want = c.oracle.state.seq;
  await until(async () => (await pageSeq(c.host)) >= want, `the host console to catch up with seq ${want}`, 10_000);
  const view = c.oracle.state.view!;
  const target = stepOfAct(view.nightSteps, view.seats[step.seat - 1]!.role!, step.act);
  await hostOpensStep(target, c);
  const actor = byTestId(c.host, `act-actor-${step.seat}`);
  await actor.waitFor();
  if ((await actor.getAttribute('aria-pressed')) !== 'true') await actor.click();
  const seat = byTestId(c.host, 'act-target').locator(`[data-testid="seat-${step.target}"]`);
  if ((await seat.getAttribute('aria-pressed')) !== 'true') await seat.click();
  await until(async () => (await seat.getAttribute('aria-pressed')) === 'true', `host: seat-${step.target} picked as the target`, 3_000);
  await c.shots.both(c.host, 'host', `night${view.phase.kind === 'night' ? view.phase.n : ''}-act-entered-by-host`);
  const submit = byTestId(c.host, 'act-submit');
  await until(() => submit.isEnabled(), 'host: act-submit enabled', 5_000);
  await submit.click();
}

/** One step of the plan, as a tap (or two) on the screen of whoever takes it. */
async function take(step: Step, c: Ctx): Promise<void> {
  const watchedAs = (seat: number) => Object.entries(c.watched).find(([, s]) => s === seat)?.[0];
  switch (step.kind) {
    case 'host': {
      // The console must show what the server has now: a tap on a stale console ends the wrong step.
      const want = c.oracle.state.seq;
      await until(async () => (await pageSeq(c.host)) >= want, `the host console to catch up with seq ${want}`, 10_000);
      await sleep(150);
      const next = byTestId(c.host, 'host-next');
      await until(() => next.isEnabled(), `host-next enabled for ${step.command}`, 10_000);
      // The console's next button sends the engine's next host command.
      expect(await next.getAttribute('data-command'), 'host-next data-command').toBe(step.command);
      await next.click();
      return;
    }
    case 'act': {
      const v = c.oracle.state.view!;
      // From night 3 the Commissar tells the host his choice and the host enters it on the console.
      if (v.phase.kind === 'night' && v.phase.n >= 3 && v.seats[step.seat - 1]!.role === 'commissar') return hostEntersAct(step, c);
      // Every phone shows the step the host opened (R-NIGHT-4; issue 23 point 1), the same controls on
      // every phone in every step (a decoy where the seat does not act): the host opens this act's
      // step, the phone's night-step (data-step = the step's index) follows, the seat picks and sends.
      const p = c.pageOfSeat(step.seat);
      const view = c.oracle.state.view!;
      const want = stepOfAct(view.nightSteps, view.seats[step.seat - 1]!.role!, step.act);
      const synced = c.oracle.state.seq;
      await until(async () => (await pageSeq(c.host)) >= synced, `the host console to catch up with seq ${synced}`, 10_000);
      await hostOpensStep(want, c);
      await awaitNightStep(p, want, `seat ${step.seat} ({step.act})`, NIGHT_SECONDS * 1000);
      const submit = byTestId(p, 'act-submit');
      await submit.first().waitFor();
      await selectSeat(p, step.target);
      const who = watchedAs(step.seat);
      if (who) await c.shots.both(p, `player-${who}`, `${step.act}-chosen`);
      await until(() => submit.first().isEnabled(), `seat ${step.seat}: act-submit enabled`, 5_000);
      await submit.first().click();
      return;
    }
    case 'nominate': {
      const p = c.pageOfSeat(step.seat);
      await selectSeat(p, step.target);
      const submit = byTestId(p, 'nominate-submit');
      await until(() => submit.isEnabled(), `seat ${step.seat}: nominate-submit enabled`, 5_000);
      await submit.click();
      const landed = await c.oracle
        .wait((s) => s.view?.day?.nominations.some(([, t]) => t === step.target) === true, 'the nomination', 2_000)
        .then(() => true, () => false);
      if (!landed) {
        // A human host confirms what he heard: «Принято».
        const want = c.oracle.state.seq;
        await until(async () => (await pageSeq(c.host)) >= want, `the host console to catch up with seq ${want}`, 10_000);
        const accept = byTestId(c.host, 'nominate-accept');
        await accept.waitFor({ timeout: 5_000 });
        await accept.click();
      }
      return;
    }
    case 'vote': {
      const p = c.pageOfSeat(step.seat);
      // A candidate button, or the seat in the grid.
      const cand = byTestId(p, `candidate-${step.target}`);
      await until(async () => (await cand.count()) > 0 || (await byTestId(p, `seat-${step.target}`).first().isEnabled()), `seat ${step.seat}: a way to vote for ${step.target}`, 8_000);
      if ((await cand.count()) > 0) {
        if ((await cand.first().getAttribute('aria-pressed')) !== 'true') await cand.first().click();
      } else await selectSeat(p, step.target);
      const submit = byTestId(p, 'vote-submit');
      await until(() => submit.first().isEnabled(), `seat ${step.seat}: vote-submit enabled`, 5_000);
      if (watchedAs(step.seat)) await c.shots.both(p, `player-${watchedAs(step.seat)}`, 'vote');
      await submit.first().click();
      return;
    }
    case 'lift': {
      await byTestId(c.pageOfSeat(step.seat), step.leave ? 'lift-yes' : 'lift-no').click();
      return;
    }
    case 'bestMove': {
      const p = c.pageOfSeat(step.seat);
      for (const n of step.named) await selectSeat(p, n);
      await byTestId(p, 'best-move-submit').click();
      return;
    }
  }
}
