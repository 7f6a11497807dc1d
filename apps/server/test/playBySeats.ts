import type { Client } from './helpers.js';
import { V } from './helpers.js';

type Msg = Record<string, any>;

const latest = (c: Client): Msg | undefined => {
  for (let i = c.received.length - 1; i >= 0; i--) if (c.received[i].type === 'welcome' || c.received[i].type === 'update') return c.received[i];
  return undefined;
};

/**
 * Plays the game of an app-hosted room to its end through its seats alone, as phones would: each
 * speaker nominates (the mafia first), ends his own speech, defence and last word; every seat votes
 * the mafia out. For a short game (no nights): the town wins on day 1. Resolves with the last view.
 */
export async function playBySeats(seats: Client[], ms = 20_000): Promise<Msg> {
  const sent = new Set<string>();
  const mafia = seats.map((c) => latest(c)?.view?.me).find((me) => me?.team === 'mafia')?.seat as number;
  const end = Date.now() + ms;
  let n = 0;
  for (;;) {
    const states = seats.map(latest);
    const done = states.find((m) => m?.view?.phase.kind === 'ended');
    if (done) return done.view;
    if (Date.now() > end) throw new Error(`the game did not end by its seats within ${ms} ms: ${JSON.stringify(states[0]?.view?.day)}`);
    states.forEach((m, i) => {
      const seat = i + 1;
      const day = m?.view?.day;
      if (!m || !day) return;
      const once = (what: string, command: Msg) => {
        const key = `${m.seq}:${seat}:${what}`;
        if (sent.has(key)) return;
        sent.add(key);
        seats[i].send({ v: V, type: 'command', id: `p${++n}`, command });
      };
      const nominated = new Set<number>(day.nominations.map((x: number[]) => x[1]));
      for (const p of m.pending) {
        if (p.kind === 'nominate') {
          const order = [mafia, ...seats.map((_, k) => k + 1).filter((s) => s !== mafia)];
          const target = order.find((s) => s !== seat && !nominated.has(s));
          if (target !== undefined) return once('nominate', { type: 'nominate', by: seat, target });
        }
        if (p.kind === 'vote') return once('vote', { type: 'vote', by: seat, target: p.candidates.includes(mafia) && seat !== mafia ? mafia : p.candidates.find((s: number) => s !== seat) ?? p.candidates[0] });
      }
      if ((day.stage === 'speeches' || day.stage === 'defence') && day.speaker === seat) once('endSpeech', { type: 'endSpeech' });
      if (day.stage === 'lastWords' && day.lastWords[0] === seat) once('endLastWords', { type: 'endLastWords' });
    });
    await new Promise((r) => setTimeout(r, 20));
  }
}
