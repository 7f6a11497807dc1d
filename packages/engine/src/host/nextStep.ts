import type { Command } from '../game/commands.js';
import type { GameState } from '../model/state.js';

/**
 * The host's next step when the seats have had their say: the app-as-host (and the simulator)
 * moves the game on with it. Null when the game is over.
 */
export function nextHostCommand(s: GameState): Command | null {
  if (s.phase.kind === 'ended') return null;
  if (s.phase.kind === 'night') return END_NIGHT;
  switch (s.day?.stage) {
    case 'lastWords': return END_LAST_WORDS;
    case 'speeches':
    case 'defence': return END_SPEECH;
    case 'vote':
    case 'lift': return CLOSE_VOTE;
    case 'rake': {
      // The host decides for a Rake who does not choose: the first of his voters.
      const choice = s.day!.rakeChoice!;
      return { type: 'rakeTakes', by: choice.by, target: choice.among[0] };
    }
    default: return null;
  }
}

/**
 * R-HOST-2: what the app-as-host sends when the current step's timer runs out: `timeUp` ends the step
 * whatever it still waits for. Null when no step is running (the game is over).
 */
export function timeUpCommand(s: GameState): Command | null {
  if (s.phase.kind === 'ended') return null;
  if (s.phase.kind === 'night') return TIME_UP;
  const stage = s.day?.stage;
  return stage === undefined || stage === 'evening' ? null : TIME_UP;
}

/** The host's steps carry no data: one shared frozen command each. */
const END_NIGHT: Command = Object.freeze({ type: 'endNight' });
const END_LAST_WORDS: Command = Object.freeze({ type: 'endLastWords' });
const END_SPEECH: Command = Object.freeze({ type: 'endSpeech' });
const CLOSE_VOTE: Command = Object.freeze({ type: 'closeVote' });
const TIME_UP: Command = Object.freeze({ type: 'timeUp' });
