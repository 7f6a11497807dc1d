type Tx = (key: string, opts?: Record<string, unknown>) => string;

/**
 * A role's name as a preset calls it: its own name where the preset has one (`common:roleIn.<preset>`,
 * e.g. extended's civilians are Солдаты, docs/presets/extended.md), else the common one.
 */
export function roleName(t: unknown, preset: string | null | undefined, role: string): string {
  const tx = t as Tx;
  const common = tx(`roles.${role}`, { ns: 'common' });
  return preset ? tx(`roleIn.${preset}.${role}`, { ns: 'common', defaultValue: common }) : common;
}
