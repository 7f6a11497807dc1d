// @vitest-environment jsdom
import type { Command } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { HostConsole, type HostActions } from '../src/screens/host/Console';
import { HostGame, S, TABLE10, hostStateOf } from './hostGame';

// The host console's inputs for the commands of some presets and modifications (dying note, name in
// blood, voting circle, Black Widow silence, victim list), against a real engine game: what the
// console sends is run through the engine (a refusal would show as the console's error).

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Renders the console of `g`; each command it sends is run by the engine, then the console is shown the new state. */
async function console_(g: HostGame, lng = 'ru') {
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  const sent: Command[] = [];
  const actions: HostActions = {
    command: (cmd) => {
      sent.push(cmd);
      try {
        g.run(cmd);
      } catch (e) {
        return Promise.reject(e);
      }
      return Promise.resolve(g.log.length);
    },
    timer: () => Promise.resolve(0),
    start: () => Promise.resolve(0),
  };
  const ui = () => (
    <I18nextProvider i18n={i18n}>
      <HostConsole state={hostStateOf(g)} actions={actions} />
    </I18nextProvider>
  );
  const r = render(ui());
  /** Clicks, then shows the console the game as the engine has it now. */
  const click = async (testId: string) => {
    await act(async () => {
      fireEvent.click(screen.getByTestId(testId));
    });
    await act(async () => {
      r.rerender(ui());
    });
    expect(screen.queryByTestId('host-error')).toBeNull();
  };
  const rerender = async () => {
    await act(async () => {
      r.rerender(ui());
    });
  };
  return { sent, click, rerender };
}

/** The panel's controls without an accessible name (none expected). */
const unnamed = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('button, input, select')].filter((el) => computeAccessibleName(el).trim() === '').map((el) => el.outerHTML.slice(0, 120));

const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

/** TAB15 (tabletop): mafia 2, 5, 8 and Gangster 7; Commissar 3; Doctor 4; Lover 6; Maniac 13; civilians the rest. */
const TAB15 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'lover', 'gangster', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian', 'maniac', 'civilian', 'civilian'];
/** E10 (extended): mafia 2, 5, Lawyer 6, Black Widow 7; Commissar 3; Doctor 4; Girl 8; civilians 1, 9, 10. */
const E10 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'lawyer', 'black-widow', 'girl', 'civilian', 'civilian'];

describe('host console: commands of presets and modifications (real engine)', () => {
  it('dying note (tabletop): the host records whom the killed Commissar names, without holding up the next step', async () => {
    const g = new HostGame('tabletop', TAB15).run({ type: 'endNight' }).passDay();
    g.run(...[2, 5, 7, 8].map((by) => ({ type: 'act' as const, by: S(by), act: 'kill' as const, target: S(3) })), { type: 'endNight' });
    expect(g.pending).toContainEqual(expect.objectContaining({ kind: 'dyingNote', seat: 3 }));
    const { sent, click } = await console_(g);
    expect(screen.getByTestId('dying-note-3').getAttribute('aria-label')).toBe('Предсмертная записка Комиссара № 3');
    expect(unnamed('dying-note-3')).toEqual([]);
    // Optional: the host's next step is there and enabled.
    expect(screen.getByTestId('host-next').dataset.command).toBe('endLastWords');
    expect(disabled('host-next')).toBe(false);
    expect(disabled('dying-note-3-submit')).toBe(true);
    // The Commissar cannot name himself: his own seat is not offered.
    expect(disabled('dying-note-3-seat-3')).toBe(true);
    await click('dying-note-3-seat-5');
    expect(screen.getByTestId('dying-note-3-submit').textContent).toBe('Записать: Комиссар № 3 называет № 5');
    await click('dying-note-3-submit');
    expect(sent).toEqual([{ type: 'dyingNote', by: 3, named: 5 }]);
    expect(g.lastEvents).toEqual([{ type: 'DyingNoteLeft', by: 3, named: 5 }]);
    expect(g.view.day?.dyingNote).toEqual({ by: 3, named: 5 });
    expect(screen.queryByTestId('dying-note-3')).toBeNull();
    expect(screen.getByTestId('dying-note-left').dataset.named).toBe('5');
  });

  it('name in blood (extended): the host records the killer last night\'s victim names, without holding up the next step', async () => {
    const g = new HostGame('extended', E10, { voting: 'sequential' }, ['name-in-blood']).run({ type: 'endNight' }).passDay();
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(9) }, { type: 'act', by: S(5), act: 'kill', target: S(9) }, { type: 'endNight' });
    expect(g.pending).toContainEqual(expect.objectContaining({ kind: 'blood', seat: 9 }));
    const { sent, click } = await console_(g, 'en');
    expect(screen.getByTestId('blood-9').getAttribute('aria-label')).toBe('Name in blood: No. 9');
    expect(unnamed('blood-9')).toEqual([]);
    expect(screen.getByTestId('host-next').dataset.command).toBe('endSpeech');
    expect(disabled('host-next')).toBe(false);
    // The speaker's nomination grid is still the main one.
    expect(screen.getByTestId('nominate-accept')).toBeTruthy();
    await click('blood-9-seat-5');
    await click('blood-9-submit');
    expect(sent).toEqual([{ type: 'blood', by: 9, target: 5 }]);
    expect(g.lastEvents).toEqual([{ type: 'BloodNamed', by: 9, target: 5 }]);
    expect(g.view.day?.blood).toEqual([[9, 5]]);
    expect(g.pending.some((p) => p.kind === 'blood')).toBe(false);
    expect(screen.queryByTestId('blood-9')).toBeNull();
    expect(screen.getByTestId('blood-named').dataset.pairs).toBe('9:5');
  });

  it('voting circle (extended): before the first ballot the host starts the circle at a seat going down; the first ballot closes the choice', async () => {
    const g = new HostGame('extended', E10).run({ type: 'endNight' });
    const { sent, click, rerender } = await console_(g);
    expect(screen.getByTestId('circle-current').dataset.from).toBe('1');
    expect(screen.getByTestId('circle-current').dataset.dir).toBe('up');
    expect(unnamed('circle')).toEqual([]);
    await act(async () => {
      fireEvent.change(screen.getByTestId('circle-from'), { target: { value: '4' } });
    });
    expect(screen.getByTestId('circle-down').textContent).toBe('С № 4 по убыванию ↓');
    await click('circle-down');
    expect(sent).toEqual([{ type: 'circle', from: 4, dir: 'down' }]);
    expect(g.lastEvents).toEqual([{ type: 'CircleSet', from: 4, dir: 'down' }]);
    expect(g.view.day?.circle).toEqual({ from: 4, dir: 'down' });
    expect(screen.getByTestId('circle-current').dataset.from).toBe('4');
    expect(screen.getByTestId('circle-current').dataset.dir).toBe('down');
    // The speeches end: the vote's candidates follow the circle; it may still change before a ballot.
    while (g.view.day?.stage === 'speeches') g.run({ type: 'endSpeech' });
    expect(g.view.day?.candidates).toEqual([4, 3, 2, 1, 10, 9, 8, 7, 6, 5]);
    await rerender();
    await click('circle-up');
    expect(g.view.day?.candidates).toEqual([4, 5, 6, 7, 8, 9, 10, 1, 2, 3]);
    g.run({ type: 'vote', by: S(1), target: S(4) });
    await rerender();
    expect(screen.queryByTestId('circle')).toBeNull();
  });

  it('voting circle: not offered in a sequential vote (classic)', async () => {
    const g = new HostGame().run({ type: 'endNight' });
    await console_(g);
    expect(screen.getByTestId('phase').dataset.phase).toBe('day');
    expect(screen.queryByTestId('circle')).toBeNull();
  });

  it('Black Widow silence (extended): the host marks that the silenced player spoke and he loses his vote', async () => {
    const g = new HostGame('extended', E10, { voting: 'sequential' }).run({ type: 'endNight' }).passDay();
    g.run({ type: 'act', by: S(7), act: 'silence', target: S(4) }, { type: 'endNight' });
    const { sent, click } = await console_(g);
    expect(screen.getByTestId('silence-broken-4').getAttribute('aria-label')).toBe('Игрок № 4 заговорил: лишить его голоса сегодня');
    expect(screen.queryByTestId('silence-broken-3')).toBeNull();
    expect(unnamed('silence')).toEqual([]);
    await click('silence-broken-4');
    expect(sent).toEqual([{ type: 'silenceBroken', seat: 4 }]);
    expect(g.lastEvents).toEqual([{ type: 'SilenceBroken', seat: 4 }]);
    expect(screen.queryByTestId('silence-broken-4')).toBeNull();
    expect(screen.getByTestId('silence-marked').dataset.seats).toBe('4');
    // At the vote he has no vote: the engine offers him none.
    g.run({ type: 'nominate', by: S(2), target: S(8) }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(5) });
    while (g.view.day?.stage !== 'vote') g.run({ type: 'endSpeech' });
    expect(g.pending.filter((p) => p.kind === 'vote').map((p) => p.seat)).not.toContain(4);
  });

  it('victim list (classic + victim-list): on night 1 the host records the mafia\'s ordered list of up to three', async () => {
    const g = new HostGame('classic', TABLE10, undefined, ['victim-list']);
    const { sent, click } = await console_(g);
    expect(screen.getByTestId('victim-list').getAttribute('aria-label')).toBe('Список жертв мафии (ночь 1)');
    expect(disabled('victim-list-submit')).toBe(true);
    expect(unnamed('victim-list')).toEqual([]);
    for (const s of [4, 1, 9, 7]) await click(`victim-list-seat-${s}`);
    // A fourth seat is not taken; order is kept.
    expect(screen.getByTestId('victim-list-order').dataset.seats).toBe('4,1,9');
    await click('victim-list-submit');
    expect(sent).toEqual([{ type: 'victimList', seats: [4, 1, 9] }]);
    expect(g.lastEvents).toEqual([{ type: 'VictimListSet', seats: [4, 1, 9] }]);
    expect(screen.getByTestId('victim-list-recorded').dataset.seats).toBe('4,1,9');
    // The night's own controls stay.
    expect(screen.getByTestId('host-next').dataset.command).toBe('endNight');
  });

  it('victim list: not offered without the modification, nor after night 1', async () => {
    const plain = new HostGame();
    await console_(plain);
    expect(screen.queryByTestId('victim-list')).toBeNull();
    cleanup();
    const g = new HostGame('classic', TABLE10, undefined, ['victim-list']).run({ type: 'endNight' }).passDay();
    expect(g.view.phase).toEqual({ kind: 'night', n: 2 });
    await console_(g);
    expect(screen.queryByTestId('victim-list')).toBeNull();
  });
});
