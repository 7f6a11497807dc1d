/**
 * Issue 27: a bot never reads what its view lacks. Each bot plays beside a twin (same kind, seat and
 * seed) that is given, at every decision and every turn to talk, a copy of the same view with every
 * field it does not carry for this seat removed: the engine's own objects replaced by plain data (no
 * shared identity, no prototype, nothing but what JSON carries), every empty (null) member deleted
 * and the whole deep-frozen. The twins must decide and say exactly what the bots do, over whole games
 * of every preset and many seeds: a bot that read anything beyond its view's data (the game state, a
 * hidden card, another seat's objects) would part from its twin.
 */
import fc from 'fast-check';
import { PRESET_IDS, type GameView } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createBot, playGame, viewOf, type Bot, type BotKind } from '../src/index.js';

/** Plain data only: every null member removed, arrays kept (their holes are the view's own zeros). */
function bare(v: unknown): unknown {
  if (Array.isArray(v)) return Object.freeze(v.map(bare));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = bare(x);
    return Object.freeze(out);
  }
  return v;
}
const stripped = (view: GameView): GameView => {
  const plain = bare(JSON.parse(JSON.stringify(view))) as Record<string, unknown>;
  // Members the type says are present, null when empty: put back as null (the bot may test them).
  const out: Record<string, unknown> = { ...plain };
  for (const k of ['day', 'me', 'bestMove', 'winner'] as const) if (!(k in out)) out[k] = null;
  if (out.day) {
    const day = { ...(out.day as Record<string, unknown>) };
    for (const k of ['speaker', 'tally', 'circle', 'dyingNote', 'rakeChoice'] as const) if (!(k in day)) day[k] = null;
    out.day = Object.freeze(day);
  }
  return Object.freeze(out) as unknown as GameView;
};

function twinned(parted: string[]) {
  return (kind: BotKind, seat: Parameters<typeof createBot>[1], seed: number): Bot => {
    const bot = createBot(kind, seat, seed);
    const twin = createBot(kind, seat, seed);
    return {
      kind,
      seat,
      speak: bot.speak && ((source) => {
        const view = source();
        const said = bot.speak!(viewOf(view));
        const twinSaid = twin.speak!(viewOf(stripped(view)));
        if (JSON.stringify(said) !== JSON.stringify(twinSaid)) parted.push(`${kind} ${seat} said ${JSON.stringify(said)}, its twin ${JSON.stringify(twinSaid)}`);
        return said;
      }),
      meet: bot.meet && ((source) => {
        const view = source();
        const said = bot.meet!(viewOf(view));
        const twinSaid = twin.meet!(viewOf(stripped(view)));
        if (JSON.stringify(said) !== JSON.stringify(twinSaid)) parted.push(`${kind} ${seat} said at the meeting ${JSON.stringify(said)}, its twin ${JSON.stringify(twinSaid)}`);
        return said;
      }),
      decide(source, pending) {
        const view = source();
        const command = bot.decide(viewOf(view), pending);
        const twinCommand = twin.decide(viewOf(stripped(view)), pending);
        if (JSON.stringify(command) !== JSON.stringify(twinCommand)) parted.push(`${kind} ${seat} chose ${JSON.stringify(command)}, its twin ${JSON.stringify(twinCommand)}`);
        return command;
      },
    };
  };
}

const SEATS: Record<string, number> = { short: 5 };

describe('a bot never reads what its view lacks', () => {
  it('bots_and_their_twins_on_bare_views_decide_and_say_the_same_in_whole_games', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRESET_IDS), fc.constantFrom<BotKind>('heuristic', 'random'), fc.integer({ min: 0, max: 1_000_000 }), (preset, kind, seed) => {
        const parted: string[] = [];
        const r = playGame({ preset, players: SEATS[preset] ?? 10, seed, bots: kind, makeBot: twinned(parted), strict: true });
        expect(r.winner).not.toBeNull();
        expect(parted).toEqual([]);
      }),
      { numRuns: 60, seed: 27 },
    );
  }, 120_000);
});
