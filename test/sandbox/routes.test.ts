/** Reference section 4: the 17 routes and the conventions (Idempotency-Key, 422), section 1 and D-BASE-1..3. */
import { networkInterfaces } from 'node:os';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_STATUS, CONTRACTS, TENDERS, api, catalogue, createList, errorOf, fresh, ledger, newKey, query,
  start, statusWord, type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let cat: Json[];
let all: number[];
let completed: number[];

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  cat = await catalogue(sb, t.test);
  all = cat.map((x) => x.id);
  completed = cat.filter((x) => statusWord(x) === 'completed').map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const ROUTES = [
  'POST /auth/login', 'GET /auth/tokens', 'POST /auth/tokens', 'DELETE /auth/tokens/{token_id}',
  'POST /tenders/query', 'GET /tenders/{tender_id}', 'POST /contracts/query', 'GET /contracts/{contract_id}',
  'POST /lists', 'GET /lists', 'GET /lists/{list_id}', 'POST /lists/{list_id}/items', 'DELETE /lists/{list_id}/items',
  'GET /filters', 'DELETE /filters/{filter_id}', 'GET /balance', 'GET /balance/ledger',
];

describe('4 routes', () => {
  it('4.1 POST /auth/login: a token by credentials, the only route without a token', async () => {
    const r = await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=robot');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['created_at', 'id', 'name', 'token']);
    expect(r.json).toMatchObject({ id: 0, name: 'robot' });
    expect(r.json.token).toMatch(/^tenderwb_live_[A-Za-z0-9]{32}$/);
    expect(r.json.created_at).toMatch(ISO);
    expect((await api(sb, 'GET', '/balance', { token: r.json.token })).status).toBe(200);
    errorOf(await api(sb, 'POST', '/auth/login?login=demo&password=wrong&token_name=robot'), 401, 'unauthorized');
  });

  it('4.2 GET /auth/tokens: the token list with masked previews and no secrets', async () => {
    t = await fresh(sb);
    const a = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'первый' } });
    const b = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'second' } });
    await api(sb, 'GET', '/balance', { token: a.json.token });
    const r = await api(sb, 'GET', '/auth/tokens', { token: t.live });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(2);
    expect(r.json.tokens.map((x: Json) => x.id).sort()).toEqual([a.json.id, b.json.id].sort());
    expect(r.text).not.toContain(a.json.token);
    expect(r.text).not.toContain(b.json.token);
    for (const [res, info] of [a, b].map((x) => [x, r.json.tokens.find((i: Json) => i.id === x.json.id)])) {
      expect(Object.keys(info).sort()).toEqual(['created_at', 'id', 'is_active', 'last_used_at', 'name', 'token_preview']);
      const rnd = res.json.token.slice('tenderwb_live_'.length);
      expect(info.token_preview).toBe(`tenderwb_live_${rnd.slice(0, 4)}…${rnd.slice(-4)}`);
      expect(info.is_active).toBe(true);
      expect(info.name).toBe(res.json.name);
    }
    expect(r.json.tokens.find((i: Json) => i.id === a.json.id).last_used_at).toMatch(ISO);
    expect(r.json.tokens.find((i: Json) => i.id === b.json.id).last_used_at).toBeNull();
  });

  it('4.3 POST /auth/tokens: creates a token; the secret appears once and works', async () => {
    const r = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'ci-runner' } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['created_at', 'id', 'name', 'token']);
    expect(r.json.id).toBeGreaterThan(0);
    expect(r.json.name).toBe('ci-runner');
    expect(r.json.token).toMatch(/^tenderwb_live_[A-Za-z0-9]{32}$/);
    expect((await api(sb, 'GET', '/balance', { token: r.json.token })).status).toBe(200);
    errorOf(await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: {} }), 422, 'unprocessable_entity');
  });

  it('4.4 DELETE /auth/tokens/{token_id}: revokes an own token', async () => {
    const r = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'short-lived' } });
    const d = await api(sb, 'DELETE', `/auth/tokens/${r.json.id}`, { token: t.live, key: newKey() });
    expect(d.status).toBe(200);
    expect(d.json.success).toBe(true);
    expect(typeof d.json.message).toBe('string');
    errorOf(await api(sb, 'GET', '/balance', { token: r.json.token }), 401, 'unauthorized');
    errorOf(await api(sb, 'DELETE', '/auth/tokens/abc', { token: t.live, key: newKey() }), 422, 'unprocessable_entity');
  });

  it('4.5 POST /tenders/query: the envelope and the result items', async () => {
    t = await fresh(sb);
    const r = await query(sb, t.live, TENDERS, { status: ALL_STATUS, limit: 3 });
    expect(r.status).toBe(200);
    const e = r.json;
    expect(e.filter_id).toMatch(/^flt_[0-9a-f]{24}$/);
    expect(e.state).toBe('ready');
    expect(Object.keys(e.applied).sort()).toEqual(['events', 'status']);
    expect(e.applied.events).toEqual(['created']);
    expect([...e.applied.status].sort()).toEqual(['active', 'cancelled', 'completed']);
    expect(e.total).toBe(3000);
    expect(e.next_cursor).toMatch(/^cur_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(e.billed).toEqual({ created: 3, updated: 0, free: 0, period_total: 3, balance_exhausted: false });
    expect(e.expires_at).toMatch(ISO);
    expect(e.request_id).toBe(r.headers['x-request-id']);
    expect(e.results).toHaveLength(3);
    for (const [i, it] of e.results.entries()) {
      expect(it.event).toBe('created');
      expect(it.billed).toBe(true);
      expect(Number.isInteger(it.tender.id)).toBe(true);
      expect(it.tender.id).toBe(all[i]);
      expect(typeof it.tender.etp_id).toBe('string');
      expect(it.tender.version).toBe(it.version);
      expect(it.tender).not.toHaveProperty('positions');
      expect(it.tender).not.toHaveProperty('documents');
    }
  });

  it('4.6 GET /tenders/{tender_id}: the card, by internal id or by etp_id; 404 for unknown', async () => {
    const id = all[3];
    const r = await api(sb, 'GET', `/tenders/${id}`, { token: t.test });
    expect(r.status).toBe(200);
    const c = r.json;
    expect(c.id).toBe(id);
    for (const k of ['etp_id', 'name', 'description', 'lots', 'positions', 'documents', 'organization', 'positions_total']) expect(c).toHaveProperty(k);
    expect(c.positions).toHaveLength(Math.min(20, c.positions_total));
    const ext = await api(sb, 'GET', `/tenders/${c.etp_id}?id_type=external`, { token: t.test });
    expect(ext.status).toBe(200);
    expect(ext.json.id).toBe(id);
    errorOf(await api(sb, 'GET', '/tenders/999999999', { token: t.test }), 404, 'not_found');
    errorOf(await api(sb, 'GET', `/tenders/${id}?id_type=external`, { token: t.test }), 404, 'not_found');
    errorOf(await api(sb, 'GET', `/tenders/${id}?id_type=weird`, { token: t.test }), 422, 'unprocessable_entity');
  });

  let contractId = 0;
  it('4.7 POST /contracts/query: contracts over a set of procurements', async () => {
    const r = await query(sb, t.test, CONTRACTS, { tender_ids: completed.slice(0, 50), limit: 5 });
    expect(r.status).toBe(200);
    expect(r.json.filter_id).toMatch(/^flt_[0-9a-f]{24}$/);
    expect(r.json.applied).toEqual({ events: ['created'] });
    expect(r.json.results.length).toBeGreaterThan(0);
    expect(r.json.freshness.last_polled_at).toMatch(ISO);
    for (const it of r.json.results) {
      expect(it.event).toBe('created');
      expect(Number.isInteger(it.contract.id)).toBe(true);
      expect(it.contract.version).toBe(it.version);
    }
    contractId = r.json.results[0].contract.id;
  });

  it('4.8 GET /contracts/{contract_id}: the card, by internal id or registry number; 404 for unknown', async () => {
    const r = await api(sb, 'GET', `/contracts/${contractId}`, { token: t.test });
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(contractId);
    for (const k of ['suppliers', 'execution', 'positions']) expect(r.json).toHaveProperty(k);
    expect(r.json.suppliers.length).toBeGreaterThan(0);
    expect(r.json.reestr_number).toMatch(/^\d{19}$/);
    const byReestr = await api(sb, 'GET', `/contracts/${r.json.reestr_number}?id_type=reestr`, { token: t.test });
    expect(byReestr.status).toBe(200);
    expect(byReestr.json.id).toBe(contractId);
    errorOf(await api(sb, 'GET', '/contracts/999999999', { token: t.test }), 404, 'not_found');
  });

  it('4.9 POST /lists: creates a list with list_id lst_<id>', async () => {
    const r = await api(sb, 'POST', '/lists', { token: t.live, key: newKey(), body: { name: 'Медицина', description: 'шприцы', metadata: { team: 'A' } } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Медицина', description: 'шприцы', metadata: { team: 'A' }, items_count: 0 });
    expect(r.json.list_id).toMatch(/^lst_[A-Za-z0-9]+$/);
    expect(r.json.created_at).toMatch(ISO);
    expect(Object.keys(r.json).sort()).toEqual(['created_at', 'description', 'items_count', 'list_id', 'metadata', 'name']);
  });

  it('4.10 GET /lists: own lists in a collection envelope, paged with starting_after', async () => {
    t = await fresh(sb);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push(await createList(sb, t.live, [], `L${i}`));
    await createList(sb, t.test, [], 'foreign');
    const p1 = await api(sb, 'GET', '/lists?limit=2', { token: t.live });
    expect(p1.status).toBe(200);
    expect(p1.json.has_more).toBe(true);
    expect(p1.json.data).toHaveLength(2);
    expect(p1.json.next_cursor).toBe(p1.json.data[1].list_id);
    const p2 = await api(sb, 'GET', `/lists?limit=2&starting_after=${p1.json.next_cursor}`, { token: t.live });
    expect(p2.json.has_more).toBe(false);
    expect(p2.json.next_cursor).toBeNull();
    const got = [...p1.json.data, ...p2.json.data];
    expect(got.map((x: Json) => x.list_id).sort()).toEqual([...made].sort());
    expect(got.find((x: Json) => x.list_id === made[0]).name).toBe('L0');
  });

  it('4.11 GET /lists/{list_id}: members in ascending order, paged; 404 for a nonexistent or foreign list', async () => {
    const members = [all[9]!, all[2]!, all[5]!, all[7]!, all[1]!];
    const lst = await createList(sb, t.live, members, 'детали');
    const sorted = [...members].sort((a, b) => a - b);
    const p1 = await api(sb, 'GET', `/lists/${lst}?limit=2`, { token: t.live });
    expect(p1.status).toBe(200);
    expect(p1.json).toMatchObject({ list_id: lst, name: 'детали', data: sorted.slice(0, 2), has_more: true, next_cursor: sorted[1] });
    const p3 = await api(sb, 'GET', `/lists/${lst}?limit=2&starting_after=${sorted[3]}`, { token: t.live });
    expect(p3.json).toMatchObject({ data: sorted.slice(4), has_more: false, next_cursor: null });
    const whole = await api(sb, 'GET', `/lists/${lst}`, { token: t.live });
    expect(whole.json.data).toEqual(sorted);
    errorOf(await api(sb, 'GET', `/lists/${lst}`, { token: t.test }), 404, 'not_found');
    errorOf(await api(sb, 'GET', '/lists/lst_doesnotexist', { token: t.live }), 404, 'not_found');
  });

  it('4.12 POST /lists/{list_id}/items: adds tenders; a repeated id makes no duplicate; an unknown id is 404 and adds nothing', async () => {
    const lst = await createList(sb, t.live, []);
    const a = await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [all[0], all[1]] } });
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ list_id: lst, added: 2, already_present: 0, items_count: 2 });
    const b = await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [all[1]] } });
    expect(b.json).toEqual({ list_id: lst, added: 0, already_present: 1, items_count: 2 });
    const bad = await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [all[2], 999999999] } });
    const e = errorOf(bad, 404, 'not_found');
    expect(e.message).toContain('999999999');
    expect((await api(sb, 'GET', `/lists/${lst}`, { token: t.live })).json.data).toEqual([all[0], all[1]]);
    errorOf(await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [] } }), 400, 'validation_error');
  });

  it('4.13 DELETE /lists/{list_id}/items: removes tenders, idempotently', async () => {
    const lst = await createList(sb, t.live, [all[0], all[1], all[2]]);
    const r = await api(sb, 'DELETE', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [all[1]] } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ list_id: lst, removed: 1, not_present: 0, items_count: 2 });
    const again = await api(sb, 'DELETE', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [all[1]] } });
    expect(again.json).toEqual({ list_id: lst, removed: 0, not_present: 1, items_count: 2 });
    expect((await api(sb, 'GET', `/lists/${lst}`, { token: t.live })).json.data).toEqual([all[0], all[2]]);
  });

  it('4.14 GET /filters: own subscriptions, newest first, with filter records', async () => {
    t = await fresh(sb);
    const a = await createList(sb, t.live, [all[0]]);
    const b = await createList(sb, t.live, [all[1]]);
    const fa = await query(sb, t.live, TENDERS, { list_id: a });
    const fb = await query(sb, t.live, TENDERS, { list_id: b });
    await query(sb, t.test, TENDERS, { ids: [all[2]], status: ALL_STATUS });
    const r = await api(sb, 'GET', '/filters', { token: t.live });
    expect(r.status).toBe(200);
    expect(r.json.data.map((x: Json) => x.filter_id)).toEqual([fb.json.filter_id, fa.json.filter_id]);
    expect(r.json.has_more).toBe(false);
    expect(r.json.next_cursor).toBeNull();
    const rec = r.json.data[0];
    expect(Object.keys(rec).sort()).toEqual(['contracts_projection', 'created_at', 'expires_at', 'filter_id', 'params']);
    expect(rec.params).toEqual({ list_id: b });
    expect(rec.contracts_projection).toBe(false);
    expect(rec.expires_at).toBe(fb.json.expires_at);
    const p1 = await api(sb, 'GET', '/filters?limit=1', { token: t.live });
    expect(p1.json).toMatchObject({ has_more: true, next_cursor: fb.json.filter_id });
    const p2 = await api(sb, 'GET', `/filters?limit=1&starting_after=${p1.json.next_cursor}`, { token: t.live });
    expect(p2.json.data.map((x: Json) => x.filter_id)).toEqual([fa.json.filter_id]);
  });

  it('4.15 DELETE /filters/{filter_id}: extinguishes the own subscription; unknown is 404', async () => {
    const lst = await createList(sb, t.live, [all[3]]);
    const f = await query(sb, t.live, TENDERS, { list_id: lst });
    const d = await api(sb, 'DELETE', `/filters/${f.json.filter_id}`, { token: t.live, key: newKey() });
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ success: true, filter_id: f.json.filter_id });
    expect(typeof d.json.message).toBe('string');
    const left = await api(sb, 'GET', '/filters', { token: t.live });
    expect(left.json.data.map((x: Json) => x.filter_id)).not.toContain(f.json.filter_id);
    errorOf(await api(sb, 'DELETE', '/filters/flt_000000000000000000000000', { token: t.live, key: newKey() }), 404, 'not_found');
  });

  it('4.16 GET /balance: balance, usage today and last_updated', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all.slice(0, 4));
    await query(sb, t.live, TENDERS, { list_id: lst });
    const r = await api(sb, 'GET', '/balance', { token: t.live });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['balance', 'last_updated', 'usage_today']);
    expect(r.json.balance).toEqual({ tenders: 9996, contracts: 1000 });
    expect(r.json.usage_today).toEqual({ tenders: 4, contracts: 0 });
    expect(r.json.last_updated).toMatch(ISO);
  });

  it('4.17 GET /balance/ledger: one row per charged delivery, paged by row id', async () => {
    const rows = await ledger(sb, t.live);
    expect(rows).toHaveLength(4);
    expect(Object.keys(rows[0]).sort()).toEqual(['amount', 'balance_type', 'created_at', 'filter_id', 'id', 'object_id', 'request_id', 'version']);
    expect(rows.map((r) => r.object_id)).toEqual(all.slice(0, 4));
    const p1 = await api(sb, 'GET', '/balance/ledger?limit=3', { token: t.live });
    expect(p1.json).toMatchObject({ has_more: true, next_cursor: rows[2].id });
    expect(p1.json.data.map((r: Json) => r.id)).toEqual(rows.slice(0, 3).map((r) => r.id));
    const p2 = await api(sb, 'GET', `/balance/ledger?limit=3&starting_after=${rows[2].id}`, { token: t.live });
    expect(p2.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(p2.json.data.map((r: Json) => r.id)).toEqual([rows[3].id]);
  });
});

describe('4 conventions', () => {
  it('4 conventions: every mutation without Idempotency-Key (or with an empty one) gives 400 idempotency_key_required', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, [all[0]]);
    const f = await query(sb, t.live, TENDERS, { list_id: lst });
    const tok = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'x' } });
    const calls: [string, string, unknown][] = [
      ['POST', '/auth/tokens', { name: 'y' }],
      ['DELETE', `/auth/tokens/${tok.json.id}`, undefined],
      ['POST', '/lists', { name: 'z' }],
      ['POST', `/lists/${lst}/items`, { ids: [all[1]] }],
      ['DELETE', `/lists/${lst}/items`, { ids: [all[0]] }],
      ['DELETE', `/filters/${f.json.filter_id}`, undefined],
    ];
    for (const [m, p, body] of calls) {
      errorOf(await api(sb, m, p, { token: t.live, body }), 400, 'idempotency_key_required');
      errorOf(await api(sb, m, p, { token: t.live, body, key: '' }), 400, 'idempotency_key_required');
    }
    // nothing was executed
    expect((await api(sb, 'GET', `/lists/${lst}`, { token: t.live })).json.data).toEqual([all[0]]);
    expect((await api(sb, 'GET', '/balance', { token: tok.json.token })).status).toBe(200);
  });

  it('4 conventions: a repeat with the same Idempotency-Key returns the stored answer byte for byte and executes once', async () => {
    const k1 = newKey();
    const a = await api(sb, 'POST', '/lists', { token: t.live, key: k1, body: { name: 'один раз' } });
    const b = await api(sb, 'POST', '/lists', { token: t.live, key: k1, body: { name: 'один раз' } });
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    const lists = (await api(sb, 'GET', '/lists?limit=100', { token: t.live })).json.data;
    expect(lists.filter((x: Json) => x.name === 'один раз')).toHaveLength(1);

    const k2 = newKey();
    const t1 = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: k2, body: { name: 'once' } });
    const t2 = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: k2, body: { name: 'once' } });
    expect(t2.text).toBe(t1.text);
    const toks = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json.tokens;
    expect(toks.filter((x: Json) => x.name === 'once')).toHaveLength(1);

    const k3 = newKey();
    const add1 = await api(sb, 'POST', `/lists/${a.json.list_id}/items`, { token: t.live, key: k3, body: { ids: [all[5]] } });
    const add2 = await api(sb, 'POST', `/lists/${a.json.list_id}/items`, { token: t.live, key: k3, body: { ids: [all[5]] } });
    expect(add1.json).toMatchObject({ added: 1 });
    expect(add2.text).toBe(add1.text); // not "already_present: 1"
  });

  it('4 conventions (D-IDEM-1): business errors are stored and replayed byte for byte too', async () => {
    const k = newKey();
    const a = await api(sb, 'POST', '/lists', { token: t.live, key: k, body: { name: '' } });
    errorOf(a, 422, 'unprocessable_entity');
    const b = await api(sb, 'POST', '/lists', { token: t.live, key: k, body: { name: '' } });
    expect(b.status).toBe(422);
    expect(b.text).toBe(a.text);
  });

  it('4 conventions (D-IDEM-2): the same key with another body is 400 validation_error', async () => {
    const k = newKey();
    expect((await api(sb, 'POST', '/lists', { token: t.live, key: k, body: { name: 'A' } })).status).toBe(200);
    errorOf(await api(sb, 'POST', '/lists', { token: t.live, key: k, body: { name: 'B' } }), 400, 'validation_error');
  });

  it('4 conventions: QUERY and login need no Idempotency-Key', async () => {
    const lst = await createList(sb, t.live, [all[0]]);
    expect((await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: lst } })).status).toBe(200);
    expect((await api(sb, 'POST', CONTRACTS, { token: t.live, body: { list_id: lst } })).status).not.toBe(400);
    expect((await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=k')).status).toBe(200);
  });

  it('4 conventions: 422 may follow any route with parameters', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', TENDERS, { limit: 0 }], ['POST', TENDERS, { limit: 101 }], ['POST', TENDERS, { wait: 26 }],
      ['POST', TENDERS, { regions: '77' }], ['POST', TENDERS, { customer: { kpp: '783001001' } }],
      ['POST', TENDERS, { price: { from: 'дорого' } }], ['POST', CONTRACTS, { limit: 101 }],
      ['GET', `/tenders/${all[0]}?positions_limit=0`, undefined], ['GET', '/lists?limit=abc', undefined],
      ['GET', '/balance/ledger?starting_after=x', undefined], ['POST', '/lists', { name: 'x'.repeat(256) }],
    ];
    for (const [m, p, body] of cases) {
      const r = await api(sb, m, p, { token: t.live, body, key: m === 'POST' && p === '/lists' ? newKey() : undefined });
      expect(r.status, `${m} ${p} ${JSON.stringify(body)}`).toBe(422);
      const e = errorOf(r, 422, 'unprocessable_entity');
      expect(Array.isArray(e.details) && e.details.length > 0).toBe(true);
    }
  });
});

describe('1, 9 and D-BASE', () => {
  it('4 and 9: openapi.json (OpenAPI 3.1.0, no token) lists exactly the 17 routes', async () => {
    const r = await api(sb, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe('3.1.0');
    expect(r.json.info.version).toBe('2.0.0');
    const ops: string[] = [];
    for (const [p, item] of Object.entries<Json>(r.json.paths)) {
      for (const m of ['get', 'post', 'put', 'patch', 'delete']) if (item[m]) ops.push(`${m.toUpperCase()} ${p.replace(/^\/api\/v2/, '')}`);
    }
    expect(ops.sort()).toEqual([...ROUTES].sort());
  });

  it('1: there is no GET search route and no /search route (D-BASE-3: 405 and 404)', async () => {
    // GET /tenders/query is the card route with tender_id "query": no such tender
    errorOf(await api(sb, 'GET', TENDERS, { token: t.live }), 404, 'not_found');
    errorOf(await api(sb, 'PUT', TENDERS, { token: t.live, body: {} }), 405, 'method_not_allowed');
    errorOf(await api(sb, 'DELETE', '/balance', { token: t.live }), 405, 'method_not_allowed');
    errorOf(await api(sb, 'POST', '/search', { token: t.live, body: {} }), 404, 'not_found');
    errorOf(await api(sb, 'GET', '/tenders/search', { token: t.live }), 404, 'not_found');
  });

  it('1: CORS is disabled: no Access-Control-Allow-Origin, also on a preflight', async () => {
    // A page of another origin is refused outright on the sandbox's loopback port (see
    // loopback-guard.test.ts), and its answer carries no CORS header either.
    const r = await api(sb, 'GET', '/balance', { token: t.live, headers: { origin: 'https://example.org' } });
    expect(r.status).toBe(403);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await api(sb, 'OPTIONS', '/balance', { headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' } });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('D-BASE-2: every response carries X-Request-Id, equal to the request_id of the body', async () => {
    const lst = await createList(sb, t.live, [all[0]]);
    const seen = new Set<string>();
    for (const r of [
      await api(sb, 'GET', '/balance', { token: t.live }),
      await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: lst } }),
      await api(sb, 'GET', `/tenders/${all[0]}`, { token: t.live }),
      await api(sb, 'GET', '/nope', { token: t.live }),
    ]) {
      expect(r.headers['x-request-id']).toMatch(/^req_[0-9a-f]{20}$/);
      seen.add(String(r.headers['x-request-id']));
      if (r.json?.request_id) expect(r.json.request_id).toBe(r.headers['x-request-id']);
    }
    expect(seen.size).toBe(4);
  });

  it('D-BASE-1: the sandbox binds only to 127.0.0.1', async () => {
    const u = new URL(sb.baseUrl);
    expect(u.hostname).toBe('127.0.0.1');
    expect(u.pathname).toBe('/api/v2');
    expect(sb.origin).toBe(`http://127.0.0.1:${u.port}`);
    const others = ['[::1]', ...Object.values(networkInterfaces()).flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal).map((a) => a!.address)];
    for (const host of others) {
      const err = await request(`http://${host}:${u.port}/api/v2/openapi.json`).then(() => null, (e) => e);
      expect(['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH'], host).toContain(err?.code);
    }
  });
});
