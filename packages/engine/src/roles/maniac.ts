import type { SeatNo } from '../ids.js';
import type { GameState } from '../model/state.js';
import type { RoleDef } from '../model/role.js';
import { aliveMafia } from './limits.js';
import { notSameAsLastNight } from './repeat.js';
import { ownShot } from './shot.js';

/**
 * Maniac (Маньяк): solo (grey); kills one player each night (kill source 'maniac'). Variants (RULES §6):
 * - 000 (JustMafia, tabletop, party): the Doctor cannot save his victim (the Doctor's variant says
 *   so); checks see him as town; wins 1-on-1 with a town player.
 * - 004 (club): the Doctor can save his victim; not the same player two nights in a row; checks see
 *   him town while any mafia is alive, black after (R-CHECK-3); wins when everybody else is dead.
 * - 002 (extended): wins 1-on-1 with any other role; checks see him as not mafia.
 * Bonnie & Clyde (002 modification): two Maniacs, one team; game/win.ts holds their majority win.
 */
export interface ManiacVariant {
  /** RoleDef.variant. */
  readonly variant: string;
  readonly notSameTwice: boolean;
  readonly appearsBlack: (s: GameState, seat: SeatNo) => boolean;
  readonly soloWin: (s: GameState, seat: SeatNo) => boolean;
  readonly summary: string;
}

export function makeManiac(v: ManiacVariant): RoleDef {
  return {
    id: 'maniac',
    team: 'solo',
    name: { en: 'Maniac', ru: 'Маньяк' },
    variant: v.variant,
    summary: v.summary,
    appearsBlack: v.appearsBlack,
    hostileShooter: true,
    acts: [ownShot('maniac', v.notSameTwice ? { validate: (s, act) => notSameAsLastNight(s, act, 'R-ROLE', 'Maniac') } : {})],
    soloWin: v.soloWin,
    rules: ['R-ROLE', 'R-CHECK-3', 'R-TEAM'],
  };
}

/** The only other alive seat, or 0 when more (or fewer) than two are alive. */
function onlyOther(s: GameState, seat: SeatNo): number {
  let other = 0;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || i === seat - 1) continue;
    if (other !== 0) return 0;
    other = i + 1;
  }
  return other;
}

/** 000: 1-on-1 with a civilian (Decision: any town player). */
export const maniacJustMafia = makeManiac({
  variant: 'justmafia',
  notSameTwice: false,
  appearsBlack: () => false,
  soloWin: (s, seat) => {
    const other = onlyOther(s, seat);
    return other !== 0 && s.teams[other - 1] === 'town';
  },
  summary: 'Solo. Kills one player each night; the Doctor cannot save his victim; checks see him as town; wins 1-on-1 with a town player (seed 000).',
});

/** 004: alone at the table; R-CHECK-3; not the same player twice in a row. */
export const maniacClub = makeManiac({
  variant: 'club',
  notSameTwice: true,
  appearsBlack: (s) => aliveMafia(s) === 0,
  soloWin: (s, seat) => {
    for (let i = 0; i < s.seats; i++) if (s.alive[i] && i !== seat - 1) return false;
    return true;
  },
  summary: 'Solo. Kills one player each night, not the same player two nights in a row; the Doctor can save his victim; checks see him town while any mafia lives, black after (R-CHECK-3); wins when everybody else is dead (seed 004).',
});

/** 002: 1-on-1 with any other role. */
export const maniacExtended = makeManiac({
  variant: 'extended',
  notSameTwice: false,
  appearsBlack: () => false,
  soloWin: (s, seat) => onlyOther(s, seat) !== 0,
  summary: 'Solo. Kills one player each night; wins 1-on-1 with any other role (seed 002).',
});

/** The registry's default: the JustMafia Maniac (seed 000). */
export const maniac = maniacJustMafia;
