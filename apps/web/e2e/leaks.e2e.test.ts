/**
 * The hidden-information checker the full game relies on (harness.ts findLeaks): it must find a
 * role where one is shown, and stay quiet where the page shows only what the viewer may know.
 */
import { describe, expect, it } from 'vitest';
import { findLeaks, mentions, ROLE_NAMES, type DomSnapshot, type SeatFacts } from './harness';

const all: SeatFacts[] = [
  { seat: 1, name: 'Анна', role: 'civilian', alive: true },
  { seat: 2, name: 'Борис', role: 'don', alive: true },
  { seat: 3, name: 'Вера', role: 'commissar', alive: true },
  { seat: 4, name: 'Глеб', role: 'mafia', alive: false },
];
const me = all[0]!;
const snap = (p: Partial<DomSnapshot>): DomSnapshot => ({ url: 'x', text: '', dataRoles: [], seats: [], small: [], ...p });

describe('findLeaks', () => {
  it('knows every role name in both languages', () => {
    expect(ROLE_NAMES.don).toEqual(expect.arrayContaining(['Don', 'Дон']));
    expect(ROLE_NAMES.commissar).toEqual(expect.arrayContaining(['Commissar', 'Комиссар']));
  });

  it('matches role names as words only', () => {
    expect(mentions('Seat 2, Don', 'Don')).toBe(true);
    expect(mentions('Done', 'Don')).toBe(false);
    expect(mentions('Место 2 · Дон', 'Дон')).toBe(true);
    expect(mentions('Донна', 'Дон')).toBe(false);
    expect(mentions('Мафия просыпается', 'мафия')).toBe(true);
  });

  it('passes a page that shows only the viewer’s own role and the public dead card', () => {
    const page = snap({
      dataRoles: ['civilian'],
      seats: [
        { n: 1, text: 'Место 1, Анна, Мирный житель' },
        { n: 2, text: 'Место 2, Борис' },
        { n: 4, text: 'Место 4, Глеб, Мафия, выбыл' },
      ],
      small: ['Анна · Мирный житель', 'Глеб — Мафия', 'Мафия и Дон просыпаются', 'Борис выставил Веру'],
    });
    expect(findLeaks(page, me, all, { publicDead: true })).toEqual([]);
  });

  it('finds another seat’s role on a seat button, in a data-role, or next to his name', () => {
    expect(findLeaks(snap({ seats: [{ n: 2, text: 'Место 2, Борис, Дон' }] }), me, all, { publicDead: true })).toHaveLength(1);
    expect(findLeaks(snap({ seats: [{ n: 3, text: 'Seat 3 Commissar' }] }), me, all, { publicDead: true })).toHaveLength(1);
    expect(findLeaks(snap({ dataRoles: ['commissar'] }), me, all, { publicDead: true })).toHaveLength(1);
    expect(findLeaks(snap({ small: ['Вера (Комиссар)'] }), me, all, { publicDead: true })).toHaveLength(1);
    // A dead player's card is secret when the preset does not show it.
    expect(findLeaks(snap({ small: ['Глеб — Мафия'] }), me, all, { publicDead: false })).toHaveLength(1);
    // The mafia know each other.
    expect(findLeaks(snap({ small: ['Глеб — Мафия'] }), all[1]!, all, { publicDead: false, knows: [4] })).toEqual([]);
  });
});
