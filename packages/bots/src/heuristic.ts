import { presetOf, type ActKind, type Command, type GameView, type Pending, type PresetId, type SeatNo, type Statement } from '@mafia/engine';
import { Rng, aliveSeats, type Bot, type ViewSource } from './bot.js';
import { bestMove, liftChoice, mafiaNominee, mafiaVote, townNominee, townVote, type DayMind, type NominationMotive } from './dayChoice.js';
import { actCommand } from './acts.js';
import { checkerClaimants, mayTalk, speechOf } from './talking.js';
import { opinionsOf } from './opinions.js';
import { TableRecord, type Side } from './record.js';
import { agreedSeat, meetingPlan, plannedTonight } from './meeting.js';
import type { JournalEntry } from './journal.js';
import { journalEntry } from './journalWriter.js';
import { livingClaimant, mafiaShot, SHIELDS, shieldTarget, soloShot, teammateInDanger, type Pick } from './nightChoice.js';

const SILENCE: readonly Statement[] = [];

/**
 * A sensible player that still sees only its own view.
 *
 * - The mafia agree on the night's victim without talking: every member computes the same seat
 *   from facts all of them see: the Don's find (his nomination), a claimed checker on some nights,
 *   the red who nominates them (`TableRecord.threat`), the meeting's plan, a hash of the night. By day
 *   they nominate nobody (a nomination is what the town reads), vote together for a red and against
 *   the lift when a teammate is tied.
 * - The Don hunts the Commissar: he checks unchecked non-mafia players and, once he finds the
 *   Commissar, nominates him (the team's signal: they shoot him that night) and votes against him.
 * - The Commissar remembers his checks (`view.results`): he checks players he has not checked,
 *   nominates and votes against the black ones and never against the red ones.
 * - The town remembers the public record (nominations, votes, who the night took: record.ts) and
 *   reads it against the sides it knows (cards shown on death, a believed checker's checks):
 *   whoever pushed a red grows suspicious, whoever pushed a mafioso earns trust, whoever voted
 *   elsewhere while a known mafioso stood for the vote is suspected; they vote accordingly.
 * - The town's protectors (Doctor, Beauty, Lover, Girl) cover the claimed checker, else the player
 *   they trust most; the Lawyer covers the teammate in danger (nightChoice.ts).
 */
export class HeuristicBot implements Bot {
  readonly kind = 'heuristic' as const;
  private readonly rng: Rng;
  /** What the table has seen so far: nominations, votes, who the night took (record.ts). */
  private readonly record = new TableRecord();
  /** Why it nominated last (dayChoice.ts), for the journal. */
  private motive: NominationMotive = 'suspect';
  /** What the day's decisions (dayChoice.ts) read of this seat. */
  private readonly mind: DayMind;

  /** What it did and why, for the review of a practice game (journal.ts); null when not kept (simulations). */
  readonly journal: JournalEntry[] | null;

  /** It also says its reading of the table in its turn (opinions.ts): a room's bots, not a simulation's. */
  private readonly opinions: boolean;

  constructor(readonly seat: SeatNo, seed: number, o: { readonly journal?: boolean; readonly opinions?: boolean } = {}) {
    this.rng = new Rng(seed);
    this.journal = o.journal ? [] : null;
    this.opinions = o.opinions === true;
    this.mind = {
      seat, rng: this.rng,
      suspicion: (view) => this.suspicion(view),
      sideOf: (view, s) => this.sideOf(view, s),
      best: (seats, score) => this.best(seats, score),
      foundCommissar: (view) => this.foundCommissar(view),
    };
  }

  /** Its turn to talk: the checker's claim and checks, the mafia's counter-claim (talking.ts). */
  speak(source: ViewSource): readonly Statement[] {
    // A town player who checks nobody has nothing to say yet (talking.ts): his view is not made.
    if (this.quiet && !this.opinions) return SILENCE;
    const view = source();
    this.record.observe(view);
    this.quiet = !mayTalk(view);
    const said = speechOf(view, this.seat);
    if (said.length > 0 || !this.opinions) return said;
    // A mafioso's words follow the public record, as a civilian's in his seat would (opinions.ts).
    const score = view.me?.team === 'mafia' ? this.record.suspicion(view, this.seat, (s) => this.publicSideOf(view, s)) : this.suspicion(view);
    return opinionsOf(view, this.seat, score);
  }

  /**
   * What a civilian in this seat would know of `seat`'s side: his own is red, and a dead red's card
   * shown (a mafioso sees a red's team only when the rules show the cards of the dead). A dead
   * teammate counts as unknown: whether the town saw his card is not in the view.
   */
  private publicSideOf(view: GameView, seat: SeatNo): Side | null {
    if (seat === this.seat) return 'town';
    const s = view.seats[seat - 1];
    return !s.alive && s.team === 'town' ? 'town' : null;
  }

  /** Its last view said it is a town player who checks nobody (roles can change: looked at again by `decide`). */
  private quiet = false;

  decide(source: ViewSource, pending: Pending): Command | null {
    // It reads the public record at every decision, so it always looks.
    const view = source();
    const command = this.choose(view, pending);
    if (this.journal !== null && command !== null) this.write(view, command);
    return command;
  }

  private write(view: GameView, command: Command): void {
    const entry = journalEntry(view, command, {
      seat: this.seat,
      reasonAgainst: (target) => this.record.reasonAgainst(view, this.seat, (s) => this.sideOf(view, s), target),
      foundCommissar: () => this.foundCommissar(view),
      motive: this.motive,
    });
    if (entry) this.journal!.push(entry);
  }

  private choose(view: GameView, pending: Pending): Command | null {
    this.record.observe(view);
    this.quiet = !mayTalk(view);
    const mafia = view.me?.team === 'mafia';
    const m = this.mind;
    switch (pending.kind) {
      case 'act': {
        const act = pending.acts[0];
        const target = this.nightTarget(view, act, pending.forbidden);
        // Acts with limits or extra fields (issue 3 roles): completed legally.
        if (pending.forbidden !== undefined || pending.needsTarget2 === true) return actCommand(view, pending, this.rng, act, target);
        return target === 0 ? null : { type: 'act', by: this.seat, act, target };
      }
      case 'nominate': {
        const town = mafia ? null : townNominee(m, view);
        this.motive = town?.motive ?? 'suspect';
        const target = town ? town.target : mafiaNominee(m, view);
        return target === 0 ? null : { type: 'nominate', by: this.seat, target };
      }
      case 'vote': {
        // The decision's own list: in two-stage and circular votes it leaves out the voter himself.
        const candidates = pending.candidates;
        if (candidates.length === 0) return null;
        return { type: 'vote', by: this.seat, target: mafia ? mafiaVote(m, view, candidates) : townVote(m, view, candidates) };
      }
      case 'liftVote':
        return { type: 'liftVote', by: this.seat, leave: this.liftChoice(view, mafia) };
      case 'rakeTake':
        // The executed Rake takes the voter he trusts least; the mafia Rake any red voter.
        return { type: 'rakeTakes', by: this.seat, target: mafia ? mafiaVote(m, view, pending.candidates) : townVote(m, view, pending.candidates) };
      case 'dyingNote':
        // The killed Commissar names his prime suspect (R-ROLE).
        return { type: 'dyingNote', by: this.seat, named: townVote(m, view, pending.candidates) };
      case 'blood':
        // A night victim names his prime suspect (R-MOD name-in-blood).
        return { type: 'blood', by: this.seat, target: townVote(m, view, pending.candidates) };
      case 'bestMove': {
        const named = bestMove(m, view, mafia);
        return named.length === 3 ? { type: 'bestMove', by: this.seat, named } : null;
      }
    }
  }

  // ---- what this seat knows --------------------------------------------------------------

  /** The side of `seat` as far as this seat knows: its own card, open cards, its own checks. */
  private sideOf(view: GameView, seat: SeatNo): Side | null {
    if (seat === this.seat) return view.me?.team === 'mafia' ? 'mafia' : 'town';
    const team = view.seats[seat - 1].team;
    // A solo card shown (the Maniac) is neither: whoever pushed him pushed no red, and no mafioso.
    if (team) return team === 'mafia' ? 'mafia' : team === 'town' ? 'town' : null;
    const me = view.me;
    for (const r of view.results) {
      if (r.target !== seat || r.act !== 'check') continue;
      if (me?.role === 'commissar' || me?.role === 'sheriff') {
        if (r.answer === 'yes') return 'mafia';
        // A red of the mafia's time may be the club's Maniac, the one enemy left (hiddenManiac.ts).
        if (r.answer === 'no' && !this.record.maniac.staleRed(view, r.night)) return 'town';
      }
      // The Don's check: "yes" = the Commissar (town); "no" says nothing about the side.
      if (me?.role === 'don' && r.answer === 'yes') return 'town';
    }
    return null;
  }

  /** The Commissar the Don has found, if still alive. */
  private foundCommissar(view: GameView): SeatNo | 0 {
    if (view.me?.role !== 'don') return 0;
    for (const r of view.results) if (r.act === 'check' && r.answer === 'yes' && view.seats[r.target - 1].alive) return r.target;
    return 0;
  }

  /** Checked already, with an answer that still tells (a red that may hide the club's Maniac does not). */
  private checked(view: GameView, seat: SeatNo): boolean {
    for (const r of view.results) if (r.act === 'check' && r.target === seat && !(r.answer === 'no' && this.record.maniac.staleRed(view, r.night))) return true;
    return false;
  }

  /** Suspicion from the public record read against known sides (record.ts; higher = more likely mafia). */
  private suspicion(view: GameView): Float64Array {
    return this.record.suspicion(view, this.seat, (s) => this.sideOf(view, s));
  }

  /** The seat with the highest score among `seats` (random among equals). */
  private best(seats: readonly SeatNo[], score: (s: SeatNo) => number): SeatNo | 0 {
    let top: SeatNo | 0 = 0;
    let topScore = -Infinity;
    let ties = 0;
    for (const s of seats) {
      const v = score(s);
      if (v > topScore) {
        top = s;
        topScore = v;
        ties = 1;
      } else if (v === topScore && this.rng.int(++ties) === 0) top = s;
    }
    return top;
  }

  // ---- night ---------------------------------------------------------------------------

  /**
   * The mafia's shared choice: a seat every member computes alike from what all of them see
   * (night number, the alive seats, the teammates).
   */
  private teamTarget(view: GameView): SeatNo | 0 {
    // The red who reads them (nominates members of the mafia) first; then the meeting's plan
    // (meeting.ts); a night it does not name (or whose seat is gone), the hash.
    const threat = this.record.threat(view);
    if (threat !== 0) return threat;
    const planned = plannedTonight(view);
    if (planned !== 0) return planned;
    return agreedSeat(aliveSeats(view, (s) => view.seats[s - 1].team !== 'mafia'), view.phase.kind === 'night' ? view.phase.n : 0);
  }

  /**
   * The Don's find, for the whole mafia. The Don nominates nobody but the checker he found, so his
   * nomination of the day before is the team's signal (read only from a day they all saw voted on:
   * record.ts `nominee`); where the Don's shot decides (open choice, R-NIGHT-3) he shoots his find
   * himself. Not when a teammate has claimed the checker's role: the night would prove the true one.
   */
  private hunted(view: GameView): SeatNo | 0 {
    if (view.phase.kind !== 'night') return 0;
    if (checkerClaimants(view).some((c) => view.seats[c - 1].team === 'mafia')) return 0;
    if (view.me?.role === 'don' && presetOf(view.preset as PresetId)?.defaults.mafiaShot === 'open') {
      const found = this.foundCommissar(view);
      if (found !== 0) return found;
    }
    const don = view.seats.find((s) => s.role === 'don' && s.team === 'mafia');
    if (don === undefined) return 0;
    const t = this.record.nominee(view.phase.n - 1, don.seat);
    return t !== 0 && view.seats[t - 1].alive && view.seats[t - 1].team !== 'mafia' ? t : 0;
  }

  /** Its word at the mafia's night meeting: the lowest living member names the shot order (meeting.ts). */
  meet(source: ViewSource): readonly Statement[] {
    return meetingPlan(source(), this.seat);
  }

  /** Each role's act as a sensible player uses it (docs/bots.md, a paragraph per role). */
  private nightTarget(view: GameView, act: ActKind, forbidden?: readonly SeatNo[]): SeatNo | 0 {
    const team = view.me?.team;
    if (act === 'kill') {
      if (team === 'mafia') return this.hunted(view) || mafiaShot(view, this.teamTarget(view));
      if (team === 'solo') return soloShot(view, this.seat, this.rng);
      return this.checkTarget(view, false);
    }
    if (team === 'town' && SHIELDS.has(act)) return shieldTarget(view, this.seat, this.suspicion(view), this.pick, act, forbidden);
    if (team === 'mafia' && act === 'alibi') return teammateInDanger(view, this.rng);
    if (team === 'mafia' && act === 'block') return livingClaimant(view) || this.checkTarget(view, true);
    return this.checkTarget(view, team === 'mafia');
  }

  private readonly pick: Pick = (seats, score) => this.best(seats, score);

  /** A check (or any other single-target act): someone not checked yet, the most suspicious first. */
  private checkTarget(view: GameView, mafia: boolean): SeatNo | 0 {
    const others = aliveSeats(view, (s) => s !== this.seat && !(mafia && view.seats[s - 1].team === 'mafia'));
    if (others.length === 0) return 0;
    const fresh = others.filter((s) => !this.checked(view, s));
    const pool = fresh.length ? fresh : others;
    if (mafia) return this.rng.pick(pool);
    const score = this.suspicion(view);
    return this.best(pool, (s) => score[s]);
  }

  /** The day of the last lift vote it cast (a lift vote on two days running is a deadlock). */
  private liftDay = -1;

  private liftChoice(view: GameView, mafia: boolean): boolean {
    const day = view.day?.n ?? 0;
    const deadlock = this.liftDay === day - 1;
    this.liftDay = day;
    return liftChoice(this.mind, view, mafia, deadlock);
  }
}
