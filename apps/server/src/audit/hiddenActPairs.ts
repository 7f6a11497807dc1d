import { presetOf, seatAt, seatNo, timeUpCommand, type SeatNo } from '@mafia/engine';
import pino from 'pino';
import { RoomManager } from '../room/manager.js';
import { openStorage } from '../storage/open.js';
import { alive, dealt, isMafia, NAMES, normalised, seedWhere, Table, type Scenario, type Variant } from './auditTable.js';
import { decoyVsAct, decoyVsNothing } from './decoyPairs.js';

export { normalised };

/**
 * Issue 12, "Secrets" 2–4: two games through the server's RoomManager that differ only in something
 * hidden (a hidden act, or which card a seat holds), played with the same public moves. Every frame
 * to every viewer who may not see the difference (the town seats whose own card is the same in both,
 * and the spectator) is recorded; once times and the room's id, code and tokens are replaced by
 * placeholders, the two streams must be byte-identical. Anything else tells that viewer the hidden
 * thing happened. Issue 23 adds the night's decoy taps (decoyPairs.ts): a decoy vs an act, and a
 * decoy vs nothing (there the host is compared too: he is never told of a decoy).
 */

/** Night 1 of Piter with the victim list: the mafia agree one, or do not (R-MOD victim-list, issue 12 point 4). */
function victimList(): Scenario {
  const request = { preset: 'piter', seats: 10, names: NAMES.slice(0, 10), modifications: ['victim-list'] };
  const seed = 7;
  const mafiaSeat = dealt(request, seed).findIndex(isMafia) + 1;
  const target = seatAt(dealt(request, seed).findIndex((r) => r === 'civilian'));
  const list = async (t: Table) => {
    await t.send({ type: 'victimList', seats: [target] }, mafiaSeat);
    if (!t.seats[mafiaSeat - 1]!.frames.at(-1)!.includes('"VictimListSet"')) throw new Error('the victim list was not recorded');
  };
  return {
    name: 'piter victim list vs none', request,
    pair: [{ seed, hidden: list }, { seed }],
    async script(t, hidden) {
      await hidden();
      await t.hostSteps((s) => s.phase.kind === 'day');
    },
  };
}

/** The extra card: two deals whose left-out cards differ (issue 12 point 2); the introduction night and the morning. */
function extraCard(preset: 'piter' | 'extended', seats: number): Scenario {
  const request = { preset, seats, names: NAMES.slice(0, seats), modifications: ['extra-card'] };
  // The deck: the preset's cards for one player more (both presets have at least 2 mafia there).
  const full = presetOf(preset)!.composition(seats + 1)!;
  const leftOut = (roles: readonly string[]): string => {
    const rest = [...full];
    for (const r of roles) {
      if (!rest.includes(r as never)) throw new Error(`${preset}: ${r} is not in the deck ${full.join(', ')}`);
      rest.splice(rest.indexOf(r as never), 1);
    }
    return rest[0]!;
  };
  const first = seedWhere(request, (r) => leftOut(r) !== 'civilian' && leftOut(r) !== 'mafia');
  const card = leftOut(dealt(request, first));
  const second = seedWhere(request, (r) => leftOut(r) !== card);
  return {
    name: `${preset} extra card: ${card} vs ${leftOut(dealt(request, second))} left out`, request,
    pair: [{ seed: first }, { seed: second }],
    script: (t) => t.hostSteps((s) => s.phase.kind === 'day'),
  };
}

/**
 * Broken lanterns (issue 12 point 3): the table executes a player whose card stays hidden; in one
 * game he is a mafia member (a shooter: the Student takes his role, a hidden change), in the other
 * a civilian. The last vote that executes him is a seat's own command.
 */
function brokenLanterns(): Scenario {
  const composition = ['mafia', 'mafia', 'student', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
  const request = { preset: 'extended', seats: 9, names: NAMES.slice(0, 9), composition, modifications: ['broken-lanterns'], options: { voting: 'sequential' } };
  const [X, Y] = [seatNo(3), seatNo(4)];
  const student = (r: readonly string[]) => r.indexOf('student');
  const first = seedWhere(request, (r) => isMafia(r[X - 1]) && r[Y - 1] === 'civilian' && student(r) > 1);
  const second = seedWhere(request, (r) => r[X - 1] === 'civilian' && r[Y - 1] === 'civilian' && student(r) === student(dealt(request, first)));
  return {
    name: 'extended broken lanterns: a mafia member vs a civilian executed', request,
    pair: [{ seed: first }, { seed: second }],
    async script(t) {
      await t.hostSteps((s) => s.phase.kind === 'day');
      // Two nominations in the first two speeches, then everybody votes for seat X.
      await nominate(t, [X, Y]);
      await t.hostSteps((s) => s.day?.stage === 'vote');
      for (const seat of alive(t.state)) if (t.state.day?.stage === 'vote') await t.send({ type: 'vote', by: seat, target: X }, seat);
      await t.hostSteps((s) => s.phase.kind === 'night');
      // The scenario played as meant: X was executed, and the Student took a shooter's role only where X was one.
      const s = t.state;
      if (s.alive[X - 1] || s.phase.kind !== 'night') throw new Error(`seat ${X} was not executed`);
      if ((s.teams[student(s.setup.roles)] === 'mafia') !== isMafia(s.setup.roles[X - 1])) throw new Error('the Student did not follow the executed shooter');
    },
  };
}

/**
 * The Psycho (issue 12 point 3): two players are nominated, the votes tie twice and the table keeps
 * both, so the night falls on the last seat's lift vote. In one game the first nominee is the
 * Psycho (he turns at nightfall, a hidden change in that seat's entry), in the other a civilian.
 */
function psycho(): Scenario {
  const request = { preset: 'piter', seats: 10, names: NAMES.slice(0, 10), options: { voting: 'sequential' } };
  const [X, Y] = [seatNo(2), seatNo(3)];
  const first = seedWhere(request, (r) => r[X - 1] === 'psycho' && r[Y - 1] === 'civilian');
  const second = seedWhere(request, (r) => r[X - 1] === 'civilian' && r[Y - 1] === 'civilian' && r.indexOf('psycho') > Y);
  return {
    name: 'piter psycho vs a civilian nominated', request,
    pair: [{ seed: first }, { seed: second }],
    async script(t) {
      await t.hostSteps((s) => s.phase.kind === 'day');
      await nominate(t, [X, Y]);
      while (t.state.phase.kind === 'day') {
        const stage = t.state.day!.stage;
        if (stage === 'vote') {
          // Each round splits evenly between the two: a tie.
          let k = 0;
          for (const seat of alive(t.state)) {
            const c = t.state.day!.candidates;
            if (t.state.day?.stage === 'vote') await t.send({ type: 'vote', by: seat, target: c[k++ % c.length]! }, seat);
          }
        } else if (stage === 'lift') {
          for (const seat of alive(t.state)) if (t.state.day?.stage === 'lift') await t.send({ type: 'liftVote', by: seat, leave: false }, seat);
        } else await t.hostSteps((s) => s.phase.kind !== 'day' || s.day?.stage === 'vote' || s.day?.stage === 'lift');
      }
      const s = t.state;
      if (!s.alive[X - 1] || !s.alive[Y - 1]) throw new Error('a nominee left the game');
      if ((s.teams[X - 1] === 'solo') !== (s.setup.roles[X - 1] === 'psycho')) throw new Error('the Psycho did not turn at nightfall');
    },
  };
}

/** The speakers of the first speeches nominate `targets`, one each. */
async function nominate(t: Table, targets: readonly SeatNo[]): Promise<void> {
  for (const target of targets) {
    const d = t.state.day!;
    const speaker = d.speakers[d.speakerIndex]!;
    await t.send({ type: 'nominate', by: speaker, target }, speaker);
    await t.send({ type: 'endSpeech' });
  }
}

/** The scenarios by name (`hiddenActPairs({ scenarios })` plays some of them). */
export const SCENARIOS = {
  'victim-list': victimList,
  'extra-card-piter': () => extraCard('piter', 10),
  'extra-card-extended': () => extraCard('extended', 9),
  'broken-lanterns': brokenLanterns,
  psycho,
  'decoy-vs-act': decoyVsAct,
  'decoy-vs-nothing': decoyVsNothing,
} as const satisfies Record<string, () => Scenario>;
export type ScenarioName = keyof typeof SCENARIOS;

/** Plays one game of a pair and returns each viewer's frames (seats by number, 0 the spectator, -1 the host when the scenario compares him). */
async function play(sc: Scenario, v: Variant): Promise<{ frames: Map<number, string[]>; roles: readonly string[]; teams: readonly string[] }> {
  const storage = await openStorage('sqlite::memory:');
  await storage.migrate();
  const clock = 1_800_000_000_000;
  const manager = new RoomManager(storage, pino({ level: 'silent' }), () => clock, 60_000, timeUpCommand, { newGameSeed: () => v.seed });
  try {
    const t = await Table.open(manager, { ...sc.request, mode: 'human' });
    await sc.script(t, async () => v.hidden?.(t));
    const frames = new Map<number, string[]>([[0, t.spectator.frames.map(normalised)]]);
    if (sc.host) frames.set(-1, t.host.frames.map(normalised));
    t.seats.forEach((c, i) => frames.set(i + 1, c.frames.map(normalised)));
    return { frames, roles: t.state.setup.roles, teams: t.state.teams };
  } finally {
    await manager.close();
    await storage.close();
  }
}

/**
 * Every pair of every scenario (of `presets` and `scenarios`, or all): how many pairs were played, how many frames
 * were compared, and a line for each viewer whose two streams differ (empty when nothing leaks).
 */
export async function hiddenActPairs(o: { presets?: readonly string[]; scenarios?: readonly ScenarioName[] } = {}): Promise<{ pairs: number; frames: number; differing: string[] }> {
  let pairs = 0;
  let frames = 0;
  const differing: string[] = [];
  for (const [name, make] of Object.entries(SCENARIOS) as [ScenarioName, () => Scenario][]) {
    if (o.scenarios && !o.scenarios.includes(name)) continue;
    const sc = make();
    if (o.presets && !o.presets.includes(sc.request.preset)) continue;
    const [a, b] = [await play(sc, sc.pair[0]), await play(sc, sc.pair[1])];
    pairs++;
    for (const [viewer, fa] of a.frames) {
      // A seat is compared when it may not see the difference: town in both games, with the same card.
      if (viewer > 0 && !(a.roles[viewer - 1] === b.roles[viewer - 1] && a.teams[viewer - 1] === 'town' && b.teams[viewer - 1] === 'town')) continue;
      if (sc.self?.includes(viewer)) continue;
      const fb = b.frames.get(viewer)!;
      frames += fa.length + fb.length;
      const at = fa.findIndex((f, k) => f !== fb[k]);
      if (at >= 0 || fa.length !== fb.length) {
        const k = at >= 0 ? at : Math.min(fa.length, fb.length);
        differing.push(`${sc.name}: ${viewer === 0 ? 'the spectator' : viewer < 0 ? 'the host' : `seat ${viewer}`}, frame ${k + 1} of ${fa.length}/${fb.length}: ${fa[k] ?? '(none)'} vs ${fb[k] ?? '(none)'}`);
      }
    }
  }
  return { pairs, frames, differing };
}
