// @vitest-environment jsdom
/**
 * The create page's preset hints: each preset explained in a paragraph; the count brought into the
 * preset's range; a yes/no option's hint says what its current state means; extended names its
 * civilians Soldiers; a Black Widow card ticks her modification.
 */
import { PRESETS } from '@mafia/engine';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { resources } from '../src/i18n/resources';
import { createSecrets, memoryStore } from '../src/net/secrets';
import Create from '../src/screens/create';
import { addCard, buildRequest, initialForm, presetById, withDeck, withPreset, withSeats } from '../src/screens/create/model';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderCreate(lang: 'en' | 'ru' = 'en') {
  localStorage.setItem('mafia.lang', lang);
  render(
    <I18nextProvider i18n={createI18n()}>
      <MemoryRouter initialEntries={['/new']}>
        <Create http={{ fetch: vi.fn<typeof fetch>() }} secrets={createSecrets(memoryStore())} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('create page, preset hints', () => {
  it('the_preset_paragraph_follows_the_chosen_preset', () => {
    renderCreate('ru');
    expect(screen.getByTestId('preset-about').textContent).toBe(resources.ru.create.about.classic);
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'short' } });
    expect(screen.getByTestId('preset-about').textContent).toBe(resources.ru.create.about.short);
  });

  it('a_count_outside_the_preset_is_brought_into_range_on_leaving_the_field', () => {
    renderCreate();
    const seats = screen.getByTestId('seats-input') as HTMLInputElement;
    fireEvent.change(seats, { target: { value: '40' } });
    expect(screen.getByTestId('seats-hint').dataset.ok).toBe('false');
    fireEvent.blur(seats);
    expect(seats.value).toBe('20');
    expect(screen.getByTestId('seats-hint').dataset.ok).toBe('true');
    expect(screen.getByTestId('deck-count').textContent).toContain('20 cards for 20 players');
  });

  it('a_yes_no_option_hint_describes_its_current_state', () => {
    renderCreate('ru');
    const box = screen.getByTestId('option-revealOnDeath') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByTestId('option-revealOnDeath-help').textContent).toBe('Карта выбывшего вскрывается.');
    fireEvent.click(box);
    expect(screen.getByTestId('option-revealOnDeath-help').textContent).toBe('Роли скрыты до конца игры.');
  });

  it('every_boolean_option_has_an_on_and_an_off_hint_in_both_languages', () => {
    for (const lng of ['ru', 'en'] as const) {
      const option: Readonly<Record<string, { readonly label: string; readonly on?: string; readonly off?: string }>> = resources[lng].create.option;
      for (const p of Object.values(PRESETS)) {
        for (const name of p!.options) {
          const o = option[name]!;
          if (typeof p!.defaults[name] === 'boolean') expect([o.on, o.off].every(Boolean), `${lng} ${name}`).toBe(true);
        }
      }
    }
  });

  it('extended_names_its_civilians_soldiers', () => {
    renderCreate('ru');
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'extended' } });
    expect(within(screen.getByTestId('deck-civilian')).getByText('Солдат')).toBeTruthy();
  });

  it('a_black_widow_card_ticks_her_modification', () => {
    const f = withSeats(withPreset(initialForm(), 'extended'), 8);
    expect(f.modifications).not.toContain('black-widow');
    const g = withDeck(f, addCard(presetById('extended'), f.deck, 'black-widow'));
    expect(g.modifications).toContain('black-widow');
    expect(buildRequest(g).modifications).toContain('black-widow');
    // The recommended deck for 12+ deals her: the modification is on from the start.
    expect(withSeats(f, 12).modifications).toContain('black-widow');
  });

  it('the_ticked_widow_is_explained_on_the_page', () => {
    renderCreate('ru');
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'extended' } });
    fireEvent.change(screen.getByTestId('seats-input'), { target: { value: '12' } });
    expect((screen.getByTestId('mod-black-widow') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('widow-ticked').textContent).toContain('Чёрная вдова');
  });
});

describe('role names by preset', () => {
  it('extended_calls_a_civilian_a_soldier_everywhere_and_other_presets_do_not', async () => {
    const { roleName } = await import('../src/i18n/roleName');
    const i18n = createI18n();
    const ru = i18n.getFixedT('ru');
    expect(roleName(ru, 'extended', 'civilian')).toBe('Солдат');
    expect(roleName(ru, 'classic', 'civilian')).toBe('Мирный житель');
    expect(roleName(ru, 'extended', 'doctor')).toBe('Доктор');
    expect(roleName(i18n.getFixedT('en'), 'extended', 'civilian')).toBe('Soldier');
  });
});
