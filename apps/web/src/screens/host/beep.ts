/** The warning 10 s before a step's end: a short beep made with Web Audio (no sound asset). */
export const WARN_MS = 10_000;

/** Should the console beep now? Once, when the countdown crosses `warnMs` (not when it starts below it). */
export function shouldBeep(prevMs: number | null, ms: number | null, warnMs = WARN_MS): boolean {
  return prevMs !== null && ms !== null && prevMs > warnMs && ms <= warnMs && ms > 0;
}

type AudioCtor = new () => AudioContext;
let ctx: AudioContext | null = null;

/** A 0.25 s 880 Hz beep; silently nothing where Web Audio is missing (tests, old browsers). */
export function beep(): void {
  // Old Safari has only the prefixed constructor, which the DOM types do not know: both are optional here.
  const w: { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor } = globalThis;
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  if (!Ctor) return;
  try {
    ctx ??= new Ctor();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.3, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.26);
  } catch {
    // No sound is better than a broken console.
  }
}
