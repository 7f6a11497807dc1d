import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverForTests } from './helpers.js';

/** Every refused /api request answers the API's own error shape (found by npm run audit's fuzz). */

const running = serverForTests();

/** A raw request (fetch would refuse a URL that does not parse): the status and the parsed body. */
function raw(method: string, path: string): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(running.get().base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('refused /api requests', () => {
  it('unknown_api_routes_methods_and_unreadable_urls_answer_the_api_error_shape', async () => {
    for (const [method, path, status, code] of [
      ['GET', '/api/nothing-here', 404, 'not-found'],
      ['DELETE', '/api/rooms', 404, 'not-found'],
      ['PUT', '/somewhere', 404, 'not-found'],
      ['GET', '/api/rooms/%E0%A4', 400, 'bad-url'],
    ] as const) {
      const r = await raw(method, path);
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(r.body, `${method} ${path}`).toMatchObject({ error: { code, message: expect.any(String) } });
    }
  });

  it('a_request_http_cannot_parse_answers_the_api_error_shape', async () => {
    const { hostname, port } = new URL(running.get().base);
    const answer = await new Promise<string>((resolve) => {
      const s = connect({ host: hostname, port: Number(port) });
      let got = '';
      s.on('data', (d) => (got += String(d)));
      s.on('close', () => resolve(got));
      s.write('OPTIONS /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: { code: 'bad-request', message: expect.any(String) } });
  });
});
