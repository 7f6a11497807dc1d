import type { GameView, SeatNo } from '@mafia/engine';

/**
 * Who was killed at night, as far as one player can tell from what he sees when he looks. The view
 * says who is alive, not how each one left (the table hears it from the host); a player who looks
 * during the day knows its nominees, and only a nominee can leave by the vote (a re-vote's and a lift
 * vote's candidates are among them). So a player found dead at a new day who was alive at the last
 * look and was no nominee the day before, or who died after a look at night, was killed at night.
 */
export class NightDeaths {
  private alive: boolean[] = [];
  /** Phase of the last look: day n as 2n, night n as 2n − 1. */
  private lastPhase = -1;
  /** Candidates seen on the day of the last look (any vote round). */
  private candidates = new Set<number>();
  private candidatesDay = -1;
  private readonly shot = new Set<number>();

  look(view: GameView): void {
    const p = view.phase;
    if (p.kind === 'ended') return;
    const phase = p.kind === 'day' ? 2 * p.n : 2 * p.n - 1;
    const seats = view.seats;
    if (phase !== this.lastPhase && p.kind === 'day' && this.alive.length === seats.length) {
      // A new day since the last look: who died since then and could not have been voted out (the
      // last look was at night, after the day's vote, or he was no candidate the day before).
      const afterVote = this.lastPhase % 2 === 1;
      for (let i = 0; i < seats.length; i++) {
        if (this.alive[i] && !seats[i].alive && (afterVote || !this.candidates.has(i + 1))) this.shot.add(i + 1);
      }
    }
    const day = view.day;
    if (day !== null) {
      if (day.n !== this.candidatesDay) {
        this.candidates = new Set<number>();
        this.candidatesDay = day.n;
      }
      for (const c of day.candidates) this.candidates.add(c);
      for (const [, target] of day.nominations) this.candidates.add(target);
    }
    if (this.alive.length !== seats.length) this.alive = new Array<boolean>(seats.length);
    for (let i = 0; i < seats.length; i++) this.alive[i] = seats[i].alive;
    this.lastPhase = phase;
  }

  /** The seat was seen to die at night. */
  has(seat: SeatNo): boolean {
    return this.shot.has(seat);
  }
}

/**
 * The mafia are the night's only killers in this game's deck (one step of the night shoots, none
 * guesses: sport, fiim, classic): whoever the night takes is red, whatever his hidden card.
 */
export function onlyMafiaShoot(view: GameView): boolean {
  // A game's night steps are one frozen list for every view (night/script.ts): asked at every
  // decision, the answer is kept for the last list seen.
  if (view.nightSteps === lastSteps) return lastAnswer;
  lastSteps = view.nightSteps;
  lastAnswer = mafiaOnlyShooters(view.nightSteps);
  return lastAnswer;
}

let lastSteps: GameView['nightSteps'] | null = null;
let lastAnswer = false;

function mafiaOnlyShooters(steps: GameView['nightSteps']): boolean {
  let kills = 0;
  for (const step of steps) {
    if (step.acts.includes('guess')) return false;
    if (step.acts.includes('kill')) kills++;
  }
  return kills === 1;
}
