import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomState } from '../../net/client';
import { Button } from '../../ui';

export interface IdleBannerProps {
  readonly idle: RoomState['idle'];
  /** «Я здесь»: the person is back (RoomClient.back). */
  readonly onBack: () => void;
}

/** A short double beep through the Web Audio API (no file to load); silent where there is none. */
function beep(): void {
  const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    for (const at of [0, 0.25]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + at);
      osc.stop(ctx.currentTime + at + 0.15);
    }
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // A browser that refuses sound before a tap: the banner still says it.
  }
}

/**
 * Idle players (issue 26, point 4): this phone missed a required act or a vote. The first time it
 * warns (with a sound); from the room's limit on a bot plays the seat until the player taps «Я
 * здесь» (or acts). Only this seat is told: a missed night act is nobody else's business.
 */
export function IdleBanner({ idle, onBack }: IdleBannerProps) {
  const { t } = useTranslation('player');
  const heard = useRef(0);
  const misses = idle?.misses ?? 0;
  useEffect(() => {
    if (misses > heard.current) beep();
    heard.current = misses;
  }, [misses]);
  if (!idle || (!idle.standIn && idle.misses === 0)) return null;
  return (
    <div className="card error" role="alert" data-testid="idle-banner" data-stand-in={idle.standIn}>
      <p style={{ margin: 0 }}>{idle.standIn ? t('idle.standIn') : t('idle.warning', { count: idle.misses, limit: idle.limit })}</p>
      <Button variant="primary" block data-testid="idle-back" onClick={onBack}>
        {t('idle.back')}
      </Button>
    </div>
  );
}
