import { Latencies, Tally } from '@mafia/cli/tools';
import { freshAddress, sleep } from './net.js';
import { playTable, type TableTally } from './tables.js';

/**
 * Honest rooms that play bot games for as long as the attacks last, each from its own address:
 * their command → broadcast latency is the figure "honest rooms' p99 during the attacks". A room
 * whose game ends starts another (at most `maxGames` in all), so the attacks always meet live games.
 */
/** Every sample, and a copy into the latencies of the attack running now: which attack makes the tail. */
class StagedLatencies extends Latencies {
  stage = new Latencies();
  override add(ms: number): void {
    super.add(ms);
    this.stage.add(ms);
  }
}

export class HonestTraffic {
  private readonly staged = new StagedLatencies();
  readonly tally: TableTally = { latencies: this.staged, refused: new Tally(), errors: new Tally(), counters: { messages: 0, commands: 0 } };
  games = 0;
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly o: { port: number; rooms: number; step: number; thinkMs: number; maxGames: number; log: (s: string) => void }) {}

  /** Starts a new attack's share of the samples; returns the last one's. */
  nextStage(): Latencies {
    const last = this.staged.stage;
    this.staged.stage = new Latencies();
    return last;
  }

  start(): void {
    this.loops = Array.from({ length: this.o.rooms }, (_, k) => this.loop(k));
  }

  private async loop(k: number): Promise<void> {
    await sleep(k * 300);
    while (!this.stopped && this.games < this.o.maxGames) {
      try {
        const played = await playTable({ port: this.o.port, from: freshAddress(), preset: 'classic', step: this.o.step, thinkMs: this.o.thinkMs, timeoutMs: 600_000, tally: this.tally, log: this.o.log });
        if (played.finished) this.games++;
      } catch (e) {
        this.tally.errors.add(`honest room: ${e instanceof Error ? e.message.slice(0, 120) : String(e)}`);
        await sleep(1000);
      }
    }
  }

  /** Stops starting games and waits (bounded) for the running ones to end. */
  async stop(waitMs: number): Promise<void> {
    this.stopped = true;
    await Promise.race([Promise.all(this.loops), sleep(waitMs)]);
  }
}
