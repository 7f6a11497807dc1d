import type { GamePage } from '@mafia/protocol';

const NICKS = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];
const ROLES = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
const POINTS = [3, 0, 3, 2, 0, 3, 3, 0, 3, 3];

/**
 * The game page of the engine's fixture classic-town-wins (packages/engine/test/fixtures/protocols),
 * as GET /api/clubs/:clubId/games/:gameId answers it: its protocol steps merged with its replayed
 * result's timeline (the Don checks the Commissar, the Commissar the Don; 8, 5 and 2 voted out).
 */
export const TOWN_WINS: GamePage = {
  game: { id: 'g1', eveningId: 'e1', tableNo: 1, gameNo: 2, preset: 'classic', winner: 'town', endedAt: new Date(2030, 2, 1, 21, 30).getTime() },
  seats: NICKS.map((nickname, i) => ({
    seat: i + 1, userId: `u${i + 1}`, nickname, role: ROLES[i]!, team: ['mafia', 'don'].includes(ROLES[i]!) ? 'mafia' : 'town', points: POINTS[i]!, won: !['mafia', 'don'].includes(ROLES[i]!),
  })),
  timeline: [
    { night: 1, died: [], results: [] },
    { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9, 10] }, left: [8], by: 'vote', tally: { 2: 3, 8: 7 } },
    {
      night: 2,
      acts: [{ by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 4 }, { by: 5, act: 'check', target: 3 }, { by: 3, act: 'check', target: 5 }],
      died: [4],
      results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }, { by: 3, act: 'check', target: 5, answer: 'yes' }],
    },
    { day: 2, nominations: [[3, 5], [6, 2]], votes: { 5: [1, 3, 6, 7, 9, 10] }, left: [5], by: 'vote', tally: { 2: 2, 5: 6 } },
    { night: 3, acts: [{ by: 2, act: 'kill', target: 3 }], died: [3], results: [] },
    { day: 3, nominations: [[6, 2]], left: [2], by: 'single', tally: null },
  ],
  bestMove: null,
};
