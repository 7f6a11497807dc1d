/**
 * DNS rebinding (issue 23 point 14): a page of evil.example re-pointed at the server sends
 * `Host: evil.example` and its own Origin; the server answers only to its own names.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HostGuard } from '../src/http/hostGuard.js';
import { startServer, tempDbUrl, type Running } from './helpers.js';
import { z } from 'zod';
import { jsonOf } from './json.js';

describe('the names the server answers to', () => {
  it('ip_addresses_localhost_public_url_and_allowed_hosts_pass_and_other_names_do_not', () => {
    const g = new HostGuard({ publicUrl: 'https://Mafia.Club.example', allowedHosts: ['laptop.local'] });
    for (const ok of ['127.0.0.1:3000', '192.168.1.20:3000', '[::1]:3000', '[fe80::1]', 'localhost:3000', 'LOCALHOST', 'app.localhost:5173', 'mafia.club.example', 'mafia.club.example:443', 'laptop.local:3000', 'laptop.local.', undefined]) {
      expect(g.allows(ok), String(ok)).toBe(true);
    }
    for (const bad of ['evil.example:3000', 'evil.example', 'localhost.evil.example', 'club.example', 'mafia.club.example.evil.example', 'user@localhost', 'localhost/x', '', ' ']) {
      expect(g.allows(bad), bad).toBe(false);
    }
    expect(new HostGuard().allows('mafia.club.example')).toBe(false);
  });
});

describe('a rebound name gets 403 bad-host', () => {
  let server: Running;
  let port: number;
  const db = tempDbUrl();
  beforeAll(async () => {
    server = await startServer(db.url, undefined, undefined, { publicUrl: 'https://mafia.club.example', allowedHosts: ['laptop.local'] });
    port = Number(new URL(server.base).port);
  });
  afterAll(async () => {
    await server.stop();
    db.cleanup();
  });

  /** How an upgrade with this Host and Origin was answered: 101, or the refusal's status and error code. */
  const upgrade = (host: string): Promise<{ status: number; code?: string }> => new Promise((resolve) => {
    const ws = new WebSocket(server.ws, { headers: { host }, origin: `http://${host}` });
    ws.once('open', () => {
      resolve({ status: 101 });
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, code: jsonOf(z.object({ error: z.object({ code: z.string() }) }), text).error.code }));
    });
    ws.once('error', () => undefined);
  });

  /** One HTTP request with this Host: its status and body. */
  const http = (method: string, path: string, host: string, body?: unknown): Promise<{ status: number; body: { error?: { code: string; message: string } } }> =>
    new Promise((resolve, reject) => {
      const req = request(`${server.base}${path}`, { method, headers: { host, 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: jsonOf(z.object({ error: z.object({ code: z.string(), message: z.string() }).optional() }), text) }));
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });

  it('an_upgrade_whose_host_and_origin_carry_a_foreign_name_is_refused_and_our_names_open', async () => {
    expect(await upgrade(`evil.example:${port}`)).toEqual({ status: 403, code: 'bad-host' });
    expect(await upgrade(`localhost.evil.example:${port}`)).toEqual({ status: 403, code: 'bad-host' });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `192.168.1.20:${port}`, 'mafia.club.example', `laptop.local:${port}`]) {
      expect(await upgrade(host), host).toEqual({ status: 101 });
    }
  });

  it('http_requests_naming_a_foreign_host_are_refused_and_change_nothing', async () => {
    const health = await http('GET', '/api/health', `evil.example:${port}`);
    expect(health.status).toBe(403);
    expect(health.body.error).toMatchObject({ code: 'bad-host' });
    expect(health.body.error!.message).toContain('evil.example');
    const before = (await http('GET', '/api/health', `127.0.0.1:${port}`)).body as { rooms: number };
    const created = await http('POST', '/api/rooms', `evil.example:${port}`, { mode: 'human', seats: 10, preset: 'classic' });
    expect(created.status).toBe(403);
    expect(created.body.error).toMatchObject({ code: 'bad-host' });
    expect(((await http('GET', '/api/health', `localhost:${port}`)).body as { rooms: number }).rooms).toBe(before.rooms);
    expect((await http('GET', '/api/info', 'mafia.club.example')).status).toBe(200);
  });
});
