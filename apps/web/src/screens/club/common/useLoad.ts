import { useCallback, useEffect, useState } from 'react';
import { asClubError } from './errors';
import type { ClubApiError } from '../../../net/clubApi';

/** GET once on mount (and when `deps` change); `reload` after a change. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ClubApiError | null>(null);
  const [tick, setTick] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    stable().then(
      (d) => live && (setData(d), setError(null)),
      (e: unknown) => live && setError(asClubError(e)),
    );
    return () => {
      live = false;
    };
  }, [stable, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, reload, setData };
}
