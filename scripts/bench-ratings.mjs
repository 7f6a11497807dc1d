#!/usr/bin/env node
// Issue 15's speed targets (docs/ratings-server.md): a club of 300 members and 10,000 games with
// their facts in a fresh SQLite database; recomputeRatings (median of 3 runs) and the leaderboard's
// JSON answer by points for a season of a year and by the red rating (median of 7 requests each,
// after one warm-up) are timed, with the load average beside them (2 cores shared: a busy machine
// slows every figure). Targets: recompute < 2 s, leaderboard < 100 ms; exits 1 when one is missed.
// Needs `npm run build`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStorage } from '../apps/server/dist/storage/open.js';
import { recomputeRatings } from '../apps/server/dist/club/ratings/recompute.js';
import { leaderboard } from '../apps/server/dist/club/ratings/leaderboard.js';
import { nextRandom, seedFrom, shuffle } from '../packages/engine/dist/index.js';

const MEMBERS = 300;
const GAMES = 10_000;
const PER_EVENING = 20;
const RECOMPUTE_RUNS = 3;
const BOARD_RUNS = 7;
const YEAR = 365 * 86_400_000;

// The engine's seeded generator (mulberry32): the same club and games on every run and machine.
let rng = seedFrom(42);
const rand = () => {
  const [value, next] = nextRandom(rng);
  rng = next;
  return value;
};
/** k distinct members of n, drawn with the engine's shuffle. */
const pick = (n, k) => {
  const [order, next] = shuffle([...Array(n).keys()], rng);
  rng = next;
  return order.slice(0, k);
};
// scripts/bench.mjs computes its median inline (a script, nothing to import): the same one-liner here.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function insertAll(trx, table, rows) {
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto(table).values(rows.slice(i, i + 500)).execute();
}

const dir = mkdtempSync(join(tmpdir(), 'bench-ratings-'));
const storage = await openStorage(`sqlite:${join(dir, 'bench.sqlite')}`);
try {
  await storage.migrate();
  const db = storage.db;
  const t0 = performance.now();
  const clubId = randomUUID();
  const users = Array.from({ length: MEMBERS }, () => randomUUID());
  const start = Date.UTC(2030, 0, 1, 19);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('clubs').values({ id: clubId, name: 'Bench', created_at: 0 }).execute();
    await insertAll(trx, 'users', users.map((id) => ({ id, email: `${id}@bench.test`, name: null, phone: null, password_hash: null, locale: 'ru', created_at: 0, deleted_at: null })));
    await insertAll(trx, 'memberships', users.map((id, i) => ({ club_id: clubId, user_id: id, role: i === 0 ? 'admin' : 'member', nickname: `Игрок ${i + 1}`, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: 0 })));
    const evenings = [];
    const games = [];
    const seats = [];
    const facts = [];
    const ledger = [];
    for (let g = 0; g < GAMES; g++) {
      const e = Math.floor(g / PER_EVENING);
      const eveningId = `e${e}`;
      // Two seed-003 penalties an evening (one of them cancelled now and then): the leaderboard reads the ledger too.
      if (g % PER_EVENING === 0) for (const k of [0, 1]) ledger.push({ id: `l${e}.${k}`, club_id: clubId, user_id: users[pick(MEMBERS, 1)[0]], evening_id: eveningId, rule: 'late', points: k === 0 ? -5 : -10, reason: 'late', params: '{}', dedupe_key: null, created_at: start + e * 86_400_000, created_by: users[0], cancelled_at: rand() < 0.1 ? start + e * 86_400_000 + 1 : null, cancelled_by: null, cancel_note: null });
      if (g % PER_EVENING === 0) evenings.push({ id: eveningId, club_id: clubId, starts_at: start + e * 86_400_000, answer_by: start, place: 'Клуб', capacity: 40, weight: 1 + (e % 3) * 0.5, preset: 'club', games_planned: PER_EVENING, created_by: users[0], created_at: 0, closed_at: null, cancelled_at: null });
      const id = `g${g}`;
      const players = rand() < 0.1 ? 9 : 10;
      const who = pick(MEMBERS, players);
      const winner = rand() < 0.5 ? 'town' : 'mafia';
      games.push({ id, evening_id: eveningId, table_no: null, room_id: null, game_no: null, protocol: '{}', winner, created_at: 0 });
      const seatFacts = who.map((u, i) => {
        seats.push({ game_id: id, seat: i + 1, user_id: users[u], nickname: `Игрок ${u + 1}` });
        const team = i < 3 ? 'mafia' : 'town';
        const won = team === winner;
        return { seat: i + 1, team, role: team === 'mafia' ? 'mafia' : 'civilian', points: (won ? 3 : 0) + Math.floor(rand() * 2), won };
      });
      facts.push({ game_id: id, club_id: clubId, evening_id: eveningId, kind: 'club', preset: 'club', players, winner, ended_at: start + e * 86_400_000 + (g % PER_EVENING) * 3_600_000, seats: JSON.stringify(seatFacts) });
    }
    await insertAll(trx, 'evenings', evenings);
    await insertAll(trx, 'evening_games', games);
    await insertAll(trx, 'game_seats', seats);
    await insertAll(trx, 'game_facts', facts);
    await insertAll(trx, 'ledger', ledger);
  });
  console.log(`filled ${MEMBERS} members, ${GAMES} games, ${GAMES / PER_EVENING * 2} ledger entries in ${Math.round(performance.now() - t0)} ms`);
  const seasonId = randomUUID();
  await db.insertInto('seasons').values({ id: seasonId, club_id: clubId, name: '2030', starts_at: start, ends_at: start + YEAR, order_keys: JSON.stringify(['total', 'wins', 'games']), created_by: users[0], created_at: 0 }).execute();
  const ctx = { db, now: () => Date.now() };
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadBefore = load();
  // The process's CPU time beside the wall time: on a busy machine the wall time waits for a core.
  const cpuMs = (from) => {
    const u = process.cpuUsage(from);
    return (u.user + u.system) / 1000;
  };
  const rec = [];
  const recCpu = [];
  let last;
  for (let i = 0; i < RECOMPUTE_RUNS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    last = await recomputeRatings(ctx, clubId);
    rec.push(performance.now() - t);
    recCpu.push(cpuMs(c));
  }
  /** The leaderboard's JSON answer for `query`: the first request warms up, the next BOARD_RUNS are timed. */
  const timeBoard = async (query) => {
    const times = [];
    const cpu = [];
    let rows = 0;
    for (let i = 0; i <= BOARD_RUNS; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const { format: _format, ...board } = await leaderboard(ctx, users[0], clubId, query);
      JSON.stringify(board);
      if (i > 0) {
        times.push(performance.now() - t);
        cpu.push(cpuMs(c));
      }
      rows = board.rows.length;
    }
    return { times, cpu, rows };
  };
  const measures = [
    { name: 'recomputeRatings', times: rec, cpu: recCpu, target: 2000, note: `${last.games} games, ${last.rated} rated` },
    ...[['leaderboard by=points, season 2030', { season: seasonId, by: 'points' }], ['leaderboard by=red', { by: 'red' }]].map(([name, query]) => ({ name, query, target: 100 })),
  ];
  for (const m of measures.slice(1)) {
    const { times, cpu, rows } = await timeBoard(m.query);
    m.times = times;
    m.cpu = cpu;
    m.note = `${rows} rows`;
  }
  let missed = 0;
  for (const m of measures) {
    const med = median(m.times);
    if (med >= m.target) missed++;
    console.log(`${m.name}: median ${med.toFixed(1)} ms of ${m.times.map((x) => x.toFixed(1)).join(', ')} (${m.note}; CPU median ${median(m.cpu).toFixed(1)} ms) — target < ${m.target} ms ${med < m.target ? 'OK' : 'MISSED'}`);
  }
  console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
  if (missed > 0) process.exitCode = 1;
} finally {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}
