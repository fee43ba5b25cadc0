/** Reference section 5 (authentication rules), token management (4.3, 4.4, 8) and D-AUTH-1..7. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TENDERS, api, catalogue, createList, ctl, errorOf, fresh, login, newKey, query, start,
  type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[];

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  all = (await catalogue(sb, t.test)).map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const DAY = 86400;
const mkToken = (token: string, name = 'tok', key = newKey()) => api(sb, 'POST', '/auth/tokens', { token, key, body: { name } });
const xApi = (secret: string, path = '/balance') => api(sb, 'GET', path, { headers: { 'x-api-token': secret } });

describe('5 authentication', () => {
  it('5 rule 1: every route except POST /auth/login requires a token', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, [all[0]]);
    const routes: [string, string, unknown?][] = [
      ['GET', '/auth/tokens'], ['POST', '/auth/tokens', { name: 'x' }], ['DELETE', '/auth/tokens/1'],
      ['POST', TENDERS, { list_id: lst }], ['GET', `/tenders/${all[0]}`], ['POST', '/contracts/query', { list_id: lst }],
      ['GET', '/contracts/1'], ['POST', '/lists', { name: 'x' }], ['GET', '/lists'], ['GET', `/lists/${lst}`],
      ['POST', `/lists/${lst}/items`, { ids: [all[1]] }], ['DELETE', `/lists/${lst}/items`, { ids: [all[0]] }],
      ['GET', '/filters'], ['DELETE', '/filters/flt_000000000000000000000000'], ['GET', '/balance'], ['GET', '/balance/ledger'],
    ];
    expect(routes).toHaveLength(16);
    for (const [m, p, body] of routes) {
      const key = m === 'GET' || p.endsWith('/query') ? undefined : newKey();
      errorOf(await api(sb, m, p, { body, key }), 401, 'unauthorized');
      errorOf(await api(sb, m, p, { body, key, token: 'tenderwb_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), 401, 'unauthorized');
    }
    expect((await api(sb, 'GET', `/lists/${lst}`, { token: t.live })).json.data).toEqual([all[0]]);
    expect((await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=n')).status).toBe(200);
  });

  it('5 rule 2: Authorization: Bearer works for live tokens, test tokens and sessions', async () => {
    const api1 = await mkToken(t.live);
    const test1 = await mkToken(t.test);
    for (const tok of [t.live, t.test, api1.json.token, test1.json.token]) {
      expect((await api(sb, 'GET', '/balance', { token: tok })).status).toBe(200);
    }
  });

  it('5 rule 3 (D-AUTH-3): X-API-Token works for live tokens and sessions; a test token in it is 401; Bearer wins', async () => {
    const live = await mkToken(t.live);
    const test = await mkToken(t.test);
    expect((await xApi(live.json.token)).status).toBe(200);
    expect((await xApi(t.live)).status).toBe(200);
    errorOf(await xApi(test.json.token), 401, 'unauthorized');
    errorOf(await xApi(t.test), 401, 'unauthorized');
    const both = await api(sb, 'GET', '/balance', { token: test.json.token, headers: { 'x-api-token': 'tenderwb_live_nope' } });
    expect(both.status).toBe(200);
    const both2 = await api(sb, 'GET', '/balance', { token: 'tenderwb_live_nope', headers: { 'x-api-token': live.json.token } });
    errorOf(both2, 401, 'unauthorized');
  });

  it('5 rule 4 (D-AUTH-2): prefixes tenderwb_live_/tenderwb_test_; the short brand twb_ is the same token; the env part is not swappable', async () => {
    const live = await mkToken(t.live, 'short-brand');
    const test = await mkToken(t.test);
    expect(live.json.token).toMatch(/^tenderwb_live_[A-Za-z0-9]{32}$/);
    expect(test.json.token).toMatch(/^tenderwb_test_[A-Za-z0-9]{32}$/);
    const rnd = live.json.token.slice('tenderwb_live_'.length);
    expect((await api(sb, 'GET', '/balance', { token: `twb_live_${rnd}` })).status).toBe(200);
    const listed = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json.tokens.find((x: Json) => x.id === live.json.id);
    expect(listed.last_used_at).not.toBeNull();
    const trnd = test.json.token.slice('tenderwb_test_'.length);
    expect((await api(sb, 'GET', '/balance', { token: `twb_test_${trnd}` })).status).toBe(200);
    errorOf(await api(sb, 'GET', '/balance', { token: `tenderwb_test_${rnd}` }), 401, 'unauthorized');
    errorOf(await api(sb, 'GET', '/balance', { token: `tenderwb_live_${trnd}` }), 401, 'unauthorized');
    // same address, same body, same demo data
    const a = await api(sb, 'GET', `/tenders/${all[42]}`, { token: t.test });
    const b = await api(sb, 'GET', `/tenders/${all[42]}`, { token: t.live });
    const card = (r: Json) => { const rest = { ...r.json }; delete rest.request_id; delete rest.billed; return rest; };
    expect(a.status).toBe(200);
    expect(card(a)).toEqual(card(b));
  });

  it('5 rule 5: an API token has no expiry; the secret is shown once, later only token_preview', async () => {
    t = await fresh(sb);
    const tok = await mkToken(t.live, 'forever');
    const list = await api(sb, 'GET', '/auth/tokens', { token: t.live });
    expect(list.text).not.toContain(tok.json.token);
    expect(list.json.tokens[0]).not.toHaveProperty('token');
    await ctl(sb, 'clock', { advance_s: 400 * DAY });
    expect((await api(sb, 'GET', '/balance', { token: tok.json.token })).status).toBe(200);
    const lst = await createList(sb, tok.json.token, [all[0]]);
    expect((await query(sb, tok.json.token, TENDERS, { list_id: lst })).status).toBe(200);
  });

  it('5 rule 6 and 8 active tokens: at most 20 active tokens; the 21st is 409 api_key_limit_reached; sessions do not count', async () => {
    t = await fresh(sb);
    await login(sb, 'demo');
    const made: Json[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await mkToken(t.live, `t${i}`);
      expect(r.status, `token ${i + 1}`).toBe(200);
      made.push(r.json);
    }
    errorOf(await mkToken(t.live, 't21'), 409, 'api_key_limit_reached');
    expect((await api(sb, 'GET', '/auth/tokens', { token: t.live })).json.total).toBe(20);
    expect((await api(sb, 'DELETE', `/auth/tokens/${made[3].id}`, { token: t.live, key: newKey() })).status).toBe(200);
    expect((await mkToken(t.live, 't21')).status).toBe(200);
    errorOf(await mkToken(t.live, 't22'), 409, 'api_key_limit_reached');
    // another account has its own 20
    expect((await mkToken(t.test, 'theirs')).status).toBe(200);
  });

  it('5 rule 7: tokens are created by POST /auth/tokens with a session or with a token, and by login', async () => {
    t = await fresh(sb);
    const bySession = await mkToken(t.live, 'by-session');
    expect(bySession.status).toBe(200);
    const byToken = await mkToken(bySession.json.token, 'by-token');
    expect(byToken.status).toBe(200);
    expect((await api(sb, 'GET', '/balance', { token: byToken.json.token })).status).toBe(200);
    const names = (await api(sb, 'GET', '/auth/tokens', { token: byToken.json.token })).json.tokens.map((x: Json) => x.name).sort();
    expect(names).toEqual(['by-session', 'by-token']);
    expect((await login(sb, 'demo'))).toMatch(/^tenderwb_live_/);
  });

  it('5 rule 8 (D-AUTH-1): the login secret is a session with id 0, not listed, and DELETE /auth/tokens/0 changes nothing', async () => {
    t = await fresh(sb);
    const s = await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=web');
    expect(s.json.id).toBe(0);
    const list = await api(sb, 'GET', '/auth/tokens', { token: s.json.token });
    expect(list.json).toEqual({ tokens: [], total: 0 });
    const d = await api(sb, 'DELETE', '/auth/tokens/0', { token: s.json.token, key: newKey() });
    expect(d.status).toBe(200);
    expect(d.json.success).toBe(true);
    expect((await api(sb, 'GET', '/balance', { token: s.json.token })).status).toBe(200);
  });

  it('5 rule 9 (D-AUTH-1): a session expires after 30 days with 401 invalid_session; API tokens are not concerned', async () => {
    t = await fresh(sb);
    const tok = await mkToken(t.live, 'stays');
    await ctl(sb, 'clock', { advance_s: 30 * DAY - 120 });
    expect((await api(sb, 'GET', '/balance', { token: t.live })).status).toBe(200);
    await ctl(sb, 'clock', { advance_s: 240 });
    errorOf(await api(sb, 'GET', '/balance', { token: t.live }), 401, 'invalid_session');
    errorOf(await api(sb, 'GET', '/balance', { headers: { 'x-api-token': t.live } }), 401, 'invalid_session');
    expect((await api(sb, 'GET', '/balance', { token: tok.json.token })).status).toBe(200);
    expect((await api(sb, 'GET', '/balance', { token: await login(sb, 'demo') })).status).toBe(200);
  });

  it('5 rule 11: the request rate is counted per account, not per token', async () => {
    t = await fresh(sb);
    await ctl(sb, 'rate-limit', { per_minute: 5 });
    const b = await mkToken(t.live, 'second');                          // 1
    expect(b.status).toBe(200);
    for (const tok of [t.live, t.live, b.json.token, b.json.token]) {   // 2..5
      expect((await api(sb, 'GET', '/balance', { token: tok })).status).toBe(200);
    }
    const r6 = await api(sb, 'GET', '/balance', { token: b.json.token });
    errorOf(r6, 429, 'rate_limit_exceeded');
    errorOf(await api(sb, 'GET', '/balance', { token: t.live }), 429, 'rate_limit_exceeded');
    expect((await api(sb, 'GET', '/balance', { token: t.test })).status).toBe(200); // another account
    await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  });
});

describe('tokens', () => {
  it('4.4 and 7 404: deleting a token of another account is 404 not_found and leaves it working', async () => {
    t = await fresh(sb);
    const theirs = await mkToken(t.test, 'theirs');
    errorOf(await api(sb, 'DELETE', `/auth/tokens/${theirs.json.id}`, { token: t.live, key: newKey() }), 404, 'not_found');
    expect((await api(sb, 'GET', '/balance', { token: theirs.json.token })).status).toBe(200);
    const still = (await api(sb, 'GET', '/auth/tokens', { token: t.test })).json.tokens.find((x: Json) => x.id === theirs.json.id);
    expect(still.is_active).toBe(true);
  });

  it('8 token issuing (D-AUTH-6): 200 per hour; idempotent replays and logins are not counted; the 201st is 429', async () => {
    t = await fresh(sb);
    const firstKey = newKey();
    let first = '';
    for (let i = 0; i < 200; i++) {
      const key = i === 0 ? firstKey : newKey();
      const r = await mkToken(t.live, `n${i}`, key);
      expect(r.status, `issue ${i + 1}: ${r.text}`).toBe(200);
      if (i === 0) first = r.text;
      if (i === 10) for (let j = 0; j < 5; j++) expect((await mkToken(t.live, 'n0', firstKey)).text).toBe(first);
      const d = await api(sb, 'DELETE', `/auth/tokens/${r.json.id}`, { token: t.live, key: newKey() });
      expect(d.status).toBe(200);
    }
    const over = await mkToken(t.live, 'n200');
    errorOf(over, 429, 'rate_limit_exceeded');
    const ra = Number(over.headers['retry-after']);
    expect(Number.isInteger(ra) && ra >= 1 && ra <= 3600).toBe(true);
    expect((await mkToken(t.live, 'n0', firstKey)).text).toBe(first);
    expect((await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=x')).status).toBe(200);
    expect((await mkToken(t.test, 'other-account')).status).toBe(200);
  });
});
