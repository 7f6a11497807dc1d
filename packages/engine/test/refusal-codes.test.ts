/** The exported catalogue of refusal codes holds exactly the codes the engine's sources can give. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES } from '@mafia/engine';

const SRC = join(__dirname, '..', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });

describe('REFUSAL_CODES', () => {
  it('the_catalogue_lists_every_fail_code_in_the_sources', () => {
    const found = new Set<string>();
    for (const f of files(SRC)) for (const m of readFileSync(f, 'utf8').matchAll(/\bfail\(\s*'([a-z0-9-]+)'/g)) found.add(m[1]!);
    expect(found.size).toBeGreaterThan(10);
    expect([...REFUSAL_CODES].sort()).toEqual([...found].sort());
  });
});
