/**
 * Who may be seen and heard now (issue 26 point 1): the media policy per phase, from the whole
 * state (the server) and from one viewer's view (a client). Classic table: mafia 2, 5 (Don), 8.
 */
import { describe, expect, it } from 'vitest';
import { mayTransmit, maySend, mediaLinked, mediaMoment, mediaMomentOfView, project, type DayState, type GameState, type MediaMoment, type MediaPeer } from '@mafia/engine';
import { patch } from './day-helpers.js';
import { endSpeeches, MAFIA10, newGame, night, run, S, speaker, TOWN10 } from './helpers.js';

const SEATS = Array.from({ length: 10 }, (_, i) => S(i + 1));
const PEERS: MediaPeer[] = [...SEATS, 'host'];

/** Every pair (from, to) the moment lets send, as "from>to" strings. */
function senders(m: MediaMoment): string[] {
  const out: string[] = [];
  for (const a of PEERS) for (const b of PEERS) if (maySend(m, a, b)) out.push(`${a}>${b}`);
  return out;
}

const hostToAll = SEATS.map((s) => `host>${s}`);
const seatView = (s: GameState, seat: number) => project(s, { kind: 'seat', seat: S(seat) });

describe('media policy', () => {
  it('open_table_before_the_start_and_after_the_end', () => {
    const m = mediaMoment(null, null);
    expect(m).toEqual({ kind: 'open' });
    expect(maySend(m, S(3), S(7))).toBe(true);
    expect(maySend(m, S(3), 'host')).toBe(true);
    expect(maySend(m, S(3), S(3))).toBe(false);
    const ended = patch(newGame('classic'), { phase: { kind: 'ended' } });
    expect(mediaMoment(ended.state, null)).toEqual({ kind: 'open' });
    expect(mediaMomentOfView(seatView(ended.state, 4), null)).toEqual({ kind: 'open' });
  });

  it('speech_links_only_the_speaker_to_everyone', () => {
    const day = night(newGame('classic'));
    const who = speaker(day.state)!;
    const m = mediaMoment(day.state, null);
    expect(m).toEqual({ kind: 'speech', speaker: S(who) });
    const others = PEERS.filter((p) => p !== who);
    expect(senders(m).sort()).toEqual([...others.map((p) => `${who}>${p}`), ...hostToAll].sort());
    // Listeners answer the speaker (a linked pair) but do not transmit themselves: muted by the app.
    const listener = SEATS.find((s) => s !== who)!;
    expect(mediaLinked(m, listener, S(who))).toBe(true);
    expect(mayTransmit(m, listener)).toBe(false);
    expect(mayTransmit(m, S(who))).toBe(true);
    // Each client works out the same moment from its own view.
    for (const seat of [1, 2, 5]) expect(mediaMomentOfView(seatView(day.state, seat), null)).toEqual(m);
  });

  it('next_speaker_takes_the_floor', () => {
    const day = night(newGame('classic'));
    const first = speaker(day.state)!;
    const next = run(day, { type: 'endSpeech' });
    const m = mediaMoment(next.state, null);
    expect(m).toEqual({ kind: 'speech', speaker: S(speaker(next.state)!) });
    expect(maySend(m, S(first), S(speaker(next.state)!))).toBe(false);
  });

  it('vote_silences_everyone', () => {
    const day = night(newGame('classic'));
    // Two nominees: day 1 votes (a single one would not be voted on).
    const one = run(day, { type: 'nominate', by: S(speaker(day.state)!), target: S(4) }, { type: 'endSpeech' });
    const two = run(one, { type: 'nominate', by: S(speaker(one.state)!), target: S(6) });
    const vote = endSpeeches(two);
    expect(vote.state.day?.stage).toBe('vote');
    const m = mediaMoment(vote.state, null);
    expect(m).toEqual({ kind: 'silent' });
    expect(senders(m)).toEqual(hostToAll);
    for (const s of SEATS) expect(mayTransmit(m, s)).toBe(false);
    expect(mediaMomentOfView(seatView(vote.state, 4), null)).toEqual(m);
  });

  it('last_word_lets_the_dead_seat_speak', () => {
    const day = night(newGame('classic'));
    const alive = day.state.alive.map((a, i) => (i === 3 ? false : a));
    const g = patch(day, { alive, day: { ...day.state.day!, stage: 'lastWords', lastWords: [S(4)] } as DayState });
    const m = mediaMoment(g.state, null);
    expect(m).toEqual({ kind: 'speech', speaker: S(4) });
    expect(maySend(m, S(4), S(1))).toBe(true);
    expect(mediaMomentOfView(seatView(g.state, 1), null)).toEqual(m);
  });

  it('night_silences_everyone_outside_the_meeting', () => {
    const g = newGame('classic');
    expect(g.state.phase.kind).toBe('night');
    // Classic wakes the mafia (step 0), the Don's check (1), the Commissar (2).
    for (const step of [1, 2, null]) {
      const m = mediaMoment(g.state, step);
      expect(m).toEqual({ kind: 'silent' });
      expect(senders(m)).toEqual(hostToAll);
    }
  });

  it('mafia_meeting_links_only_mafia', () => {
    const g = newGame('classic');
    const m = mediaMoment(g.state, 0);
    expect(m).toEqual({ kind: 'meeting', seats: MAFIA10.map(S) });
    const pairs = MAFIA10.flatMap((a) => MAFIA10.filter((b) => b !== a).map((b) => `${a}>${b}`));
    expect(senders(m).sort()).toEqual([...pairs, ...hostToAll].sort());
    for (const town of TOWN10) {
      expect(mayTransmit(m, S(town))).toBe(false);
      for (const mafia of MAFIA10) expect(mediaLinked(m, S(town), S(mafia))).toBe(false);
    }
    // Not even the host's screen (the room admin sees what a spectator sees).
    expect(maySend(m, S(2), 'host')).toBe(false);
  });

  it('town_view_never_holds_the_meeting', () => {
    const g = newGame('classic');
    // A mafia seat's view holds its teammates: the same meeting as the server's.
    for (const mafia of MAFIA10) expect(mediaMomentOfView(seatView(g.state, mafia), 0)).toEqual(mediaMoment(g.state, 0));
    // A town seat's view is silent at every step of the night: the same as a night without a meeting.
    for (const town of TOWN10) for (const step of [0, 1, 2]) expect(mediaMomentOfView(seatView(g.state, town), step)).toEqual({ kind: 'silent' });
    expect(mediaMomentOfView(project(g.state, { kind: 'spectator' }), 0)).toEqual({ kind: 'silent' });
  });

  it('dead_mafia_stays_out_of_the_meeting_and_one_alone_meets_nobody', () => {
    const g = newGame('classic');
    const oneDead = patch(g, { alive: g.state.alive.map((a, i) => (i === 7 ? false : a)) });
    expect(mediaMoment(oneDead.state, 0)).toEqual({ kind: 'meeting', seats: [S(2), S(5)] });
    const alone = patch(g, { alive: g.state.alive.map((a, i) => (i === 7 || i === 4 ? false : a)) });
    expect(mediaMoment(alone.state, 0)).toEqual({ kind: 'silent' });
  });

  it('host_talks_over_everyone_at_any_time', () => {
    const day = night(newGame('classic'));
    for (const m of [mediaMoment(null, null), mediaMoment(day.state, null), mediaMoment(newGame('classic').state, 0), { kind: 'silent' } as const]) {
      expect(mayTransmit(m, 'host')).toBe(true);
      for (const s of SEATS) expect(maySend(m, 'host', s)).toBe(true);
    }
  });
});
