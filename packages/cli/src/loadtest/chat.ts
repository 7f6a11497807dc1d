import type { ChatLine, ChatWriter } from './botClient.js';

/** What the load test's players write: a table's talk, of ordinary length (30–80 characters). */
const LINES = [
  'Я мирный, давайте голосовать за {s}',
  'Не верю {s}: слишком уверенно говорил',
  '{s}, почему ты выставил соседа?',
  'I am town. {s} was quiet all night, vote with me',
  'Listen to {s}: the story does not add up',
  'Ок, поддерживаю',
];

/**
 * The load test's chat (`--chat`, issue 26): a living player writes a line in the day chat about
 * every `everyMs` while it is day, and nothing at night or once he is out. The first line of each
 * player comes at a random moment of the first period, so a table does not write in lockstep. A
 * writer is asked on a timer of its own (BotClient `chatEveryMs`: the game's frames do not set the
 * chat's pace); a due time that fell behind by a whole period (a night) starts afresh instead of
 * writing the missed lines at once.
 */
export function dayChat(seat: number, everyMs: number): ChatWriter {
  let due: number | null = null;
  let n = seat;
  return (view, now): readonly ChatLine[] => {
    if (view.phase.kind !== 'day' || view.me?.alive !== true) return [];
    due ??= now + Math.random() * everyMs;
    if (now < due) return [];
    due = now - due < everyMs ? due + everyMs : now + everyMs;
    const other = ((seat + n) % view.seats.length) + 1;
    return [{ channel: 'day', text: LINES[n++ % LINES.length].replace('{s}', String(other)) }];
  };
}
