/**
 * Chat channels (issue 26, point 2): who may write where, and who reads it. The mafia's meeting and
 * the dead's chat carry hidden information, so their readers follow the game's knowledge rules.
 */
import { describe, expect, it } from 'vitest';
import { chatLine, chatChannelsOf, type ChatSender, type GameState } from '@mafia/engine';
import { MAFIA10, newGame, night, quietDay, run, S, shot, speaker } from './helpers.js';

const seat = (n: number): ChatSender => ({ kind: 'seat', seat: S(n) });
const HOST_SENDER: ChatSender = { kind: 'host' };
const readersOf = (d: ReturnType<typeof chatLine>) => (d.ok ? d.readers : d.code);

/** Day 2 of classic with seat 4 shot on night 2 (night 1 is the introduction). */
function dayTwoAfterShot(): GameState {
  const g = quietDay(night(newGame('classic')));
  return night(g, shot(4)).state;
}

describe('the day chat', () => {
  it('lobby_talk_is_open_to_every_seat_before_the_deal_and_after_the_end', () => {
    expect(readersOf(chatLine(null, seat(3), 'day', 'speaker'))).toBe('everyone');
    const ended = run(newGame('classic'), { type: 'override', action: { kind: 'endGame', winner: 'town' } }).state;
    expect(ended.phase.kind).toBe('ended');
    // Seat 4 never spoke, and the mode is the speaker's: after the end the table talks freely again.
    expect(readersOf(chatLine(ended, seat(4), 'day', 'speaker'))).toBe('everyone');
  });

  it('free_mode_lets_every_living_player_write_all_day', () => {
    const s = night(newGame('classic')).state;
    const notSpeaking = [1, 2, 3, 4].find((n) => n !== speaker(s))!;
    expect(readersOf(chatLine(s, seat(notSpeaking), 'day', 'free'))).toBe('everyone');
  });

  it('speaker_mode_lets_only_the_speaker_write', () => {
    const s = night(newGame('classic')).state;
    const now = speaker(s)!;
    const other = now === 1 ? 2 : 1;
    expect(readersOf(chatLine(s, seat(now), 'day', 'speaker'))).toBe('everyone');
    expect(readersOf(chatLine(s, seat(other), 'day', 'speaker'))).toBe('chat-not-speaker');
  });

  it('the_day_chat_is_closed_at_night', () => {
    const s = newGame('classic').state;
    expect(s.phase.kind).toBe('night');
    expect(readersOf(chatLine(s, seat(1), 'day', 'free'))).toBe('chat-night');
  });

  it('the_dead_do_not_write_to_the_living', () => {
    const s = dayTwoAfterShot();
    expect(s.alive[3]).toBe(false);
    // Seat 4 gives his last word first (classic: the night's victim speaks): that one line is his.
    const lastWord = s.day?.stage === 'lastWords' ? s.day.lastWords[0] : null;
    expect(lastWord).toBe(4);
    expect(readersOf(chatLine(s, seat(4), 'day', 'free'))).toBe('everyone');
    // His last word over, he is one of the dead: the day chat is the living's.
    const after = run(quietDay(night(newGame('classic'))), ...shot(4).map((a) => ({ type: 'act' as const, by: S(a.by), act: 'kill' as const, target: S(a.target) })), { type: 'endNight' }, { type: 'endLastWords' }).state;
    expect(after.day?.stage).toBe('speeches');
    expect(readersOf(chatLine(after, seat(4), 'day', 'free'))).toBe('chat-dead-to-living');
  });
});

describe('the mafia meeting', () => {
  it('mafia_chat_links_only_the_living_mafia_at_night', () => {
    const s = newGame('classic').state;
    expect(readersOf(chatLine(s, seat(2), 'mafia', 'free'))).toEqual(MAFIA10.map(S));
  });

  it('a_town_player_cannot_write_to_the_mafia', () => {
    const s = newGame('classic').state;
    expect(readersOf(chatLine(s, seat(3), 'mafia', 'free'))).toBe('chat-not-mafia');
  });

  it('the_mafia_do_not_meet_by_day', () => {
    const s = night(newGame('classic')).state;
    expect(readersOf(chatLine(s, seat(2), 'mafia', 'free'))).toBe('chat-not-night');
  });

  it('the_channels_offered_follow_the_seat', () => {
    const s = newGame('classic').state;
    expect(chatChannelsOf(s, seat(5))).toEqual(['day', 'mafia', 'host']);
    expect(chatChannelsOf(s, seat(3))).toEqual(['day', 'host']);
    expect(chatChannelsOf(null, seat(5))).toEqual(['day', 'host']);
    expect(chatChannelsOf(s, HOST_SENDER)).toEqual(['day', 'mafia', 'dead', 'host']);
  });
});

describe('the dead and the host', () => {
  it('the_dead_chat_is_read_by_the_dead_only', () => {
    const s = dayTwoAfterShot();
    expect(readersOf(chatLine(s, seat(4), 'dead', 'free'))).toEqual([S(4)]);
    expect(readersOf(chatLine(s, seat(1), 'dead', 'free'))).toBe('chat-not-dead');
    expect(chatChannelsOf(s, seat(4))).toEqual(['day', 'dead', 'host']);
  });

  it('only_the_host_announces', () => {
    expect(readersOf(chatLine(null, HOST_SENDER, 'host', 'free'))).toBe('everyone');
    expect(readersOf(chatLine(null, seat(1), 'host', 'free'))).toBe('chat-host-only');
    expect(readersOf(chatLine(null, HOST_SENDER, 'day', 'free'))).toBe('chat-seats-only');
  });
});
