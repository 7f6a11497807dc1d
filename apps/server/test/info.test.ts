/** GET /api/info: the address phones should use — PUBLIC_URL when set, else the first LAN IPv4 address and the port. */
import type { NetworkInterfaceInfo } from 'node:os';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lanAddress, normalizeLanAddress, normalizePublicUrl, registerInfo, serverInfo } from '../src/http/info.js';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal }) as NetworkInterfaceInfo;
const machine = () => ({ lo: [nic('127.0.0.1', 'IPv4', true)], eth0: [nic('fe80::1', 'IPv6', false), nic('192.168.1.20', 'IPv4', false)], wlan0: [nic('10.0.0.5', 'IPv4', false)] });

describe('GET /api/info', () => {
  it('public_url_wins_when_set', () => {
    expect(serverInfo(3000, { publicUrl: 'https://mafia.example.org/', interfaces: machine })).toEqual({ url: 'https://mafia.example.org', source: 'public-url' });
  });

  it('else_the_first_non_internal_ipv4_address_and_the_port', () => {
    expect(lanAddress(machine())).toBe('192.168.1.20');
    expect(serverInfo(3100, { publicUrl: '', interfaces: machine })).toEqual({ url: 'http://192.168.1.20:3100', source: 'lan' });
  });

  it('no_lan_address_gives_no_url', () => {
    expect(serverInfo(3000, { publicUrl: '', interfaces: () => ({ lo: [nic('127.0.0.1', 'IPv4', true)] }) })).toEqual({ url: null, source: 'none' });
  });

  it('a_bad_public_url_is_refused_naming_it', () => {
    expect(() => normalizePublicUrl('mafia.local')).toThrow(/PUBLIC_URL must be an http\(s\) URL.*mafia\.local/);
    expect(() => normalizePublicUrl('ftp://x')).toThrow(/PUBLIC_URL must start with http/);
  });

  it('lan_address_replaces_the_detected_address', () => {
    expect(serverInfo(3100, { publicUrl: '', lanAddress: '192.168.7.40', interfaces: machine })).toEqual({ url: 'http://192.168.7.40:3100', source: 'lan' });
    expect(serverInfo(3100, { publicUrl: 'https://mafia.example.org', lanAddress: '192.168.7.40', interfaces: machine }).source).toBe('public-url');
  });

  it('a_bad_lan_address_is_refused_naming_it', () => {
    for (const bad of ['http://192.168.1.20', '192.168.1.20:3000', '192.168.1.20/x', 'a b']) {
      expect(() => normalizeLanAddress(bad), bad).toThrow(/LAN_ADDRESS must be this machine's address/);
    }
    expect(() => registerInfo(Fastify(), { lanAddress: 'http://x' })).toThrow(/LAN_ADDRESS.*http:\/\/x/);
    expect(normalizeLanAddress('[fd00::2]')).toBe('[fd00::2]');
  });

  it('the_route_answers_json', async () => {
    const app = Fastify();
    registerInfo(app, { publicUrl: 'http://192.168.1.20:3000', interfaces: machine });
    const r = await app.inject({ method: 'GET', url: '/api/info' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ url: 'http://192.168.1.20:3000', source: 'public-url' });
    await app.close();
  });
});
