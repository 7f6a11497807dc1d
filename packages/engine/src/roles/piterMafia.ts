import type { RoleDef } from '../model/role.js';
import { mafia, mafiaShot } from './mafia.js';
import { don } from './don.js';
import { lawyerAlibi } from './lawyer.js';
import { mafiaTeamGuess } from './beauty.js';

/** Piter (seed 000) variants of the mafia roles: every member may make the team's guess (УГАДАЙКА). */
export const mafiaPiter: RoleDef = { ...mafia, variant: 'piter', summary: `${mafia.summary} Without a Beauty the team may guess a player's role (УГАДАЙКА).`, acts: [mafiaShot, mafiaTeamGuess] };

/** The Piter Don: decides the shot; is not found by the Commissar (seen as a civilian); no check of his own in the Piter text; guesses with the team. */
export const donPiter: RoleDef = { ...don, variant: 'piter', summary: 'Mafia (Piter). Shoots and guesses with the team; no check of his own; the Commissar\'s check shows him a civilian.', appearsBlack: () => false, acts: [mafiaShot, mafiaTeamGuess] };

/** The Piter Lawyer: the alibi variant, guessing with the team. */
export const lawyerPiter: RoleDef = { ...lawyerAlibi, variant: 'piter', acts: [...lawyerAlibi.acts, mafiaTeamGuess] };
