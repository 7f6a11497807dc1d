/**
 * What a client may see, checked frame by frame (the audit's secrecy attack). The rule is the
 * engine's `canSeeRole` and `projectEvent` written again from the rules (RULES.md §10, R-NIGHT-2,
 * issue 3), not imported: a check that called the engine would agree with any bug in it. The truth
 * (every role, every token) comes from the frames themselves: the final reveal at the end of the
 * game and each seat's own welcome.
 */

export interface TableTruth {
  /** Seats' roles and teams at the end (index = seat - 1), from the final reveal. */
  readonly roles: readonly (string | undefined)[];
  readonly teams: readonly (string | undefined)[];
  /** Dead players' cards are open in this game (the preset's revealOnDeath). */
  readonly openDead: boolean;
  /** Each seat's token (index = seat - 1), from its own welcome. */
  readonly tokens: readonly (string | undefined)[];
  /** Keys no frame may carry (the room admin's, the host's). */
  readonly keys: readonly string[];
}

/** `seat:N`, `spectator` or `admin` (the room admin sees what a spectator sees). */
export type ViewerName = string;

export const seatOf = (viewer: ViewerName): number | null => (viewer.startsWith('seat:') ? Number(viewer.slice(5)) : null);

/** The card a living viewer holds now, as his own view says (null for a spectator or a dead seat). */
interface Holder {
  readonly seat: number | null;
  readonly role?: string;
  readonly team?: string;
  readonly alive: boolean;
}

function holderOf(viewer: ViewerName, view: any): Holder {
  const seat = seatOf(viewer);
  const me = view?.me;
  if (seat === null || !me) return { seat, alive: false };
  return { seat, role: me.role, team: me.team, alive: me.alive !== false };
}

/** May this viewer know the card of `other` while the game runs (the rule of canSeeRole)? `shown` is the card the frame shows. */
function mayKnow(h: Holder, other: { seat: number; alive: boolean; shown: { role?: string; team?: string } }, truth: TableTruth): boolean {
  if (h.seat === other.seat) return true;
  if (truth.openDead && !other.alive) return true;
  if (h.seat === null || !h.alive) return false;
  const realTeam = truth.teams[other.seat - 1];
  // The mafia know each other; the Sleepwalker wakes with them.
  if ((h.team === 'mafia' || h.role === 'sleepwalker') && other.shown.team === 'mafia' && realTeam === 'mafia') return true;
  // Bonnie & Clyde: a Maniac knows the other Maniac.
  if (h.role === 'maniac' && other.shown.role === 'maniac' && truth.roles[other.seat - 1] === 'maniac') return true;
  return false;
}

/**
 * The leaks in one frame to `viewer`: each a short English line naming what reached whom.
 * `hidden` collects items marked `by: "hidden"` apart (issue 12 point 3: the mark itself tells
 * the table that a hidden thing happened).
 */
export function frameLeaks(viewer: ViewerName, text: string, truth: TableTruth, hidden: string[]): string[] {
  const leaks: string[] = [];
  const mine = seatOf(viewer);
  for (const key of truth.keys) if (key && text.includes(key)) leaks.push(`${viewer} received a room key`);
  truth.tokens.forEach((t, i) => {
    if (t && i + 1 !== mine && text.includes(t)) leaks.push(`${viewer} received the token of seat ${i + 1}`);
  });
  if (/"seed"\s*:/.test(text)) leaks.push(`${viewer} received a seed`);
  let m: any;
  try {
    m = JSON.parse(text);
  } catch {
    return [...leaks, `${viewer} received a frame that is not JSON`];
  }
  const view = m.view;
  const ended = view?.phase?.kind === 'ended';
  const h = holderOf(viewer, view);
  if (view && !ended) {
    if (view.me && view.me.seat !== mine) leaks.push(`${viewer} received the card of seat ${view.me.seat} as its own`);
    for (const sv of view.seats ?? []) {
      if (sv.role === undefined && sv.team === undefined) continue;
      if (!mayKnow(h, { seat: sv.seat, alive: sv.alive, shown: sv }, truth)) leaks.push(`${viewer} sees the card of seat ${sv.seat} (${sv.role ?? sv.team})`);
    }
    for (const r of view.results ?? []) if (r.by !== mine || !h.alive) leaks.push(`${viewer} sees the night answer of seat ${r.by}`);
  }
  for (const item of m.items ?? []) {
    if (item.by === 'hidden') hidden.push(`${viewer} seq ${item.seq}`);
    if (item.kind !== 'events') continue;
    for (const e of item.events ?? []) leaks.push(...eventLeaks(viewer, h, e, truth, ended));
  }
  return leaks;
}

function eventLeaks(viewer: ViewerName, h: Holder, e: any, truth: TableTruth, ended: boolean): string[] {
  const mine = h.seat;
  switch (e.type) {
    case 'ActRecorded':
      return e.act?.by === mine ? [] : [`${viewer} received the night act of seat ${e.act?.by}`];
    case 'NightResolved': {
      const out: string[] = [];
      for (const r of e.results ?? []) if (r.by !== mine) out.push(`${viewer} received the night answer of seat ${r.by}`);
      if ((e.useful ?? []).length) out.push(`${viewer} received the night's useful acts`);
      return out;
    }
    case 'VictimListSet':
      return h.team === 'mafia' && h.alive ? [] : [`${viewer} received the mafia's victim list`];
    case 'SeatsIdle':
      return e.stage === 'night' ? [`${viewer} received the seats idle at night`] : [];
    case 'RoleChanged':
      return e.seat === mine ? [] : [`${viewer} received the new role of seat ${e.seat}`];
    case 'GameCreated': {
      const out: string[] = [];
      (e.setup?.roles ?? []).forEach((role: string | null, i: number) => {
        if (role === null || ended) return;
        if (!mayKnow(h, { seat: i + 1, alive: true, shown: { role, team: truth.teams[i] } }, truth)) out.push(`${viewer} received the dealt card of seat ${i + 1}`);
      });
      return out;
    }
    default:
      return [];
  }
}

/** The truth of a table from its recorded frames: the final reveal (any frame of the ended game) and each seat's welcome token. */
export function truthOf(frames: readonly { viewer: ViewerName; text: string }[], openDead: boolean, keys: readonly string[]): TableTruth | null {
  let seats: any[] | null = null;
  const tokens: (string | undefined)[] = [];
  for (const f of frames) {
    if (!f.text.includes('"token"') && !(f.text.includes('"ended"'))) continue;
    const m = JSON.parse(f.text);
    const seat = seatOf(f.viewer);
    if (m.type === 'welcome' && typeof m.token === 'string' && seat !== null) tokens[seat - 1] = m.token;
    if (m.view?.phase?.kind === 'ended') seats = m.view.seats;
  }
  if (!seats) return null;
  return { roles: seats.map((s) => s.role), teams: seats.map((s) => s.team), openDead, tokens, keys };
}
