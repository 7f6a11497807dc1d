import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the button that ends a step stays dead after a tap: longer than a double tap. */
export const LOCKOUT_MS = 700;

/**
 * A short lockout for the big button that ends a step (host console, phones): after a tap it is
 * disabled for `ms`, so the second tap of a double tap cannot end the step that follows (its label
 * changes in place meanwhile). Returns whether it is locked and a `guard` that wraps the handler.
 */
export function useLockout(ms: number = LOCKOUT_MS): { locked: boolean; guard: (f: () => void) => () => void } {
  const [locked, setLocked] = useState(false);
  const until = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const guard = useCallback(
    (f: () => void) => () => {
      const now = Date.now();
      if (now < until.current) return;
      until.current = now + ms;
      setLocked(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setLocked(false), ms);
      f();
    },
    [ms],
  );
  return { locked, guard };
}
