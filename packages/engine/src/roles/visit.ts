import type { ActSpec } from '../model/role.js';

/** What a visiting role's act sets apart from the others: its stage, whether she may pick herself, her limits. */
export type VisitLimits = Partial<Pick<ActSpec, 'stage' | 'mayTargetSelf' | 'availableOn' | 'validate'>>;

/**
 * A one-target night act of a visiting role (the Lover, the Beauty, the Black Widow, the Girl, the
 * Lawyer): made on one player, never on the checking first night (R-PHASE-1); by default at the
 * visit stage and not on herself. Only the effect (`resolve`) and the `limits` differ between roles.
 */
export function visitAct(act: ActSpec['act'], limits: VisitLimits, resolve: NonNullable<ActSpec['resolve']>): ActSpec {
  return { act, stage: 'visit', onCheckingFirstNight: false, mayTargetSelf: false, ...limits, resolve };
}
