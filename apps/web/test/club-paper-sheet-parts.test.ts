import { presetOf, replayProtocol } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { checkSheet } from '../src/screens/club/protocolForm/check';
import { emptyDay, emptyNight, emptySheet, nextStep, type SheetDraft } from '../src/screens/club/protocolForm/draft';
import { fromProtocol } from '../src/screens/club/protocolForm/fromProtocol';

const NAMES = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир', 'Лев', 'Мила'];
const MEMBERS = new Set(NAMES);
const sheetOf = (preset: string, players: number, header?: SheetDraft['header']): SheetDraft => {
  const s = emptySheet(preset, [...(presetOf(preset as never)!.composition(players) ?? [])]);
  return { ...s, seats: s.seats.map((x, k) => ({ ...x, name: NAMES[k]! })), ...(header ? { header } : {}) };
};
/** The sheet's protocol replayed by the rules (the sheet must have no error). */
function replayed(sheet: SheetDraft) {
  const c = checkSheet(sheet, MEMBERS);
  expect([...c.errors]).toEqual([]);
  const r = replayProtocol(c.compiled.protocol);
  if (!r.ok) throw new Error(r.error.code);
  return { protocol: c.compiled.protocol as { steps: Record<string, unknown>[]; modifications?: unknown }, result: r.result, checked: c };
}

describe('the score sheet\'s new parts as protocols (issue 24 point 4)', () => {
  it('a_guess_is_written_with_the_role_named_and_answered_right_or_wrong', () => {
    // piter, 12 seats: the Don on 1, the Beauty on 2, the Commissar on 4, the Doctor on 5.
    const base = sheetOf('piter', 12);
    const guess = (target: string, role: string): SheetDraft => ({
      ...base,
      steps: [emptyNight(1), emptyDay(1), { ...emptyNight(2), others: [{ by: '2', act: 'guess', target, target2: '', role }] }],
    });
    const right = replayed(guess('4', 'commissar'));
    expect(right.protocol.steps[2]!.acts).toEqual([{ by: 2, act: 'guess', target: 4, role: 'commissar' }]);
    expect(right.result.timeline[2]).toEqual({ night: 2, died: [4], results: [{ by: 2, act: 'guess', target: 4, role: 'commissar', answer: 'right' }] });
    const wrong = replayed(guess('5', 'commissar'));
    expect(wrong.result.timeline[2]).toMatchObject({ died: [], results: [{ answer: 'wrong' }] });
  });

  it('a_name_in_blood_counts_one_vote_against_the_named_at_the_next_vote', () => {
    // extended, 7 seats: the mafia on 1 and 2; circular voting, every voter not listed against the circle's last.
    const sheet: SheetDraft = {
      ...sheetOf('extended', 7, { modifications: ['name-in-blood'] }),
      steps: [emptyNight(1), emptyDay(1), { ...emptyNight(2), shot: '6' }, { ...emptyDay(2), blood: [{ victim: '6', suspect: '1' }] }],
    };
    const { protocol, result } = replayed(sheet);
    expect(protocol.modifications).toEqual(['name-in-blood']);
    expect(protocol.steps[3]).toEqual({ day: 2, blood: [[6, 1]] });
    expect(result.timeline[3]).toEqual({ day: 2, left: [5], by: 'vote', tally: { 1: 1, 4: 1, 5: 4 } });
    // Without the modification the same sheet is refused beside the names in blood.
    const without = checkSheet({ ...sheet, header: {} }, MEMBERS);
    expect(without.errors.get('step.3.blood')).toEqual({ code: 'not-in-preset', source: 'rule' });
  });

  it('an_emergency_day_comes_next_where_the_rules_hold_one_and_a_night_in_its_place_is_refused', () => {
    // classic, 7 seats: after day 2, two mafia against three (R-PHASE-4).
    const base = sheetOf('classic', 7);
    const steps = [emptyNight(1), { ...emptyDay(1), nominations: [{ by: '4', target: '5' }, { by: '5', target: '6' }], votes: { 5: '1 2 3 4 5' } }, { ...emptyNight(2), shot: '6' }, emptyDay(2)];
    const sheet: SheetDraft = { ...base, steps };
    const c = checkSheet(sheet, MEMBERS);
    expect(c.emergency).toBe(true);
    expect(nextStep(sheet, true, c.emergency)).toEqual(emptyDay(3));
    expect(checkSheet({ ...sheet, steps: steps.slice(0, 2) }, MEMBERS).emergency).toBe(false);
    const night = checkSheet({ ...sheet, steps: [...steps, emptyNight(3)] }, MEMBERS);
    expect(night.errors.get('step.4')).toEqual({ code: 'emergency-day', source: 'rule' });
  });

  it('a_protocol_with_every_new_part_opens_as_a_sheet_and_compiles_back_to_itself', () => {
    const fiim = presetOf('fiim')!.composition(10);
    const doc = {
      format: 'mafia-protocol/1', preset: 'fiim', options: { techFouls: 'yes' }, seats: fiim, names: NAMES.slice(0, 10),
      steps: [
        { night: 1, acts: [], fouls: [5] },
        { day: 1, fouls: [5], techFouls: [6], removed: [3, { seat: 7, reason: 'left' }], foulsAfterVote: [9], removedAfterVote: [8], extraPoints: { 4: 0.3, 9: -0.2 } },
        { night: 2, acts: [], teamDefeat: 1 },
      ],
    };
    const sheet = fromProtocol(doc, MEMBERS)!;
    expect(sheet.steps[1]).toMatchObject({ removed: '3', fiim: { left: '7', techFouls: '6', extraPoints: '4: 0.3; 9: -0.2', foulsAfter: '9', removedAfter: '8' } });
    expect(checkSheet(sheet, MEMBERS).compiled.protocol).toEqual(doc);
    const revotes = { format: 'mafia-protocol/1', preset: 'fiim', seats: fiim, names: NAMES.slice(0, 10), steps: [{ night: 1, acts: [] }, { day: 1, nominations: [[1, 5], [2, 6], [3, 7]], votes: { 5: [1, 2, 3], 6: [4, 5, 6] }, revote: [{ 5: [1, 2, 3, 4], 6: [5, 6, 7, 8] }, { 5: [1, 2, 3, 4] }] }] };
    const back = fromProtocol(revotes, MEMBERS)!;
    expect((back.steps[1] as { readonly revotes: readonly unknown[] }).revotes).toHaveLength(2);
    expect(checkSheet(back, MEMBERS).compiled.protocol).toEqual(revotes);
    const piter = { format: 'mafia-protocol/1', preset: 'piter', seats: presetOf('piter')!.composition(12), names: NAMES, steps: [{ night: 1, acts: [] }, { day: 1 }, { night: 2, acts: [{ by: 2, act: 'guess', target: 4, role: 'commissar' }] }] };
    expect(checkSheet(fromProtocol(piter, MEMBERS)!, MEMBERS).compiled.protocol).toEqual(piter);
  });

  it('a_two_stage_day_and_a_circular_day_are_written_without_nominations', () => {
    const piter: SheetDraft = { ...sheetOf('piter', 12), steps: [emptyNight(1), { ...emptyDay(1), votes: { 5: '1 2 3', 6: '4 7' } }] };
    expect(checkSheet(piter, MEMBERS).errors.get('step.1.revote')).toEqual({ code: 'missing-revote', source: 'rule' });
    const second = replayed({ ...piter, steps: [emptyNight(1), { ...emptyDay(1), votes: { 5: '1 2 3', 6: '4 7' }, revotes: [{ 5: '1 2 3 8 9 10', 6: '4 7' }] }] });
    expect(second.protocol.steps[1]).toEqual({ day: 1, votes: { 5: [1, 2, 3], 6: [4, 7] }, revote: { 5: [1, 2, 3, 8, 9, 10], 6: [4, 7] } });
    expect(second.result.timeline[1]).toEqual({ day: 1, left: [5], by: 'vote', tally: { 5: 6, 6: 2 } });
    const circular = replayed({ ...sheetOf('extended', 7), steps: [emptyNight(1), { ...emptyDay(1), circle: { from: '3', dir: 'down' }, votes: { 1: '3 4 5' } }] });
    expect(circular.protocol.steps[1]).toEqual({ day: 1, circle: { from: 3, dir: 'down' }, votes: { 1: [3, 4, 5] } });
    expect(circular.result.timeline[1]).toEqual({ day: 1, left: [4], by: 'vote', tally: { 1: 3, 4: 4 } });
    const back = fromProtocol(circular.protocol, MEMBERS)!;
    expect(checkSheet(back, MEMBERS).compiled.protocol).toEqual(circular.protocol);
  });
});
