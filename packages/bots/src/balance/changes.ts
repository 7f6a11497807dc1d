import { OPTION_SPECS, presetOf, resolveOptions, type OptionName, type PresetId, type RoleId } from '@mafia/engine';
import { setupRefusal, type BalanceSetup } from './setup.js';

/** One step the lab may take: a civilian's card becomes a role's (or back), or an option changes. */
export type Change =
  | { readonly kind: 'role'; readonly role: RoleId; readonly delta: 1 | -1 }
  | { readonly kind: 'option'; readonly name: OptionName; readonly value: string | boolean };

/**
 * Options that change what is recorded or scored, or what only a fouling player meets, never who
 * wins a game of bots (who do not foul): trying them would only spend games.
 */
const NO_PLAY_EFFECT: ReadonlySet<string> = new Set(['onRecord', 'legacy', 'gameEndSpeech', 'threeFouls', 'techFouls', 'removalCancelsVote', 'fiim']);

function presetFor(s: BalanceSetup) {
  const p = presetOf(s.preset as PresetId);
  if (!p) throw new Error(`unknown preset ${s.preset}`);
  return p;
}

/** The setup after `changes`, or null when a step cannot be taken or the engine refuses the table. */
export function applyChanges(s: BalanceSetup, changes: readonly Change[]): BalanceSetup | null {
  let deck = s.composition.slice();
  const options: Record<string, string | number | boolean> = { ...s.options };
  for (const c of changes) {
    if (c.kind === 'option') {
      options[c.name] = c.value;
      continue;
    }
    const from: RoleId = c.delta === 1 ? 'civilian' : c.role;
    const to: RoleId = c.delta === 1 ? c.role : 'civilian';
    const at = deck.lastIndexOf(from);
    if (at < 0) return null;
    deck = deck.slice(0, at).concat(deck.slice(at + 1));
    // Civilians stay at the end of the deck and a role joins its kind, so the text reads as the preset's.
    const same = deck.lastIndexOf(to);
    const civilians = deck.indexOf('civilian');
    const into = same >= 0 ? same + 1 : to === 'civilian' || civilians < 0 ? deck.length : civilians;
    deck.splice(into, 0, to);
  }
  const next: BalanceSetup = { ...s, composition: deck, options };
  return setupRefusal(next) === null ? next : null;
}

/** Every single step from `s` that the engine accepts: each role up or down by a card, each option's other values. */
export function singleChanges(s: BalanceSetup): Change[] {
  const p = presetFor(s);
  const out: Change[] = [];
  for (const role of p.roles) {
    if (role === 'civilian') continue;
    out.push({ kind: 'role', role, delta: 1 });
    if (s.composition.includes(role)) out.push({ kind: 'role', role, delta: -1 });
  }
  const current = resolveOptions(p, s.options) as unknown as Record<string, unknown>;
  for (const name of p.options) {
    if (NO_PLAY_EFFECT.has(name)) continue;
    const spec = OPTION_SPECS[name];
    const values: readonly (string | boolean)[] = spec.kind === 'boolean' ? [true, false] : spec.kind === 'enum' ? spec.values ?? [] : [];
    for (const value of values) if (value !== current[name]) out.push({ kind: 'option', name, value });
  }
  return out.filter((c) => applyChanges(s, [c]) !== null);
}

/** Two steps that undo or overwrite each other make no pair. */
export function combinable(a: Change, b: Change): boolean {
  if (a.kind === 'option' && b.kind === 'option') return a.name !== b.name;
  if (a.kind === 'role' && b.kind === 'role') return a.role !== b.role;
  return true;
}

/** The step in words (English; the web renders the same data through i18next). */
export function changeText(c: Change): string {
  if (c.kind === 'option') return `${c.name} = ${String(c.value)}`;
  return c.delta === 1 ? `a civilian becomes a ${c.role}` : `a ${c.role} becomes a civilian`;
}
