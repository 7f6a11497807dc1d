import type { GameView, Pending } from '@mafia/engine';

/** What a tap on the main seat grid means now. */
export type GridMode = 'night' | 'speech' | 'vote' | 'lift' | 'rake' | 'bestMove' | 'none';

export function modeOf(view: GameView | null, pending: readonly Pending[] = []): GridMode {
  if (!view) return 'none';
  if (view.phase.kind === 'night') return 'night';
  if (view.phase.kind !== 'day' || !view.day) return 'none';
  if (view.day.stage === 'lastWords' && pending.some((p) => p.kind === 'bestMove')) return 'bestMove';
  switch (view.day.stage) {
    case 'rake':
      return 'rake';
    case 'speeches':
      return 'speech';
    case 'vote':
      return 'vote';
    case 'lift':
      return 'lift';
    default:
      return 'none';
  }
}
