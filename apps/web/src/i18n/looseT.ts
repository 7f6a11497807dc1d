import type { Namespace, TFunction } from 'i18next';

/**
 * A translate function for keys made at run time (`timer.kind.${kind}`, `act.names.${act}`), which
 * the typed keys of i18next.d.ts cannot check. A missing key comes back as itself, as i18next does.
 */
export type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** `t` of useTranslation as a Tx: the key is also its own default value, so no cast is needed. */
export function looseT<N extends Namespace>(t: TFunction<N>): Tx {
  return (key, opts) => String(t(key, key, opts ?? {}));
}
