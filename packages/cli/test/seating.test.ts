import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './runCli.js';

const run = (args: string[]) => runCli('seating', args);

describe('mafia seating', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints_each_games_tables_seats_1_to_10_and_the_qualities', async () => {
    const r = await run(['--players', '20', '--tables', '2', '--games', '10', '--seed', '7']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('20 players, 2 table(s), 10 game(s), seed 7');
    expect(lines[2]).toMatch(/^game table\s+1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+10$/);
    const rows = lines.filter((l) => /^\s*\d*\s+[12](\s+\d+){10}$/.test(l));
    expect(rows).toHaveLength(20);
    for (let g = 0; g < 10; g++) {
      const seated = [rows[2 * g]!, rows[2 * g + 1]!].flatMap((row) => row.trim().split(/\s+/).map(Number).slice(-10));
      expect(seated.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    expect(r.out).toMatch(/qualities: seats 100\.0%, opponents \d+\.\d%, tables \d+\.\d%/);
    expect(r.out).toMatch(/seat numbers: 0 repeat\(s\), 0 unavoidable/);
    expect(r.out).toMatch(/meetings: [3-7]–[3-7] per pair, mean 4\.74, std 1\.(0|1|2)\d\d \(floor 1\.116, random draw 1\.579\)/);
  });

  it('prints_one_json_document_with_the_games_as_player_numbers', async () => {
    const args = ['--players', '20', '--tables', '2', '--games', '10', '--apart', '1-2,3-4', '--json'];
    const r = await run(args);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    const doc = JSON.parse(lines[0]!);
    expect(Object.keys(doc)).toEqual(['players', 'tables', 'games', 'apart', 'seed', 'qualities']);
    expect(doc.seed).toBe('1');
    expect(doc.apart).toEqual([[1, 2], [3, 4]]);
    expect(doc.games).toHaveLength(10);
    for (const game of doc.games as number[][][]) {
      expect(game.map((t) => t.length)).toEqual([10, 10]);
      for (const [a, b] of doc.apart as [number, number][]) expect(game.some((t) => t.includes(a) && t.includes(b))).toBe(false);
    }
    expect(doc.qualities.seatRepeats).toBe(0);
    expect(doc.qualities.meetings.std).toBeLessThanOrEqual(1.4);
    expect(JSON.parse((await run(args)).out)).toEqual(doc);
  });

  it('bad_arguments_give_one_line_and_exit_2', async () => {
    const cases: [string[], RegExp][] = [
      [['--tables', '2', '--games', '10'], /missing --players/],
      [['--players', 'x', '--tables', '2', '--games', '10'], /--players must be a whole number/],
      [['--players', '20', '--tables', '21', '--games', '10'], /--tables must be from 1 to 20/],
      [['--players', '20', '--tables', '2', '--games', '0'], /--games must be from 1 to 100/],
      [['--players', '30', '--tables', '1', '--games', '3'], /would seat 30 at a table; at most 20/],
      [['--players', '20', '--tables', '2', '--games', '3', '--apart', '1-21'], /there is no player 21/],
      [['--players', '20', '--tables', '2', '--games', '3', '--apart', '4-4'], /cannot be kept apart from himself/],
      [['--players', '20', '--tables', '2', '--games', '3', '--apart', '1:2'], /--apart takes pairs like/],
      [['--players', '10', '--tables', '1', '--games', '3', '--apart', '1-2'], /--apart needs at least two tables/],
      [['--players', '20', '--tables', '2', '--games', '3', '--apart', '1-2,2-3,1-3'], /cannot be kept apart/],
      [['--players', '20', '--tables', '2', '--games', '3', '--bogus'], /unknown flag --bogus/],
      [['--players', '20', '--players', '20', '--tables', '2', '--games', '3'], /--players is given twice/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(message);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(/^mafia seating: /);
    }
  });
});
