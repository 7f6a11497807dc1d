import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { browserSpeech, Speaker, speechLang } from '../../narrator/speaker';
import { Button } from '../../ui';

/**
 * The human host's console speaks its lines with the app host's voice (the table screen's Speaker),
 * behind a switch. Off by default: a host who reads aloud himself must not be talked over; the
 * choice is kept on this device (localStorage), as a host keeps his own console.
 */
export const VOICE_KEY = 'mafia.hostVoice';

export interface HostVoice {
  readonly on: boolean;
  readonly supported: boolean;
  /** Speech has been allowed by a tap on this page (a browser blocks it until then). */
  readonly unlocked: boolean;
  toggle(): void;
  unlock(): void;
}

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(VOICE_KEY) === 'on';
  } catch {
    return false;
  }
}

function store(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(VOICE_KEY, on ? 'on' : 'off');
  } catch {
    // A browser that refuses storage (private mode) keeps the choice for this page only.
  }
}

/**
 * Says the lines that are new since the last render (a line still shown is not said again); a new
 * first line is a new moment, so what is still queued from before is dropped. `given`: a speaker
 * (tests); otherwise the browser's, or none where it has no speech synthesis.
 */
export function useHostVoice(texts: readonly string[], given?: Speaker | null): HostVoice {
  const { i18n } = useTranslation();
  const speaker = useMemo(() => {
    if (given !== undefined) return given;
    const b = browserSpeech();
    return b ? new Speaker(b.synth, b.utterance) : null;
  }, [given]);
  const [on, setOn] = useState(stored);
  const [unlocked, setUnlocked] = useState(() => speaker?.isUnlocked ?? false);
  const said = useRef<readonly string[]>(texts);
  const lang = currentLanguage(i18n);
  if (speaker) speaker.lang = speechLang(lang);
  const key = texts.join('\n');

  useEffect(() => {
    const before = said.current;
    said.current = texts;
    if (!on || !speaker) return;
    const fresh = texts.filter((x) => !before.includes(x));
    if (fresh.length > 0) speaker.say(fresh, before[0] !== texts[0]);
    // `key` stands for `texts`: a new array with the same lines is no change.
  }, [key, on, speaker]);

  const toggle = () => {
    const next = !on;
    setOn(next);
    store(next);
    if (!speaker) return;
    speaker.setMuted(!next);
    // The tap is a user gesture: speech is unlocked by it and the current lines are said at once.
    if (next) unlock();
  };
  const unlock = () => {
    if (!speaker) return;
    if (!speaker.isUnlocked) speaker.unlock();
    setUnlocked(true);
    speaker.say(texts, true);
  };
  return { on, supported: speaker !== null, unlocked, toggle, unlock };
}

type Tx = (key: string, opts?: Record<string, unknown>) => string;

export function VoiceSwitch({ t, voice }: { readonly t: Tx; readonly voice: HostVoice }) {
  if (!voice.supported) return null;
  return (
    <div className="row" style={{ gap: 8 }}>
      {/* The label is the touch target: a full 48 px row, as every control of the console. */}
      <label className="row" style={{ gap: 8, minHeight: 48 }} title={t('voice.hint')}>
        <input type="checkbox" data-testid="host-voice" checked={voice.on} onChange={voice.toggle} />
        <span>{t('voice.on')}</span>
      </label>
      {/* Kept on from an earlier visit: the browser still wants one tap on this page. */}
      {voice.on && !voice.unlocked ? (
        <Button data-testid="host-voice-unlock" onClick={voice.unlock}>
          {t('voice.unlock')}
        </Button>
      ) : null}
    </div>
  );
}
