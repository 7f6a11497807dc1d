// `npm test`: the build, the import rules, the unit tests, the end-to-end tests and the rules
// coverage, one after another, stopping at the first that fails; each stage's wall time is printed as it ends and all
// of them at the close, so a slow CI run shows where its minutes went (issue 25).
import { spawnSync } from 'node:child_process';

const stages = [
  ['build', 'npm run build'],
  // dependency-cruiser with .dependency-cruiser.cjs (issue 25 item 3): no import cycle (type imports
  // included), no package importing an app, no web import of server code, every imported workspace
  // listed in its importer's package.json. It reads the other workspaces' built types, so it runs
  // after the build; it is cheap (well under a minute), so it runs before the tests. Each violation
  // is one line naming its rule and the import chain.
  ['import rules', 'npx --no-install depcruise --config .dependency-cruiser.cjs --output-type err packages/*/src apps/*/src'],
  ['unit tests', 'npx --no-install vitest run'],
  ['end-to-end tests', 'npm run test:e2e'],
  ['rules coverage', 'npm run rules:coverage'],
];

const took = [];
const summary = () => took.map(([name, s, ok]) => `  ${name.padEnd(18)} ${s.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`).join('\n');
for (const [name, command] of stages) {
  const t0 = process.hrtime.bigint();
  const run = spawnSync(command, { stdio: 'inherit', shell: true });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const ok = run.status === 0;
  took.push([name, s, ok]);
  console.log(`\n[npm test] ${name}: ${s.toFixed(1)} s${ok ? '' : ' — failed'}`);
  if (!ok) {
    console.log(`\n[npm test] time per stage:\n${summary()}`);
    process.exit(run.status ?? 1);
  }
}
const total = took.reduce((a, [, s]) => a + s, 0);
console.log(`\n[npm test] time per stage:\n${summary()}\n  ${'total'.padEnd(18)} ${total.toFixed(1).padStart(7)} s`);
