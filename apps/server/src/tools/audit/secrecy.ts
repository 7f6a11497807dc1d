import { builtPresets, presetOf, type PresetId } from '@mafia/engine';
import { Latencies, Tally, type SignalCounters } from '@mafia/cli/tools';
import { ChatFrameTally } from './chatFrames.js';
import { SignalFrameTally } from './signalFrames.js';
import { frameLeaks, truthOf, type TableTruth } from './leaks.js';
import { freshAddress } from './net.js';
import { check, type Check, type Traffic } from './report.js';
import { playTable, type TableTally } from './tables.js';

export interface SecrecyOptions {
  readonly port: number;
  readonly gamesPerDeck: number;
  /** Tables played at once. */
  readonly parallel: number;
  readonly step: number;
  readonly thinkMs: number;
  readonly timeoutMs: number;
  readonly log: (s: string) => void;
  /** Told the code of each room whose game ended and was checked (the slow readers may start on it). */
  readonly onFinished?: (code: string) => void;
}

/** Every built preset, plus the extended deck with its extra card (issue 12 point 2) and Bonnie & Clyde. */
export function decks(): { preset: string; modifications?: string[] }[] {
  return [
    ...builtPresets().map((p) => ({ preset: p.id as string })),
    { preset: 'extended', modifications: ['extra-card'] },
    { preset: 'extended', modifications: ['bonnie-and-clyde'] },
  ];
}

const deckName = (d: { preset: string; modifications?: string[] }) => (d.modifications ? `${d.preset}+${d.modifications.join('+')}` : d.preset);

/**
 * The chat of the same games (issue 26): every seat wrote where it may and tried where it may not
 * (chatFrames.ts). Each check also fails when its channel was never written: it would pass unseen.
 */
function chatChecks(c: ChatFrameTally, sent: number): Check[] {
  const w = (k: string) => c.written[k] ?? 0;
  const d = (k: string) => c.delivered[k] ?? 0;
  const leaksOf = (k: string) => c.leaks.filter((l) => l.includes(`a ${k} line`));
  const leakCheck = (k: 'mafia' | 'dead', what: string) => {
    const leaks = leaksOf(k);
    return check('chat', what, w(k) > 0 && leaks.length === 0,
      `${w(k)} lines written, ${d(k)} copies to their readers, ${leaks.length} elsewhere${leaks.length ? `: ${leaks.slice(0, 3).join(' | ')}` : ''}`, 'issue 26');
  };
  return [
    leakCheck('mafia', "no line of the mafia's meeting reaches a seat outside the living mafia, a spectator or the admin"),
    leakCheck('dead', "no line of the dead's chat reaches a living seat, a spectator or the admin"),
    check('chat', 'a line is written only where its writer may write (by its own view), every other try refused', w('day') > 0 && w('host') > 0 && c.outOfRule.length === 0,
      `${sent} lines sent by the seats, written ${JSON.stringify(c.written)}, refused ${JSON.stringify(c.refused)}; ${c.outOfRule.length} out of the rules${c.outOfRule.length ? `: ${c.outOfRule.join(' | ')}` : ''}`, 'issue 26'),
    check('chat', "every client's items are numbered without a gap (nobody counts a line he is not sent)", c.items > 0 && c.gaps.length === 0,
      `${c.viewers} clients, ${c.items} items, ${c.gaps.length} gaps${c.gaps.length ? `: ${c.gaps.join(' | ')}` : ''}`, 'issue 26'),
  ];
}

/**
 * The WebRTC signalling of the same games (issue 26 point 1): every seat called whom its view says it
 * may and tried whom it may not (signalFrames.ts). The first two checks also fail when nothing of
 * theirs was relayed (they would pass unseen); the third wants each refusal seen, and counted by the
 * bots apart from their commands.
 */
function signalChecks(s: SignalFrameTally, sent: SignalCounters, commands: TableTally): Check[] {
  const strays = (l: string[]) => `${l.length} elsewhere${l.length ? `: ${l.slice(0, 3).join(' | ')}` : ''}`;
  const codes = new Set([...Object.keys(s.refusedAtSeats), ...Object.keys(sent.refused.counts)]);
  const disagree = [...codes].filter((k) => (s.refusedAtSeats[k] ?? 0) !== (sent.refused.counts[k] ?? 0));
  const mixed = [...Object.keys(commands.refused.counts), ...Object.keys(commands.errors.counts)].filter((k) => /^(media|signal)-/.test(k));
  const seen = ['media-not-now', 'signal-bad-target', 'media-spectator'].filter((k) => (s.refused[k] ?? 0) > 0);
  return [
    check('media', "no signal of the mafia's meeting reaches a seat outside the living mafia, a spectator or the admin", s.relayed.night > 0 && s.nightStrays.length === 0,
      `${s.relayed.night} signals relayed among the mafia at night, ${strays(s.nightStrays)}`, 'issue 26'),
    check('media', 'a signal reaches only a peer the rules link now (by day: the speaker and his listeners)', s.relayed.day > 0 && s.dayStrays.length === 0,
      `${s.relayed.day} signals relayed by day, ${s.relayed.open} with no game running, ${strays(s.dayStrays)}`, 'issue 26'),
    check('media', 'every call the rules forbid is refused with its code, counted apart from the commands', seen.length === 3 && disagree.length === 0 && mixed.length === 0,
      `${sent.sent} signals sent by the seats; refused ${JSON.stringify(s.refused)} (to ${s.viewers} clients); the bots counted ${JSON.stringify(sent.refused.counts)}${disagree.length ? `, differing in ${disagree.join(', ')}` : ''}; among the commands' refusals and errors: ${mixed.length ? mixed.join(', ') : 'none'}`, 'issue 26'),
  ];
}

/**
 * Many bot games on every deck with every frame to every client recorded (each seat, a
 * spectator, the room admin); each frame is checked against what its viewer may know (leaks.ts).
 * Everybody chats in them (issue 26, chatFrames.ts) and calls whom the rules let him (signalFrames.ts):
 * the chat's and the signalling's own checks are made on the same frames.
 * Also: the night script (`view.nightSteps`) must be the same for every viewer and every game of
 * one deck, or it tells which cards are in play (point 2, R-NIGHT-4).
 */
export async function secrecyAudit(o: SecrecyOptions, traffic: Traffic): Promise<{ checks: Check[]; leaks: number; /** Rooms whose game ended, the longest first. */ finishedCodes: string[] }> {
  const tally: TableTally = { latencies: new Latencies(), refused: new Tally(), errors: new Tally(), counters: { messages: 0, commands: 0 } };
  // The extra card's deck is played at least 3 times: which card is left out differs between games,
  // so a night script that depends on it shows as two scripts of one deck.
  const jobs = decks().flatMap((d) => Array.from({ length: d.modifications?.includes('extra-card') ? Math.max(3, o.gamesPerDeck) : o.gamesPerDeck }, () => d));
  const leaks = new Map<string, number>();
  const examples: string[] = [];
  const hidden: string[] = [];
  const scripts = new Map<string, Set<string>>();
  const finishedCodes: { code: string; frames: number }[] = [];
  const chat = new ChatFrameTally();
  const chatCounters = { sent: 0, written: 0, refused: new Tally(), latencies: new Latencies() };
  const signals = new SignalFrameTally();
  const signalCounters: SignalCounters = { sent: 0, refused: new Tally() };
  let frames = 0;
  let games = 0;
  let unfinished = 0;
  let next = 0;
  const runOne = async (d: { preset: string; modifications?: string[] }) => {
    const recorded: { viewer: string; text: string }[] = [];
    let keys: string[] = [];
    const played = await playTable({
      port: o.port, from: freshAddress(), preset: d.preset, step: o.step, thinkMs: o.thinkMs, timeoutMs: o.timeoutMs, tally,
      ...(d.modifications ? { modifications: d.modifications } : {}),
      record: (viewer, text) => recorded.push({ viewer, text }), created: (c) => (keys = [c.adminKey]), log: o.log, chat: chatCounters, signals: signalCounters,
    });
    const byViewer = new Map<string, string[]>();
    for (const f of recorded) {
      const texts = byViewer.get(f.viewer);
      if (texts) texts.push(f.text);
      else byViewer.set(f.viewer, [f.text]);
    }
    for (const [viewer, texts] of byViewer) {
      chat.takeViewer(`${deckName(d)} ${played.code}`, viewer, texts);
      signals.takeViewer(`${deckName(d)} ${played.code}`, viewer, texts);
    }
    frames += recorded.length;
    if (!played.finished) unfinished++;
    const truth: TableTruth | null = truthOf(recorded, presetOf(d.preset as PresetId)?.defaults.revealOnDeath !== false, keys);
    if (!truth) {
      if (played.finished) tally.errors.add(`${deckName(d)}: no frame showed the final reveal`);
      return;
    }
    games++;
    finishedCodes.push({ code: played.code, frames: recorded.length });
    o.onFinished?.(played.code);
    const script = scripts.get(deckName(d)) ?? new Set<string>();
    scripts.set(deckName(d), script);
    for (const f of recorded) {
      for (const l of frameLeaks(f.viewer, f.text, truth, hidden)) {
        const kind = l.replace(/\d+/g, 'N');
        leaks.set(kind, (leaks.get(kind) ?? 0) + 1);
        if (examples.length < 5) examples.push(`${deckName(d)} ${played.code}: ${l}`);
      }
      const steps = f.text.includes('"nightSteps"') ? JSON.parse(f.text).view?.nightSteps : undefined;
      if (steps) script.add(JSON.stringify(steps));
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.parallel, jobs.length) }, async () => {
    while (next < jobs.length) {
      const d = jobs[next++];
      try {
        await runOne(d);
      } catch (e) {
        tally.errors.add(`${deckName(d)}: ${e instanceof Error ? e.message.slice(0, 120) : String(e)}`);
      }
      o.log(`secrecy: ${games}/${jobs.length} games checked, ${frames} frames`);
    }
  }));
  traffic.messages += tally.counters.commands;
  traffic.frames += frames;
  const leakCount = [...leaks.values()].reduce((a, b) => a + b, 0);
  const scriptsDiffer = [...scripts].filter(([, s]) => s.size > 1).map(([d, s]) => `${d} (${s.size} scripts)`);
  const out = [
    check('secrecy', 'bot games on every deck played to the end and recorded', games === jobs.length && tally.errors.total === 0,
      `${games}/${jobs.length} games on ${decks().length} decks, ${frames} frames, ${unfinished} unfinished, errors ${tally.errors.total ? JSON.stringify(tally.errors.counts) : 'none'}`),
    check('secrecy', 'no role, team, seed, token, key or night act reaches a client that may not see it', leakCount === 0,
      leakCount === 0 ? `0 leaks in ${frames} frames` : `${leakCount} leaks: ${JSON.stringify(Object.fromEntries(leaks))}; e.g. ${examples.join(' | ')}`),
    check('secrecy', 'no item marked by "hidden" (it tells that a hidden thing happened)', hidden.length === 0,
      hidden.length === 0 ? `0 in ${frames} frames` : `${hidden.length} items, e.g. ${hidden.slice(0, 3).join(', ')}`, 'issue 12 point 3'),
    check('secrecy', 'the night script is the same for every viewer and every game of a deck', scriptsDiffer.length === 0,
      scriptsDiffer.length === 0 ? `${scripts.size} decks, one script each` : `differs in ${scriptsDiffer.join(', ')}`, 'issue 12 point 2'),
    ...chatChecks(chat, chatCounters.sent),
    ...signalChecks(signals, signalCounters, tally),
  ];
    // The longest games first: the slow readers ask for the biggest logs.
  return { checks: out, leaks: leakCount + hidden.length, finishedCodes: finishedCodes.sort((a, b) => b.frames - a.frames).map((f) => f.code) };
}

