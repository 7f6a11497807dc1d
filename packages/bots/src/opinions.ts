import { MAX_STATEMENTS_PER_DAY, type GameView, type SeatNo, type Statement } from '@mafia/engine';
import { aliveSeats } from './bot.js';
import { SUSPECT, TRUSTED } from './dayChoice.js';

const NOTHING: readonly Statement[] = [];

/**
 * What a room's heuristic bot says in its turn when it has no claim or check to name (issue 27,
 * point 4: in a practice game the bots speak): its reading of the table, as a club player's speech
 * gives it. The town says whom it suspects (or, with no suspect, whom it trusts) and, once someone is
 * up for the vote, for whom it will vote. A mafioso speaks when a town player would: he reads the
 * table from the public record only (his `score` is what a civilian in his seat would make of it)
 * and says that reading, a red in place of a teammate (the red who pushed one of his team, else the
 * red the record holds most against). A mafioso who spoke whenever he had a red to blame was the
 * one who spoke on day 2 of classic three times as often as the town: his words gave him away
 * (docs/bots.md).
 * Only room bots say it (HeuristicBot's `opinions`):
 * no bot reads another's suspicion or vote statement, so the games' decisions are the same with or
 * without it; and it draws no dice (ties go to the lowest seat), so a bot's later choices are too.
 */
export function opinionsOf(view: GameView, seat: SeatNo, score: Float64Array): readonly Statement[] {
  const day = view.day;
  // The dead say nothing of it: a last word is a dead player's (his claims and checks are speechOf's).
  if (day === null || view.me === null || !view.me.alive) return NOTHING;
  // Said once a day: a defence does not repeat the speech's words (each is a target's, of one kind).
  const today = view.said.filter((x) => x.by === seat && x.day === day.n).map((x) => x.statement);
  const said = view.me.team === 'mafia' ? mafiaOpinions(view, day, seat, score) : reading(view, day, seat, score);
  const fresh = said.filter((st) => !today.some((x) => x.kind === st.kind && 'target' in x && x.target === st.target));
  return fresh.slice(0, Math.max(0, MAX_STATEMENTS_PER_DAY - today.length));
}

type Opinion = Extract<Statement, { kind: 'suspect' | 'trust' | 'willVote' }>;

function reading(view: GameView, day: NonNullable<GameView['day']>, seat: SeatNo, score: Float64Array): readonly Opinion[] {
  const others = aliveSeats(view, (s) => s !== seat);
  if (others.length === 0) return [];
  const out: Opinion[] = [];
  const top = highest(others, (s) => score[s]);
  if (score[top] >= SUSPECT) out.push({ kind: 'suspect', target: top });
  else {
    const trusted = highest(others, (s) => -score[s]);
    if (score[trusted] <= TRUSTED) out.push({ kind: 'trust', target: trusted });
  }
  // Up for the vote: the nominee it would vote for, when it holds something against him.
  const nominees = day.nominations.map(([, t]) => t).filter((t) => t !== seat && view.seats[t - 1].alive);
  if (nominees.length > 0) {
    const pick = highest(nominees, (s) => score[s]);
    if (score[pick] >= SUSPECT) out.push({ kind: 'willVote', target: pick });
  }
  return out;
}

/**
 * A mafioso's speech: the town's reading of the public record (`score`: a civilian's in his seat),
 * where it names a teammate to suspect or vote against, a red instead: the red who nominated one of
 * his team, else the red with the highest score (a nominee, for a vote). Trusting a teammate is said
 * as it is: a civilian would.
 */
function mafiaOpinions(view: GameView, day: NonNullable<GameView['day']>, seat: SeatNo, score: Float64Array): readonly Opinion[] {
  const mate = (s: SeatNo) => view.seats[s - 1].team === 'mafia';
  const red = (s: SeatNo) => s !== seat && view.seats[s - 1].alive && !mate(s);
  const pusher = day.nominations.find(([by, t]) => red(by) && mate(t))?.[0];
  const instead = (pool: readonly SeatNo[]): SeatNo | null => {
    const reds = pool.filter(red);
    if (reds.length === 0) return null;
    return pusher !== undefined && reds.includes(pusher) ? pusher : highest(reds, (s) => score[s]);
  };
  const out: Opinion[] = [];
  for (const o of reading(view, day, seat, score)) {
    if (o.kind === 'trust' || !mate(o.target)) out.push(o);
    else {
      const target = instead(o.kind === 'suspect' ? aliveSeats(view) : day.nominations.map(([, t]) => t));
      if (target !== null) out.push({ kind: o.kind, target });
    }
  }
  return out;
}

/** The seat with the highest score, the lowest seat among equals (no dice). */
function highest(seats: readonly SeatNo[], score: (s: SeatNo) => number): SeatNo {
  let top = seats[0];
  for (const s of seats) if (score(s) > score(top)) top = s;
  return top;
}
