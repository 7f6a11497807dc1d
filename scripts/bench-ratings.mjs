#!/usr/bin/env node
// Issue 15's speed targets (docs/ratings-server.md): a club of 300 members and 10,000 games with
// their facts in a fresh SQLite database; recomputeRatings and the leaderboard are timed, the
// median of 3 runs each. Targets: recompute < 2 s, leaderboard < 100 ms. Needs `npm run build`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStorage } from '../apps/server/dist/storage/open.js';
import { recomputeRatings } from '../apps/server/dist/club/ratings/recompute.js';
import { leaderboard } from '../apps/server/dist/club/ratings/leaderboard.js';
import { nextRandom, seedFrom, shuffle } from '../packages/engine/dist/index.js';

const MEMBERS = 300;
const GAMES = 10_000;
const PER_EVENING = 20;
const RUNS = 3;

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
    for (let g = 0; g < GAMES; g++) {
      const e = Math.floor(g / PER_EVENING);
      const eveningId = `e${e}`;
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
  });
  console.log(`filled ${MEMBERS} members, ${GAMES} games in ${Math.round(performance.now() - t0)} ms`);
  const ctx = { db, now: () => Date.now() };
  const rec = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    last = await recomputeRatings(ctx, clubId);
    rec.push(performance.now() - t);
  }
  const board = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    rows = (await leaderboard(ctx, users[0], clubId, { by: 'points' })).rows.length;
    board.push(performance.now() - t);
  }
  const r = median(rec);
  const b = median(board);
  console.log(`recomputeRatings: median ${r.toFixed(0)} ms of ${rec.map((x) => x.toFixed(0)).join(', ')} (${last.games} games, ${last.rated} rated) — target < 2000 ms ${r < 2000 ? 'OK' : 'MISSED'}`);
  console.log(`leaderboard: median ${b.toFixed(1)} ms of ${board.map((x) => x.toFixed(1)).join(', ')} (${rows} rows) — target < 100 ms ${b < 100 ? 'OK' : 'MISSED'}`);
} finally {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}
