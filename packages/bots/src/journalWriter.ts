import type { ActKind, Command, GameView, SeatNo } from '@mafia/engine';
import { when, type JournalEntry, type Reason } from './journal.js';
import type { NominationMotive } from './dayChoice.js';
import { livingClaimant, SHIELDS } from './nightChoice.js';

/** What the journal needs of the bot that writes it: its seat and its own reading of the table. */
export interface JournalReader {
  readonly seat: SeatNo;
  reasonAgainst(target: SeatNo): Reason;
  foundCommissar(): SeatNo | 0;
  /** Why it nominated (dayChoice.ts): only a suspect is nominated for a reason against him. */
  readonly motive: NominationMotive;
}

/** The entry of a command the bot chose (a vote, a nomination, a night act), or null for any other. */
export function journalEntry(view: GameView, command: Command, r: JournalReader): JournalEntry | null {
  if (command.type === 'vote' || command.type === 'nominate') {
    const target = command.target as SeatNo;
    const reason: Reason = view.me?.team === 'mafia' ? { code: r.foundCommissar() === target ? 'hunt' : 'mafiaPush' }
      : command.type === 'nominate' && r.motive !== 'suspect' ? { code: r.motive } : r.reasonAgainst(target);
    return { ...when(view), act: command.type, target, reason };
  }
  if (command.type === 'act') return { ...when(view), act: command.act, target: command.target, reason: actReason(view, command.act, command.target as SeatNo, r) };
  return null;
}

function actReason(view: GameView, act: ActKind, target: SeatNo, r: JournalReader): Reason {
  const team = view.me?.team;
  if (act === 'kill' && team !== 'town') return livingClaimant(view, r.seat) === target ? { code: 'shotClaimant' } : { code: team === 'mafia' ? 'shotAgreed' : 'random' };
  if (act === 'kill') return r.reasonAgainst(target);
  if (team === 'town' && SHIELDS.has(act)) return { code: livingClaimant(view, r.seat) === target ? 'coverClaimant' : 'coverTrusted' };
  // The Don's check looks for the checker among the unchecked, at random (heuristic.ts checkTarget): no suspicion in it.
  if (act === 'check' && team === 'mafia') return { code: 'donSearch' };
  if (act === 'check' || act === 'compare') return { code: 'checkSuspect' };
  return { code: 'random' };
}
