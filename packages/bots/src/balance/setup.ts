import { createGame, presetOf, PRESET_IDS, type PresetId, type RuleError, type RoleId } from '@mafia/engine';

/** A table the balance lab measures: a preset, its player count, the deck dealt and the options set. */
export interface BalanceSetup {
  readonly preset: string;
  readonly players: number;
  /** Every card of the deck (createGame's `composition`), civilians included. */
  readonly composition: readonly RoleId[];
  /** Options over the preset's defaults; only those set by the user or by a suggested change. */
  readonly options: Readonly<Record<string, string | number | boolean>>;
}

/** A setup the engine refuses: its own error, in its words (unknown preset, a role the preset lacks…). */
export class BalanceSetupError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const isPresetId = (id: string): id is PresetId => (PRESET_IDS as readonly string[]).includes(id);

/**
 * The setup of `preset` at `players` seats: the preset's recommended deck, with `counts` (role →
 * cards) replacing the counts of the roles they name and civilians filling the seats left over.
 * Checked by the engine itself (createGame), so the lab never measures a table the app would refuse.
 */
export function balanceSetup(
  preset: string,
  players: number,
  counts: Readonly<Record<string, number>> = {},
  options: Readonly<Record<string, string | number | boolean>> = {},
): BalanceSetup {
  const p = isPresetId(preset) ? presetOf(preset) : undefined;
  if (!p) throw new BalanceSetupError('unknown-preset', `unknown preset ${JSON.stringify(preset)}; presets: ${PRESET_IDS.join(', ')}`);
  const recommended = p.composition(players);
  if (!recommended && Object.keys(counts).length === 0) {
    throw new BalanceSetupError('bad-player-count', `${preset} is played by ${p.minPlayers}–${p.maxPlayers} players and has no recommended deck for ${players}; name the roles (--roles)`);
  }
  const named = new Map<string, number>();
  for (const [role, n] of Object.entries(counts)) {
    if (!(p.roles as readonly string[]).includes(role)) {
      throw new BalanceSetupError('role-not-in-preset', `the ${preset} preset has no role "${role}"; its roles: ${p.roles.join(', ')}`);
    }
    named.set(role, n);
  }
  // The recommended deck as it is when nothing is named (the same deals as `mafia simulate`); else
  // its roles in its own order with the named counts, new roles after them, civilians last.
  const order = [...new Set<RoleId>([...(recommended ?? []), ...p.roles])].filter((r) => r !== 'civilian');
  let deck: RoleId[] = [];
  if (named.size === 0 && recommended) deck = recommended.slice();
  else {
    for (const role of order) {
      const n = named.get(role) ?? (recommended ?? []).filter((r) => r === role).length;
      for (let i = 0; i < n; i++) deck.push(role);
    }
    const civilians = named.get('civilian');
    if (civilians === undefined) while (deck.length < players) deck.push('civilian');
    else for (let i = 0; i < civilians; i++) deck.push('civilian');
  }
  if (deck.length !== players) {
    throw new BalanceSetupError('bad-player-count', `the roles make ${deck.length} cards for ${players} players`);
  }
  return checked({ preset, players, composition: deck, options });
}

/** The engine's refusal of a setup, or null when it deals it. */
export function setupRefusal(s: BalanceSetup): RuleError | null {
  const created = createGame({ preset: s.preset, players: s.players, composition: s.composition, options: s.options, seed: 0 });
  return created.ok ? null : created.error;
}

function checked(s: BalanceSetup): BalanceSetup {
  const refusal = setupRefusal(s);
  if (refusal) throw new BalanceSetupError(refusal.code, refusal.message);
  return s;
}

/** `don, mafia×2, commissar, civilian×6`: each role once, in the deck's order, with its count. */
export function compositionText(deck: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const r of deck) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, n]) => (n === 1 ? r : `${r}×${n}`)).join(', ');
}
