import { ALL_ROLE_IDS } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { hostLines, ROLE_IDS, scriptText, stepLines, type Line } from '../src/screens/host/script';
import { HostGame, S } from './hostGame';
import { wordsOf } from './typed';

const keys = (lines: Line[]) => lines.map((l) => l.key);

/** The lines as the host reads them in Russian. */
async function russian(lines: Line[]): Promise<string[]> {
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  const t = wordsOf(i18n, 'ru', 'host');
  return lines.map((l) => scriptText(l, t));
}

describe('host script: night of classic with the Don and the Commissar', () => {
  it('the steps are called in the preset order with the sources phrases', async () => {
    // Night 1 is the introduction (no acts): the roles only meet the host.
    const g = new HostGame();
    expect(g.view.phase).toEqual({ kind: 'night', n: 1 });
    const steps = g.view.nightSteps;
    expect(steps.map((s) => s.wake)).toEqual([['mafia', 'don'], ['don'], ['commissar']]);
    expect(keys(hostLines(g.view, g.pending, { step: 0 }))).toEqual(['citySleeps', 'mafiaWakes', 'mafiaMeet', 'mafiaSleeps']);
    expect(await russian(hostLines(g.view, g.pending, { step: 0 }))).toEqual(['Город засыпает.', 'Просыпается мафия.', 'Мафия знакомится.', 'Мафия засыпает.']);

    // Night 2: acts.
    g.run({ type: 'endNight' }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' },
      { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'endSpeech' });
    expect(g.view.phase).toEqual({ kind: 'night', n: 2 });
    const ru = await Promise.all([0, 1, 2].map((step) => russian(hostLines(g.view, g.pending, { step }))));
    expect(ru[0]).toEqual(['Город засыпает.', 'Просыпается мафия.', 'Мафия делает свой выбор.', 'Мафия засыпает.']);
    expect(ru[1]).toEqual(['Просыпается Дон.', 'Дон ищет Комиссара: кого вы проверяете? Покажите номер.', 'Дон засыпает.']);
    expect(ru[2]).toEqual(['Просыпается Комиссар.', 'Кого вы проверяете? Покажите номер.', 'Комиссар засыпает.']);
  });

  it('a dead Don is still woken: the lines do not depend on who is alive (R-NIGHT-4)', () => {
    const g = new HostGame();
    const before = [0, 1, 2].map((step) => hostLines(g.view, g.pending, { step }));
    g.run({ type: 'override', action: { kind: 'eliminate', seat: S(5) } });
    const after = [0, 1, 2].map((step) => hostLines(g.view, g.pending, { step }));
    expect(after).toEqual(before);
  });

  it('a maniac step reads as its role, not as the mafia', () => {
    expect(keys(stepLines({ wake: ['maniac'], acts: ['kill'], note: '' }))).toEqual(['roleWakes', 'act.kill', 'roleSleeps']);
    expect(keys(stepLines({ wake: ['mafia'], acts: ['kill'], note: '' }))).toEqual(['mafiaWakes', 'mafiaChooses', 'mafiaSleeps']);
  });

  it('the role list is the engine one', () => {
    expect([...ROLE_IDS]).toEqual([...ALL_ROLE_IDS]);
  });
});

describe('host script: the day', () => {
  it('morning, speech with «Принято», the vote with «Голосуем» and «Спасибо», the end', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    // Day 1 after the introduction night: nobody died, first speaker seat 1.
    let lines = hostLines(g.view, g.pending, { died: [], spoke: 0 });
    expect(await russian(lines)).toEqual(['Город просыпается.', 'Доброе утро.', 'Этой ночью никто не пострадал. Утро действительно доброе.', 'Игрок № 1, ваше слово.']);
    g.run({ type: 'nominate', by: S(1), target: S(2) });
    lines = hostLines(g.view, g.pending, { spoke: 0 });
    expect(keys(lines).slice(-3)).toEqual(['speech', 'nominated', 'accepted']);
    expect((await russian(lines)).slice(-2)).toEqual(['Выставлен игрок № 2.', 'Принято.']);
    g.run({ type: 'endSpeech' });
    expect(await russian(hostLines(g.view, g.pending, { spoke: 1 }))).toEqual(['Игрок № 2, ваше слово.']);
    g.run({ type: 'nominate', by: S(2), target: S(3) });
    for (let i = 0; i < 9; i++) g.run({ type: 'endSpeech' });
    const d = g.view.day!;
    expect(d.stage === 'vote' || d.stage === 'defence').toBe(true);
    while (g.view.day!.stage === 'defence') {
      expect(keys(hostLines(g.view, g.pending))).toEqual(['defence']);
      g.run({ type: 'endSpeech' });
    }
    expect(g.view.day!.stage).toBe('vote');
    expect(await russian(hostLines(g.view, g.pending, { candidate: 0 }))).toEqual([
      'На голосование выставлены: № 2, № 3.', 'Голосуем.', 'Кто за то, чтобы игрок № 2 покинул игру? Голосуем за игрока № 2.', 'Спасибо.',
    ]);
    expect(keys(hostLines(g.view, g.pending, { candidate: 1 }))).toEqual(['voteLeft', 'thanks']);
    // The end.
    g.run({ type: 'override', action: { kind: 'endGame', winner: 'mafia' } });
    expect(await russian(hostLines(g.view, g.pending))).toEqual(['Игра окончена.', 'Победила мафия.']);
  });

  it('a morning with a victim names him and gives him the last word', () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    for (let i = 0; i < 10; i++) g.run({ type: 'endSpeech' });
    expect(g.view.phase).toEqual({ kind: 'night', n: 2 });
    g.run(
      { type: 'act', by: S(2), act: 'kill', target: S(7) }, { type: 'act', by: S(5), act: 'kill', target: S(7) }, { type: 'act', by: S(8), act: 'kill', target: S(7) },
      { type: 'endNight' },
    );
    expect(g.view.day?.stage).toBe('lastWords');
    const lines = hostLines(g.view, g.pending, {});
    expect(lines).toEqual([
      { key: 'cityWakes' }, { key: 'goodMorning' }, { key: 'nightDied', params: { seats: '7', count: 1 } }, { key: 'lastWords', params: { seat: 7 } },
    ]);
  });
});
