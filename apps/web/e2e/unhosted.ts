/**
 * A whole game in a room nobody hosts (issue 11: "the app is the host" and "online"), through the
 * screens only: the creator makes the room on /new (the room admin), the players claim their seats
 * on their phones, the admin starts, and then every step ends as R-HOST-2 says: a player ends his
 * own speech or last word on his phone, the night and the vote end on their timers, and a player
 * who never acts (`idle`) is simply passed over when his time runs out. After every step:
 * - the creator's device holds no living player's role, neither on the page nor in its frames
 *   (it is a spectator until the end, or a seat that knows its own role and its team's);
 * - no page shows `{{`, a rule id, or English on a Russian screen;
 * - every screen shows the server's phase.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { GameView, Pending } from '@mafia/engine';
import { awaitNightStep, claimInLobby, createThroughUI, peekRole, selectSeat } from './flows';
import { expectAccessible } from './axe';
import { byTestId, DESKTOP, findLeaks, launchBrowser, newDevice, startServer, pageSeq, phaseOf, sentSecrets, Shots, sleep, snapshot, until, wordProblems, type RunningServer, type SeatFacts } from './harness';
import { nextSteps, stepKey, stepOfAct, type Step } from './plan';
import { nextGameFromSeat, onlineWaitingWords, seatClock } from './onlineCreator';
import { TableOracle } from './tableOracle';
import { jsonField } from './json';

export interface UnhostedGame {
  readonly mode: 'app' | 'online';
  readonly preset: string;
  readonly seats: number;
  readonly names: readonly string[];
  /** Step lengths for the create form (seconds). */
  readonly timers: Readonly<Record<string, number>>;
  /** The role whose holder never acts: he never taps anything after claiming his seat. */
  readonly idleRole?: string;
  readonly shots: Shots;
  readonly server: RunningServer;
  readonly device: (viewport?: { width: number; height: number }) => Promise<Page>;
}

export interface Played {
  readonly winner: string | null;
  readonly idle: number | null;
  readonly steps: number;
  readonly trace: readonly string[];
  readonly creatorSecrets: readonly string[];
}

/** The longest any one timed step may take here (ms): the longest timer and some slack. */
const longestStep = (g: UnhostedGame, steps: number) => Math.max(...Object.entries(g.timers).map(([k, v]) => (k === 'nightStep' ? v * steps : v))) * 1000 + 15_000;

export async function playUnhosted(g: UnhostedGame): Promise<Played> {
  // ---- the creator makes the room: a TV at the table (app), or one of the players' phones (online)
  const creator = await g.device(g.mode === 'app' ? { ...DESKTOP } : undefined);
  await creator.goto('/new');
  const code = await createThroughUI(creator, g.seats, g.shots, { ...g.timers }, { preset: g.preset, mode: g.mode });
  expect(creator.url(), 'the creator of a room nobody hosts never lands on the host console').not.toMatch(/\/host$/);
  expect(await creator.evaluate((c) => localStorage.getItem(`mafia.host.${c}`), code), 'no host key on the creator device').toBeNull();
  const oracle = new TableOracle(g.server.wsUrl, code);
  try {
    return await play(g, code, creator, oracle);
  } finally {
    oracle.close();
  }
}

async function play(g: UnhostedGame, code: string, creator: Page, oracle: TableOracle): Promise<Played> {
  const { shots } = g;
  if (g.mode === 'app' && !/\/table$/.test(creator.url())) await creator.goto(`/r/${code}/table`);
  // The TV's lobby (table-code) or the online creator's lobby (room-code): the code, big.
  await creator.locator('[data-testid="room-code"], [data-testid="table-code"]').first().waitFor();
  await shots.both(creator, 'creator', '1-lobby-empty');
  await expectAccessible(creator, 'room admin, lobby empty');

  // ---- the players claim their seats (online: the creator is seat 1)
  const players: Page[] = [];
  for (let seat = 1; seat <= g.seats; seat++) {
    const p = seat === 1 && g.mode === 'online' ? creator : await g.device();
    await claimInLobby(p, code, seat, g.names[seat - 1]!);
    players.push(p);
    const held = await p.evaluate((c) => localStorage.getItem(`mafia.seat.${c}`), code);
    const token = held === null ? undefined : jsonField(held, 'token');
    if (typeof token !== 'string') throw new Error(`seat ${seat} holds no token after its claim`);
    oracle.addSeat(seat, token);
  }
  await oracle.ready();
  await oracle.spectator.wait((s) => s.lobby?.claimed.every((c) => c !== null) === true, 'every seat claimed');
  // The table's lobby, and the online creator's seat screen, stop waiting once every seat is taken.
  await until(async () => !((await creator.locator('body').innerText()).includes('Ждём игроков')), 'the creator\'s screen to stop saying «Ждём игроков» once every seat is taken', 8_000);
  if (g.mode === 'online') await onlineWaitingWords(creator, players);
  await shots.both(creator, 'creator', '2-lobby-full');
  await expectAccessible(creator, 'room admin, lobby full');

  // ---- the room admin starts (on the table screen, or on his own seat screen online)
  const start = byTestId(creator, 'admin-start');
  await until(() => start.isEnabled(), 'the admin start button enabled', 8_000);
  await start.click();
  await oracle.spectator.wait((s) => s.view !== null, 'the start');
  const onSeat = async (where: string) => {
    if (g.mode === 'online') expect(new URL(creator.url()).pathname, `the creator stays on his seat screen (${where})`).toBe(`/r/${code}/play`);
  };
  // Online, the creator stops the clock from his seat screen while everybody looks at his card, as a
  // club's organiser would; it also keeps night 1's first step from running out while the test looks.
  if (g.mode === 'online') await seatClock(creator, oracle, 'admin-pause', true);
  const pageOfSeat = (seat: number) => players[seat - 1]!;
  await until(async () => oracle.view()?.seats.every((s) => s.role !== undefined) || undefined, 'every seat oracle has its role', 10_000);
  const start0 = oracle.view()!;
  const facts = (v: GameView): SeatFacts[] => v.seats.map((s) => ({ seat: s.seat, name: s.name, role: s.role!, alive: s.alive }));
  const roleAt = (seat: number) => start0.seats[seat - 1]!.role!;
  const idle = g.idleRole ? (start0.seats.find((s) => s.role === g.idleRole)?.seat ?? null) : null;
  if (g.idleRole) expect(idle, `a seat holds ${g.idleRole}`).not.toBeNull();
  const team = (seat: number) => start0.seats[seat - 1]!.team;
  const creatorSeat = g.mode === 'online' ? 1 : null;
  const creatorKnows = creatorSeat !== null && team(creatorSeat) === 'mafia' ? start0.seats.filter((s) => s.team === 'mafia').map((s) => s.seat as number) : [];

  // ---- each player (but the idle one) looks at his card
  for (let seat = 1; seat <= g.seats; seat++) {
    if (seat === idle) continue;
    const got = await peekRole(pageOfSeat(seat));
    expect(got.role, `seat ${seat}'s role card`).toBe(roleAt(seat));
  }

  const pages = (): [string, Page][] => [['creator', creator], ...players.map((p, i) => [`seat ${i + 1}`, p] as [string, Page]).filter(([, p]) => p !== creator)];
  const problems: string[] = [];
  /**
   * After a public step: every page. After night acts (news for their actors only, several in one
   * short night step): the actors' phones and the creator's device, so that the step's other acts
   * still fit in it.
   */
  const checkPages = async (where: string, actors?: readonly number[]) => {
    const view = oracle.view()!;
    await onSeat(where);
    const checked = actors === undefined ? pages() : pages().filter(([who, page]) => who === 'creator' || actors.some((a) => pageOfSeat(a) === page));
    for (const [who, page] of checked) {
      await until(
        async () => {
          const ph = await phaseOf(page);
          if (!ph || ph.kind !== view.phase.kind) return undefined;
          return view.phase.kind === 'ended' || ph.n === String(view.phase.n) || undefined;
        },
        `${who}: data-phase="${view.phase.kind}" (${where})`,
        8_000,
      ).catch(async (e: unknown) => {
        await shots.phone(page, 'failure', `phase-${who}`).catch(() => {});
        throw e;
      });
      for (const w of await wordProblems(page, 'ru')) problems.push(`${where}, ${who}: ${w}`);
    }
    if (view.phase.kind !== 'ended') {
      const me: SeatFacts = creatorSeat !== null ? facts(view)[creatorSeat - 1]! : { seat: 0, name: '\u0000', role: 'civilian', alive: true };
      // Cards the table may see: the dead whose card is open to a spectator (revealOnDeath). Read
      // after the page's snapshot: the page may have had an elimination before the spectator's
      // socket did (an open card never closes again, so a later look is no looser). No wait here:
      // a pause in this check made the driver miss the vote screen's accessibility check.
      const snap = await snapshot(creator);
      const open = (oracle.spectator.state.view?.seats ?? []).filter((s) => !s.alive && s.role !== undefined).map((s) => s.seat as number);
      for (const l of findLeaks(snap, me, facts(view), { publicDead: false, knows: [...creatorKnows, ...open] })) problems.push(`${where}, the creator's page: ${l}`);
      const sent = (await sentSecrets(creator)).filter((x) => !creatorKnows.includes(Number(x.split(':')[0])));
      for (const x of sent) problems.push(`${where}, the creator's device was sent the role ${x}`);
    }
    expect(problems, 'what the pages showed').toEqual([]);
  };
  await checkPages('after the start');
  let clockStopped = g.mode === 'online';

  // ---- the game, step by step: the timers end what nobody ends
  const sent = new Set<string>();
  const trace: string[] = [];
  const shotOnce = new Set<string>();
  const axeChecked = new Set<'night' | 'vote'>();
  const nightLen = longestStep(g, start0.nightSteps.length);
  const t0 = Date.now();
  let steps = 0;
  for (; steps < 400; steps++) {
    const view = oracle.view()!;
    if (view.phase.kind === 'ended') break;
    const pending = oracle.pending();
    const key = `${view.phase.kind}${view.phase.n}${view.phase.kind === 'day' ? `-${view.day?.stage ?? ''}` : ''}`;
    const step = nextFor(view, pending, sent, idle);
    let seq = oracle.seq;
    // A step's screenshots: a day's at its first sight; a night's once nothing is left to tap in it
    // (its steps are short: a screenshot taken before its taps could outlast the step of one).
    if (!shotOnce.has(key) && (view.phase.kind !== 'night' || step === null)) {
      shotOnce.add(key);
      await shots.both(creator, 'creator', key);
      const watcher = players.find((_, i) => i + 1 !== idle && pageOfSeat(i + 1) !== creator)!;
      await shots.phone(watcher, 'player', key);
    }
    // The game's screens pass axe too (issue 23 point 7), on the creator's device (the TV, or the
    // online creator's phone) and on a player's phone: the first night and the first vote, once
    // nothing is left to tap in them (axe takes seconds on two busy cores; a step is short).
    // Online every phone votes, and the vote ends with the last one: no quiet moment there, so the
    // creator stops the clock from his seat screen for the vote's check (as for the cards).
    const screen = view.phase.kind === 'night' ? 'night' : view.day?.stage === 'vote' ? 'vote' : null;
    const stopForIt = g.mode === 'online' && screen === 'vote';
    if (screen !== null && (step === null || stopForIt) && !axeChecked.has(screen)) {
      axeChecked.add(screen);
      if (stopForIt) await seatClock(creator, oracle, 'admin-pause', true);
      const watcher = players.find((_, i) => i + 1 !== idle && pageOfSeat(i + 1) !== creator)!;
      await expectAccessible(creator, `the creator's ${g.mode === 'app' ? 'TV' : 'phone'}, ${key}`);
      await expectAccessible(watcher, `a player's phone, ${key}`);
      if (stopForIt) {
        await seatClock(creator, oracle, 'admin-resume', false);
        seq = oracle.seq;
      }
    }
    if (clockStopped) {
      // Every phone has shown its card and the first screenshots are taken: the night goes on.
      await seatClock(creator, oracle, 'admin-resume', false);
      clockStopped = false;
      seq = oracle.seq;
    }
    const t = `${Math.round((Date.now() - t0) / 1000)}s`;
    if (step === null) {
      // Nothing to tap: the step ends on its timer (R-HOST-2).
      trace.push(`${t} ${key}: wait for the timer`);
      await oracle.after(seq, `the timer to end ${key} (trace:\n${trace.slice(-12).join('\n')})`, nightLen);
      await checkPages(`timer at ${key}`);
      continue;
    }
    // The acts of one night step are made at once, as players at a table act together: each on his
    // own phone, each news for its actor only (his own numbering moves, the public one does not).
    const batch = step.kind === 'act' ? sameStepActs(view, step, nextSteps(view, pending, sent), idle) : [step];
    for (const x of batch) sent.add(stepKey(view, x));
    trace.push(`${t} ${key}: ${batch.map((x) => JSON.stringify(x)).join(' + ')}`);
    try {
      await Promise.all(
        batch.map(async (x) => {
          const actor = x.kind === 'act' ? oracle.seat(x.seat) : null;
          const actorSeq = actor?.state.seq ?? 0;
          if (!(await take(x, view, pageOfSeat, oracle, seq))) trace.push(`  ${JSON.stringify(x)}: its timer ended the step before the tap (R-HOST-2)`);
          if (actor && x.kind === 'act') {
            await actor.after(actorSeq, `the server to take ${JSON.stringify(x)}`, 10_000).catch(async (e: unknown) => {
              const p = pageOfSeat(x.seat);
              await shots.phone(p, 'failure', `act-seat-${x.seat}`).catch(() => {});
              const notice = await p.locator('[role="alert"]').allInnerTexts().catch(() => []);
              throw new Error(`${e instanceof Error ? e.message : String(e)}; the phone says: ${JSON.stringify(notice)}; its last error: ${JSON.stringify(actor.state.lastError)}`);
            });
          }
        }),
      );
      if (step.kind !== 'act') await oracle.after(seq, `the server to take ${JSON.stringify(step)}`, nightLen);
    } catch (e) {
      if (step.kind !== 'host') await shots.phone(pageOfSeat(step.seat), 'failure', `seat-${step.seat}`).catch(() => {});
      throw new Error(`step ${JSON.stringify(step)} failed: ${e instanceof Error ? e.message : String(e)}\ntrace:\n${trace.join('\n')}`);
    }
    await checkPages(JSON.stringify(step), step.kind === 'act' ? batch.map((x) => (x.kind === 'act' ? x.seat : 0)) : undefined);
  }
  const end = oracle.view()!;
  expect(end.phase.kind, trace.join('\n')).toBe('ended');
  await checkPages('the end');
  for (const [who, page] of pages()) {
    const w = byTestId(page, 'winner').first();
    await w.waitFor({ timeout: 8_000 }).catch(() => {
      throw new Error(`${who}: no data-testid="winner" at the end`);
    });
    expect(await w.getAttribute('data-winner'), `${who}: data-winner`).toBe(String(end.winner));
  }
  await shots.both(creator, 'creator', 'ended');
  writeFileSync(join(shots.dir, 'trace.txt'), `${trace.join('\n')}\n`);
  expect([...axeChecked].sort(), 'the screens axe checked during the game').toEqual(['night', 'vote']);
  if (g.mode === 'online') await nextGameFromSeat(creator, oracle, code);
  return { winner: end.winner === null ? null : String(end.winner), idle, steps, trace, creatorSecrets: await sentSecrets(creator) };
}

/**
 * The next tap: the plan's step, unless it is the idle player's or the host's. In these rooms the
 * host's steps are the speaker's own («Закончить речь», his last word) or the timer's (the night,
 * the vote): null = wait for the timer.
 */
function nextFor(view: GameView, pending: readonly Pending[], sent: ReadonlySet<string>, idle: number | null): Step | null {
  const steps = nextSteps(view, pending, sent);
  // At night the phones call the steps in the script's order: the act of the earliest step first.
  const acts = steps.filter((x): x is Extract<Step, { kind: 'act' }> => x.kind === 'act' && x.seat !== idle);
  if (acts.length > 0) return acts.reduce((a, b) => (stepAt(view, b) < stepAt(view, a) ? b : a));
  for (const s of steps) {
    if (s.kind !== 'host') {
      if (s.seat !== idle) return s;
      continue;
    }
    const speaker = s.command === 'endSpeech' ? view.day?.speaker : s.command === 'endLastWords' ? view.day?.lastWords[0] : null;
    if (speaker !== null && speaker !== undefined && speaker !== idle) return s;
    return null;
  }
  return null;
}

/** The night step (index into view.nightSteps) in which this act is made. */
const stepAt = (view: GameView, x: Extract<Step, { kind: 'act' }>) => stepOfAct(view.nightSteps, view.seats[x.seat - 1]!.role!, x.act);

/** The plan's acts (but the idle seat's) made in the same night step as `first`, `first` among them. */
function sameStepActs(view: GameView, first: Extract<Step, { kind: 'act' }>, steps: readonly Step[], idle: number | null): Step[] {
  const acts = steps.filter((x): x is Extract<Step, { kind: 'act' }> => x.kind === 'act' && x.seat !== idle && stepAt(view, x) === stepAt(view, first));
  // One act per seat at a time: a seat with two acts in one step makes them one after the other.
  const bySeat = new Map<number, Step>();
  for (const x of acts) if (!bySeat.has(x.seat)) bySeat.set(x.seat, x);
  return [...bySeat.values()];
}

/**
 * One step, as a tap on the phone of whoever takes it; false when the step's own timer ended it
 * first (a speaker's «Закончить речь» or last word while the test was still checking pages on two
 * busy cores: the public log moved past `pub`, so the button is gone, as R-HOST-2 says).
 */
async function take(step: Step, view: GameView, pageOfSeat: (seat: number) => Page, oracle: TableOracle, pub: number): Promise<boolean> {
  const seatOf = (s: Step) => (s.kind === 'host' ? (s.command === 'endSpeech' ? view.day!.speaker! : view.day!.lastWords[0]!) : s.seat);
  const seat = seatOf(step);
  const p = pageOfSeat(seat);
  // The phone must show what the server has now: a tap on a stale screen sends a stale command.
  const want = oracle.seat(seat).state.seq;
  const t0 = Date.now();
  const log = (what: string) => process.env.E2E_DEBUG && console.log(`${new Date().toISOString()} seat ${seat} ${step.kind}: ${what} (+${Date.now() - t0} ms)`);
  await until(async () => (await pageSeq(p)) >= want, `seat ${seat}'s phone to catch up with seq ${want}`, 10_000);
  log(`caught up with ${want}`);
  await sleep(150);
  switch (step.kind) {
    case 'host': {
      const id = step.command === 'endSpeech' ? 'end-speech' : 'end-last-words';
      const b = byTestId(p, id).first();
      const ready = await until(async () => (oracle.seq !== pub ? 'timer' : (await b.isEnabled()) && 'tap'), `seat ${seat}: ${id} enabled`, 8_000);
      if (ready === 'timer') return false;
      try {
        await b.click({ timeout: 10_000 });
      } catch (e) {
        // The timer ended the step between the check and the tap: the button went with it.
        if (oracle.seq !== pub) return false;
        throw e;
      }
      return true;
    }
    case 'act': {
      const want = stepOfAct(view.nightSteps, view.seats[step.seat - 1]!.role!, step.act);
      await awaitNightStep(p, want, `seat ${step.seat} (${step.act})`, 120_000);
      log(`at step ${want}`);
      const submit = byTestId(p, 'act-submit');
      await submit.first().waitFor();
      await selectSeat(p, step.target);
      log('target selected');
      await until(() => submit.first().isEnabled(), `seat ${step.seat}: act-submit enabled`, 5_000);
      await submit.first().click();
      return true;
    }
    case 'nominate': {
      await selectSeat(p, step.target);
      const submit = byTestId(p, 'nominate-submit');
      await until(() => submit.isEnabled(), `seat ${step.seat}: nominate-submit enabled`, 5_000);
      await submit.click();
      return true;
    }
    case 'vote': {
      const cand = byTestId(p, `candidate-${step.target}`);
      await until(async () => (await cand.count()) > 0, `seat ${step.seat}: a way to vote for ${step.target}`, 8_000);
      if ((await cand.first().getAttribute('aria-pressed')) !== 'true') await cand.first().click();
      const submit = byTestId(p, 'vote-submit');
      await until(() => submit.first().isEnabled(), `seat ${step.seat}: vote-submit enabled`, 5_000);
      await submit.first().click();
      return true;
    }
    case 'lift':
      await byTestId(p, step.leave ? 'lift-yes' : 'lift-no').click();
      return true;
    case 'bestMove': {
      for (const n of step.named) await selectSeat(p, n);
      await byTestId(p, 'best-move-submit').click();
      return true;
    }
  }
}

/**
 * A test file's server (with `serverEnv`, e.g. the test clock) and browser (started before its
 * tests, stopped after) and a way to open devices in it; every uncaught page error is collected.
 */
export function unhostedSuite(serverEnv: Readonly<Record<string, string>> = {}): { readonly server: () => RunningServer; readonly browser: () => Browser; readonly device: UnhostedGame['device']; readonly pageErrors: string[] } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    server = await startServer(serverEnv);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });
  const device = async (viewport?: { width: number; height: number }): Promise<Page> => {
    const ctx = await newDevice(browser!, server!.base);
    contexts.push(ctx);
    const page = await ctx.newPage();
    if (viewport) await page.setViewportSize(viewport);
    page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${String(e)}`));
    return page;
  };
  return { server: () => server!, browser: () => browser!, device, pageErrors };
}
