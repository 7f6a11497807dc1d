#!/usr/bin/env node
// Thin launcher so the bin exists before the TypeScript build (npm links bins before `prepare`).
import('../dist/main.js').then((m) => m.main(process.argv.slice(2))).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`mafia: internal error: ${err && err.message ? err.message : String(err)}\n`); process.exitCode = 1; },
);
