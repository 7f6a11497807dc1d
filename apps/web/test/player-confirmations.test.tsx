// @vitest-environment jsdom
/**
 * The phones' confirmations: a player's own nomination and vote confirmed; the phone of the player
 * giving his last word says so (and the others say who speaks, never «nobody»); the defence speech;
 * the end-of-speech button cannot end two speeches on a double tap; after «Принято» at night every
 * phone says where a check's answer will be.
 */
import { pendingDecisions, project, seatNo, type Command, type Game, type GameView } from '@mafia/engine';
import type { RoomMode } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { LOCKOUT_MS } from '../src/ui';
import { newGame, run, until } from './classicGame';
import { lobbyOf } from './typed';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

type Day = NonNullable<GameView['day']>;
const NIGHT = { kind: 'night' as const, started: 100_000, deadline: 130_000 };

/** `ownTurn`: a patched day's own-turn effect, as the engine would project it on this seat's view. */
function stateOf(g: Game, seat: number, mode: RoomMode = 'human', day?: Partial<Day>, ownTurn?: GameView['ownTurn']): RoomState {
  const v = project(g.state, { kind: 'seat', seat: seatNo(seat) });
  const patched = day && v.day ? { ...v, day: { ...v.day, ...day } } : v;
  const view = ownTurn ? { ...patched, ownTurn } : patched;
  return {
    status: 'open', you: { as: 'seat', seat },
    lobby: lobbyOf({ mode, claimed: [], started: true }),
    view, pending: day ? [] : pendingDecisions(g.state).filter((p) => p.seat === seat), timer: g.state.phase.kind === 'night' ? NIGHT : null,
    seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  };
}

async function show(state: RoomState) {
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  const send = vi.fn((_c: Command) => Promise.resolve(1));
  render(
    <I18nextProvider i18n={i18n}>
      <PlayerScreen code="ABCDEF" state={state} send={send} tap={() => Promise.resolve(1)} now={NIGHT.started + 1} />
    </I18nextProvider>,
  );
  return send;
}

const dayOne = () => until(newGame(), 'day', 1);
const S = (n: number) => n as never;

describe('phones, confirmations', () => {
  it('my_nomination_is_confirmed_on_my_phone', async () => {
    const g = run(dayOne(), { type: 'nominate', by: S(1), target: S(5) }, 1);
    await show(stateOf(g, 1));
    expect(screen.getByTestId('my-nomination').textContent).toBe('Вы выставили № 5');
  });

  it('my_vote_is_confirmed_on_my_phone', async () => {
    const ballots = Array.from({ length: 10 }, (_, i) => (i === 2 ? 5 : 0));
    await show(stateOf(dayOne(), 3, 'human', { stage: 'vote', candidates: [S(5), S(6)], ballots, speaker: null }));
    expect(screen.getByTestId('my-vote').textContent).toBe('Ваш голос: № 5');
  });

  it('the_last_word_phone_says_so_and_the_others_name_the_speaker', async () => {
    const day = { stage: 'lastWords' as const, lastWords: [S(4), S(7)], speaker: null };
    await show(stateOf(dayOne(), 4, 'app', day, 'endLastWords'));
    expect(screen.getByTestId('speaker').textContent).toBe('Ваше последнее слово');
    expect(screen.getByTestId('end-last-words')).toBeTruthy();
    cleanup();
    await show(stateOf(dayOne(), 7, 'app', day));
    expect(screen.getByTestId('speaker').textContent).toBe('Последнее слово: место 4');
    expect(screen.getByTestId('my-last-words-queue').textContent).toBe('Ваше последнее слово — после места 4');
    expect(screen.queryByTestId('end-last-words')).toBeNull();
    cleanup();
    await show(stateOf(dayOne(), 1, 'app', day));
    expect(screen.getByTestId('speaker').textContent).toBe('Последнее слово: место 4');
    expect(document.body.textContent).not.toContain('Сейчас никто не говорит');
  });

  it('the_defence_speaker_is_told_it_is_his_defence', async () => {
    await show(stateOf(dayOne(), 2, 'app', { stage: 'defence', candidates: [S(2), S(3)], speaker: S(2) }));
    expect(screen.getByTestId('speaker').textContent).toBe('Ваше оправдательное слово');
  });

  it('a_double_tap_on_end_speech_ends_one_speech_only', async () => {
    const send = await show(stateOf(dayOne(), 1, 'app'));
    const button = screen.getByTestId('end-speech');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'endSpeech' }]);
    await act(async () => {
      await new Promise((r) => setTimeout(r, LOCKOUT_MS + 50));
    });
    fireEvent.click(screen.getByTestId('end-speech'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('after_confirming_a_night_step_every_phone_says_where_the_answer_will_be', async () => {
    const g = until(newGame(), 'night', 2);
    const texts: string[] = [];
    for (const seat of [4, 5]) {
      await show(stateOf(g, seat));
      fireEvent.click(screen.getByTestId('seat-7'));
      await act(async () => {
        fireEvent.click(screen.getByTestId('act-submit'));
      });
      texts.push(screen.getByTestId('answer-where').textContent ?? '');
      cleanup();
    }
    expect(texts[0]).toContain('карточке роли');
    expect(texts[1]).toBe(texts[0]);
  });
});
