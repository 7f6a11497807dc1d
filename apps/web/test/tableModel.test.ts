import { describe, expect, it } from 'vitest';
import { lastNightNews, tableModel } from '../src/screens/table/model.js';
import { SpectatorGame } from './tableGame.js';

describe('the table screen model (what the table shows, from what a spectator was sent)', () => {
  it('before the start: the lobby, nothing else', () => {
    expect(tableModel({ view: null, timer: null, log: [] }, 0)).toMatchObject({ phase: 'lobby', n: 0, step: null, seats: [], news: null, winner: null });
  });

  it('at night: the step of the shared clock and its wake roles, and seats without any role', () => {
    const g = new SpectatorGame();
    const s = g.state();
    const m0 = tableModel(s, g.now + 1_000);
    expect(m0).toMatchObject({ phase: 'night', n: 1, step: { kind: 'night', index: 0, count: 3, wake: ['mafia', 'don'] }, speaker: null, tally: null });
    expect(tableModel(s, g.now + 20_000).step).toMatchObject({ index: 2, wake: ['commissar'] });
    expect(m0.seats).toHaveLength(10);
    for (const seat of m0.seats) expect(seat).toEqual({ seat: seat.seat, name: null, alive: true, fouls: 0 });
  });

  it('in the morning: the news of the night just ended, and whose speech it is', () => {
    const g = new SpectatorGame().host();
    const m = tableModel(g.state(), g.now);
    expect(m).toMatchObject({ phase: 'day', n: 1, speaker: 1, news: { night: 1, died: [] }, step: { kind: 'day', stage: 'speeches', round: 0 } });
    expect(lastNightNews(g.log)).toEqual({ night: 1, died: [] });
    // The news is the morning's: not shown once another phase has begun.
    expect(tableModel({ ...g.state(), log: [] }, g.now).news).toBeNull();
  });

  it('nominees in order with who nominated them; the tally counts the open ballots', () => {
    const g = new SpectatorGame().toVote();
    let m = tableModel(g.state(), g.now);
    expect(m.nominations).toEqual([{ by: 1, target: 7 }, { by: 2, target: 8 }]);
    expect(m.candidates).toEqual([7, 8]);
    expect(m.tally).toEqual([{ seat: 7, votes: 0, voters: [] }, { seat: 8, votes: 0, voters: [] }]);
    g.run({ type: 'vote', by: 1, target: 8 }, 1).run({ type: 'vote', by: 2, target: 7 }, 2).run({ type: 'vote', by: 3, target: 8 }, 3);
    m = tableModel(g.state(), g.now);
    expect(m.tally).toEqual([{ seat: 7, votes: 1, voters: [2] }, { seat: 8, votes: 2, voters: [1, 3] }]);
    expect(m.step).toEqual({ kind: 'day', stage: 'vote', round: 0 });
  });

  it('fouls and the dead are shown; a role only when the server sent it (the end of the game)', () => {
    const g = new SpectatorGame().host().run({ type: 'foul', seat: 4 }).run({ type: 'foul', seat: 4 });
    let m = tableModel(g.state(), g.now);
    expect(m.seats[3]).toEqual({ seat: 4, name: null, alive: true, fouls: 2 });
    g.run({ type: 'override', action: { kind: 'eliminate', seat: 6 } });
    m = tableModel(g.state(), g.now);
    expect(m.seats[5]).toMatchObject({ seat: 6, alive: false });
    // Classic opens the cards of the dead (revealOnDeath): the server sends that one role, no other.
    expect(m.seats.filter((s) => 'role' in s)).toEqual([{ seat: 6, name: null, alive: false, fouls: 0, role: 'mafia' }]);
    g.run({ type: 'override', action: { kind: 'endGame', winner: 'mafia' } });
    m = tableModel(g.state(), g.now);
    expect(m.phase).toBe('ended');
    expect(m.winner).toBe('mafia');
    expect(m.seats.map((s) => s.role)).toEqual(['don', 'mafia', 'civilian', 'commissar', 'civilian', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian']);
  });

  it('closed cards (revealOnDeath off): a dead seat shows no role', () => {
    const g = new SpectatorGame({ revealOnDeath: false }).host().run({ type: 'override', action: { kind: 'eliminate', seat: 6 } });
    const m = tableModel(g.state(), g.now);
    expect(m.seats[5]).toEqual({ seat: 6, name: null, alive: false, fouls: 0 });
    expect(m.seats.some((s) => 'role' in s)).toBe(false);
  });
});
