// @vitest-environment jsdom
/**
 * Voice and video (issue 26 point 1): the seat screen's media panel (the button, the grid of faces
 * with seat numbers, the speaker's tile large, the refusal and the no-camera words in the player's
 * language), and the calls the media policy makes a device offer, answer and close.
 */
import { mediaPeer, type MediaMoment, type MediaPeer } from '@mafia/engine/media';
import type { SignalData, WireMediaPeer } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, setLanguage } from '../src/i18n';
import { MediaCalls } from '../src/media/calls';
import { MediaView } from '../src/media/MediaPanel';
import type { MediaNow } from '../src/media/useMedia';
import { peopleSeats } from '../src/media/useMedia';
import { lobbyOf } from './typed';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const media = (o: Partial<MediaNow> = {}): MediaNow => ({
  moment: { kind: 'open' }, local: null, remote: new Map(), transmitting: false, noDevice: false, refusal: null,
  turnOn: vi.fn(async () => {}), turnOff: vi.fn(), ...o,
});

async function renderIn(lang: 'ru' | 'en', m: MediaNow, me: MediaPeer = mediaPeer(2), seats = 10, names?: readonly (string | null)[], out?: readonly number[]) {
  const i18n = createI18n();
  await act(async () => {
    await setLanguage(i18n, lang);
  });
  return render(<I18nextProvider i18n={i18n}><MediaView media={m} me={me} seats={seats} names={names} out={out} /></I18nextProvider>);
}

describe('the media panel', () => {
  it('offers_to_turn_on_camera_and_microphone_in_russian_and_english', async () => {
    const m = media();
    await renderIn('ru', m);
    const on = screen.getByTestId('media-on');
    expect(on.textContent).toBe('Включить камеру и микрофон');
    fireEvent.click(on);
    expect(m.turnOn).toHaveBeenCalledOnce();
    cleanup();
    await renderIn('en', media());
    expect(screen.getByTestId('media-on').textContent).toBe('Turn on camera and microphone');
  });

  it('shows_the_table_as_a_grid_of_seats_with_the_speakers_tile_large_and_first', async () => {
    await renderIn('ru', media({ moment: { kind: 'speech', speaker: mediaPeer(7) } }));
    const tiles = screen.getAllByTestId(/^media-tile-\d+$/);
    expect(tiles).toHaveLength(10);
    expect(tiles[0]!.dataset.testid).toBe('media-tile-7');
    expect(tiles[0]!.className).toContain('large');
    expect(tiles.filter((t) => t.className.includes('large'))).toHaveLength(1);
    expect(screen.getByTestId('media-tile-3').textContent).toContain('Игрок 3');
    expect(screen.getByTestId('media-tile-2').textContent).toContain('2 (вы)');
    expect(screen.getByTestId('media-now').textContent).toBe('Говорит игрок 7: у остальных микрофоны выключены');
  });

  it('marks_the_tiles_of_the_players_out_of_the_game', async () => {
    await renderIn('ru', media({ moment: { kind: 'speech', speaker: mediaPeer(7) } }), mediaPeer(2), 10, undefined, [4, 2]);
    expect(screen.getByTestId('media-tile-4').dataset.out).toBe('true');
    // The tag apart from the caption: a long name does not clip it.
    expect(screen.getByTestId('media-tile-4').querySelector('.media-seat')!.textContent).toBe('Игрок 4');
    expect(screen.getByTestId('media-out-4').textContent).toBe('выбыл');
    // It stands where the big number stood: the caption names the seat.
    expect(screen.getByTestId('media-tile-4').querySelector('.media-empty')).toBeNull();
    expect(screen.getByTestId('media-tile-7').querySelector('.media-empty')!.textContent).toBe('7');
    expect(screen.getByTestId('media-out-2').textContent).toBe('выбыл');
    expect(screen.getByTestId('media-tile-7').dataset.out).toBeUndefined();
    expect(screen.queryByTestId('media-out-7')).toBeNull();
    expect(screen.getByTestId('media-tile-7').textContent).not.toContain('выбыл');
    cleanup();
    await renderIn('en', media(), mediaPeer(2), 10, [null, null, null, 'Ann'], [4]);
    expect(screen.getByTestId('media-out-4').textContent).toBe('out');
  });

  it('names_each_tile_after_its_player_as_the_lobby_does_and_an_empty_seat_by_its_number', async () => {
    const names = ['Анна', 'Борис', null, 'Бот 4', null, null, null, null, null, null];
    await renderIn('ru', media(), mediaPeer(2), 10, names);
    expect(screen.getByTestId('media-tile-1').textContent).toContain('1 · Анна');
    expect(screen.getByTestId('media-tile-4').textContent).toContain('4 · Бот 4');
    expect(screen.getByTestId('media-tile-3').textContent).toContain('Игрок 3');
    expect(screen.getByTestId('media-tile-2').textContent).toContain('2 · Борис (вы)');
    cleanup();
    await renderIn('en', media(), mediaPeer(2), 10, names);
    expect(screen.getByTestId('media-tile-1').textContent).toContain('1 · Анна');
    expect(screen.getByTestId('media-tile-3').textContent).toContain('Seat 3');
    expect(screen.getByTestId('media-tile-2').textContent).toContain('2 · Борис (you)');
  });

  it('room_admin_sees_every_seat_as_another_and_may_turn_his_camera_on_at_any_time', async () => {
    await renderIn('ru', media({ moment: { kind: 'silent' } }), 'host');
    expect(screen.getAllByTestId(/^media-tile-\d+$/)).toHaveLength(10);
    expect(screen.queryByText(/\(вы\)/)).toBeNull();
    expect(screen.getByTestId('media-on').textContent).toBe('Включить камеру и микрофон');
  });

  it('night_reads_the_same_on_every_town_phone_and_no_tile_is_large', async () => {
    await renderIn('en', media({ moment: { kind: 'silent' } }));
    expect(screen.getByTestId('media-now').textContent).toBe('Silence: no microphone is open');
    expect(screen.getAllByTestId(/^media-tile-\d+$/).filter((t) => t.className.includes('large'))).toHaveLength(0);
  });

  it('says_a_refusal_and_a_missing_camera_in_the_players_language', async () => {
    await renderIn('ru', media({ refusal: { code: 'media-not-now', message: 'seat 2 may not be seen or heard by seat 3 now' }, noDevice: true }));
    expect(screen.getByTestId('media-refusal').textContent).toBe('Не сейчас: по правилам открыт только микрофон говорящего; ничего не отправлено.');
    expect(screen.getByTestId('media-no-device').textContent).toContain('вы играете текстом');
  });

  it('people_seats_are_the_claimed_seats_but_bots_and_this_one', () => {
    const lobby = lobbyOf({ mode: 'online', claimed: ['A', 'Бот 2', null, 'D'], bots: [2], started: true });
    expect(peopleSeats(lobby, mediaPeer(1))).toEqual([4]);
    // The room admin calls every person.
    expect(peopleSeats(lobby, 'host')).toEqual([1, 4]);
    expect(peopleSeats(null, mediaPeer(1))).toEqual([]);
  });
});

/** A fake RTCPeerConnection: records what the calls did; gathering is complete at once. */
class FakePc extends EventTarget {
  static made: FakePc[] = [];
  iceGatheringState: RTCIceGatheringState = 'complete';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { sdp: string } | null = null;
  remote: { type: string; sdp: string } | null = null;
  tracks: MediaStreamTrack[] = [];
  closed = false;
  constructor() {
    super();
    FakePc.made.push(this);
  }
  addTrack(t: MediaStreamTrack): void {
    this.tracks.push(t);
  }
  async createOffer() { return { type: 'offer', sdp: `offer-${FakePc.made.indexOf(this)}` }; }
  async createAnswer() { return { type: 'answer', sdp: `answer-${FakePc.made.indexOf(this)}` }; }
  async setLocalDescription(d: { sdp: string }) { this.localDescription = d; }
  async setRemoteDescription(d: { type: string; sdp: string }) { this.remote = d; }
  async addIceCandidate() {}
  close(): void {
    this.closed = true;
  }
}

function fakeStream(): MediaStream {
  const track = { enabled: true, stop: vi.fn() } as unknown as MediaStreamTrack;
  return { getTracks: () => [track] } as unknown as MediaStream;
}

function callsOf(me: number) {
  const sent: { to: WireMediaPeer; data: SignalData }[] = [];
  let n = 0;
  const calls = new MediaCalls({
    me: mediaPeer(me),
    signal: (to, data) => (sent.push({ to, data }), true),
    newPeerConnection: () => new FakePc() as unknown as RTCPeerConnection,
    changed: () => {},
    newCallId: () => `call-${++n}`,
    setTimeout: () => 0,
    clearTimeout: () => {},
  });
  return { calls, sent };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const peers = (...n: number[]): MediaPeer[] => n.map(mediaPeer);
const speech = (speaker: number): MediaMoment => ({ kind: 'speech', speaker: mediaPeer(speaker) });

describe('the calls the policy makes', () => {
  it('the_speaker_offers_to_every_person_and_the_vote_closes_every_call_without_a_word', async () => {
    FakePc.made = [];
    const { calls, sent } = callsOf(3);
    const stream = fakeStream();
    calls.setLocal(stream);
    calls.update(speech(3), peers(1, 2, 4));
    await flush();
    expect(calls.transmitting).toBe(true);
    expect(stream.getTracks()[0]!.enabled).toBe(true);
    expect(sent.map((s) => [s.to, s.data.kind])).toEqual([[1, 'offer'], [2, 'offer'], [4, 'offer']]);
    calls.update({ kind: 'silent' }, peers(1, 2, 4));
    // Every device closes the same calls by itself: no bye (the server would refuse it).
    expect(sent).toHaveLength(3);
    expect(FakePc.made.every((pc) => pc.closed)).toBe(true);
    expect(stream.getTracks()[0]!.enabled).toBe(false);
  });

  it('a_listener_sends_nothing_of_his_own_and_answers_the_speaker', async () => {
    FakePc.made = [];
    const { calls, sent } = callsOf(1);
    const stream = fakeStream();
    calls.setLocal(stream);
    calls.update(speech(3), peers(2, 3, 4));
    await flush();
    expect(calls.transmitting).toBe(false);
    expect(stream.getTracks()[0]!.enabled).toBe(false);
    expect(sent).toEqual([]);
    await calls.receive(mediaPeer(3), { kind: 'offer', call: 'x', sdp: 'speaker-offer' });
    expect(sent).toEqual([{ to: 3, data: { kind: 'answer', call: 'x', sdp: 'answer-0' } }]);
    expect(FakePc.made[0]!.remote).toEqual({ type: 'offer', sdp: 'speaker-offer' });
    // The next speaker: the old speaker's call to this device ends here too.
    calls.update(speech(4), peers(2, 3, 4));
    expect(FakePc.made[0]!.closed).toBe(true);
  });

  it('turning_off_says_bye_while_the_pair_is_still_linked', async () => {
    FakePc.made = [];
    const { calls, sent } = callsOf(3);
    calls.setLocal(fakeStream());
    calls.update(speech(3), peers(1));
    await flush();
    calls.setLocal(null);
    expect(sent.map((s) => s.data.kind)).toEqual(['offer', 'bye']);
    expect(sent[1]!.data).toEqual({ kind: 'bye', call: 'call-1' });
  });
});
