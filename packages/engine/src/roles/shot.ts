import type { ActSpec } from '../model/role.js';

/**
 * A player's own night shot (Maniac, Cop, shooting Sheriff, Psycho, town Werewolf): one `kill` at
 * another player, resolved at the kill stage as an attempt from `source`, which protections look at
 * (a Doctor variant may not cover the Maniac's victim). `extra` adds the role's own limits
 * (`availableOn`, `required`, `validate`). The mafia's team shot is `mafiaShot` (roles/mafia.ts).
 */
export function ownShot(source: string, extra: Pick<ActSpec, 'availableOn' | 'required' | 'validate'> = {}): ActSpec {
  return {
    act: 'kill',
    stage: 'kill',
    onCheckingFirstNight: false,
    mayTargetSelf: false,
    ...extra,
    resolve(ctx, act) {
      ctx.attempt(act.target, source);
    },
  };
}
