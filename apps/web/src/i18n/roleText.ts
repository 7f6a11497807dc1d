import type { GameView } from '@mafia/engine';

type Tx = (key: string, opts?: Record<string, unknown>) => string;
type Deck = Pick<GameView, 'roleVariants' | 'donSeeks'>;

/**
 * What the Don looks for in this game, as `common:seek.<role>` words it («Комиссара», «Шерифа»),
 * joined by «или»: the deck's roles his check finds (view.donSeeks). A deck with neither keeps the
 * Commissar: the Don's check asks for him.
 */
export function seeksText(t: unknown, deck: Partial<Deck>): string {
  const tx = t as Tx;
  const roles = deck.donSeeks && deck.donSeeks.length > 0 ? deck.donSeeks : ['commissar'];
  return roles.map((r) => tx(`seek.${r}`, { ns: 'common' })).join(tx('or', { ns: 'common' }));
}

/**
 * The `player` key of a role card's text: `descIn.<role>.<variant>` for a role the preset plays in
 * one of several variants (view.roleVariants, from the engine's RoleDef.variant), else `desc.<role>`.
 */
export function roleDescKey(deck: Partial<Deck>, role: string): string {
  const variant = deck.roleVariants?.[role as keyof GameView['roleVariants']];
  return variant ? `descIn.${role}.${variant}` : `desc.${role}`;
}

/** A role card's text in this game: its variant's, naming whom the Don seeks. */
export function roleDesc(t: unknown, deck: Partial<Deck>, role: string): string {
  return (t as Tx)(roleDescKey(deck, role), { seeks: seeksText(t, deck) });
}

/**
 * The `player:answers.*` key of a check's answer, by who asked: a Don's "yes" is the role he seeks
 * («Комиссар», «Шериф», or either when the deck has both), anyone else's is "mafia".
 */
export function answerKey(act: string, answer: string, role: string | undefined, deck: Partial<Deck> = {}): string {
  if (act !== 'check' || (answer !== 'yes' && answer !== 'no')) return answer;
  if (role !== 'don') return answer === 'yes' ? 'mafia' : 'notMafia';
  const seeks = deck.donSeeks ?? [];
  if (seeks.length > 1) return answer === 'yes' ? 'either' : 'neither';
  if (seeks[0] === 'sheriff') return answer === 'yes' ? 'sheriff' : 'notSheriff';
  return answer === 'yes' ? 'commissar' : 'notCommissar';
}
