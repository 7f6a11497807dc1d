/** spec/protocol.md "What was said": a game's statements go into its exported protocol, which replays to the same result. */
import { exportProtocol, gameResult, replayProtocol, type Statement } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { newGame, night, quietDay, run, S, speaker } from './helpers.js';

describe('the export of what was said', () => {
  it('a_days_statements_are_its_said_in_the_protocol_and_it_replays_to_the_same_result', () => {
    let g = night(newGame('sport'));
    const first = speaker(g.state)!;
    const other = first === 1 ? 2 : 1;
    const said: Statement[] = [
      { kind: 'claim', role: 'commissar' },
      { kind: 'checked', target: S(other), night: 1, color: 'black' },
      { kind: 'willVote', target: S(other) },
      { kind: 'version', seats: [S(other)] },
    ];
    // The day is written once it is over: the statements, then a day with nobody nominated.
    g = quietDay(run(g, ...said.map((statement) => ({ type: 'statement' as const, by: S(first), statement }))));
    const out = exportProtocol(g);
    if (!out.ok) throw new Error(JSON.stringify(out));
    const day1 = out.protocol.steps.find((st) => 'day' in st && st.day === 1);
    expect(day1 && 'said' in day1 ? day1.said : null).toEqual([
      [first, { claim: 'commissar' }],
      [first, { checked: other, answer: 'black', night: 1 }],
      [first, { vote: other }],
      [first, { version: [other] }],
    ]);
    const replayed = replayProtocol(out.protocol);
    expect(replayed.ok).toBe(true);
    if (replayed.ok) expect(replayed.result).toEqual(gameResult(g.log));
  });
});
