/** The rules behind the per-address limits: what counts as one address, and the settings they are read from. */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { configFromEnv, openFileLimit } from '../src/config.js';
import { addressKey, AddressGuard, DEFAULT_ADDRESS_LIMITS } from '../src/ws/addressGuard.js';
import { clientAddress, originAllowed } from '../src/ws/clientAddress.js';

/** A request as the server receives it, from `peer` (an unconnected socket that reports that address). */
const req = (peer: string, xff?: string): IncomingMessage => {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: peer });
  const message = new IncomingMessage(socket);
  if (xff !== undefined) message.headers['x-forwarded-for'] = xff;
  return message;
};

describe('one address', () => {
  it('ipv6_addresses_count_by_their_64_prefix_and_mapped_ipv4_as_ipv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:10.0.0.5')).toBe('10.0.0.5');
    expect(addressKey('10.0.0.5')).toBe('10.0.0.5');
  });

  it('x_forwarded_for_counts_only_with_trust_proxy', () => {
    expect(clientAddress(req('10.0.0.1', '1.2.3.4'), false)).toBe('10.0.0.1');
    expect(clientAddress(req('10.0.0.1', '9.9.9.9, 1.2.3.4'), 1)).toBe('1.2.3.4');
    expect(clientAddress(req('10.0.0.1', '9.9.9.9, 1.2.3.4'), 2)).toBe('9.9.9.9');
    expect(clientAddress(req('10.0.0.1', '9.9.9.9, 1.2.3.4'), true)).toBe('9.9.9.9');
    expect(clientAddress(req('10.0.0.1'), 1)).toBe('10.0.0.1');
  });

  it('origin_must_match_host_or_an_allowed_origin', () => {
    expect(originAllowed(undefined, 'h:3000', [])).toBe(true);
    expect(originAllowed('http://h:3000', 'H:3000', [])).toBe(true);
    expect(originAllowed('https://h', 'h:443', [])).toBe(true);
    expect(originAllowed('http://evil.example', 'h:3000', [])).toBe(false);
    expect(originAllowed('null', 'h:3000', [])).toBe(false);
    expect(originAllowed('https://club.example', 'h:3000', ['https://club.example'])).toBe(true);
  });

  it('an_address_record_is_swept_once_its_buckets_are_full_again', () => {
    let now = 0;
    const guard = new AddressGuard({ ...DEFAULT_ADDRESS_LIMITS, lookupMissesPerMinute: 2 }, () => now);
    guard.missed('1.2.3.4');
    guard.missed('1.2.3.4');
    expect(guard.mayLookUp('1.2.3.4')).toBe(false);
    guard.sweep();
    expect(guard.tracked).toBe(1);
    now += 30_000;
    expect(guard.mayLookUp('1.2.3.4')).toBe(true);
    now += 30_000;
    guard.sweep();
    expect(guard.tracked).toBe(0);
    guard.close();
  });

  it('a_node_reports_what_an_address_took_once_and_takes_the_budget_the_nodes_have_left', () => {
    let now = 0;
    const guard = new AddressGuard({ ...DEFAULT_ADDRESS_LIMITS, connectionsPerAddress: 3, messagesPerSecond: 1, messageBurst: 4 }, () => now);
    guard.opened('1.2.3.4');
    // A client passed on by another node takes a socket here, not one of its address's.
    guard.opened('5.6.7.8', false);
    expect(guard.connections).toBe(2);
    expect(guard.takeMessage('1.2.3.4')).toBe(true);
    expect(guard.report(false)).toEqual([{ address: '1.2.3.4', connections: 1, messages: 1, strikes: 0, lookups: 0 }]);
    // Reported once: then only while a bucket is short of full (it hears what the others took).
    now += 1000;
    expect(guard.report(false)).toEqual([]);
    // The others took three and hold two connections: one here fills the address, and one message is left.
    guard.heard('1.2.3.4', { messages: 1, strikes: DEFAULT_ADDRESS_LIMITS.strikes, lookups: DEFAULT_ADDRESS_LIMITS.lookupMissesPerMinute, remote: 2 });
    expect(guard.admission('1.2.3.4')).toBe('address-full');
    expect(guard.takeMessage('1.2.3.4')).toBe(true);
    expect(guard.takeMessage('1.2.3.4')).toBe(false);
    // The others' connections closed; with nothing taken, the refreshing report still names its connection.
    guard.heard('1.2.3.4', { messages: 0, strikes: DEFAULT_ADDRESS_LIMITS.strikes, lookups: DEFAULT_ADDRESS_LIMITS.lookupMissesPerMinute, remote: 0 });
    expect(guard.admission('1.2.3.4')).toBe('ok');
    now += 10_000;
    expect(guard.report(false)).toEqual([{ address: '1.2.3.4', connections: 1, messages: 1, strikes: 0, lookups: 0 }]);
    expect(guard.report(true)).toEqual([{ address: '1.2.3.4', connections: 1, messages: 0, strikes: 0, lookups: 0 }]);
    guard.close();
  });

  it('an_address_far_from_its_limits_is_reported_now_and_then_and_one_the_nodes_watch_at_every_turn', () => {
    const guard = new AddressGuard({ ...DEFAULT_ADDRESS_LIMITS, messageBurst: 200 }, () => 0);
    guard.opened('1.2.3.4');
    guard.report(false);
    // One message of a burst of 200: told at the next refresh, not at every turn.
    guard.takeMessage('1.2.3.4');
    expect(guard.report(false)).toEqual([]);
    expect(guard.report(true)).toEqual([{ address: '1.2.3.4', connections: 1, messages: 1, strikes: 0, lookups: 0 }]);
    // Fifty (a quarter of the burst), a strike, or the nodes' watch: at once.
    for (let i = 0; i < 50; i++) guard.takeMessage('1.2.3.4');
    expect(guard.report(false)).toMatchObject([{ messages: 50 }]);
    guard.strike('1.2.3.4');
    expect(guard.report(false)).toMatchObject([{ strikes: 1 }]);
    guard.watch('9.9.9.9');
    expect(guard.report(false)).toEqual([{ address: '9.9.9.9', connections: 0, messages: 0, strikes: 0, lookups: 0 }]);
    expect(guard.report(false)).toEqual([]);
    guard.close();
  });
});

describe('settings', () => {
  it('limits_are_read_from_the_environment_with_the_descriptor_limit_as_the_total_cap', () => {
    expect(openFileLimit(() => 'Limit  Soft Limit Hard Limit Units\nMax open files            4096                 524288               files\n')).toBe(4096);
    expect(openFileLimit(() => { throw new Error('no /proc'); })).toBe(1024);
    const c = configFromEnv({ HELLO_TIMEOUT: '3', CONNECTIONS_PER_ADDRESS: '8', LOOKUP_MISSES_PER_MINUTE: '5', TRUST_PROXY: '1', ALLOWED_ORIGINS: 'https://a.example, https://b.example/' });
    expect(c.limits.helloTimeoutMs).toBe(3000);
    expect(c.addressLimits).toMatchObject({ connectionsPerAddress: 8, lookupMissesPerMinute: 5 });
    expect(c.addressLimits.maxConnections).toBe(Math.max(16, openFileLimit() - 256));
    expect(c.trustProxy).toBe(1);
    expect(c.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(() => configFromEnv({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => configFromEnv({ ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => configFromEnv({ CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
    expect(() => configFromEnv({ HTTP_HEADERS_TIMEOUT: '60', HTTP_REQUEST_TIMEOUT: '30' })).toThrow(/HTTP_HEADERS_TIMEOUT/);
  });

  it('allowed_hosts_and_the_tcp_cap_per_address_are_read_and_bad_values_named', () => {
    const c = configFromEnv({ ALLOWED_HOSTS: ' Laptop.local , mafia.club.example', HTTP_CONNECTIONS_PER_ADDRESS: '12' });
    expect(c.allowedHosts).toEqual(['laptop.local', 'mafia.club.example']);
    expect(c.addressLimits.httpConnectionsPerAddress).toBe(12);
    expect(configFromEnv({}).allowedHosts).toEqual([]);
    expect(configFromEnv({}).addressLimits.httpConnectionsPerAddress).toBe(96);
    for (const bad of ['https://club.example', 'club.example:3000', 'a b']) expect(() => configFromEnv({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS/);
    expect(() => configFromEnv({ HTTP_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/HTTP_CONNECTIONS_PER_ADDRESS/);
  });
});
