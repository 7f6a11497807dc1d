// @vitest-environment jsdom
/**
 * Issue 23, point 3: every role card of every preset speaks its own variant of the role (the club's
 * Sheriff only checks, its Don seeks the Sheriff, the JustMafia Doctor cannot save from the Maniac…).
 * The variants come from the engine (roleIn / RoleDef.variant, the modifications), so a new variant
 * without an expectation and a text here fails.
 */
import { ALL_MODIFICATIONS, ALL_ROLE_IDS, builtPresets, createGame, project, roleIn, roleVariants, seatNo, type GameView, type PresetId, type RoleId } from '@mafia/engine';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import en from '../src/locales/en/player.json';
import ru from '../src/locales/ru/player.json';
import { RoleCard } from '../src/screens/player/RoleCard';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** What each variant's card must say (ru), and what it must not (another variant's ability). */
const EXPECT: Record<string, { readonly has: readonly RegExp[]; readonly not?: readonly RegExp[] }> = {
  civilian: { has: [/Ночью спит/] },
  'mafia.classic': { has: [/стреляет вместе с командой/], not: [/угады/] },
  'mafia.piter': { has: [/стреляет/, /угадывать роль/] },
  'don.classic': { has: [/ищет (Комиссара|Шерифа)/] },
  'don.piter': { has: [/угадывает/, /мирным/], not: [/ищет/, /проверяет/] },
  gangster: { has: [/стреляет вместе с ней/] },
  'lawyer.alibi': { has: [/^Мафия/, /алиби/], not: [/блок/, /угады/] },
  'lawyer.piter': { has: [/^Мафия/, /алиби/, /угадывает/] },
  'lawyer.block': { has: [/^Мафия/, /блокирует/], not: [/алиби/] },
  'lawyer.party': { has: [/^Мирный/, /алиби/], not: [/Мафия/, /стреля/] },
  'lover.tabletop': { has: [/^Мирная/, /чётным ночам/, /мафия не может его убить/] },
  'lover.classic': { has: [/^Мафия/, /без голоса/] },
  'lover.justmafia': { has: [/^Мафия/, /способности нет/] },
  'black-widow': { has: [/молчать/] },
  'beauty.club': { has: [/^Мирная/, /проводит у игрока/], not: [/роль/] },
  'beauty.piter': { has: [/^Мафия/, /роль игрока/], not: [/проводит/] },
  recruiter: { has: [/вербует/] },
  commissar: { has: [/проверяет игрока/], not: [/сравнивает/] },
  'commissar.sherlock': { has: [/сравнивает двух игроков/], not: [/мафия или нет/] },
  'sheriff.detective': { has: [/^Мирный/, /проверяет игрока/], not: [/стреля/] },
  'sheriff.shooter': { has: [/^Мирный/, /застрелить/], not: [/проверяет/] },
  cop: { has: [/стреляет/] },
  'doctor.club': { has: [/и от мафии, и от Маньяка/, /себя — раз за игру/] },
  'doctor.justmafia': { has: [/не от Маньяка/, /себя — раз за игру/] },
  'doctor.extended': { has: [/любого покушения/, /себя — сколько угодно/] },
  'doctor.piter': { has: [/кроме угаданной роли/, /себя — раз за игру/] },
  girl: { has: [/алиби/] },
  journalist: { has: [/сравнивает двух игроков/] },
  sleepwalker: { has: [/просыпается с мафией/] },
  immortal: { has: [/не убивает/] },
  elder: { has: [/голосованием его не выгнать/] },
  rake: { has: [/забирает с собой/] },
  kamikaze: { has: [/погибает и убийца/] },
  student: { has: [/берёт его роль/] },
  psycho: { has: [/пока его не выставят/] },
  'werewolf.town': { has: [/Играет как мирный/], not: [/сразу/] },
  'werewolf.extended': { has: [/Играет как мирный/, /победу сразу/] },
  'werewolf.piter': { has: [/сам за себя/, /роль игрока/, /пятеро/], not: [/как мирный/] },
  'maniac.justmafia': { has: [/Доктор его жертву не спасёт/, /один на один с мирным/] },
  'maniac.club': { has: [/не одного и того же/, /Доктор может спасти/] },
  'maniac.extended': { has: [/один на один с любым/] },
  'maniac.bonnie-and-clyde': { has: [/второй Маньяк — одна команда/, /большинство/] },
  cheater: { has: [/копирует/] },
};

/** The key of a role's variant in a game: `role.variant`, or the role alone when it has one variant. */
const keyOf = (variants: Readonly<Partial<Record<RoleId, string>>>, role: RoleId) => (variants[role] ? `${role}.${variants[role]}` : role);

/** The locale text of a variant key (player namespace), or undefined. */
function textOf(dict: typeof ru | typeof en, key: string): string | undefined {
  const [role, variant] = key.split(/\.(.*)/s) as [string, string | undefined];
  const d: { desc: Readonly<Record<string, string>>; descIn: Readonly<Record<string, Readonly<Record<string, string>>>> } = dict;
  return variant ? d.descIn[role]?.[variant] : d.desc[role];
}

/** Every deck a preset deals: its composition for each player count, plus each of its roles no composition has. */
function decksOf(preset: PresetId): { roles: string[]; modifications?: string[] }[] {
  const p = builtPresets().find((x) => x.id === preset)!;
  const out: { roles: string[]; modifications?: string[] }[] = [];
  for (let n = p.minPlayers; n <= p.maxPlayers; n++) {
    const c = p.composition(n);
    if (c) out.push({ roles: [...c] });
  }
  const dealt = new Set(out.flatMap((d) => d.roles));
  const largest = out[out.length - 1]!.roles;
  for (const r of p.roles.filter((x) => !dealt.has(x))) out.push({ roles: largest.map((x, i) => (i === largest.indexOf('civilian') ? r : x)) });
  if (preset === 'extended') for (const m of ['black-widow', 'sherlock', 'bonnie-and-clyde']) out.push({ roles: [...p.composition(12)!], modifications: [m] });
  return out;
}

/** One Russian i18n instance for the many cards (making one per card is slow). */
let i18n: ReturnType<typeof createI18n> | null = null;
function russian() {
  localStorage.setItem('mafia.lang', 'ru');
  return (i18n ??= createI18n());
}

/** The held card of `view` in Russian: its description text. */
function heldCardText(view: GameView): string {
  render(
    <I18nextProvider i18n={russian()}>
      <RoleCard view={view} />
    </I18nextProvider>,
  );
  fireEvent.pointerDown(screen.getByTestId('role-card'));
  const text = screen.getByTestId('role-desc').textContent ?? '';
  cleanup();
  return text;
}

describe('role cards per preset and variant (issue 23, point 3)', () => {
  it('every_variant_the_engine_plays_has_an_expectation_and_a_text_in_ru_and_en', () => {
    const keys = new Set<string>();
    for (const p of builtPresets()) {
      for (const m of [[], ...ALL_MODIFICATIONS.map((x) => [x])]) {
        const variants = roleVariants({ preset: p.id, modifications: m as never });
        for (const id of ALL_ROLE_IDS) if (roleIn(p.id, id)) keys.add(keyOf(variants, id));
      }
    }
    expect(keys.has('sheriff.detective') && keys.has('sheriff.shooter') && keys.has('commissar.sherlock')).toBe(true);
    for (const k of keys) {
      expect(EXPECT[k], `an expectation for ${k}`).toBeDefined();
      expect(textOf(ru, k), `ru text of ${k}`).toBeTruthy();
      expect(textOf(en, k), `en text of ${k}`).toBeTruthy();
    }
    // Every variant of a role reads differently from the others.
    for (const dict of [ru, en]) {
      const texts = [...keys].map((k) => textOf(dict, k));
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('every_role_card_of_every_preset_says_what_its_variant_does', () => {
    const seen: string[] = [];
    for (const p of builtPresets()) {
      for (const deck of decksOf(p.id)) {
        const t = createGame({ preset: p.id, roles: deck.roles, ...(deck.modifications ? { modifications: deck.modifications } : {}) });
        if (!t.ok) throw new Error(`${p.id} ${deck.roles.join(',')}: ${t.error.message}`);
        const state = t.game.state;
        const variants = roleVariants(state.setup);
        for (const role of new Set(state.roles)) {
          const key = keyOf(variants, role);
          // A card is rendered once per preset, variant and whom the Don seeks in the deck.
          const once = `${p.id}|${deck.modifications ?? ''}|${key}|${role === 'don' ? ['commissar', 'sheriff'].filter((r) => state.roles.includes(r as RoleId)) : ''}`;
          if (seen.includes(once)) continue;
          seen.push(once);
          const seat = state.roles.indexOf(role) + 1;
          const text = heldCardText(project(state, { kind: 'seat', seat: seatNo(seat) }));
          const want = EXPECT[key]!;
          const where = `${p.id}${deck.modifications ? `+${deck.modifications.join('+')}` : ''} ${role} (${key}): «${text}»`;
          for (const re of want.has) expect(text, where).toMatch(re);
          for (const re of want.not ?? []) expect(text, where).not.toMatch(re);
          expect(text, where).not.toMatch(/\{\{|desc/);
          if (key === 'don.classic') {
            // The Don seeks whom his check finds in this deck: the Commissar, or the club's detective Sheriff.
            const sheriff = state.roles.includes('sheriff') && roleIn(p.id, 'sheriff')!.variant === 'detective';
            const commissar = state.roles.includes('commissar');
            expect(text, where).toContain(`ищет ${[commissar && 'Комиссара', sheriff && 'Шерифа'].filter(Boolean).join(' или ') || 'Комиссара'}`);
          }
        }
      }
    }
    // The cases of the issue: the club's Don seeks the Sheriff, its Sheriff only checks.
    const cards = seen.map((x) => x.split('|').filter((_, i) => i !== 1 && i !== 3).join(':'));
    expect(cards).toEqual(expect.arrayContaining(['club:don.classic', 'club:sheriff.detective', 'party:sheriff.shooter', 'classic:don.classic', 'piter:don.piter']));
  });

  it('the_club_dons_answer_names_the_sheriff', () => {
    const t = createGame({ preset: 'club', roles: ['don', 'mafia', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian'] });
    if (!t.ok) throw new Error(t.error.message);
    const view = project(t.game.state, { kind: 'seat', seat: seatNo(1) });
    expect(view.donSeeks).toEqual(['sheriff']);
    const withAnswer: GameView = { ...view, phase: { kind: 'day', n: 1 }, results: [{ night: 1, act: 'check', by: seatNo(1), target: seatNo(3), answer: 'yes' }] };
    render(
      <I18nextProvider i18n={russian()}>
        <RoleCard view={withAnswer} />
      </I18nextProvider>,
    );
    fireEvent.pointerDown(screen.getByTestId('role-card'));
    expect(screen.getByTestId('results').textContent).toContain('место 3 — Шериф');
    expect(screen.getByTestId('results').textContent).not.toContain('Комиссар');
  });
});
