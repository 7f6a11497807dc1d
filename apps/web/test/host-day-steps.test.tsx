// @vitest-environment jsdom
/**
 * The host console through the day's steps: each last word named on the big button and in the line, the queue
 * after it; the nominees during defence; the count and result after a tied round; the emergency day
 * announced; a game without nights never says «not known» about last night; a double tap on the big
 * button ends one step only.
 */
import type { GameView, ProjectedEvent } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCKOUT_MS } from '../src/ui';
import { HostGame, S } from './hostGame';
import { showConsole } from './hostConsole';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

type Day = NonNullable<GameView['day']>;

const show = showConsole;

/** Day 1 of the ten-seat classic table (after the introduction night), with the day changed as given. */
function dayOne(change: Partial<Day>): { view: GameView; log: LogItem[] } {
  const g = new HostGame();
  g.run({ type: 'endNight' });
  const view = g.view;
  return { view: { ...view, day: { ...view.day!, ...change } }, log: g.log };
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('host console, day steps', () => {
  it('each_leaving_player_is_named_on_the_button_and_the_line_with_the_queue', async () => {
    const { view, log } = dayOne({ stage: 'lastWords', lastWords: [S(4), S(7)], speaker: null });
    await show(view, log);
    expect(screen.getByTestId('host-next').textContent).toBe('Закончить последнее слово № 4');
    expect(screen.getByTestId('host-line').textContent).toContain('Игрок № 4, ваше последнее слово.');
    expect(screen.getByTestId('host-line').textContent).toContain('После него последнее слово: № 7.');
    expect(screen.getByTestId('last-words').textContent).toBe('Последнее слово: № 4Затем: № 7');
  });

  it('defence_shows_the_nominees', async () => {
    const { view, log } = dayOne({ stage: 'defence', candidates: [S(2), S(3)], speaker: S(2), round: 1 });
    await show(view, log);
    expect(screen.getByTestId('defence').textContent).toContain('На голосовании: № 2, № 3');
    expect(screen.getByTestId('defence').textContent).toContain('Оправдывается: № 2');
  });

  it('after_a_tied_round_the_console_shows_the_count_and_the_tie', async () => {
    const { view, log } = dayOne({ stage: 'defence', candidates: [S(2), S(3)], speaker: S(2), round: 1 });
    const counted: ProjectedEvent = { type: 'VoteCounted', round: 0, tally: { '2': 5, '3': 5 }, tied: [S(2), S(3)] };
    await show(view, [...log, { seq: log.length + 1, kind: 'events', by: 'host', events: [counted] }]);
    expect(screen.getByTestId('vote-results').textContent).toContain('подсчёт, круг 1: № 2 — 5, № 3 — 5 — поровну у № 2, № 3');
  });

  it('the_emergency_day_is_announced', async () => {
    const { view, log } = dayOne({ emergency: true });
    await show(view, log);
    expect(screen.getByTestId('host-line').textContent).toContain('Чрезвычайная ситуация');
  });

  it('a_game_without_nights_never_says_last_night_is_not_known', async () => {
    const g = new HostGame('short', ['civilian', 'mafia', 'civilian', 'civilian', 'civilian']);
    expect(g.view.phase.kind).toBe('day');
    await show(g.view, g.log, g.pending);
    expect(screen.queryByTestId('morning')).toBeNull();
    expect(document.body.textContent).not.toContain('не знает');
  });

  it('a_double_tap_on_the_big_button_ends_one_step_only', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    const sent = await show(g.view, g.log, g.pending);
    const next = screen.getByTestId('host-next');
    await click(next);
    await click(next);
    expect(sent).toEqual([{ type: 'endSpeech' }]);
    await act(async () => {
      await new Promise((r) => setTimeout(r, LOCKOUT_MS + 50));
    });
    await click(screen.getByTestId('host-next'));
    expect(sent).toEqual([{ type: 'endSpeech' }, { type: 'endSpeech' }]);
  });
});
