// @vitest-environment jsdom
/** Joining on a local network: which origin the QR code and link use, and copying the link over plain http. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseJoinOrigin, fetchServerInfo, isLoopback } from '../src/net/joinOrigin';
import { copyOrSelect } from '../src/ui';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const LAN = { url: 'http://192.168.1.20:3000', source: 'lan' as const };

describe('join origin', () => {
  it('a_page_on_localhost_links_to_the_lan_address', () => {
    expect(chooseJoinOrigin({ origin: 'http://localhost:5173', hostname: 'localhost' }, LAN)).toBe('http://192.168.1.20:3000');
    expect(chooseJoinOrigin({ origin: 'http://127.0.0.1:3000', hostname: '127.0.0.1' }, LAN)).toBe('http://192.168.1.20:3000');
  });

  it('a_page_on_a_reachable_address_keeps_its_own_origin', () => {
    expect(chooseJoinOrigin({ origin: 'http://192.168.1.7:3000', hostname: '192.168.1.7' }, LAN)).toBe('http://192.168.1.7:3000');
  });

  it('public_url_always_wins', () => {
    const info = { url: 'https://mafia.club', source: 'public-url' as const };
    expect(chooseJoinOrigin({ origin: 'http://192.168.1.7:3000', hostname: '192.168.1.7' }, info)).toBe('https://mafia.club');
  });

  it('without_an_answer_the_page_origin_is_used', () => {
    expect(chooseJoinOrigin({ origin: 'http://localhost:3000', hostname: 'localhost' }, null)).toBe('http://localhost:3000');
    expect(chooseJoinOrigin({ origin: 'http://localhost:3000', hostname: 'localhost' }, { url: null, source: 'none' })).toBe('http://localhost:3000');
  });

  it('loopback_names_are_recognised', () => {
    for (const h of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['192.168.1.2', 'mafia.club', '10.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });

  it('the_server_info_is_read_from_the_endpoint', async () => {
    const f = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(LAN), { status: 200 }));
    expect(await fetchServerInfo({ fetch: f })).toEqual(LAN);
    expect(vi.mocked(f).mock.calls[0]![0]).toBe('/api/info');
    const down = vi.fn<typeof fetch>(async () => new Response('no', { status: 404 }));
    expect(await fetchServerInfo({ fetch: down })).toBeNull();
  });
});

describe('copying the link', () => {
  it('without_navigator_clipboard_it_copies_through_a_textarea', async () => {
    // jsdom, like a plain-http page, has no navigator.clipboard.
    expect(navigator.clipboard).toBeUndefined();
    const exec = vi.fn<typeof document.execCommand>(() => true);
    document.execCommand = exec;
    expect(await copyOrSelect('http://192.168.1.20:3000/r/ABCDEF', null)).toBe('copied');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('when_copying_fails_the_link_is_shown_selected', async () => {
    // jsdom, like a plain-http page, has no navigator.clipboard.
    expect(navigator.clipboard).toBeUndefined();
    document.execCommand = () => false;
    const p = document.createElement('p');
    p.textContent = 'http://192.168.1.20:3000/r/ABCDEF';
    document.body.appendChild(p);
    expect(await copyOrSelect(p.textContent, p)).toBe('selected');
    expect(globalThis.getSelection()?.toString()).toBe('http://192.168.1.20:3000/r/ABCDEF');
  });
});
