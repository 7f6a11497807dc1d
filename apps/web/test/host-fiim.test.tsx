// @vitest-environment jsdom
/**
 * The host console of a `fiim` game (R-FIIM-11..17): a removal asks its reason, technical fouls,
 * a team defeat, the referee's extra points (also after the game), fouls at night, in a dead
 * player's own last word and in the final minute, the options kept for the record, and the
 * tournament points at the end. A classic console has none of it.
 */
import type { Command, ProjectedEvent } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { HostConsole, type HostActions } from '../src/screens/host/Console';
import { describeEvent } from '../src/screens/host/history';
import { parsePoints } from '../src/screens/host/fiim';
import { HostGame, S, TABLE10, hostStateOf } from './hostGame';
import { wordsOf } from './typed';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function show(g: HostGame, lng = 'ru') {
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  const sent: Command[] = [];
  const actions: HostActions = {
    command: (cmd) => {
      sent.push(cmd);
      return Promise.resolve(sent.length);
    },
    timer: () => Promise.resolve(0),
    start: () => Promise.resolve(0),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <HostConsole state={hostStateOf(g)} actions={actions} />
    </I18nextProvider>,
  );
  return { sent, i18n };
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

/** Ten seats as TABLE10: mafia 2, 8; Don 5; Commissar 3. Night 1 is the introduction. */
const fiim = (options: Record<string, unknown> = {}) => new HostGame('fiim', TABLE10, options);

/**
 * Day 1 with civilians 1, 4 and 6 disqualified (4 town against 3 mafia), then night 2: the mafia
 * shoot 7 and reach parity — the shot decides the game and 7 has the final minute (R-FIIM-13).
 */
function decidedByTheShot(): HostGame {
  const g = fiim();
  g.run({ type: 'extraPoints', seat: S(4), points: 0.3 });
  g.run({ type: 'endNight' }, { type: 'remove', seat: S(1) }, { type: 'remove', seat: S(4) }, { type: 'remove', seat: S(6) });
  g.passDay();
  for (const by of [2, 5, 8]) g.run({ type: 'act', by: S(by), act: 'kill', target: S(7) });
  g.run({ type: 'endNight' });
  return g;
}

describe('host console: fiim', () => {
  it('a_removal_asks_its_reason_and_sends_it_without_a_confirm_box', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { sent } = await show(fiim());
    await click(screen.getByTestId('remove-3'));
    const ask = screen.getByTestId('remove-reason-3');
    expect(ask.textContent).toContain('За что удалён № 3?');
    expect(within(ask).getByTestId('remove-disqualified-3').textContent).toBe('Дисквалификация');
    // Cancelled: nothing is sent.
    await click(within(ask).getByTestId('remove-cancel-3'));
    expect(screen.queryByTestId('remove-reason-3')).toBeNull();
    expect(sent).toEqual([]);
    await click(screen.getByTestId('remove-3'));
    await click(screen.getByTestId('remove-left-3'));
    expect(sent).toEqual([{ type: 'remove', seat: 3, reason: 'left' }]);
    await click(screen.getByTestId('remove-5'));
    await click(screen.getByTestId('remove-disqualified-5'));
    expect(sent[1]).toEqual({ type: 'remove', seat: 5, reason: 'disqualified' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('fouls_at_night_and_the_night_removal_is_shown_with_its_reason', async () => {
    const g = fiim();
    expect(g.view.phase.kind).toBe('night');
    g.run({ type: 'remove', seat: S(9), reason: 'left' });
    const { sent } = await show(g);
    await click(screen.getByTestId('foul-4'));
    expect(sent).toEqual([{ type: 'foul', seat: 4 }]);
    // The removal waits for dawn: the row says why, the history too.
    expect(screen.getByTestId('seat-row-9').textContent).toContain('удалён: покинул стол');
    expect(screen.getByTestId('history').textContent).toContain('№ 9 удалён (покинул стол): покинет игру с окончанием ночи');
  });

  it('counts_technical_fouls_with_their_own_button_only_when_the_option_is_on', async () => {
    const g = fiim({ techFouls: 'yes' });
    g.run({ type: 'techFoul', seat: S(2) });
    const { sent } = await show(g);
    expect(screen.getByTestId('tech-fouls-2').dataset.n).toBe('1');
    expect(screen.getByTestId('tech-fouls-2').textContent).toBe('тех. фолы: 1');
    await click(screen.getByTestId('tech-foul-2'));
    expect(sent).toEqual([{ type: 'techFoul', seat: 2 }]);
    cleanup();
    await show(fiim());
    expect(screen.queryByTestId('tech-foul-2')).toBeNull();
    expect(screen.queryByTestId('tech-fouls-2')).toBeNull();
  });

  it('a_team_defeat_is_confirmed_then_sent_once_per_game', async () => {
    const answer = vi.fn(() => false);
    vi.stubGlobal('confirm', answer);
    const { sent } = await show(fiim());
    type(screen.getByTestId('team-defeat-seat'), '5');
    await click(screen.getByTestId('team-defeat'));
    expect(answer).toHaveBeenCalledWith('Командное поражение: № 5 удаляется, его команда проигрывает. Точно?');
    expect(sent).toEqual([]);
    answer.mockReturnValue(true);
    await click(screen.getByTestId('team-defeat'));
    expect(sent).toEqual([{ type: 'teamDefeat', seat: 5 }]);
    cleanup();
    // Given: the console says so and offers no second one.
    await show(fiim().run({ type: 'teamDefeat', seat: S(5) }));
    expect(screen.getByTestId('team-defeat-given').textContent).toBe('Командное поражение: нарушение № 5');
    expect(screen.queryByTestId('team-defeat')).toBeNull();
  });

  it('gives_extra_points_per_seat_with_their_sign_and_names_a_bad_number', async () => {
    const g = fiim().run({ type: 'extraPoints', seat: S(4), points: 0.3 });
    const { sent } = await show(g);
    expect(screen.getByTestId('extra-total-4').textContent).toBe('сейчас: +0.3');
    type(screen.getByTestId('extra-input-4'), '+0.3');
    await click(screen.getByTestId('extra-4'));
    type(screen.getByTestId('extra-input-7'), '−0,2');
    await click(screen.getByTestId('extra-7'));
    expect(sent).toEqual([{ type: 'extraPoints', seat: 4, points: 0.3 }, { type: 'extraPoints', seat: 7, points: -0.2 }]);
    type(screen.getByTestId('extra-input-1'), 'много');
    await click(screen.getByTestId('extra-1'));
    expect(screen.getByTestId('extra-error-1').textContent).toBe('Доп. баллы — число от −10 до 10, не 0, например +0.3 или −0.2.');
    expect(sent).toHaveLength(2);
  });

  it('a_dead_player_can_be_fouled_in_his_own_last_word', async () => {
    const g = fiim();
    g.run({ type: 'endNight' }).passDay();
    for (const by of [2, 5, 8]) g.run({ type: 'act', by: S(by), act: 'kill', target: S(7) });
    g.run({ type: 'endNight' });
    expect(g.view.day?.stage).toBe('lastWords');
    expect(g.view.seats[6]!.alive).toBe(false);
    const { sent } = await show(g);
    await click(screen.getByTestId('foul-7'));
    expect(sent).toEqual([{ type: 'foul', seat: 7 }]);
    expect(screen.getByTestId('remove-7')).toBeTruthy();
  });

  it('after_a_decisive_shot_the_final_minute_takes_fouls_and_extra_points_and_the_tournament_points_show', async () => {
    const g = decidedByTheShot();
    expect(g.view.phase.kind).toBe('ended');
    expect(g.view.winner).toBe('mafia');
    const { sent } = await show(g);
    expect(screen.getByTestId('final-minute').textContent).toBe('Заключительная минута: № 7. Фолы и удаления в ней идут только в баллы.');
    // The last player out and the players at the table; not the ones removed before.
    await click(screen.getByTestId('foul-7'));
    await click(screen.getByTestId('foul-2'));
    expect(screen.queryByTestId('foul-1')).toBeNull();
    type(screen.getByTestId('extra-input-9'), '0.2');
    await click(screen.getByTestId('extra-9'));
    expect(sent).toEqual([{ type: 'foul', seat: 7 }, { type: 'foul', seat: 2 }, { type: 'extraPoints', seat: 9, points: 0.2 }]);
    // The engine's tournamentScores: the mafia +1 each, the removed −0.5, seat 4's extra +0.3 on top.
    await waitFor(() => expect(screen.getByTestId('score-2').dataset.points).toBe('1'));
    expect(screen.getByTestId('score-1').dataset.points).toBe('-0.5');
    expect(screen.getByTestId('score-4').dataset.points).toBe('-0.2');
    expect(screen.getByTestId('score-4').textContent).toContain('доп. баллы +0.3');
    expect(screen.getByTestId('score-7').dataset.points).toBe('0');
  });

  it('extra_points_stay_after_a_game_without_a_final_minute_but_fouls_do_not', async () => {
    const g = fiim().run({ type: 'teamDefeat', seat: S(2) }, { type: 'endNight' });
    expect(g.view.phase.kind).toBe('ended');
    const { sent } = await show(g);
    expect(screen.queryByTestId('final-minute')).toBeNull();
    expect(screen.queryByTestId('foul-3')).toBeNull();
    type(screen.getByTestId('extra-input-3'), '-0.1');
    await click(screen.getByTestId('extra-3'));
    expect(sent).toEqual([{ type: 'extraPoints', seat: 3, points: -0.1 }]);
  });

  it('shows_the_rules_code_and_the_options_kept_for_the_record', async () => {
    await show(fiim({ onRecord: 'killed', onRecordCount: 2, withdraw: 'allowed', techFouls: 'yes' }));
    const panel = screen.getByTestId('fiim-record-only');
    expect(screen.getByTestId('fiim-rules-code').textContent).toBe('Код правил: 0220000010001');
    expect(panel.textContent).toContain('«Под запись»: Все выбывшие; заявлений: 2');
    expect(panel.textContent).toContain('Снятие кандидатуры: Можно');
    expect(panel.textContent).toContain('Технические фолы: Считаются');
  });

  it('speaks_english_too', async () => {
    await show(fiim(), 'en');
    await click(screen.getByTestId('remove-3'));
    expect(screen.getByTestId('remove-left-3').textContent).toBe('Left the table');
    expect(screen.getByTestId('fiim-panel').textContent).toContain('Extra points');
  });

  it('a_classic_console_has_no_tournament_tools_and_removes_after_a_confirm', async () => {
    vi.stubGlobal('confirm', () => true);
    const { sent } = await show(new HostGame());
    expect(screen.queryByTestId('fiim-panel')).toBeNull();
    expect(screen.queryByTestId('tech-foul-2')).toBeNull();
    await click(screen.getByTestId('remove-3'));
    expect(screen.queryByTestId('remove-reason-3')).toBeNull();
    expect(sent).toEqual([{ type: 'remove', seat: 3 }]);
  });
});

describe('fiim in words', () => {
  it('every_new_event_reads_as_a_sentence_in_both_languages', async () => {
    const events: ProjectedEvent[] = [
      { type: 'TechFouled', seat: S(2), total: 1 },
      { type: 'RemovalPending', seat: S(3), reason: 'disqualified' },
      { type: 'PenaltyRecorded', seat: S(4), reason: 'fouls' },
      { type: 'TeamDefeatRecorded', seat: S(5) },
      { type: 'ExtraPointsGiven', seat: S(6), points: -0.2 },
      { type: 'SpeechShortened', seat: S(7) },
      { type: 'PlayerRemoved', seat: S(8), reason: 'team-defeat' },
      { type: 'GameEnded', winner: 'town', winners: [], final: [S(9)] },
    ];
    const i18n = createI18n();
    const expected = {
      ru: ['технический фол № 2 (всего 1)', '№ 3 удалён (дисквалификация): покинет игру с окончанием ночи', '№ 4: удаление (фолы) — только в баллы',
        'командное поражение: нарушение № 5', 'доп. баллы № 6: −0.2', '№ 7: укороченная речь (третий фол)', '№ 8 удалён: командное поражение',
        'игра окончена: город; заключительная минута: № 9'],
      en: ['technical foul on № 2 (1 in all)', '№ 3 removed (disqualification): leaves the game when the night ends', '№ 4: removal (fouls) counts for the points only',
        'team defeat: the offence of № 5', 'extra points to № 6: −0.2', '№ 7 has a short speech (3rd foul)', '№ 8 removed: team defeat',
        'game over: the town; the final minute: № 9'],
    };
    for (const lng of ['ru', 'en'] as const) {
      const t = wordsOf(i18n, lng, 'host');
      expect(events.map((e) => describeEvent(e, t)), lng).toEqual(expected[lng]);
    }
  });

  it('reads_the_referees_points_as_typed', () => {
    expect(['+0.3', '-0.2', '−0.2', '0,3', '.5', '10', '-10'].map(parsePoints)).toEqual([0.3, -0.2, -0.2, 0.3, 0.5, 10, -10]);
    expect(['', '0', '+', 'abc', '10.5', '1e1', '0.3.1'].map(parsePoints)).toEqual([null, null, null, null, null, null, null]);
  });
});
