import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayProtocol } from '@mafia/engine';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.js';
import { parseScoreArgs, standings } from '../src/score.js';
import { mafiaWin, table, townWin } from './fiimGames.js';

// The real command line, as a user runs it (the build ran before the tests: `npm test`), where a
// test feeds standard input; every other run is the same `main` in this process (its exit code,
// its stdout and stderr), without a Node start and the engine's load per run.
const BIN = fileURLToPath(new URL('../bin/mafia.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mafia-score-'));

async function mafia(args: string[], input?: string): Promise<{ code: number | null; out: string; err: string }> {
  if (input !== undefined) {
    const r = spawnSync(process.execPath, [BIN, 'score', ...args], { input, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => { out += String(c); return true; });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => { err += String(c); return true; });
  try {
    return { code: await main(['score', ...args]), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

function file(name: string, doc: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return p;
}

/**
 * Ten games. Anna plays all ten (seat 2, mafia, in the mafia wins; seat 1, town, in the town wins;
 * seat 3 in game 9, shot on night 2); Boris games 1–5 (shot in 1 and 2); Vera games 6–8 (shot in 6).
 * Game 10 goes in as a result file with names added, game 8 on standard input.
 */
const SERIES = [
  mafiaWin(table(1, { 2: 'Anna', 3: 'Boris' })),
  mafiaWin(table(2, { 2: 'Anna', 3: 'Boris' })),
  townWin(table(3, { 1: 'Anna', 2: 'Boris' })),
  townWin(table(4, { 1: 'Anna', 3: 'Boris' })),
  townWin(table(5, { 1: 'Anna', 4: 'Boris' })),
  mafiaWin(table(6, { 2: 'Anna', 3: 'Vera' })),
  townWin(table(7, { 1: 'Anna', 5: 'Vera' })),
  townWin(table(8, { 1: 'Anna', 6: 'Vera' })),
  mafiaWin(table(9, { 3: 'Anna' })),
  townWin(table(10, { 1: 'Anna' })),
];

function seriesArgs(): { args: string[]; input: string } {
  const files = SERIES.slice(0, 9).map((g, i) => (i === 7 ? '-' : file(`g${i + 1}.json`, g)));
  const replayed = replayProtocol(SERIES[9]);
  if (!replayed.ok) throw new Error(replayed.error.message);
  files.push(file('g10.result.json', { ...replayed.result, names: SERIES[9].names }));
  return { args: ['--preset', 'fiim', ...files], input: JSON.stringify(SERIES[7]) };
}

describe('mafia score (R-FIIM-16)', () => {
  it('adds_up_points_and_the_hand_computed_compensation_per_player', async () => {
    const { args, input } = seriesArgs();
    const r = await mafia([...args, '--json'], input);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.compensation).toEqual({ max: 0.4, share: 0.4 });
    expect(doc.games).toBe(10);
    const by = (name: string) => doc.players.find((p: { name: string }) => p.name === name);
    // Anna: 9 wins + best move 0.4; 1 of 10 marked: round(0.4·10) = 4, Ci = min(0.4, 0.4/4) = 0.1.
    expect(by('Anna')).toEqual({ name: 'Anna', games: 10, points: 9.4, marked: 1, ci: 0.1, total: 9.5 });
    // Boris: best moves 0.4 + 0.4, 2 town wins; 2 of 5 marked: round(2) = 2, Ci = min(0.4, 0.8/2) = 0.4.
    expect(by('Boris')).toEqual({ name: 'Boris', games: 5, points: 2.8, marked: 2, ci: 0.4, total: 3.2 });
    // Vera: best move 0.4, 1 town win; 1 of 3 marked: round(1.2) = 1, Ci = min(0.4, 0.4/1) = 0.4.
    expect(by('Vera')).toEqual({ name: 'Vera', games: 3, points: 1.4, marked: 1, ci: 0.4, total: 1.8 });
    // 10 games × 10 seats; sorted by total, best first.
    expect(doc.players.reduce((n: number, p: { games: number }) => n + p.games, 0)).toBe(100);
    const totals = doc.players.map((p: { total: number }) => p.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(doc.players[0].name).toBe('Anna');
  });

  it('prints_an_aligned_table_by_default', async () => {
    const { args, input } = seriesArgs();
    const r = await mafia(args, input);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s*#\s+player\s+games\s+points\s+marked\s+Ci\s+total$/);
    expect(lines[1]).toMatch(/^\s*1\s+Anna\s+10\s+9\.4\s+1\s+0\.1\s+9\.5$/);
    expect(r.out).toMatch(/\n\s*\d+\s+Boris\s+5\s+2\.8\s+2\s+0\.4\s+3\.2\n/);
    // Aligned: one number of decimals a column (0.1 and 0.4 need one), every row ends where the header does.
    expect(r.out).toMatch(/\s0\.0\s/);
    for (const l of lines) expect(l.length).toBe(lines[0].length);
  });

  it('takes_the_compensation_numbers_as_options', async () => {
    const { args, input } = seriesArgs();
    const doc = JSON.parse((await mafia([...args, '--ci-max', '0.3', '--ci-share=0.5', '--json'], input)).out);
    expect(doc.compensation).toEqual({ max: 0.3, share: 0.5 });
    const by = (name: string) => doc.players.find((p: { name: string }) => p.name === name);
    // Anna 1 of 10: round(5) = 5, 0.5/5 = 0.1; Boris 2 of 5: round(2.5) = 3, min(0.3, 1/3) = 0.3.
    expect(by('Anna').ci).toBe(0.1);
    expect(by('Boris').ci).toBe(0.3);
  });

  it('sorts_equal_totals_by_name_and_computes_ci_from_the_formula', async () => {
    const seat = (name: string, points: number, marked = false) => ({ name, points, marked });
    const games = [
      [seat('Bo', 1), seat('Al', 1, true)],
      [seat('Bo', 0.4), seat('Al', 0)],
      [seat('Bo', 0), seat('Al', 0)],
      [seat('Bo', 0), seat('Al', 0, true)],
    ];
    // Al: 2 of 4 marked: round(1.6) = 2, Ci = min(0.4, 0.8/2) = 0.4, total 1.4 = Bo's 1.4: Al first.
    expect(standings(games, { max: 0.4, share: 0.4 })).toEqual([
      { name: 'Al', games: 4, points: 1, marked: 2, ci: 0.4, total: 1.4 },
      { name: 'Bo', games: 4, points: 1.4, marked: 0, ci: 0, total: 1.4 },
    ]);
    // 1 of 4 marked: 0.4/2 = 0.2, under the cap.
    expect(standings([[seat('Cy', 0, true)], [seat('Cy', 0)], [seat('Cy', 0)], [seat('Cy', 0)]], { max: 0.4, share: 0.4 })[0].ci).toBe(0.2);
  });
});

describe('mafia score: errors exit 2 with a message naming the problem', () => {
  const ok = () => file('ok.json', SERIES[0]);

  async function refused(args: string[], input?: string) {
    const text = await mafia(args, input);
    expect(text.code).toBe(2);
    expect(text.out).toBe('');
    expect(text.err).not.toMatch(/at .*\.js:\d+/);
    const json = await mafia([...args, '--json'], input);
    expect(json.code).toBe(2);
    const { error } = JSON.parse(json.out);
    expect(error.message).toBe(text.err.replace(/^mafia score: /, '').trimEnd());
    return error;
  }

  it('refuses_a_preset_other_than_fiim_or_none', async () => {
    expect((await refused(['--preset', 'sport', ok()])).message).toMatch(/--preset must be fiim.*"sport"/);
    expect((await refused([ok()])).message).toMatch(/missing --preset/);
  });

  it('refuses_bad_arguments', async () => {
    expect((await refused(['--preset', 'fiim'])).message).toMatch(/no files to score/);
    expect((await refused(['--preset', 'fiim', '--ci-max', 'much', ok()])).message).toMatch(/--ci-max must be a number from 0 to 10, got "much"/);
    expect((await refused(['--preset', 'fiim', '--ci-share', '0', ok()])).message).toMatch(/--ci-share must be a number above 0 to 1/);
    expect((await refused(['--preset', 'fiim', '--ci-share', '1.5', ok()])).message).toMatch(/--ci-share/);
    expect((await refused(['--preset', 'fiim', '--colour', 'red', ok()])).message).toMatch(/unknown flag --colour/);
    expect((await refused(['--preset', 'fiim', '-x', ok()])).message).toMatch(/unknown flag -x/);
    expect((await refused(['--preset', 'fiim', '-', '-'], '{}')).message).toMatch(/standard input \(-\) can be read only once/);
    expect((await refused(['--preset', 'fiim', ok(), ok()])).message).toMatch(/ok\.json is given twice/);
    expect((await refused(['--preset', 'fiim', ok(), '--ci-max'])).message).toMatch(/--ci-max needs a value/);
  });

  it('names_an_unreadable_or_unparsable_file', async () => {
    const missing = join(dir, 'nope.json');
    const e = await refused(['--preset', 'fiim', ok(), missing]);
    expect(e).toMatchObject({ code: 'unreadable-file', file: missing });
    expect(e.message).toMatch(/cannot read .*nope\.json: no such file/);
    const bad = file('bad.json', '{"format": "mafia-protocol/1",');
    expect((await refused(['--preset', 'fiim', bad])).message).toMatch(/bad\.json is not valid JSON/);
    expect((await refused(['--preset', 'fiim', '-'], '[1]')).message).toMatch(/^standard input: expected a JSON object/);
    expect((await refused(['--preset', 'fiim', file('fmt.json', { format: 'mafia-game/2' })])).message).toMatch(/fmt\.json: format must be/);
  });

  it('refuses_a_protocol_of_another_preset_or_without_names', async () => {
    const sport = file('sport.json', { ...SERIES[0], preset: 'sport' });
    expect((await refused(['--preset', 'fiim', sport])).message).toMatch(/sport\.json: the protocol's preset is "sport"; only fiim/);
    const { names: _names, ...nameless } = SERIES[0];
    const e = await refused(['--preset', 'fiim', file('nameless.json', nameless)]);
    expect(e).toMatchObject({ code: 'no-names' });
    expect(e.message).toMatch(/nameless\.json: the protocol has no "names": players cannot be matched/);
    const short = await refused(['--preset', 'fiim', file('short.json', { ...SERIES[0], names: ['Anna'] })]);
    expect(short.message).toMatch(/short\.json: "names" must be an array of 10 names/);
    const twice = await refused(['--preset', 'fiim', file('twice.json', { ...SERIES[0], names: table(0, { 4: 'Dan' }) })]);
    expect(twice.message).toMatch(/both named "Dan"/);
  });

  it('names_the_file_the_rule_and_the_path_of_a_protocol_breaking_a_rule (R-NIGHT-2, R-FIIM-1)', async () => {
    const game = SERIES[0];
    const early = { ...game, steps: [{ night: 1, acts: [{ by: 2, act: 'kill', target: 4 }] }] };
    const e = await refused(['--preset', 'fiim', file('early.json', early)]);
    expect(e.file).toMatch(/early\.json$/);
    expect(e.path).toBe('steps[0].acts[0]');
    expect(e.rule).toMatch(/^R-/);
    expect(e.message).toMatch(/early\.json: steps\[0\]\.acts\[0\]: /);
  });

  it('refuses_an_unfinished_game_and_results_it_cannot_score', async () => {
    const open = { ...SERIES[0], steps: SERIES[0].steps.slice(0, 2) };
    expect((await refused(['--preset', 'fiim', file('open.json', open)])).message).toMatch(/open\.json: the game is not over/);
    const replayed = replayProtocol(SERIES[0]);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const result = replayed.result;
    expect((await refused(['--preset', 'fiim', file('r1.json', result)])).message).toMatch(/r1\.json: a result carries no player names: add a top-level "names"/);
    const { tournamentScores: _t, ...sport } = result;
    expect((await refused(['--preset', 'fiim', file('r2.json', { ...sport, names: SERIES[0].names })])).message).toMatch(/r2\.json: the result has no "tournamentScores"/);
    const broken = { ...result, names: SERIES[0].names, tournamentScores: { ...result.tournamentScores, 4: 'x' } };
    expect((await refused(['--preset', 'fiim', file('r3.json', broken)])).message).toMatch(/r3\.json: tournamentScores must give a number .* seat 4/);
    const marks = { ...result, names: SERIES[0].names, shotFirstNight: [11] };
    expect((await refused(['--preset', 'fiim', file('r4.json', marks)])).message).toMatch(/r4\.json: shotFirstNight must be an array of seats from 1 to 10/);
  });

  it('parses_its_arguments', async () => {
    expect(parseScoreArgs(['--preset=fiim', 'a.json', '-'])).toEqual({ files: ['a.json', '-'], compensation: { max: 0.4, share: 0.4 }, json: false });
  });
});

describe('mafia score: the documented series (docs/cli.md, docs/presets/fiim.md)', () => {
  it('gives_the_standings_the_docs_show (R-FIIM-16)', async () => {
    const files = [1, 2, 3, 4, 5].map((n) => fileURLToPath(new URL(`../../../docs/examples/fiim-series/game${n}.json`, import.meta.url)));
    const r = await mafia(['--preset', 'fiim', ...files]);
    expect(r.code).toBe(0);
    const rows = r.out.trimEnd().split('\n');
    expect(rows).toHaveLength(13);
    // Boris: 2 of 5 marked, round(2) = 2: 0.8/2 = 0.4; Vera: 1 of 4, round(1.6) = 2: 0.4/2 = 0.2.
    expect(rows[2]).toBe(' 2  Boris       5     2.8       2  0.4    3.2');
    expect(rows[4]).toBe(' 4  Vera        4     2.4       1  0.2    2.6');
    // Ilya: his town won game 2 (+1) but 4 fouls removed him (−0.5); Anna: +0.3 extra points in game 4.
    expect(rows[9]).toBe(' 9  Ilya        4     1.5       0  0.0    1.5');
    expect(rows[1]).toBe(' 1  Anna        5     3.3       0  0.0    3.3');
  });
});
