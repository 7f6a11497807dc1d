import { describe, expect, it } from 'vitest';
import { checkName, createRoomSchema, parseClientMessage } from '../src/index.js';

const claim = (name: string) => parseClientMessage(JSON.stringify({ v: 1, type: 'claim', room: 'ABCDEF', seat: 1, name }));
const created = (names: string[]) => createRoomSchema.safeParse({ preset: 'classic', seats: 10, mode: 'human', names });

describe('player names (issue 12, point 14)', () => {
  it('name_is_normalised_nfkc_trimmed_and_inner_whitespace_collapsed', () => {
    const r = claim('  Ａｎｎａ \t  Ｋ.  ');
    expect(r.ok && r.message.type === 'claim' && r.message.name).toBe('Anna K.');
    // The ligature and the composed letter: NFKC.
    expect(checkName('ﬁnn')).toEqual({ ok: true, name: 'finn' });
    expect(checkName('Е\u0308ва')).toEqual({ ok: true, name: 'Ёва' });
    const names = created(['  Оля  ', 'Ｂｏｒｉｓ']);
    expect(names.success && names.data.names).toEqual(['Оля', 'Boris']);
  });

  it('name_with_bidi_characters_refused', () => {
    for (const bad of ['Anna\u202Egnp', 'Ann\u2067a', 'Bo\u200Fb', 'Vera\u200B', 'Ma\u200Dx', 'Ole\u0007g', '\uFEFFIvan', 'Li\u00ADsa']) {
      const r = claim(bad);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatchObject({ code: 'bad-message', path: 'name' });
      expect(r.error.message).toMatch(/name: a name may not contain control, zero-width or bidirectional characters \(found U\+[0-9A-F]{4}\)/);
    }
    const names = created(['Anna', 'Bo\u202Bb']);
    expect(names.success).toBe(false);
    expect(names.error!.issues[0]!.path).toEqual(['names', 1]);
  });

  it('reserved_name_refused', () => {
    for (const bad of ['Ведущий', 'ВЕДУЩИЙ', 'ведущая', 'Host', ' host ', 'ＨＯＳＴ', 'Admin', 'Администратор', 'Server', 'Сервер', 'Зритель', 'Спектатор', 'Mafia  Host']) {
      const r = claim(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/is reserved/);
    }
    expect(created(['Ведущий']).success).toBe(false);
    // A name that only contains a reserved word is a name.
    expect(checkName('Hostess')).toEqual({ ok: true, name: 'Hostess' });
  });

  it('empty_name_after_normalising_refused', () => {
    for (const bad of ['   ', '\u3000', '\n\t']) {
      const r = claim(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/name: a name may not be empty/);
    }
    expect(checkName('x'.repeat(41))).toEqual({ ok: false, message: 'a name may be at most 40 characters' });
    expect(checkName(`${'x'.repeat(40)}   `)).toEqual({ ok: true, name: 'x'.repeat(40) });
  });
});
