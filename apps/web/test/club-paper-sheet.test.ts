import { describe, expect, it } from 'vitest';
import { checkSheet } from '../src/screens/club/protocolForm/check';
import { emptyDay, emptyNight, emptySheet, MISS, type SheetDraft } from '../src/screens/club/protocolForm/draft';
import { fromProtocol } from '../src/screens/club/protocolForm/fromProtocol';

const NAMES = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора', 'Зоя', 'Ира', 'Кир'];
const MEMBERS = new Set(NAMES);
// Classic, 10 seats: the Don on 1, the mafia on 2 and 3, the Commissar on 4.
const DECK = ['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
const named = (s: SheetDraft): SheetDraft => ({ ...s, seats: s.seats.map((x, k) => ({ ...x, name: NAMES[k]! })) });

describe('the score sheet as a protocol (issue 24 point 4)', () => {
  it('the_mafias_shot_is_written_for_every_mafia_member_still_in_the_game_and_checks_by_the_don_and_the_commissar', () => {
    const sheet: SheetDraft = {
      ...named(emptySheet('classic', DECK)),
      steps: [
        emptyNight(1),
        { ...emptyDay(1), nominations: [{ by: '5', target: '2' }, { by: '6', target: '7' }], votes: { 2: '1 4 5 6 8 9 10' } },
        { ...emptyNight(2), shot: '5', don: '4', commissar: '1' },
      ],
    };
    const c = checkSheet(sheet, MEMBERS);
    expect([...c.errors]).toEqual([]);
    // Seat 2 left on day 1: the shot of night 2 is the Don's and seat 3's.
    expect((c.compiled.protocol.steps as unknown[])[2]).toEqual({
      night: 2,
      acts: [{ by: 1, act: 'kill', target: 5 }, { by: 3, act: 'kill', target: 5 }, { by: 1, act: 'check', target: 4 }, { by: 4, act: 'check', target: 1 }],
    });
    expect(c.alive[3]).toEqual(new Set([1, 3, 4, 6, 7, 8, 9, 10]));
    expect(c.winner).toBeNull();
    // A miss writes no shot.
    const missed = checkSheet({ ...sheet, steps: [...sheet.steps.slice(0, 2), { ...emptyNight(2), shot: MISS }] }, MEMBERS);
    expect((missed.compiled.protocol.steps as { acts: unknown[] }[])[2]!.acts).toEqual([]);
    expect(missed.alive[3]!.has(5)).toBe(true);
  });

  it('a_vote_that_tied_without_its_revote_is_an_error_of_the_votes_and_a_nominee_nominated_twice_of_that_nomination', () => {
    const tie: SheetDraft = { ...named(emptySheet('classic', DECK)), steps: [emptyNight(1), { ...emptyDay(1), nominations: [{ by: '5', target: '2' }, { by: '6', target: '7' }], votes: { 2: '1 2 3 4 5' } }] };
    expect(checkSheet(tie, MEMBERS).errors.get('step.1.revote')).toEqual({ code: 'missing-revote', source: 'rule' });
    const twice: SheetDraft = { ...tie, steps: [emptyNight(1), { ...emptyDay(1), nominations: [{ by: '5', target: '2' }, { by: '6', target: '2' }] }] };
    const e = checkSheet(twice, MEMBERS).errors;
    expect([...e.keys()]).toEqual(['step.1.nom.1']);
  });

  it('a_downloaded_protocol_opens_as_a_sheet_with_its_non_members_as_guests_and_compiles_back_to_itself', () => {
    const doc = {
      format: 'mafia-protocol/1', preset: 'classic', seats: DECK, names: [...NAMES.slice(0, 9), 'игрок 10'],
      steps: [{ night: 1, acts: [] }, { day: 1, nominations: [[5, 2], [6, 7]], votes: { 2: [1, 4, 5, 6, 8, 9, 10] } }, { night: 2, acts: [{ by: 1, act: 'kill', target: 5 }, { by: 3, act: 'kill', target: 5 }, { by: 1, act: 'check', target: 4 }] }],
    };
    const sheet = fromProtocol(doc, MEMBERS)!;
    expect(sheet.seats.map((s) => s.guest)).toEqual([false, false, false, false, false, false, false, false, false, true]);
    const c = checkSheet(sheet, MEMBERS);
    expect([...c.errors]).toEqual([]);
    expect(c.compiled.protocol).toEqual(doc);
    expect(c.compiled.guests).toEqual([10]);
    expect(fromProtocol({ hello: 1 }, MEMBERS)).toBeNull();
  });
});

describe('other roles on the score sheet (issue 24 point 4)', () => {
  // party, 10 seats: the Sheriff (seat 4) shoots, the Journalist (seat 5) compares two players.
  const PARTY = ['don', 'mafia', 'mafia', 'sheriff', 'journalist', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian'];

  it('a_shooting_sheriff_is_never_written_as_a_check_and_a_journalists_compare_names_both_seats', () => {
    const sheet: SheetDraft = {
      ...named(emptySheet('party', PARTY)),
      steps: [{ ...emptyNight(1), commissar: '1', others: [{ by: '5', act: 'compare', target: '1', target2: '7' }] }],
    };
    const c = checkSheet(sheet, MEMBERS);
    const acts = (c.compiled.protocol.steps as { acts: unknown[] }[])[0]!.acts;
    expect(acts).toContainEqual({ by: 5, act: 'compare', target: 1, target2: 7 });
    expect(acts.some((a) => (a as { act: string }).act === 'check' && (a as { by: number }).by === 4)).toBe(false);
  });
});
