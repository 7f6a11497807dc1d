import { describe, expect, it } from 'vitest';
import { CHAT_ID_WINDOW, ChatIds } from '../src/room/chatIds.js';

describe('chat line ids (a window per writer)', () => {
  it('a_writers_last_lines_are_known_and_his_older_ones_forgotten', () => {
    const ids = new ChatIds();
    for (let n = 1; n <= CHAT_ID_WINDOW + 1; n++) ids.note(3, `3:l${n}`, 100 + n);
    expect(ids.seq('3:l1'), 'the oldest line past the window').toBeUndefined();
    expect(ids.seq('3:l2')).toBe(102);
    expect(ids.seq(`3:l${CHAT_ID_WINDOW + 1}`)).toBe(101 + CHAT_ID_WINDOW);
  });

  it('another_writers_lines_do_not_push_a_writers_lines_out', () => {
    const ids = new ChatIds();
    ids.note(1, '1:a', 5);
    for (let n = 1; n <= 3 * CHAT_ID_WINDOW; n++) ids.note('admin', `admin:x${n}`, 10 + n);
    expect(ids.seq('1:a')).toBe(5);
    expect(ids.seq('admin:x1')).toBeUndefined();
  });
});
