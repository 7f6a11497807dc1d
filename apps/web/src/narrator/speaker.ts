/**
 * A thin wrapper around the browser's speech synthesis (window.speechSynthesis): a queue of lines in
 * one language (ru-RU or en-US, the UI language), a voice chosen for it, cancel (a new night step or
 * phase drops what is still queued), mute, and the unlock a browser needs (speech is blocked until a
 * user gesture: the "tap to enable sound" button calls `unlock()` from its click).
 *
 * The synthesis and the utterance class are injected, so tests drive it with fakes.
 */

/** The part of SpeechSynthesis this uses. */
export interface SynthLike {
  speak(u: UtteranceLike): void;
  cancel(): void;
  getVoices(): readonly VoiceLike[];
}
export interface VoiceLike {
  readonly lang: string;
  readonly name: string;
  readonly localService?: boolean;
  readonly default?: boolean;
}
export interface UtteranceLike {
  text: string;
  lang: string;
  voice: unknown;
  rate: number;
}
export type UtteranceFactory = (text: string) => UtteranceLike;

export type SpeechLang = 'ru-RU' | 'en-US';

export function speechLang(lang: 'ru' | 'en'): SpeechLang {
  return lang === 'ru' ? 'ru-RU' : 'en-US';
}

/**
 * The voice for `lang`: an exact match (ru-RU) before one of the same language (ru, ru_RU), a local
 * one before a network one, the platform's default first among equals; null when there is none (the
 * utterance's `lang` then lets the browser choose).
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], lang: SpeechLang): V | null {
  const norm = (l: string) => l.replace('_', '-').toLowerCase();
  const want = lang.toLowerCase();
  const base = want.slice(0, 2);
  const score = (v: V) => {
    const l = norm(v.lang);
    if (l !== want && l.slice(0, 2) !== base) return -1;
    return (l === want ? 4 : 0) + (v.localService ? 2 : 0) + (v.default ? 1 : 0);
  };
  let best: V | null = null;
  let bestScore = -1;
  for (const v of voices) {
    const s = score(v);
    if (s > bestScore) [best, bestScore] = [v, s];
  }
  return best;
}

/** The browser's synthesis, or null where there is none (old browsers, tests, the server). */
export function browserSpeech(): { synth: SynthLike; utterance: UtteranceFactory } | null {
  const g = globalThis as { speechSynthesis?: SynthLike; SpeechSynthesisUtterance?: new (text: string) => UtteranceLike };
  if (!g.speechSynthesis || !g.SpeechSynthesisUtterance) return null;
  const U = g.SpeechSynthesisUtterance;
  return { synth: g.speechSynthesis, utterance: (text) => new U(text) };
}

export class Speaker {
  private muted = false;
  private unlocked = false;
  lang: SpeechLang = 'en-US';
  /** Speaking rate: a host speaks slowly and clearly. */
  rate = 0.95;

  constructor(private readonly synth: SynthLike, private readonly utterance: UtteranceFactory) {}

  get isUnlocked(): boolean {
    return this.unlocked;
  }

  get isMuted(): boolean {
    return this.muted;
  }

  /** Call from a click: a browser lets speech start only from a user gesture. `text` is said at once (e.g. "sound on"). */
  unlock(text = ''): void {
    this.unlocked = true;
    this.speakOne(text);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (muted) this.synth.cancel();
  }

  /** Queues `texts`; `interrupt` first drops whatever is still being said or queued. */
  say(texts: readonly string[], interrupt = false): void {
    if (this.muted || !this.unlocked) return;
    if (interrupt) this.synth.cancel();
    for (const t of texts) this.speakOne(t);
  }

  cancel(): void {
    this.synth.cancel();
  }

  private speakOne(text: string): void {
    const u = this.utterance(text);
    u.lang = this.lang;
    u.rate = this.rate;
    const voice = pickVoice(this.synth.getVoices(), this.lang);
    if (voice) u.voice = voice;
    this.synth.speak(u);
  }
}
