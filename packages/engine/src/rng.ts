/**
 * Seeded PRNG (mulberry32). The whole generator state is one 32-bit number kept in the game
 * state, so the same seed and the same commands give the same game on any machine.
 */
export function nextRandom(state: number): [value: number, next: number] {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, next];
}

/** Turns any string or number into a 32-bit seed (FNV-1a over the text form). */
export function seedFrom(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Fisher–Yates shuffle driven by the seeded generator; returns the new generator state. */
export function shuffle<T>(items: T[], rngState: number): [T[], number] {
  const out = items.slice();
  let s = rngState;
  for (let i = out.length - 1; i > 0; i--) {
    // nextRandom(s) written out: no [value, next] pair per draw.
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    const j = Math.floor(r * (i + 1));
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return [out, s];
}
