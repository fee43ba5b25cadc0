/** Reference section 7: one test per error row, the error body shape, D-ERR-1..3, D-IDS-1 and D-AUTH-4. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_STATUS, CONTRACTS, TENDERS, api, catalogue, createList, ctl, errorOf, fresh, login, newKey, query, start, statusWord,
  type Res, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[];
let completed: number[];

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  const cat = await catalogue(sb, t.test);
  all = cat.map((x) => x.id);
  completed = cat.filter((x) => statusWord(x) === 'completed').map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const q = (body: unknown, route = TENDERS, token = t.live) => api(sb, 'POST', route, { token, body });
const collected: Res[] = [];
const err = (r: Res, status: number, code: string) => { collected.push(r); return errorOf(r, status, code); };

describe('7 errors', () => {
  it('7 400 validation_error: invalid parameters (malformed JSON)', async () => {
    err(await api(sb, 'POST', TENDERS, { token: t.live, rawBody: '{"regions": [77' }), 400, 'validation_error');
    err(await api(sb, 'POST', '/lists', { token: t.live, key: newKey(), rawBody: 'name=x' }), 400, 'validation_error');
  });

  it('7 400 validation_error: more than one way to define the set', async () => {
    const lst = await createList(sb, t.live, [all[0]]);
    err(await q({ list_id: lst, regions: [77] }), 400, 'validation_error');
    err(await q({ list_id: lst, tender_ids: [completed[0]] }, CONTRACTS), 400, 'validation_error');
  });

  it('7 400 validation_error (D-IDS-1): ids over 1000 in QUERY and tender_ids over 1000', async () => {
    const ids1001 = all.slice(0, 1001);
    err(await q({ ids: ids1001, status: ALL_STATUS }), 400, 'validation_error');
    err(await q({ tender_ids: ids1001 }, CONTRACTS), 400, 'validation_error');
    const ok = await q({ ids: all.slice(0, 1000), status: ALL_STATUS, limit: 1 });
    expect([200, 202]).toContain(ok.status);
  });

  it('7 400 validation_error: SupplierFilter without inn and name', async () => {
    err(await q({ supplier: {} }, CONTRACTS), 400, 'validation_error');
    err(await q({ tender_ids: [completed[0]], supplier: {} }, CONTRACTS), 400, 'validation_error');
  });

  it('7 400 invalid_cursor: the cursor signature does not match', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 3));
    const p = await query(sb, t.live, TENDERS, { list_id: lst, limit: 1 });
    const cur: string = p.json.next_cursor;
    const bad = cur.slice(0, -1) + (cur.endsWith('A') ? 'B' : 'A');
    err(await q({ cursor: bad }), 400, 'invalid_cursor');
  });

  it('7 400 idempotency_key_required: a mutation without Idempotency-Key', async () => {
    err(await api(sb, 'POST', '/lists', { token: t.live, body: { name: 'x' } }), 400, 'idempotency_key_required');
  });

  it('7 401 unauthorized: token missing or invalid, and a test token in the legacy header', async () => {
    err(await api(sb, 'GET', '/balance'), 401, 'unauthorized');
    err(await api(sb, 'GET', '/balance', { token: 'nonsense' }), 401, 'unauthorized');
    err(await api(sb, 'GET', '/balance', { headers: { 'x-api-token': t.test } }), 401, 'unauthorized');
  });

  it('7 402 balance_exhausted: the balance is 0 and no object could be delivered', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all.slice(0, 3));
    await ctl(sb, 'balance', { login: 'demo', tenders: 0 });
    err(await query(sb, t.live, TENDERS, { list_id: lst }), 402, 'balance_exhausted');
    expect((await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders).toBe(0);
  });

  it('7 404 not_found: object, filter, list (unknown or foreign) and token (foreign or unknown); each message names what was not found', async () => {
    t = await fresh(sb);
    const foreignList = await createList(sb, t.test, [all[0]]);
    const foreignTok = await api(sb, 'POST', '/auth/tokens', { token: t.test, key: newKey(), body: { name: 'f' } });
    const missing = (r: Res, ...named: string[]): void => {
      const e = err(r, 404, 'not_found');
      for (const n of named) expect(e.message, `404 of ${n}`).toContain(n);
    };
    missing(await api(sb, 'GET', '/tenders/987654321', { token: t.live }), 'tender', '987654321');
    missing(await api(sb, 'GET', '/tenders/987654321?id_type=external', { token: t.live }), 'tender', '987654321');
    missing(await api(sb, 'GET', '/contracts/987654321', { token: t.live }), 'contract', '987654321');
    missing(await api(sb, 'DELETE', '/filters/flt_0123456789abcdef01234567', { token: t.live, key: newKey() }), 'flt_0123456789abcdef01234567');
    missing(await q({ filter_id: 'flt_0123456789abcdef01234567' }), 'Filter', 'flt_0123456789abcdef01234567');
    missing(await api(sb, 'GET', '/lists/lst_nope', { token: t.live }), 'List', 'lst_nope');
    missing(await api(sb, 'GET', `/lists/${foreignList}`, { token: t.live }), 'List', foreignList);
    missing(await api(sb, 'POST', `/lists/${foreignList}/items`, { token: t.live, key: newKey(), body: { ids: [all[1]] } }), 'List', foreignList);
    missing(await q({ list_id: foreignList }), 'List', foreignList);
    missing(await api(sb, 'DELETE', `/auth/tokens/${foreignTok.json.id}`, { token: t.live, key: newKey() }), 'token', String(foreignTok.json.id));
    missing(await api(sb, 'DELETE', '/auth/tokens/424242', { token: t.live, key: newKey() }), 'token', '424242');
    missing(await api(sb, 'GET', '/no/such/route', { token: t.live }), '/no/such/route');
    // The earlier generation over the same state names its objects the same way.
    const earlier = (path: string) => api(sb, 'GET', `${sb.origin}/legacy/api/v2${path}`, { headers: { 'x-api-token': t.live } });
    missing(await earlier('/tenders/987654321'), 'tender', '987654321');
    missing(await earlier('/filters/424242'), 'filter', '424242');
  });

  it('7 409 cursor_expired: the feed was rebuilt; the body carries a fresh slice and a new cursor', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 4));
    const p = await query(sb, t.live, TENDERS, { list_id: lst, limit: 2 });
    await ctl(sb, 'rebuild', { filter_id: p.json.filter_id });
    const r = await query(sb, t.live, TENDERS, { cursor: p.json.next_cursor, limit: 2 });
    err(r, 409, 'cursor_expired');
    expect(r.json.results).toHaveLength(2);
    expect(r.json.next_cursor).toMatch(/^cur_/);
    expect(r.json.next_cursor).not.toBe(p.json.next_cursor);
  });

  it('7 409 api_key_limit_reached: already 20 active tokens', async () => {
    t = await fresh(sb);
    for (let i = 0; i < 20; i++) expect((await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: `k${i}` } })).status).toBe(200);
    err(await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'k20' } }), 409, 'api_key_limit_reached');
  });

  it('7 422 (D-ERR-2): unknown field in CustomerFilter, metadata over its limit, any parameter error; details name the path', async () => {
    const kpp = err(await q({ customer: { inn: ['7830002293'], kpp: '783001001' } }), 422, 'unprocessable_entity');
    expect(kpp.details).toEqual([{ path: 'customer.kpp', message: expect.any(String) }]);
    const meta = err(await api(sb, 'POST', '/lists', { token: t.live, key: newKey(), body: { name: 'm', metadata: { x: 'a'.repeat(2100) } } }), 422, 'unprocessable_entity');
    expect(meta.details[0].path).toBe('metadata');
    const lim = err(await q({ regions: [77], limit: 0 }), 422, 'unprocessable_entity');
    expect(lim.details[0].path).toBe('limit');
    err(await q({ ids: ['один'], status: ALL_STATUS }), 422, 'unprocessable_entity');
  });

  it('7 429 rate_limit_exceeded: request rate; wait for Retry-After (D-LIM-1: openapi, control and bad tokens are not counted)', async () => {
    t = await fresh(sb);
    await ctl(sb, 'rate-limit', { per_minute: 5 });
    for (let i = 0; i < 3; i++) expect((await api(sb, 'GET', '/balance', { token: 'bad' })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await api(sb, 'GET', '/openapi.json')).status).toBe(200);
    await ctl(sb, 'state');
    for (let i = 0; i < 5; i++) expect((await api(sb, 'GET', '/balance', { token: t.live })).status, `request ${i + 1}`).toBe(200);
    const r = await api(sb, 'GET', '/balance', { token: t.live });
    err(r, 429, 'rate_limit_exceeded');
    const ra = Number(r.headers['retry-after']);
    expect(Number.isInteger(ra) && ra >= 1 && ra <= 60).toBe(true);
    expect((await api(sb, 'GET', '/openapi.json')).status).toBe(200);
    await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
    expect((await api(sb, 'GET', '/balance', { token: t.live })).status).toBe(200);
  });

  it('7 202 preparing: not an error; the body says preparing and retry_after', async () => {
    const r = await q({ regions: [31], limit: 1 });
    expect(r.status).toBe(202);
    expect(r.json).not.toHaveProperty('error');
    expect(r.json.state).toBe('preparing');
    expect(r.json.retry_after).toBe(1);
  });

  it('7 401 invalid_session: the session expired (D-AUTH-1: 30 days)', async () => {
    await ctl(sb, 'clock', { advance_s: 31 * 86400 });
    err(await api(sb, 'GET', '/balance', { token: t.live }), 401, 'invalid_session');
    err(await q({ regions: [31] }), 401, 'invalid_session');
  });

  it('7 body: every error body is {error: {code, message, request_id}} (plus details for 422, plus the slice for 409)', async () => {
    expect(collected.length).toBeGreaterThanOrEqual(20);
    for (const r of collected) {
      const keys = Object.keys(r.json).sort();
      if (r.status === 409 && r.json.error.code === 'cursor_expired') expect(keys).toContain('results');
      else expect(keys).toEqual(['error']);
      const ek = Object.keys(r.json.error).sort();
      expect(ek).toEqual(r.status === 422 ? ['code', 'details', 'message', 'request_id'] : ['code', 'message', 'request_id']);
      expect(r.json.error.message.length).toBeGreaterThan(0);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('7 429 rate_limit_exceeded (D-AUTH-4): login attempts are limited to 10 per minute per login name', async () => {
    t = await fresh(sb);
    for (let i = 0; i < 10; i++) {
      err(await api(sb, 'POST', '/auth/login?login=ghost&password=wrong&token_name=x'), 401, 'unauthorized');
    }
    const r = await api(sb, 'POST', '/auth/login?login=ghost&password=wrong&token_name=x');
    err(r, 429, 'rate_limit_exceeded');
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await login(sb, 'demo-test')).length).toBeGreaterThan(0); // another login name is not affected
  });
});
