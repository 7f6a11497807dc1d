/**
 * The Doctor's variants (RULES.md §6 Doctor, §8 piter Decision): which kill sources each preset's heal
 * covers, and the self-heal limits. Scenario tests per preset are in roles-club, roles-tabletop and
 * roles-maniac; this file pins the variant table itself.
 */
import { describe, expect, it } from 'vitest';
import { roleIn, seatNo, type NightAct, type PresetId, type SeatNo } from '@mafia/engine';

/** The sources the preset's Doctor's heal covers, read through a stub night context. */
function covered(preset: PresetId): Record<string, boolean> {
  const heal = roleIn(preset, 'doctor')!.acts.find((a) => a.act === 'heal')!;
  let covers: ((source: string) => boolean) | undefined | null = null;
  const ctx = { protect: (_seat: SeatNo, _by: number, c?: (source: string) => boolean) => { covers = c; } };
  heal.resolve!(ctx as never, { by: seatNo(1), act: 'heal', target: seatNo(2) } satisfies NightAct);
  const out: Record<string, boolean> = {};
  for (const source of ['mafia', 'maniac', 'sheriff', 'cop', 'guess']) out[source] = covers === undefined || covers === null ? true : (covers as (s: string) => boolean)(source);
  return out;
}

describe('Doctor variants (R-ROLE Doctor)', () => {
  it('club_doctor_saves_from_the_mafia_and_the_maniac_alike (R-ROLE, 004)', () => {
    expect(covered('club')).toEqual({ mafia: true, maniac: true, sheriff: true, cop: true, guess: false });
  });

  it('justmafia_doctor_cannot_save_the_maniacs_victim (R-ROLE, 000: tabletop and party)', () => {
    for (const p of ['tabletop', 'party'] as const) expect(covered(p)).toEqual({ mafia: true, maniac: false, sheriff: true, cop: true, guess: false });
  });

  it('extended_doctor_saves_from_all_attempts (R-ROLE, 002)', () => {
    expect(covered('extended')).toEqual({ mafia: true, maniac: true, sheriff: true, cop: true, guess: true });
  });

  it('piter_doctor_saves_from_every_kill_but_a_guess (RULES §8 piter Decision)', () => {
    expect(covered('piter')).toEqual({ mafia: true, maniac: true, sheriff: true, cop: true, guess: false });
  });

  it('doctor_self_heal_limit_by_variant (R-ROLE: once in 000/004, unlimited in 002)', () => {
    const past = (n: number) => Array.from({ length: n }, (_, k) => ({ by: seatNo(1), act: 'heal' as const, target: seatNo(1), night: 2 * k + 1 }));
    const state = (preset: PresetId, heals: number) => ({
      setup: { preset }, options: { doctorSelfHeals: 1 }, night: { n: 2 * heals + 2, acts: [] }, pastActs: past(heals),
    });
    const validate = (preset: PresetId, heals: number) =>
      roleIn(preset, 'doctor')!.acts[0].validate!(state(preset, heals) as never, { by: seatNo(1), act: 'heal', target: seatNo(1) });
    expect(validate('club', 0)).toBeNull();
    expect(validate('club', 1)?.message).toMatch(/only 1 time/);
    expect(validate('tabletop', 1)?.message).toMatch(/only 1 time/);
    expect(validate('extended', 3)).toBeNull();
  });
});
