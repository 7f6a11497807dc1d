/**
 * What a phone's role card must say in a game (issue 23 point 3, in e2e): each role's own variant in
 * the preset being played, read from the screen while the card is held. The words are the rules',
 * written here by hand (not read from the locale files), so a card that speaks another variant
 * (a club Don seeking the Commissar, a Sheriff who shoots) fails.
 */
import type { GameView } from '@mafia/engine';
import { expect } from 'vitest';

/** Russian cards: what each variant's text must hold, and what it must not (another variant's ability). */
const CARD_RU: Record<string, { readonly has: readonly RegExp[]; readonly not?: readonly RegExp[] }> = {
  civilian: { has: [/Ночью спит/] },
  'mafia.classic': { has: [/стреляет вместе с командой/], not: [/угады/] },
  'don.classic:commissar': { has: [/ищет Комиссара/], not: [/Шериф/] },
  'don.classic:sheriff': { has: [/ищет Шерифа/], not: [/Комиссар/] },
  commissar: { has: [/проверяет игрока/], not: [/сравнивает/] },
  'sheriff.detective': { has: [/^Мирный/, /проверяет игрока/], not: [/стреля/] },
  'doctor.club': { has: [/и от мафии, и от Маньяка/, /себя — раз за игру/] },
  'maniac.club': { has: [/не одного и того же/, /Доктор может спасти/] },
  'beauty.club': { has: [/^Мирная/, /проводит у игрока/], not: [/роль/] },
};

/** The key of `role`'s card in this game: `role.variant` (the Don also by whom he seeks). */
export function cardKey(view: Pick<GameView, 'roleVariants' | 'donSeeks'>, role: string): string {
  const variant = view.roleVariants?.[role as keyof GameView['roleVariants']];
  const key = variant ? `${role}.${variant}` : role;
  return role === 'don' ? `${key}:${(view.donSeeks ?? ['commissar']).join('+')}` : key;
}

/** Expects the held card text `desc` of `role` to be its variant's (Russian phones). */
export function expectCardSays(desc: string | null, role: string, view: Pick<GameView, 'roleVariants' | 'donSeeks'>, where: string): void {
  const key = cardKey(view, role);
  const want = CARD_RU[key];
  expect(want, `an expectation for the card ${key} (${where})`).toBeDefined();
  expect(desc, `${where}: the card's text`).toBeTruthy();
  for (const re of want!.has) expect(desc, `${where}: ${key} says ${re}`).toMatch(re);
  for (const re of want!.not ?? []) expect(desc, `${where}: ${key} does not say ${re}`).not.toMatch(re);
}
