import { nextRandom, seedFrom } from '@mafia/engine';

/** The engine's seeded mulberry32 generator as a small stateful object (pure: same seed, same draws). */
export class SeededRandom {
  private state: number;

  constructor(seed: string | number) {
    this.state = seedFrom(seed);
  }

  /** A number in [0, 1). */
  next(): number {
    const [value, state] = nextRandom(this.state);
    this.state = state;
    return value;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    return out;
  }
}
