import type { RoleDef } from '../model/role.js';
import { timesUsed } from './limits.js';
import { notSameAsLastNight } from './repeat.js';

/**
 * Doctor (Доктор): heals one player per night, saving him from the kills the variant's heal covers.
 * Never the same player two nights in a row, himself included (000, 004, Piter). Self-heal: at most
 * `doctorSelfHeals` times per game (default 1: 000, 004), or unlimited (`extended`, 002).
 */
export interface DoctorVariant {
  /** RoleDef.variant. */
  readonly variant: string;
  /** Which kill sources the heal cancels. */
  readonly covers: (source: string) => boolean;
  readonly unlimitedSelfHeal: boolean;
  readonly summary: string;
  readonly source: string;
}

export function makeDoctor(v: DoctorVariant): RoleDef {
  const covers = v.covers;
  return {
    id: 'doctor',
    team: 'town',
    name: { en: 'Doctor', ru: 'Доктор' },
    variant: v.variant,
    summary: v.summary,
    appearsBlack: () => false,
    hostileShooter: false,
    acts: [
      {
        act: 'heal',
        stage: 'protect',
        onCheckingFirstNight: false,
        mayTargetSelf: true,
        validate(s, act) {
          const twice = notSameAsLastNight(s, act, 'R-ROLE', 'Doctor');
          if (twice) return twice;
          if (act.target === act.by && !v.unlimitedSelfHeal && timesUsed(s, act.by, 'heal', act.by) >= s.options.doctorSelfHeals) {
            return { rule: 'R-ROLE', message: `the Doctor (seat ${act.by}) may heal himself only ${s.options.doctorSelfHeals} time(s) per game` };
          }
          return null;
        },
        resolve(ctx, act) {
          ctx.protect(act.target, act.by, covers);
        },
      },
    ],
    rules: ['R-ROLE', 'R-NIGHT'],
  };
}

const notGuess = (source: string): boolean => source !== 'guess';

/** Club (004): saves from the Maniac and the mafia alike; one self-heal. */
export const doctorClub = makeDoctor({
  variant: 'club',
  covers: notGuess,
  unlimitedSelfHeal: false,
  summary: 'Town. Each night heals one player, saving him from the mafia and the Maniac alike; not the same player two nights in a row; heals himself once per game (seed 004).',
  source: '004',
});

/** JustMafia and tabletop (000): cannot save the Maniac's victim; one self-heal. */
export const doctorJustMafia = makeDoctor({
  variant: 'justmafia',
  covers: (source) => source !== 'maniac' && source !== 'guess',
  unlimitedSelfHeal: false,
  summary: 'Town. Each night heals one player from a kill, but not from the Maniac\'s; not the same player two nights in a row; heals himself once per game (seed 000).',
  source: '000',
});

/** Extended (002): saves from every attempt; heals himself as often as he likes. */
export const doctorExtended = makeDoctor({
  variant: 'extended',
  covers: () => true,
  unlimitedSelfHeal: true,
  summary: 'Town. Each night heals one player from every kill attempt; not the same player two nights in a row; unlimited self-heal (seed 002).',
  source: '002',
});

/** Piter (000 + RULES §8 Decision): saves from every kill but a guess; one self-heal. */
export const doctorPiter = makeDoctor({
  variant: 'piter',
  covers: notGuess,
  unlimitedSelfHeal: false,
  summary: 'Town. Each night heals one player from every kill but a guess; not the same player two nights in a row; heals himself once per game (Piter Decision).',
  source: '000 Piter',
});

/** The registry's default: the club Doctor (saves from every kill but a guess). */
export const doctor = doctorClub;
