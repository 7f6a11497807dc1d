/**
 * The day's lines of the narrator and the table screen: each leaving player's last word is called in turn;
 * the emergency day is announced; plural forms; the table names the last word's speaker and the queue.
 */
import { createGame, project, seatNo, type GameView } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { beatOf, lineText, linesBetween } from '../src/narrator/lines';
import { tableModel } from '../src/screens/table/model';
import { wordsOf } from './typed';

type Day = NonNullable<GameView['day']>;

/** Day 1 of a classic table as a spectator sees it, with the day changed as given. */
function day(change: Partial<Day>): GameView {
  const made = createGame({ preset: 'classic', players: 10, seed: 1, options: { firstNight: 'introduction' } });
  if (!made.ok) throw new Error(made.error.message);
  const v = project(made.game.state, { kind: 'spectator' });
  const base: Day = {
    n: 1, stage: 'speeches', speaker: seatNo(1), round: 0, candidates: [], nominations: [], ballots: [], lift: [], lastWords: [], tally: null, left: [], emergency: false,
    voteCancelled: false, rakeChoice: null, circle: null, blood: [], dyingNote: null,
  };
  return { ...v, phase: { kind: 'day', n: 1 }, day: { ...base, ...(v.day ?? {}), ...change } as Day };
}

const t = () => {
  return wordsOf(createI18n(), 'ru', 'table');
};

describe('narrator and table, day lines', () => {
  it('each_last_word_is_called_in_turn', () => {
    const first = beatOf({ view: day({ stage: 'lastWords', lastWords: [4 as never, 7 as never], speaker: null }), timer: null }, 0);
    const second = beatOf({ view: day({ stage: 'lastWords', lastWords: [7 as never], speaker: null }), timer: null }, 0);
    expect(linesBetween(first, second)).toEqual([{ key: 'lastWords', seats: [7] }]);
  });

  it('the_emergency_day_is_announced_as_it_begins', () => {
    const night = { ...beatOf({ view: day({}), timer: null }, 0), phase: 'night' as const, n: 1, stage: null, step: -1 };
    const emergency = beatOf({ view: { ...day({ emergency: true }), phase: { kind: 'day', n: 2 } }, timer: null }, 0);
    const lines = linesBetween(night, emergency);
    expect(lines.map((l) => l.key)).toContain('emergency');
    expect(lineText({ key: 'emergency' }, t())).toContain('Чрезвычайная ситуация');
  });

  it('nominees_take_the_plural_form', () => {
    expect(lineText({ key: 'nominees', seats: [5] }, t())).toBe('На голосование выставлен игрок 5');
    expect(lineText({ key: 'nominees', seats: [5, 7] }, t())).toBe('На голосование выставлены игроки 5, 7');
  });

  it('the_table_names_the_last_word_and_the_queue', () => {
    const m = tableModel({ view: day({ stage: 'lastWords', lastWords: [4 as never, 7 as never], speaker: null }), timer: null, log: [] }, 0);
    expect(m.speaker).toBe(4);
    expect(m.lastWords).toEqual([4, 7]);
    expect(tableModel({ view: day({ emergency: true }), timer: null, log: [] }, 0).emergency).toBe(true);
  });
});
