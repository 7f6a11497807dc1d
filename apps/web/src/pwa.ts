/**
 * The service worker (public/sw.js: the app shell, never /api or /ws), registered in production
 * builds only: in `vite dev` a cached shell would hide the code being edited.
 */
export interface PwaEnv {
  readonly prod: boolean;
  readonly navigator?: { serviceWorker?: { register(url: string, o?: { scope?: string }): Promise<unknown> } };
  readonly window?: { addEventListener(type: 'load', f: () => void): void };
}

/** Returns whether it will register (after the page's load event, so it never delays the first paint). */
export function registerServiceWorker(env: PwaEnv = { prod: import.meta.env.PROD, navigator: globalThis.navigator, window: globalThis.window }): boolean {
  const sw = env.navigator?.serviceWorker;
  if (!env.prod || !sw || !env.window) return false;
  env.window.addEventListener('load', () => {
    sw.register('/sw.js', { scope: '/' }).catch(() => {
      // no service worker (private mode, http): the app works without it
    });
  });
  return true;
}
