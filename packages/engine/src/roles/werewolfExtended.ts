import type { RoleDef } from '../model/role.js';
import { werewolfTown } from './werewolf.js';

/**
 * Werewolf of `extended` (seed 002): the town variant, except that he does not turn when turning would
 * give him an immediate win (he then stays town and wins with the town): game/transform.ts.
 */
export const werewolfExtended: RoleDef = { ...werewolfTown, variant: 'extended', summary: `${werewolfTown.summary} Does not turn if turning would win at once (seed 002).` };
