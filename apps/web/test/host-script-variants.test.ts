/** Issue 23, point 3: the host's script names whom the Don seeks in this deck («Комиссара» or «Шерифа»). */
import { createGame, pendingDecisions, project, type PresetId } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { hostLines, scriptText } from '../src/screens/host/script';
import { wordsOf } from './typed';

/** What the host reads at the Don's step of night `n` of a fresh game, in `lang`. */
async function donStep(preset: PresetId, roles: string[], lang: 'ru' | 'en'): Promise<string[]> {
  const made = createGame({ preset, roles });
  if (!made.ok) throw new Error(made.error.message);
  const s = made.game.state;
  const view = project(s, { kind: 'host' });
  const step = view.nightSteps.findIndex((x) => x.wake[0] === 'don' && x.acts.includes('check'));
  expect(step, `${preset} has a Don's check step`).toBeGreaterThanOrEqual(0);
  const i18n = createI18n();
  await i18n.changeLanguage(lang);
  const t = wordsOf(i18n, lang, 'host');
  // Acting lines whatever the night: the words of the step are what is checked.
  return hostLines({ ...view, phase: { kind: 'night', n: 2 } }, pendingDecisions(s), { step }).map((l) => scriptText(l, t));
}

describe('the Don\'s step in the host\'s script', () => {
  it('in_club_the_don_seeks_the_sheriff', async () => {
    const ru = await donStep('club', ['don', 'mafia', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian'], 'ru');
    expect(ru).toContain('Дон ищет Шерифа: кого вы проверяете? Покажите номер.');
    expect(ru.join(' ')).not.toContain('Комиссар');
    const en = await donStep('club', ['don', 'mafia', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian'], 'en');
    expect(en).toContain('The Don looks for the Sheriff: whom do you check? Show the number.');
  });

  it('in_classic_and_party_the_don_seeks_the_commissar', async () => {
    expect(await donStep('classic', ['don', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian'], 'ru')).toContain('Дон ищет Комиссара: кого вы проверяете? Покажите номер.');
    // Party's Sheriff shoots: the Don's check does not find him.
    const party = await donStep('party', ['don', 'mafia', 'commissar', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian'], 'ru');
    expect(party).toContain('Дон ищет Комиссара: кого вы проверяете? Покажите номер.');
  });
});
