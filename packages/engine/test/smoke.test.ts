import { describe, expect, it } from 'vitest';
import { replayProtocol } from '@mafia/engine';

describe('replay', () => {
  it('replays_a_classic_day_vote_R-VOTE-3', () => {
    const out = replayProtocol({
      format: 'mafia-protocol/1',
      preset: 'classic',
      seats: ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'],
      steps: [{ night: 1 }, { day: 1, nominations: [[1, 8], [3, 2]], votes: { '8': [1, 3, 4, 6] } }],
    });
    expect(out.ok && out.result.timeline[1]).toEqual({ day: 1, left: [2], by: 'vote', tally: { '8': 4, '2': 6 } });
  });
});
