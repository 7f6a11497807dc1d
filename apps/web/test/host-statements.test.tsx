// @vitest-environment jsdom
/** Issue 27: at a human host's table the host marks what the speaker says, from his console. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HostGame } from './hostGame';
import { showConsole } from './hostConsole';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the host marks statements', () => {
  it('the_host_enters_the_speakers_claim_and_the_engine_takes_it', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    const sent = await showConsole(g.view, g.log);
    const speaker = g.view.day!.speaker!;
    expect(screen.getByTestId('say').textContent).toContain(`Заявление игрока № ${speaker}`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('say-suspect'));
    });
    const other = speaker === 5 ? 6 : 5;
    await act(async () => {
      fireEvent.click(screen.getByTestId(`say-seat-${other}`));
    });
    expect(screen.getByTestId('say-submit').textContent).toBe(`Сказать: «Подозреваю № ${other}»`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('say-submit'));
    });
    expect(sent).toEqual([{ type: 'statement', by: speaker, statement: { kind: 'suspect', target: other } }]);
    // The host's command: the engine takes it for the speaker.
    g.run(sent[0]!);
    expect(g.view.said).toEqual([{ day: 1, by: speaker, statement: { kind: 'suspect', target: other } }]);
  });

  it('the_host_marks_a_last_word_too_for_the_player_who_gives_it', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    const view = { ...g.view, day: { ...g.view.day!, stage: 'lastWords' as const, lastWords: [g.view.day!.speaker!], speaker: null } };
    const leaving = view.day.lastWords[0]!;
    const sent = await showConsole(view, g.log);
    expect(screen.getByTestId('say').textContent).toContain(`Заявление игрока № ${leaving}`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('say-claim'));
    });
    await act(async () => {
      fireEvent.change(screen.getByTestId('say-role'), { target: { value: 'commissar' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('say-submit'));
    });
    expect(sent).toEqual([{ type: 'statement', by: leaving, statement: { kind: 'claim', role: 'commissar' } }]);
  });
});

