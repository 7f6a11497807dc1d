/**
 * The secrecy audit's frame checker (apps/server/src/tools/audit/leaks.ts): it must find each kind of
 * hidden information where a frame carries it, and stay quiet on a frame that shows only what its
 * viewer may know.
 */
import { describe, expect, it } from 'vitest';
import { frameLeaks, truthOf, type TableTruth } from '../../src/tools/audit/leaks.js';
import { parseAuditArgs } from '../../src/tools/audit.js';

const TOKEN_1 = 'token-of-seat-one-0000';
const TOKEN_2 = 'token-of-seat-two-0000';
const KEY = 'admin-key-of-the-room-000';
// Seats: 1 civilian, 2 don, 3 mafia, 4 commissar.
const truth: TableTruth = { roles: ['civilian', 'don', 'mafia', 'commissar'], teams: ['town', 'mafia', 'mafia', 'town'], openDead: true, tokens: [TOKEN_1, TOKEN_2], keys: [KEY] };

const seat = (n: number, o: { role?: string; team?: string; alive?: boolean } = {}) => ({ seat: n, name: `${n}`, alive: o.alive ?? true, fouls: 0, ...(o.role ? { role: o.role, team: o.team } : {}) });
const frame = (me: { seat: number; role: string; team: string; alive?: boolean } | null, seats: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ v: 1, type: 'update', seq: 5, items: [], view: { phase: { kind: 'night', n: 1 }, seats, me: me && { alive: true, ...me }, nightSteps: [], myActs: [], results: [] }, pending: [], timer: null, ...extra });
const civilian = { seat: 1, role: 'civilian', team: 'town' };
const don = { seat: 2, role: 'don', team: 'mafia' };
const leaksOf = (viewer: string, text: string) => frameLeaks(viewer, text, truth, []);

describe('the secrecy audit finds hidden information in a frame', () => {
  it('passes a frame that shows a viewer his own card, the mafia their team, and the open card of the dead', () => {
    expect(leaksOf('seat:1', frame(civilian, [seat(1, civilian), seat(2), seat(3), seat(4, { role: 'commissar', team: 'town', alive: false })], { token: TOKEN_1 }))).toEqual([]);
    expect(leaksOf('seat:2', frame(don, [seat(1), seat(2, don), seat(3, { role: 'mafia', team: 'mafia' }), seat(4)]))).toEqual([]);
    expect(leaksOf('spectator', frame(null, [seat(1), seat(2), seat(3), seat(4)]))).toEqual([]);
  });

  it('finds another seat’s card on a town seat, on a spectator and on a dead card when the dead are not shown', () => {
    expect(leaksOf('seat:1', frame(civilian, [seat(1, civilian), seat(2, don), seat(3), seat(4)]))).toHaveLength(1);
    expect(leaksOf('spectator', frame(null, [seat(1), seat(2), seat(3), seat(4, { role: 'commissar', team: 'town' })]))).toHaveLength(1);
    expect(frameLeaks('seat:1', frame(civilian, [seat(1, civilian), seat(4, { role: 'commissar', team: 'town', alive: false })]), { ...truth, openDead: false }, [])).toHaveLength(1);
    // The mafia know each other, not the town.
    expect(leaksOf('seat:2', frame(don, [seat(2, don), seat(4, { role: 'commissar', team: 'town' })]))).toHaveLength(1);
  });

  it('finds another seat’s token, a room key and a seed anywhere in a frame', () => {
    expect(leaksOf('seat:1', frame(civilian, [seat(1, civilian)], { token: TOKEN_2 }))).toEqual(['seat:1 received the token of seat 2']);
    expect(leaksOf('admin', frame(null, [], { note: KEY }))).toEqual(['admin received a room key']);
    expect(leaksOf('spectator', JSON.stringify({ type: 'update', items: [{ seq: 1, kind: 'events', by: 'host', events: [{ type: 'GameCreated', setup: { seed: 7, roles: [null, null] } }] }] }))).toEqual(['spectator received a seed']);
  });

  it('finds another seat’s night act, night answer, new role, the victim list and the dealt cards in the log items', () => {
    const items = (events: unknown[], by: unknown = 'host') => JSON.stringify({ type: 'update', items: [{ seq: 9, kind: 'events', by, events }], view: JSON.parse(frame(civilian, [seat(1, civilian)])).view });
    expect(leaksOf('seat:1', items([{ type: 'ActRecorded', act: { by: 2, act: 'shoot', target: 1 } }]))).toEqual(['seat:1 received the night act of seat 2']);
    expect(leaksOf('seat:1', items([{ type: 'NightResolved', results: [{ by: 4, target: 2, answer: 'mafia' }], useful: [] }]))).toEqual(['seat:1 received the night answer of seat 4']);
    expect(leaksOf('seat:1', items([{ type: 'RoleChanged', seat: 3, role: 'don' }]))).toEqual(['seat:1 received the new role of seat 3']);
    expect(leaksOf('seat:1', items([{ type: 'VictimListSet', seats: [4] }]))).toEqual(['seat:1 received the mafia\'s victim list']);
    expect(leaksOf('seat:1', items([{ type: 'GameCreated', setup: { roles: ['civilian', 'don', null, null] } }]))).toEqual(['seat:1 received the dealt card of seat 2']);
    expect(leaksOf('seat:1', items([{ type: 'ActRecorded', act: { by: 1, act: 'check', target: 2 } }]))).toEqual([]);
  });

  it('sets apart the items marked by "hidden" (issue 12 point 3)', () => {
    const hidden: string[] = [];
    frameLeaks('seat:1', JSON.stringify({ type: 'update', items: [{ seq: 3, kind: 'events', by: 'hidden', events: [] }] }), truth, hidden);
    expect(hidden).toEqual(['seat:1 seq 3']);
  });

  it('takes the truth from the frames: the final reveal and each seat’s own token', () => {
    const t = truthOf([
      { viewer: 'seat:1', text: JSON.stringify({ type: 'welcome', token: TOKEN_1, view: null }) },
      { viewer: 'spectator', text: JSON.stringify({ type: 'update', view: { phase: { kind: 'ended' }, seats: [seat(1, civilian), seat(2, don)] } }) },
    ], true, [KEY]);
    expect(t).toEqual({ roles: ['civilian', 'don'], teams: ['town', 'mafia'], openDead: true, tokens: [TOKEN_1], keys: [KEY] });
    expect(truthOf([], true, [])).toBeNull();
  });
});

describe('the audit tool\'s arguments', () => {
  it('reads the size, the database and the step, and refuses what it does not know', () => {
    expect(parseAuditArgs(['--small', '--database', 'postgres'])).toMatchObject({ size: 'small', database: 'postgres', step: 1, json: false });
    expect(parseAuditArgs([])).toMatchObject({ size: 'full', database: 'sqlite' });
    expect(() => parseAuditArgs(['--database', 'mysql'])).toThrow(/sqlite or postgres/);
    expect(() => parseAuditArgs(['--target', 'example.com'])).toThrow(/unknown flag --target/);
  });
});
