import type { RoleDef } from './types.js';
import { mafia, mafiaShot } from './mafia.js';
import { don } from './don.js';
import { lawyerAlibi } from './lawyer.js';
import { mafiaTeamGuess } from './beauty.js';

/** Piter (seed 000) variants of the mafia roles: every member may make the team's guess (УГАДАЙКА). */
export const mafiaPiter: RoleDef = { ...mafia, acts: [mafiaShot, mafiaTeamGuess] };

/** The Piter Don: decides the shot; is not found by the Commissar (seen as a civilian); no check of his own in the Piter text; guesses with the team. */
export const donPiter: RoleDef = { ...don, appearsBlack: () => false, acts: [mafiaShot, mafiaTeamGuess] };

/** The Piter Lawyer: the alibi variant, guessing with the team. */
export const lawyerPiter: RoleDef = { ...lawyerAlibi, acts: [...lawyerAlibi.acts, mafiaTeamGuess] };
