/** Earlier generation, section 5 (X-API-Token on every request), section 1 (a valid license is required), errors (section 7, D-E-ERR-*). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL, api, ctl, errorOf, fresh, get200, legacy, start, type EarlierSandbox } from './helpers';

let sb: EarlierSandbox;
let live: string;
let test: string;

beforeAll(async () => {
  sb = await start();
  ({ live, test } = await fresh(sb));
});
afterAll(async () => { await sb?.close(); });

const ROUTES: [string, string][] = [
  ['POST', '/tokens'], ['GET', '/tokens'], ['DELETE', '/tokens/1'],
  ['GET', `/tenders?filter_id=${ALL}`], ['GET', '/tenders/1'], ['GET', '/tenders/1/positions'],
  ['GET', '/filters'], ['GET', '/filters/1'],
  ['GET', '/favorites'], ['POST', '/favorites/x'], ['DELETE', '/favorites/x'], ['GET', '/favorites/updates'],
  ['GET', '/balance'], ['GET', '/balance/history'],
];
const LICENSED = ROUTES.filter(([, p]) => !p.startsWith('/balance') && !p.startsWith('/tokens'));

describe('5 authentication', () => {
  it('5: X-API-Token on every request — without it each of the 14 routes answers 401', async () => {
    for (const [method, path] of ROUTES) errorOf(await legacy(sb, method, path), 401, 'unauthorized');
  });

  it('D-E-AUTH-1: any active token of the account works — a login session and an API token of the current generation', async () => {
    expect((await legacy(sb, 'GET', '/balance', { token: live })).status).toBe(200);
    const made = await api(sb, 'POST', '/auth/tokens', { token: live, key: crypto.randomUUID(), body: { name: 'для старого API' } });
    expect(made.status).toBe(200);
    expect((await legacy(sb, 'GET', '/filters', { token: made.json.token })).status).toBe(200);
    const short = made.json.token.replace(/^tenderwb_/, 'twb_');
    expect((await legacy(sb, 'GET', '/filters', { token: short })).status).toBe(200);
  });

  it('D-E-AUTH-2: only X-API-Token — Authorization: Bearer alone is 401', async () => {
    errorOf(await legacy(sb, 'GET', '/balance', { headers: { authorization: `Bearer ${live}` } }), 401, 'unauthorized');
  });

  it('D-E-AUTH-3: an unknown, malformed or revoked token is 401; a test token is 401', async () => {
    errorOf(await legacy(sb, 'GET', '/balance', { token: 'tenderwb_live_' + 'A'.repeat(32) }), 401, 'unauthorized');
    errorOf(await legacy(sb, 'GET', '/balance', { token: 'nonsense' }), 401, 'unauthorized');
    errorOf(await legacy(sb, 'GET', '/balance', { token: test }), 401, 'unauthorized');
    const made = await legacy(sb, 'POST', '/tokens', { token: live, body: { name: 'x' } });
    await legacy(sb, 'DELETE', `/tokens/${made.json.id}`, { token: live });
    errorOf(await legacy(sb, 'GET', '/balance', { token: made.json.token }), 401, 'unauthorized');
  });

  it('5: a token has no expiry — it still works a year later by the simulated clock; a session ends after 30 days (D-AUTH-1)', async () => {
    const made = await legacy(sb, 'POST', '/tokens', { token: live, body: { name: 'долгий' } });
    await ctl(sb, 'clock', { advance_s: 40 * 86_400 });
    expect((await legacy(sb, 'GET', '/balance', { token: made.json.token })).status).toBe(200);
    errorOf(await legacy(sb, 'GET', '/balance', { token: live }), 401, 'invalid_session');
    ({ live, test } = await fresh(sb));
  });

  it('D-E-ERR-1: errors have the body {error:{code,message,request_id}} and X-Request-Id; every answer has X-Request-Id', async () => {
    const ok = await legacy(sb, 'GET', '/balance', { token: live });
    expect(ok.headers['x-request-id']).toMatch(/^req_[0-9a-f]{20}$/);
    const e = errorOf(await legacy(sb, 'GET', '/tenders?filter_id=999999', { token: live }), 404, 'not_found');
    expect(e.message.length).toBeGreaterThan(0);
  });

  it('1: no CORS — no Access-Control-Allow-Origin, even to a browser origin', async () => {
    const r = await legacy(sb, 'GET', '/balance', { token: live, headers: { origin: 'https://example.org' } });
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('1 a valid license is required (D-E-LIC-*)', () => {
  it('D-E-LIC-2: with the license off, every data route answers 403 license_expired; balance, history and tokens still answer', async () => {
    await ctl(sb, 'license', { login: 'demo', active: false });
    for (const [method, path] of LICENSED) {
      const e = errorOf(await legacy(sb, method, path, { token: live }), 403, 'license_expired');
      expect(e.license.active).toBe(false);
    }
    const b = await get200(sb, '/balance', live);
    expect(b.license.active).toBe(false);
    expect(Date.parse(b.license.end_date)).toBeLessThanOrEqual(Date.parse(b.last_updated));
    expect((await legacy(sb, 'GET', '/balance/history', { token: live })).status).toBe(200);
    expect((await legacy(sb, 'GET', '/tokens', { token: live })).status).toBe(200);
    const before = (await get200(sb, '/balance', live)).balance.tenders;
    await legacy(sb, 'GET', `/tenders?filter_id=${ALL}`, { token: live });
    expect((await get200(sb, '/balance', live)).balance.tenders).toBe(before);
  });

  it('D-E-LIC-3: turned back on, the license runs a year and the data routes answer again', async () => {
    const r = await ctl(sb, 'license', { login: 'demo', active: true });
    expect(r.license.active).toBe(true);
    expect((await legacy(sb, 'GET', `/tenders?filter_id=${ALL}`, { token: live })).status).toBe(200);
    const b = await get200(sb, '/balance', live);
    expect(b.license.active).toBe(true);
    expect(Date.parse(b.license.end_date) - Date.parse(b.last_updated)).toBeGreaterThan(364 * 86_400_000);
  });

  it('D-E-LIC-1: license.end_date follows the simulated clock — past it the license is expired', async () => {
    ({ live } = await fresh(sb));
    const b = await get200(sb, '/balance', live);
    const toEnd = Math.ceil((Date.parse(b.license.end_date) - Date.parse(b.last_updated)) / 1000);
    const token = (await legacy(sb, 'POST', '/tokens', { token: live })).json.token;
    await ctl(sb, 'clock', { advance_s: toEnd - 3600 });
    expect((await legacy(sb, 'GET', '/filters', { token })).status).toBe(200);
    await ctl(sb, 'clock', { advance_s: 7200 });
    errorOf(await legacy(sb, 'GET', '/filters', { token }), 403, 'license_expired');
    expect((await get200(sb, '/balance', token)).license.active).toBe(false);
    ({ live, test } = await fresh(sb));
  });

  it('D-E-LIC-4: the control surface checks its input', async () => {
    const bad = await api(sb, 'POST', `${sb.origin}/__sandbox/license`, { body: { login: 'demo' } });
    expect(bad.status).toBe(422);
    const unknown = await api(sb, 'POST', `${sb.origin}/__sandbox/license`, { body: { login: 'nobody', active: false } });
    expect(unknown.status).toBe(404);
  });
});
