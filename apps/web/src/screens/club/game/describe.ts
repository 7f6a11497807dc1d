import { roleName } from '../../../i18n/roleName';
import type { ActLine, Ballots, DayStep, GameSeat, NightStep, Removal } from '@mafia/protocol';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** How the page names seats: «5 · Кот». */
export function seatNamer(seats: readonly Pick<GameSeat, 'seat' | 'nickname' | 'role' | 'team'>[]) {
  const by = new Map(seats.map((s) => [s.seat, s]));
  const one = (n: number) => (by.get(n)?.nickname ? `${n} · ${by.get(n)!.nickname}` : String(n));
  return { one, list: (ns: readonly number[]) => ns.map(one).join(', '), role: (n: number) => by.get(n)?.role ?? '', team: (n: number) => by.get(n)?.team ?? '' };
}

type Names = ReturnType<typeof seatNamer>;

/** An act's answer in words: a Don's check says «Комиссар» / «не Комиссар», a Commissar's «мафия» / «мирный». */
function answerText(t: Tx, preset: string, names: Names, a: ActLine): string {
  if (a.answer === undefined) return '';
  const role = names.role(a.by);
  if (a.answer === 'yes' || a.answer === 'no') {
    const own = t(`game.answer.${role}.${a.answer}`, { ns: 'results', defaultValue: '' });
    if (own) return own;
    const sought = role === 'don' ? 'commissar' : null;
    if (sought) return t(`game.answer.is.${a.answer}`, { ns: 'results', role: roleName(t, preset, sought) });
  }
  return t(`game.answer.${a.answer}`, { ns: 'results', defaultValue: a.answer });
}

/**
 * A night in sentences: the mafia's shot (one line when every shooter of the mafia aimed at the same
 * seat), each other act with its answer, who died, whom a shot did not kill, penalties.
 */
export function nightLines(t: Tx, preset: string, names: Names, n: NightStep): string[] {
  const results = n.results ?? [];
  const acts: ActLine[] = (n.acts ?? results).map((a) => ({ ...a, answer: results.find((r) => r.by === a.by && r.act === a.act && r.target === a.target)?.answer ?? a.answer }));
  const lines: string[] = [];
  const mafiaShots = acts.filter((a) => a.act === 'kill' && names.team(a.by) === 'mafia');
  const targets = [...new Set(mafiaShots.map((a) => a.target))];
  for (const target of targets) {
    const by = mafiaShots.filter((a) => a.target === target).map((a) => a.by);
    lines.push(t('game.act.mafiaKill', { ns: 'results', by: names.list(by), target: names.one(target) }));
  }
  for (const a of acts) {
    if (a.act === 'kill' && names.team(a.by) === 'mafia') continue;
    const who = `${roleName(t, preset, names.role(a.by))} (${names.one(a.by)})`;
    const answer = answerText(t, preset, names, a);
    const text = t(`game.act.${a.act}`, { ns: 'results', who, target: names.one(a.target), target2: a.target2 === undefined ? '' : names.one(a.target2), role: a.role ? roleName(t, preset, a.role) : '', defaultValue: `${who}: ${a.act} ${a.target}` });
    lines.push(answer ? `${text} — ${answer}` : text);
  }
  if (acts.length === 0) lines.push(t('game.noActs', { ns: 'results' }));
  // With the night's acts known (the protocol), a seat that left but was nobody's target was removed
  // (his fouls, a team defeat): «Удаление», after the penalties that caused it, and no last word.
  const gone = n.died ?? [];
  const shotAt = new Set(acts.filter((a) => a.act === 'kill').map((a) => a.target));
  const named = new Set((n.removed ?? []).map(seatOf));
  const removed = n.acts === undefined ? [] : gone.filter((s) => !shotAt.has(s) && !named.has(s));
  const died = gone.filter((s) => !removed.includes(s) && !named.has(s));
  lines.push(...penaltyLines(t, names, n));
  if (removed.length > 0) lines.push(t('game.removed', { ns: 'results', seats: names.list(removed) }));
  lines.push(died.length === 0 ? t('game.nobodyDied', { ns: 'results' }) : t('game.died', { ns: 'results', count: died.length, seats: names.list(died) }));
  // A team defeat ends the game: the night's shot did not miss, it did not happen. Shots at
  // different seats are the clubs' «промах»: nobody was shot, so nobody «survived» a shot.
  const missed = n.teamDefeat === undefined && targets.length > 1;
  if (missed) lines.push(t('game.miss', { ns: 'results' }));
  const spared = n.teamDefeat === undefined && !missed ? targets.filter((s) => !gone.includes(s)) : [];
  if (spared.length > 0) lines.push(t('game.survived', { ns: 'results', count: spared.length, seats: names.list(spared) }));
  if (died.length > 0) lines.push(t('game.lastWords', { ns: 'results', seats: names.list(died) }));
  return lines;
}

const seatOf = (r: Removal): number => (typeof r === 'number' ? r : r.seat);

/** Fouls, technical fouls, removals (with their reason in fiim) and a team defeat, as a night or a day has them. */
export function penaltyLines(t: Tx, names: Names, s: { fouls?: readonly number[]; techFouls?: readonly number[]; removed?: readonly Removal[]; foulsAfterVote?: readonly number[]; removedAfterVote?: readonly Removal[]; teamDefeat?: number }): string[] {
  const out: string[] = [];
  // Two fouls of one seat in one night or day: «4 · Волк ×2», not the seat twice.
  const counted = (ns: readonly number[]) => [...new Set(ns)].map((n) => { const k = ns.filter((x) => x === n).length; return k > 1 ? `${names.one(n)} ×${k}` : names.one(n); }).join(', ');
  const removals = (rs: readonly Removal[]) => rs.map((r) => (typeof r === 'number' ? names.one(r) : `${names.one(r.seat)} (${t(`game.reason.${r.reason}`, { ns: 'results', defaultValue: r.reason })})`)).join(', ');
  if (s.fouls?.length) out.push(t('game.fouls', { ns: 'results', seats: counted(s.fouls) }));
  if (s.techFouls?.length) out.push(t('game.techFouls', { ns: 'results', seats: counted(s.techFouls) }));
  if (s.removed?.length) out.push(t('game.removed', { ns: 'results', seats: removals(s.removed) }));
  if (s.foulsAfterVote?.length) out.push(t('game.foulsAfterVote', { ns: 'results', seats: counted(s.foulsAfterVote) }));
  if (s.removedAfterVote?.length) out.push(t('game.removedAfterVote', { ns: 'results', seats: removals(s.removedAfterVote) }));
  if (s.teamDefeat !== undefined) out.push(t('game.teamDefeat', { ns: 'results', seat: names.one(s.teamDefeat) }));
  return out;
}

/** One round of a vote: per candidate, his votes and who cast them (by seat number: «2, 4, 10»). */
export function ballotLines(t: Tx, names: Names, b: Ballots): string[] {
  return Object.entries(b).map(([target, voters]) => t('game.ballot', { ns: 'results', count: voters.length, target: names.one(Number(target)), voters: voters.length ? [...voters].sort((x, y) => x - y).join(', ') : '—' }));
}

export interface DayBlock { readonly title: string; readonly lines: readonly string[] }

/**
 * A day in blocks: the best move, names in blood, penalties, the nominations, each vote round (the
 * first, every re-vote, the lift vote), the count that decided, who left and how, and last words.
 */
export function dayBlocks(t: Tx, names: Names, d: DayStep): DayBlock[] {
  const out: DayBlock[] = [];
  const tr = (k: string, o: Record<string, unknown> = {}) => t(k, { ns: 'results', ...o });
  if (d.bestMove) out.push({ title: tr('game.bestMoveTitle'), lines: [tr('game.bestMove', { by: names.one(d.bestMove[0]), named: names.list(d.bestMove[1]) })] });
  if (d.blood?.length) out.push({ title: tr('game.bloodTitle'), lines: d.blood.map(([by, target]) => tr('game.blood', { by: names.one(by), target: names.one(target) })) });
  const penalties = penaltyLines(t, names, { fouls: d.fouls, techFouls: d.techFouls, removed: d.removed });
  if (penalties.length) out.push({ title: tr('game.penaltiesTitle'), lines: penalties });
  const noms = d.nominations ?? [];
  out.push({ title: tr('game.nominationsTitle'), lines: noms.length ? noms.map(([by, target]) => tr('game.nomination', { by: names.one(by), target: names.one(target) })) : [tr('game.noNominations')] });
  if (d.votes && Object.keys(d.votes).length) {
    // A protocol leaves out the last candidate's ballots (everyone who has not voted votes for him):
    // his count comes from the day's tally, so that every candidate's votes are on the page (not
    // after a re-vote: the tally then holds a candidate's last count, maybe the re-vote's).
    const votes = d.votes;
    const rest = Object.entries(d.revote === undefined ? (d.tally ?? {}) : {}).filter(([s, c]) => !(s in votes) && c > 0).map(([s, c]) => tr('game.ballotRest', { count: c, target: names.one(Number(s)) }));
    out.push({ title: tr('game.voteTitle'), lines: [...ballotLines(t, names, votes), ...rest] });
  }
  const revotes = d.revote === undefined ? [] : Array.isArray(d.revote) ? (d.revote as readonly Ballots[]) : [d.revote as Ballots];
  revotes.forEach((b, i) => out.push({ title: tr('game.revoteTitle', { n: i + 1 }), lines: ballotLines(t, names, b) }));
  if (d.liftAll) out.push({ title: tr('game.liftTitle'), lines: [tr('game.lift', { count: d.liftAll.length, voters: d.liftAll.length ? d.liftAll.join(', ') : '—' })] });
  const after = penaltyLines(t, names, { foulsAfterVote: d.foulsAfterVote, removedAfterVote: d.removedAfterVote, teamDefeat: d.teamDefeat });
  const outcome: string[] = [];
  if (d.tally && Object.keys(d.tally).length) outcome.push(tr('game.tally', { counts: Object.entries(d.tally).map(([s, c]) => `${names.one(Number(s))} — ${c}`).join('; ') }));
  const left = d.left ?? [];
  if (d.by !== undefined) outcome.push(left.length ? tr(`game.left.${d.by}`, { seats: names.list(left), count: left.length, defaultValue: tr('game.left.vote', { seats: names.list(left), count: left.length }) }) : tr('game.nobodyLeft'));
  if (d.rakeTakes !== undefined) outcome.push(tr('game.rakeTakes', { seat: names.one(d.rakeTakes) }));
  const lastWords = d.by === 'vote' || d.by === 'lift' || d.by === 'single' ? left.filter((s) => !(d.removed ?? []).some((r) => seatOf(r) === s)) : [];
  if (lastWords.length) outcome.push(tr('game.lastWords', { seats: names.list(lastWords) }));
  if (outcome.length || after.length) out.push({ title: tr('game.outcomeTitle'), lines: [...outcome, ...after] });
  return out;
}
