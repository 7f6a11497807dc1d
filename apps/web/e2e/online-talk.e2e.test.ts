/**
 * E2E: issue 26's acceptance, one online sport game of four people and six bots played to its end
 * in Chromium with its fake camera and microphone. The room is dealt from a known seed
 * (MAFIA_TEST_SEED), so the people hold the Don (the room's creator), both mafiosi and the
 * Commissar. Measured from each phone's own WebRTC calls (RTCPeerConnection.getStats):
 * - before the start everybody sees everybody;
 * - at night no call is open but among the three mafia during their meeting, when each mafia phone
 *   receives the other two and the Commissar's phone receives nothing;
 * - in a person's speech his audio reaches the other three people (the received track's level),
 *   from him alone; the speaker receives nothing; the room admin then talks over everybody.
 * The chat, in every channel: the table's line reaches every phone; the mafia's meeting reaches the
 * mafia's phones only; the first person to die writes to the dead, and neither the living people's
 * phones nor their seats' connections ever receive it. Idle: the Commissar lets his night-1 check
 * run out with the room's idle limit at 1, a bot stands in (only his phone says so), and «Я здесь»
 * takes his seat back. From then on each person votes, shoots and checks through his phone's
 * screens, ends his own speeches, and the game ends on every phone.
 */
import { createGame, type GameView, type Pending } from '@mafia/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { awaitNightStep, claimInLobby, createThroughUI, openSection, selectSeat } from './flows';
import { byTestId, FAKE_MEDIA_ARGS, newDevice, serverAndBrowser, sleep, until } from './harness';
import { jsonField } from './json';
import { KEEP_PEER_CONNECTIONS, received, soundArrives } from './mediaStats';
import { Oracle } from './oracle';
import { stepOfAct } from './plan';

const SEED = 20261205;
const env = serverAndBrowser(() => ({ NODE_ENV: 'test', MAFIA_TEST_SEED: String(SEED) }), FAKE_MEDIA_ARGS);
/** Real time: a person's speech must outlast the measuring of four phones; a night step, the meeting's. */
const TIMERS = { speech: 30, defence: 10, lastWords: 10, vote: 6, nightStep: 15 };

interface Person {
  readonly seat: number;
  readonly role: string;
  readonly name: string;
  readonly page: Page;
  /** The seat's own connection (its token, as the phone holds it): what the seat is sent. */
  oracle: Oracle;
}

/** The deal the server makes from SEED (the same engine call as its own). */
function deal(): readonly string[] {
  const made = createGame({ preset: 'sport', players: 10, seed: SEED });
  if (!made.ok) throw new Error(made.error.message);
  return made.game.state.roles;
}

async function say(page: Page, tab: 'table' | 'mafia' | 'dead', text: string): Promise<void> {
  const tabs = byTestId(page, `chat-tab-${tab}`);
  if ((await tabs.count()) > 0) await tabs.click();
  await byTestId(page, 'chat-input').fill(text);
  await byTestId(page, 'chat-send').click();
  await until(async () => (await byTestId(page, 'chat-input').inputValue()) === '', `the line «${text}» recorded (the box cleared)`, 8_000);
}

const shows = async (page: Page, text: string): Promise<boolean> => (await page.locator('body').innerText()).includes(text);
const isDay = (v: GameView | null | undefined): v is GameView & { day: NonNullable<GameView['day']> } => v?.phase.kind === 'day' && v.day !== undefined && v.day !== null;

describe('an online game of four people and six bots', () => {
  it('media_chat_and_idle_seats_follow_the_rules_from_the_lobby_to_the_end', async () => {
    const roles = deal();
    const seatOf = (role: string) => roles.flatMap((r, i) => (r === role ? [i + 1] : []));
    const mafiaSeats = [...seatOf('don'), ...seatOf('mafia')];
    const commissarSeat = seatOf('commissar')[0]!;
    const device = async () => {
      const ctx = await newDevice(env.browser, env.server.base, 'ru-RU');
      await ctx.addInitScript(KEEP_PEER_CONNECTIONS);
      // Four phones with calls beside the other test files: a page's action may wait longer than 10 s.
      ctx.setDefaultTimeout(30_000);
      return ctx.newPage();
    };
    const creator = await device();
    await creator.goto('/new');
    const code = await createThroughUI(creator, 10, undefined, TIMERS, { preset: 'sport', mode: 'online' });
    const cast: [number, string][] = [[seatOf('don')[0]!, 'Анна'], [seatOf('mafia')[0]!, 'Борис'], [seatOf('mafia')[1]!, 'Вера'], [commissarSeat, 'Глеб']];
    const people: Person[] = [];
    for (const [seat, name] of cast) {
      const page = people.length === 0 ? creator : await device();
      await claimInLobby(page, code, seat, name);
      const token = jsonField((await page.evaluate((c) => localStorage.getItem(`mafia.seat.${c}`), code))!, 'token');
      if (typeof token !== 'string') throw new Error(`seat ${seat} holds no token`);
      people.push({ seat, role: roles[seat - 1]!, name, page, oracle: new Oracle(env.server.wsUrl, code, { as: 'seat', seat, token }) });
    }
    const [don, , , commissar] = people as [Person, Person, Person, Person];
    const mafia = people.filter((p) => mafiaSeats.includes(p.seat));
    const watcher = new Oracle(env.server.wsUrl, code, { as: 'spectator' });
    try {
      // ---- the lobby: cameras on, everybody sees everybody, the table's chat reaches everybody
      for (const { page } of people) {
        await byTestId(page, 'media-on').click();
        await until(async () => (await byTestId(page, 'media-off').count()) === 1 || (await byTestId(page, 'media-no-device').count()) === 1, 'the camera on or refused');
        expect(await byTestId(page, 'media-no-device').count(), 'Chromium\'s fake camera and microphone').toBe(0);
      }
      for (const me of people) {
        for (const other of people.filter((p) => p !== me)) {
          await until(async () => (await byTestId(me.page, `media-tile-${other.seat}`).getAttribute('data-live')) === 'true', `seat ${other.seat}'s face on seat ${me.seat}'s phone before the start`, 15_000);
        }
      }
      await say(commissar.page, 'table', 'Всем привет!');
      for (const { page } of people) await until(() => shows(page, 'Всем привет!'), 'the table line on every phone', 8_000);

      await openSection(don.page, 'admin-bots', 'admin-bots-fill');
      await byTestId(don.page, 'admin-bots-fill').click();
      await watcher.wait((s) => s.lobby?.bots?.length === 6, 'six bots in the lobby', 20_000);
      await openSection(don.page, 'admin-chat', 'admin-idle-limit-1');
      await byTestId(don.page, 'admin-idle-limit-1').click();
      await watcher.wait((s) => s.lobby?.idleLimit === 1, 'the idle limit 1 in the lobby');
      const start = byTestId(don.page, 'admin-start');
      await until(() => start.isEnabled(), 'the start button enabled', 8_000);
      await start.click();
      await watcher.wait((s) => s.view?.phase.kind === 'night' && s.timer?.kind === 'night', 'night 1 after the card pause', 40_000);

      // ---- night 1: the mafia meet, seen and heard by each other only; the Don checks; the Commissar idles
      const steps = don.oracle.state.view!.nightSteps;
      const meeting = steps.findIndex((s) => s.wake.includes('mafia') || s.wake.includes('don'));
      expect(meeting, 'the deck\'s mafia step').toBeGreaterThanOrEqual(0);
      for (const p of mafia) await awaitNightStep(p.page, meeting, `seat ${p.seat} (the meeting)`, 20_000);
      await Promise.all(mafia.map(async (p) => {
        let last: unknown;
        await until(async () => {
          const r = (last = await received(p.page));
          // Each of the pair sends on its own call: two calls per teammate, one incoming voice from each.
          return r.open === 2 * (mafia.length - 1) && r.streams === mafia.length - 1 && (await soundArrives(p.page, 1000)) || undefined;
        }, `the other mafia's voices on seat ${p.seat}'s phone in the meeting`, 13_000, 200).catch((e: unknown) => {
          throw new Error(`${String(e)}; it received ${JSON.stringify(last)}`);
        });
      }));
      expect(await received(commissar.page), 'the Commissar\'s phone during the meeting').toMatchObject({ open: 0, streams: 0 });
      expect(Number(await byTestId(don.page, 'night-step').first().getAttribute('data-step')), 'measured within the meeting').toBe(meeting);

      const plan = `Завтра голосуем за ${commissarSeat}-го`;
      await say(don.page, 'mafia', plan);
      for (const p of mafia.slice(1)) {
        await byTestId(p.page, 'chat-tab-mafia').click();
        await until(() => shows(p.page, plan), `the meeting's line on seat ${p.seat}'s phone`, 8_000);
      }
      expect(await byTestId(commissar.page, 'chat-tab-mafia').count(), 'a mafia tab on the Commissar\'s phone').toBe(0);

      const donCheck = steps.findIndex((s, i) => i !== meeting && s.wake.includes('don'));
      await awaitNightStep(don.page, donCheck, 'the Don (his check)', 30_000);
      await until(async () => (await Promise.all(people.map((p) => received(p.page)))).every((r) => r.open === 0) || undefined, 'no call open on any phone past the meeting', 8_000);
      await selectSeat(don.page, commissarSeat);
      await byTestId(don.page, 'act-submit').first().click();
      await until(() => (don.oracle.state.pending ?? []).every((x) => x.kind !== 'act'), 'the Don\'s check taken', 8_000);

      // The Commissar's check runs out: a bot stands in for him, and only his phone says so.
      const banner = byTestId(commissar.page, 'idle-banner');
      await banner.waitFor({ timeout: 40_000 });
      expect(await banner.getAttribute('data-stand-in')).toBe('true');
      for (const p of mafia) expect(await byTestId(p.page, 'idle-banner').count(), `an idle banner on seat ${p.seat}'s phone`).toBe(0);
      await byTestId(commissar.page, 'idle-back').click();
      await until(async () => (await banner.count()) === 0, 'the banner gone once the seat is back', 8_000);
      await openSection(don.page, 'admin-chat', 'admin-idle-limit-3');
      await byTestId(don.page, 'admin-idle-limit-3').click();
      await watcher.wait((s) => s.lobby?.idleLimit === 3, 'the idle limit 3 in the lobby');

      // ---- day 1: a person's speech reaches the other three people, and nobody else's reaches anybody
      await watcher.wait((s) => s.view?.phase.kind === 'day', 'day 1', 40_000);
      await say(commissar.page, 'table', 'Я мирный, проверьте меня');
      for (const p of mafia) await byTestId(p.page, 'chat-tab-table').click();
      for (const { page } of people) await until(() => shows(page, 'Я мирный, проверьте меня'), 'the day line on every phone', 8_000);
      for (const p of [commissar]) expect(await shows(p.page, plan), 'the meeting\'s line on a town phone').toBe(false);

      const before = watcher.state.view?.day?.speaker;
      const speaking = await watcher.wait((s) => isDay(s.view) && s.view.day.stage === 'speeches' && s.view.day.speaker !== before && people.some((p) => p.seat === s.view!.day!.speaker), 'a person\'s speech', 120_000);
      const speaker = people.find((p) => p.seat === speaking.view!.day!.speaker)!;
      const listeners = people.filter((p) => p !== speaker);
      await Promise.all(listeners.map(async (p) => {
        await until(async () => (await soundArrives(p.page)) || undefined, `seat ${speaker.seat}'s voice on seat ${p.seat}'s phone`, 12_000, 200);
        // Chromium's fake microphone beeps now and then: the current level is above 0 during a beep.
        const r = await until(async () => { const x = await received(p.page); return x.level > 0 ? x : undefined; }, `a non-zero audio level on seat ${p.seat}'s phone`, 6_000, 50);
        expect(r, `from the speaker alone on seat ${p.seat}'s phone`).toMatchObject({ open: 1, streams: 1 });
        expect(await byTestId(p.page, `media-tile-${speaker.seat}`).getAttribute('data-speaker')).toBe('true');
        for (const other of listeners.filter((o) => o !== p)) expect(await byTestId(p.page, `media-tile-${other.seat}`).getAttribute('data-live'), `seat ${other.seat} (not speaking) on seat ${p.seat}'s phone`).toBeNull();
      }));
      expect(await received(speaker.page), 'the speaker receives nobody').toMatchObject({ streams: 0, energy: 0 });
      expect(watcher.state.view?.day?.speaker, 'measured within the speech').toBe(speaker.seat);

      // The room admin's page (the creator's device holds the key) talks over everybody, any time.
      const admin = await creator.context().newPage();
      await admin.goto(`/r/${code}/admin`);
      await byTestId(admin, 'media-on').click();
      for (const { page } of people) await byTestId(page, 'media-tile-host').waitFor({ timeout: 15_000 });
      await until(async () => (await soundArrives(speaker.page)) || undefined, 'the admin\'s voice on the speaker\'s phone', 12_000, 200);
      await admin.close();
      // Measured: the cameras go off for the rest of the game (a player may play by text), which
      // also spares the other test files' phones four video calls on two cores.
      for (const { page } of people) {
        await byTestId(page, 'media-off').click();
        await byTestId(page, 'media-on').waitFor();
      }

      // ---- to the end: each person plays through his phone; the first to die writes to the dead
      let deadLine: string | null = null;
      const done = new Set<string>();
      const taken: string[] = [];
      while (watcher.state.view?.phase.kind !== 'ended') {
        const v = watcher.state.view!;
        const alive = (seat: number) => v.seats[seat - 1]!.alive;
        const fallen = people.find((p) => !alive(p.seat));
        if (deadLine === null && fallen) deadLine = await writeToTheDead(fallen, people.filter((p) => alive(p.seat)));
        for (const p of people.filter((x) => alive(x.seat))) await playOnce(p, v, done, taken, { alive, mafiaSeats, commissarSeat });
        await sleep(200);
      }
      expect(deadLine, 'a person died and wrote to the dead').not.toBeNull();
      if (process.env.E2E_DEBUG) console.log(`winner ${watcher.state.view?.winner}; taken through the phones: ${taken.join(' ')}`);
      // The people played their seats: at least night 2's three shots went through their screens
      // (a vote comes only when the bots nominate somebody: not counted on).
      expect(taken.filter((k) => k.endsWith(':act')).length, 'night acts taken on the phones after night 1').toBeGreaterThanOrEqual(3);
      for (const { page, seat } of people) await until(async () => (await byTestId(page, 'winner').count()) > 0, `the winner on seat ${seat}'s phone`, 15_000);
      for (const p of people.filter((x) => !mafiaSeats.includes(x.seat))) {
        expect(p.oracle.state.log.some((i) => i.kind === 'chat' && i.channel === 'mafia'), `the meeting sent to town seat ${p.seat}`).toBe(false);
      }
      expect(watcher.state.log.some((i) => i.kind === 'chat' && (i.channel === 'mafia' || i.channel === 'dead')), 'a mafia or dead line sent to a spectator').toBe(false);
    } finally {
      watcher.close();
      for (const p of people) p.oracle.close();
    }
  }, 600_000);
});

/** The fallen person writes in «Выбывшие»; he reads it, and no living person's phone or seat ever receives it. */
async function writeToTheDead(fallen: Person, living: readonly Person[]): Promise<string> {
  const line = `Пишу из могилы, место ${fallen.seat}`;
  await byTestId(fallen.page, 'chat-tab-dead').waitFor({ timeout: 10_000 });
  await say(fallen.page, 'dead', line);
  await until(() => shows(fallen.page, line), 'the dead\'s line on its writer\'s phone', 8_000);
  await sleep(500);
  for (const p of living) {
    expect(await byTestId(p.page, 'chat-tab-dead').count(), `a dead's tab on living seat ${p.seat}'s phone`).toBe(0);
    expect(await shows(p.page, line), `the dead's line on living seat ${p.seat}'s phone`).toBe(false);
    expect(p.oracle.state.log.some((i) => i.kind === 'chat' && i.channel === 'dead'), `a dead's line sent to living seat ${p.seat}`).toBe(false);
  }
  return line;
}

interface Table {
  readonly alive: (seat: number) => boolean;
  readonly mafiaSeats: readonly number[];
  readonly commissarSeat: number;
}

/**
 * One look at a person's phone: whatever his seat must do now (its own connection's pending
 * decision), done through the screen, once per log position. A tap that comes too late (its step
 * ran out on a busy machine) only makes a missed step: the room's idle limit lets it pass.
 */
async function playOnce(p: Person, v: GameView, done: Set<string>, taken: string[], t: Table): Promise<void> {
  const s = p.oracle.state;
  const day = isDay(v) ? v.day : null;
  // Nominations and the best move are a player's own choice: these people pass on them.
  const mine = (s.pending ?? []).find((x: Pending) => x.seat === p.seat && (x.kind === 'act' || x.kind === 'vote' || x.kind === 'liftVote'));
  const speech = day && (day.stage === 'speeches' || day.stage === 'defence') && day.speaker === p.seat ? 'end-speech' : day?.lastWords[0] === p.seat ? 'end-last-words' : null;
  const key = `${p.seat}:${s.seq}:${mine?.kind ?? speech}`;
  if ((!mine && !speech) || done.has(key)) return;
  const town = [t.commissarSeat, ...v.seats.map((x) => x.seat as number)].filter((n) => t.alive(n) && !t.mafiaSeats.includes(n) && n !== p.seat);
  try {
    if (!mine) {
      const b = byTestId(p.page, speech!).first();
      await until(() => b.isEnabled(), `seat ${p.seat}: ${speech} enabled`, 4_000);
      await b.click();
    } else if (mine.kind === 'act') {
      const step = stepOfAct(v.nightSteps, p.role, mine.acts[0]!);
      const at = Number(await byTestId(p.page, 'night-step').first().getAttribute('data-step'));
      if (at < step) return;
      if (at > step) throw new Error(`the phone is past step ${step}`);
      const target = p.role === 'commissar' ? [...t.mafiaSeats, ...town].find((n) => t.alive(n)) : town[0];
      await selectSeat(p.page, target!);
      await byTestId(p.page, 'act-submit').first().click();
    } else if (mine.kind === 'vote') {
      const cand = byTestId(p.page, `candidate-${mine.candidates.find((c) => c !== p.seat) ?? mine.candidates[0]}`).first();
      await cand.waitFor({ timeout: 4_000 });
      if ((await cand.getAttribute('aria-pressed')) !== 'true') await cand.click();
      await byTestId(p.page, 'vote-submit').first().click();
    } else if (mine.kind === 'liftVote') {
      await byTestId(p.page, 'lift-no').click({ timeout: 4_000 });
    }
    done.add(key);
    taken.push(`${p.seat}:${mine?.kind ?? speech}`);
  } catch (e) {
    done.add(key);
    if (process.env.E2E_DEBUG) console.log(`seat ${p.seat}: ${key} not taken: ${String(e)}`);
  }
}
