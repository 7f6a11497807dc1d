import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/language';
import { advance, beatOf, interrupts, lineText, type Beat, type NarratorInput } from './lines';
import { speechLang, type Speaker } from './speaker';

export interface NarratorOptions extends NarratorInput {
  /** RoomState.clockOffset (server − device). */
  readonly clockOffset: number;
  /** Speak (the narrator is on); the script is followed either way, so turning it on does not replay the past. */
  readonly on: boolean;
  /**
   * The connection has had its welcome (RoomState.you set). Before it the state is not the game's
   * yet: the first welcomed state is looked at silently, so a screen opened mid-game does not say
   * the phase it joins; one opened in the lobby says the start.
   */
  readonly ready?: boolean;
  /** Null where the browser has no speech synthesis: the lines are still shown. */
  readonly speaker: Speaker | null;
  /** How often the night step clock is read (ms). */
  readonly tickMs?: number;
  /** The device clock (tests). */
  readonly now?: () => number;
}

/**
 * Follows the game with the host's script (lines.ts): on every new state and every tick (a night
 * step changes with the time alone), the lines between the last moment and this one are said (when
 * `on`) and returned as the latest caption.
 */
export function useNarrator({ view, timer, log, clockOffset, ready = true, on, speaker, tickMs = 250, now = Date.now }: NarratorOptions): readonly string[] {
  const { t, i18n } = useTranslation('table');
  const prev = useRef<Beat | null>(null);
  const [caption, setCaption] = useState<readonly string[]>([]);
  const live = useRef({ on, speaker, t });
  live.current = { on, speaker, t };
  const lang = currentLanguage(i18n);

  useEffect(() => {
    if (speaker) speaker.lang = speechLang(lang);
  }, [speaker, lang]);

  useEffect(() => {
    const step = () => {
      if (!ready) return;
      const { lines, beat } = advance(prev.current, beatOf({ view, timer, log }, now() + clockOffset));
      prev.current = beat;
      if (lines.length === 0) return;
      const { on: speaking, speaker: sp, t: tr } = live.current;
      const texts = lines.map((l) => lineText(l, tr as (k: string, o?: Record<string, unknown>) => string));
      setCaption(texts);
      if (speaking && sp) sp.say(texts, interrupts(lines));
    };
    step();
    const id = setInterval(step, tickMs);
    return () => clearInterval(id);
  }, [view, timer, log, clockOffset, ready, tickMs, now]);

  return caption;
}
