import { describe, expect, it } from 'vitest';
import { pickVoice, Speaker, speechLang, type SynthLike, type UtteranceLike, type VoiceLike } from '../src/narrator/speaker.js';

class FakeSynth implements SynthLike {
  spoken: UtteranceLike[] = [];
  cancels = 0;
  voices: VoiceLike[] = [];
  speak(u: UtteranceLike): void {
    this.spoken.push(u);
  }
  cancel(): void {
    this.cancels++;
    this.spoken = [];
  }
  getVoices(): readonly VoiceLike[] {
    return this.voices;
  }
}
const utterance = (text: string): UtteranceLike => ({ text, lang: '', voice: null, rate: 1 });

describe('the speaker (speechSynthesis wrapper)', () => {
  it('picks a voice for the UI language: exact region first, then local, then default', () => {
    const voices = [
      { name: 'en', lang: 'en-US', localService: true, default: true },
      { name: 'ru-net', lang: 'ru-RU', localService: false },
      { name: 'ru-local', lang: 'ru-RU', localService: true },
      { name: 'ru-ua', lang: 'ru_UA', localService: true, default: true },
    ];
    expect(pickVoice(voices, 'ru-RU')?.name).toBe('ru-local');
    expect(pickVoice(voices.slice(3), 'ru-RU')?.name).toBe('ru-ua');
    expect(pickVoice(voices, 'en-US')?.name).toBe('en');
    expect(pickVoice([{ name: 'de', lang: 'de-DE' }], 'ru-RU')).toBeNull();
    expect(speechLang('ru')).toBe('ru-RU');
    expect(speechLang('en')).toBe('en-US');
  });

  it('stays silent until a user gesture unlocks it, then queues lines in its language', () => {
    const synth = new FakeSynth();
    synth.voices = [{ name: 'Milena', lang: 'ru-RU' }];
    const s = new Speaker(synth, utterance);
    s.lang = 'ru-RU';
    s.say(['Город засыпает']);
    expect(synth.spoken).toEqual([]);
    s.unlock('Звук включён');
    s.say(['Город засыпает', 'Просыпается мафия']);
    expect(synth.spoken.map((u) => u.text)).toEqual(['Звук включён', 'Город засыпает', 'Просыпается мафия']);
    expect(synth.spoken.every((u) => u.lang === 'ru-RU' && (u.voice as VoiceLike).name === 'Milena')).toBe(true);
  });

  it('a new step cancels what is still queued; muted it says nothing', () => {
    const synth = new FakeSynth();
    const s = new Speaker(synth, utterance);
    s.unlock();
    s.say(['Ваше слово, игрок 3']);
    s.say(['Мафия засыпает', 'Просыпается Дон'], true);
    expect(synth.cancels).toBe(1);
    expect(synth.spoken.map((u) => u.text)).toEqual(['Мафия засыпает', 'Просыпается Дон']);
    s.setMuted(true);
    expect(synth.spoken).toEqual([]);
    s.say(['Дон засыпает']);
    expect(synth.spoken).toEqual([]);
    s.setMuted(false);
    s.say(['Дон засыпает']);
    expect(synth.spoken.map((u) => u.text)).toEqual(['Дон засыпает']);
  });
});
