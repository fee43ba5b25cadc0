/**
 * A page in the user's browser must not reach the sandbox on 127.0.0.1, neither by DNS
 * rebinding (a foreign Host) nor by a cross-site request (a foreign Origin, `Sec-Fetch-Site`, a form's body).
 * Clients that are not browsers (our core, the CLI, the reference clients: a normal Host, no Origin) still pass.
 * Requests go out with node:http so the Host and Origin headers are exactly what a browser would send.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctl, start, type Json, type Sandbox } from './helpers';

type Answer = { status: number; text: string; json: Json };

let sb: Sandbox;
let port: number;

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const own = (): Record<string, string> => ({ host: `127.0.0.1:${port}` });
const LOGIN = '/api/v2/auth/login?login=demo&password=demo&token_name=page';

beforeAll(async () => {
  sb = await start();
  port = Number(new URL(sb.origin).port);
  await ctl(sb, 'reset');
});

afterAll(async () => {
  await sb?.close();
});

describe('DNS rebinding: a Host that does not name the sandbox is refused', () => {
  it('cannot read /__sandbox/state, log in, or inject faults under a site name', async () => {
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`, `[::1]:${port}`]) {
      const state = await send('GET', '/__sandbox/state', { host });
      expect(state.status).toBe(403);
      expect(state.json?.error?.code).toBe('forbidden');
      expect(state.text).not.toContain('tenders');
      const login = await send('POST', LOGIN, { host });
      expect(login.status).toBe(403);
      expect(login.text).not.toMatch(/tenderwb_live_/);
      const faults = await send('POST', '/__sandbox/faults', { host, 'content-type': 'application/json' }, JSON.stringify({ http500: 5 }));
      expect(faults.status).toBe(403);
    }
    expect((await ctl(sb, 'state')).faults).toMatchObject({ http500: 0 });
  });
});

describe('cross-site requests are refused', () => {
  it('a foreign Origin (a form or fetch from a website) cannot reset, inject faults or get a live token', async () => {
    await ctl(sb, 'tick', { created: 1 });
    const before = (await ctl(sb, 'state')) as Json;
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${port + 1}`, `http://localhost:${port}.evil.example`]) {
      const headers = { ...own(), origin };
      expect((await send('POST', '/__sandbox/reset', headers)).status).toBe(403);
      expect((await send('POST', '/__sandbox/faults', { ...headers, 'content-type': 'text/plain' }, '{"reset":3}')).status).toBe(403);
      expect((await send('GET', '/__sandbox/state', headers)).status).toBe(403);
      const login = await send('POST', LOGIN, headers);
      expect(login.status).toBe(403);
      expect(login.text).not.toMatch(/tenderwb_live_/);
    }
    const after = (await ctl(sb, 'state')) as Json;
    // The clock runs on meanwhile (a second may pass under load); everything the refused requests would change stays.
    expect({ ...after, now: before.now }).toEqual(before);
  });

  it('the earlier generation (/legacy/api/v2) and unknown paths are behind the same checks', async () => {
    for (const path of ['/legacy/api/v2/balance', '/api/v2/openapi.json', '/nowhere']) {
      expect((await send('GET', path, { ...own(), origin: 'https://evil.example' })).status, path).toBe(403);
      expect((await send('GET', path, { host: `evil.example:${port}` })).status, path).toBe(403);
    }
    expect((await send('GET', '/api/v2/openapi.json', own())).status).toBe(200);
  });

  it('Sec-Fetch-Site: cross-site or same-site (another port of this machine) is refused even without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const r = await send('GET', '/__sandbox/state', { ...own(), 'sec-fetch-site': site });
      expect(r.status).toBe(403);
    }
  });

  it("a browser's simple request body type (form, text/plain) is refused on POST even without an Origin; JSON bodies only", async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36' };
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await send('POST', '/__sandbox/faults', { ...own(), ...browser, 'content-type': type }, '{"http500":2}');
      expect(r.status).toBe(415);
      expect(r.json?.error?.code).toBe('unsupported_media_type');
      const login = await send('POST', LOGIN, { ...own(), ...browser, 'content-type': type }, 'x=1');
      expect(login.status).toBe(415);
      const referred = await send('POST', '/__sandbox/faults', { ...own(), referer: 'http://example.test/', 'content-type': type }, '{"http500":2}');
      expect(referred.status).toBe(415);
    }
    expect((await ctl(sb, 'state')).faults).toMatchObject({ http500: 0 });
  });

  it("a tool's default form type with a JSON body (curl -d '{…}') is taken: it has no browser mark", async () => {
    const r = await send('POST', '/__sandbox/faults', { ...own(), 'user-agent': 'curl/8.5.0', 'content-type': 'application/x-www-form-urlencoded' }, '{"http500":2}');
    expect(r.status).toBe(200);
    expect((await ctl(sb, 'state')).faults).toMatchObject({ http500: 2 });
    await ctl(sb, 'faults', { http500: 0 });
  });
});

describe('clients that are not browsers keep working', () => {
  it('a normal Host of 127.0.0.1:PORT or localhost:PORT and no Origin: state, control and login answer', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await send('GET', '/__sandbox/state', { host })).status).toBe(200);
      expect((await send('POST', '/__sandbox/rate-limit', { host, 'content-type': 'application/json' }, '{"per_minute":1000000}')).status).toBe(200);
      // A bodyless POST with no Content-Type (how the reference clients log in).
      const login = await send('POST', LOGIN, { host });
      expect(login.status).toBe(200);
      expect(login.json.token).toMatch(/^tenderwb_live_/);
    }
  });

  it("the sandbox's own origin (a page it served) passes", async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      expect((await send('GET', '/__sandbox/state', { ...own(), origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    }
  });
});
