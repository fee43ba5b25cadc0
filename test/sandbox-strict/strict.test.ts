/**
 * The strict sandbox (docs/api-decisions.md, "Strict sandbox"): one test per strict
 * choice (a–o), each failing against the default sandbox. Real HTTP requests; waits are on conditions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRICT_PAGE_CAP } from '../../src-main/sandbox/index';
import {
  ALL_STATUS,
  CONTRACTS,
  FAST_COLLECTION,
  TENDERS,
  api,
  createList,
  ctl,
  documented,
  errorOf,
  fresh,
  ledger,
  login,
  newKey,
  settled,
  startStrict,
  until,
  type Json,
  type Sandbox,
  type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
/** Every tender of the 3000-tender catalogue: a list over them has every contract in its contract feed. */
const ALL_IDS = Array.from({ length: 3000 }, (_, i) => i + 1);

beforeAll(async () => {
  sb = await startStrict();
});
afterAll(async () => sb.close());
beforeEach(async () => {
  t = await fresh(sb);
});

const listFeed = async (route: string, ids: number[], body: Json = {}): Promise<Json> => {
  const list = await createList(sb, t.live, ids);
  const r = await api(sb, 'POST', route, { token: t.live, body: { list_id: list, ...body } });
  expect(r.status, r.text).toBe(200);
  return { list, page: r.json };
};

const firstContractId = async (): Promise<number> => {
  const { page } = await listFeed(CONTRACTS, ALL_IDS);
  return page.results[0].object.id;
};

const TENDER_ITEM_FIELDS = [
  'end_date',
  'end_date_computed',
  'etp_id',
  'id',
  'name',
  'organization',
  'platform',
  'price',
  'publish_date',
  'region',
  'status',
  'update_date',
];

describe('strict sandbox (current generation)', () => {
  it('a. no version inside tender or contract objects (feeds, 409 slices, cards); the item keeps it', async () => {
    const { page } = await listFeed(TENDERS, [1, 2, 3, 4, 5]);
    for (const item of page.results) {
      expect(item.version).toBeTypeOf('number');
      expect(item.tender).not.toHaveProperty('version');
    }
    await ctl(sb, 'rebuild', { filter_id: page.filter_id });
    const slice = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: page.next_cursor } });
    expect(errorOf(slice, 409, 'cursor_expired')).toBeTruthy();
    expect(slice.json.results.length).toBeGreaterThan(0);
    for (const item of slice.json.results) expect(item.tender).not.toHaveProperty('version');

    const card = await api(sb, 'GET', '/tenders/1', { token: t.live });
    expect(card.status).toBe(200);
    expect(card.json).not.toHaveProperty('version');
    const contract = await api(sb, 'GET', `/contracts/${await firstContractId()}`, { token: t.live });
    expect(contract.status).toBe(200);
    expect(contract.json).not.toHaveProperty('version');
  });

  it('b. the contract feed delivers its object under `object`, not `contract`', async () => {
    const { page } = await listFeed(CONTRACTS, ALL_IDS);
    expect(page.results.length).toBeGreaterThan(0);
    for (const item of page.results) {
      expect(item).not.toHaveProperty('contract');
      expect(item.object.id).toBeTypeOf('number');
    }
  });

  it('c. unknown extra fields on every object; a result item has exactly one object-valued key', async () => {
    const hasExtras = (o: Json) => Object.keys(o).some((k) => k.startsWith('x_'));
    const { list, page } = await listFeed(TENDERS, [1, 2, 3]);
    expect(hasExtras(page)).toBe(true);
    expect(hasExtras(page.billed)).toBe(true);
    expect(hasExtras(page.applied)).toBe(true);
    for (const item of page.results) {
      expect(hasExtras(item)).toBe(true);
      const objectKeys = Object.keys(item).filter((k) => item[k] !== null && typeof item[k] === 'object');
      expect(objectKeys).toEqual(['tender']);
      expect(hasExtras(item.tender)).toBe(true);
      expect(hasExtras(item.tender.region)).toBe(true);
    }
    const card = (await api(sb, 'GET', '/tenders/1', { token: t.live })).json;
    expect(hasExtras(card) && hasExtras(card.organization) && hasExtras(card.positions[0])).toBe(true);
    const { page: contracts } = await listFeed(CONTRACTS, ALL_IDS);
    expect(hasExtras(contracts.results[0].object)).toBe(true);

    const lists = (await api(sb, 'GET', '/lists', { token: t.live })).json;
    const detail = (await api(sb, 'GET', `/lists/${list}`, { token: t.live })).json;
    const filters = (await api(sb, 'GET', '/filters', { token: t.live })).json;
    const rows = (await api(sb, 'GET', '/balance/ledger', { token: t.live })).json;
    const tokens = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json;
    const balance = (await api(sb, 'GET', '/balance', { token: t.live })).json;
    for (const o of [lists, lists.data[0], detail, filters, filters.data[0], rows, rows.data[0], tokens, tokens.tokens[0], balance, balance.balance]) {
      expect(hasExtras(o), JSON.stringify(o).slice(0, 200)).toBe(true);
    }
    // The filter's params are what the client sent: given back as sent, without extras.
    expect(hasExtras(filters.data[0].params)).toBe(false);
    const missing = await api(sb, 'GET', '/lists/lst_nope', { token: t.live });
    expect(hasExtras(errorOf(missing, 404, 'not_found'))).toBe(true);
    // Every extra is outside the documented names.
    expect(Object.keys(page).filter((k) => !['filter_id', 'state', 'applied', 'results', 'next_cursor', 'total', 'billed', 'expires_at'].includes(k)).every((k) => k.startsWith('x_'))).toBe(true);
  });

  it('d. feed objects carry only the listed fields: 2.1 for tenders; id, suppliers, execution for contracts', async () => {
    const { page } = await listFeed(TENDERS, [1, 2, 3]);
    for (const { tender } of page.results) {
      expect(documented(tender)).toEqual(TENDER_ITEM_FIELDS);
      expect(documented(tender.status)).toEqual(['id', 'name']);
      expect(documented(tender.organization)).toEqual(['inn', 'name']);
    }
    const { page: contracts } = await listFeed(CONTRACTS, ALL_IDS);
    for (const { object } of contracts.results) {
      expect(documented(object)).toEqual(['execution', 'id', 'suppliers']);
      expect(object).not.toHaveProperty('tender_id');
    }
  });

  it('e. a tender card is document 2’s tender detail, without version, billed or request_id; billing unchanged', async () => {
    const before = (await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders;
    const card = await api(sb, 'GET', '/tenders/1?positions_limit=2', { token: t.live });
    expect(card.status).toBe(200);
    const detailFields = 'start_date advance source_url placement_type purchase_type lots positions documents'.split(' ');
    const positionsFields = ['positions_total', 'positions_page', 'positions_page_size', 'positions_pages'];
    expect(documented(card.json)).toEqual([...TENDER_ITEM_FIELDS, ...detailFields, ...positionsFields].sort());
    expect(documented(card.json.organization)).toEqual(['address', 'administrator', 'inn', 'kpp', 'name', 'ogrn']);
    expect(documented(card.json.positions[0])).toEqual(
      ['lot_ordinal', 'position_ordinal', 'title', 'characteristics', 'quantity', 'unit', 'price', 'amount', 'okpd2_code', 'okpd2_name', 'ktru_code'].sort(),
    );
    expect(card.json.positions_page_size).toBe(2);
    // Charged once for a version not delivered before; the ledger row keeps the version and the request id.
    const after = (await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders;
    expect(after).toBe(before - 1);
    const rows = await ledger(sb, t.live);
    expect(rows).toHaveLength(1);
    expect(rows[0].object_id).toBe(1);
    expect(rows[0].version).toBeTypeOf('number');
    expect(rows[0].request_id).toBe(card.headers['x-request-id']);
    await api(sb, 'GET', '/tenders/1', { token: t.live });
    expect((await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders).toBe(after);
  });

  it('f. starting_after must name an id of the collection: an unknown one is an empty page; list detail has no next_cursor', async () => {
    const empty = { data: [], has_more: false, next_cursor: null };
    const emptyOf = (r: Json) => ({ data: r.json.data, has_more: r.json.has_more, next_cursor: r.json.next_cursor });
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const list = await createList(sb, t.live, ids);
    await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: list } }); // charges: the ledger has rows
    expect(emptyOf(await api(sb, 'GET', '/lists?starting_after=lst_unknown', { token: t.live }))).toEqual(empty);
    expect(emptyOf(await api(sb, 'GET', '/filters?starting_after=flt_unknown', { token: t.live }))).toEqual(empty);
    expect(emptyOf(await api(sb, 'GET', '/balance/ledger?starting_after=0', { token: t.live }))).toEqual(empty);
    const none = await api(sb, 'GET', `/lists/${list}?starting_after=0`, { token: t.live });
    expect(none.status).toBe(200);
    expect([none.json.data, none.json.has_more]).toEqual([[], false]);

    const first = (await api(sb, 'GET', `/lists/${list}?limit=20`, { token: t.live })).json;
    expect(first).not.toHaveProperty('next_cursor');
    expect([first.data.length, first.has_more]).toEqual([20, true]);
    const next = (await api(sb, 'GET', `/lists/${list}?limit=20&starting_after=${first.data.at(-1)}`, { token: t.live })).json;
    expect(next.data[0]).toBe(21);
  });

  it('g. 202 preparing states its wait in the body only, with no Retry-After header', async () => {
    const r = await api(sb, 'POST', TENDERS, { token: t.live, body: { keywords: ['поставка'], status: ALL_STATUS } });
    expect(r.status).toBe(202);
    expect(r.json.state).toBe('preparing');
    expect(r.json.retry_after).toBeGreaterThan(0);
    expect(r.headers).not.toHaveProperty('retry-after');
  });

  it('h. total is absent on the first partial page, null on the next partial ones, a number once ready', async () => {
    // In ordinary use the snapshot of a 3000-tender feed takes seconds: its first pages are partial.
    const pace = await ctl(sb, 'collection', {});
    expect(3000 / ((pace.items_per_step * 1000) / pace.step_ms)).toBeGreaterThanOrEqual(3);
    // Slower still for this test, so that `partial` does not depend on how fast a loaded machine answers.
    await ctl(sb, 'collection', { items_per_step: 5, step_ms: 1000 });
    const first = await settled(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 5 });
    expect(first.status, first.text).toBe(200);
    expect(first.json.state).toBe('partial');
    expect(first.json).not.toHaveProperty('total');
    const second = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: first.json.next_cursor } });
    expect(second.json.state).toBe('partial');
    expect(second.json).toHaveProperty('total', null);
    await ctl(sb, 'collection', FAST_COLLECTION);
    const ready = await until(
      () => api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: second.json.next_cursor } }),
      (r) => r.json?.state === 'ready',
    );
    expect(ready.json.total).toBe(3000);
  });

  it('i. pages hold at most 37 items whatever the limit (QUERY, ledger, list detail, collections)', async () => {
    expect(STRICT_PAGE_CAP).toBe(37);
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const { list, page } = await listFeed(TENDERS, ids, { limit: 100 });
    expect(page.results).toHaveLength(37);
    const small = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: page.next_cursor, limit: 10 } });
    expect(small.json.results).toHaveLength(10);
    const rows = (await api(sb, 'GET', '/balance/ledger?limit=100', { token: t.live })).json;
    expect([rows.data.length, rows.has_more]).toEqual([37, true]);
    const detail = (await api(sb, 'GET', `/lists/${list}?limit=100`, { token: t.live })).json;
    expect([detail.data.length, detail.has_more]).toEqual([37, true]);
    for (let i = 0; i < 40; i++) {
      const other = await createList(sb, t.live, [i + 1], `l${i}`);
      expect((await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: other } })).status).toBe(200);
    }
    const lists = (await api(sb, 'GET', '/lists?limit=100', { token: t.live })).json;
    expect([lists.data.length, lists.has_more]).toEqual([37, true]);
    const filters = (await api(sb, 'GET', '/filters?limit=100', { token: t.live })).json;
    expect([filters.data.length, filters.has_more]).toEqual([37, true]);
  });

  it('j. `{}` where the reference shows no body; POST /lists answers only list_id', async () => {
    const made = await api(sb, 'POST', '/lists', { token: t.live, key: newKey(), body: { name: 'пустые ответы' } });
    expect(documented(made.json)).toEqual(['list_id']);
    const list = made.json.list_id;
    const added = await api(sb, 'POST', `/lists/${list}/items`, { token: t.live, key: newKey(), body: { ids: [1, 2] } });
    expect([added.status, added.json]).toEqual([200, {}]);
    const removed = await api(sb, 'DELETE', `/lists/${list}/items`, { token: t.live, key: newKey(), body: { ids: [1] } });
    expect([removed.status, removed.json]).toEqual([200, {}]);
    const q = await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: list } });
    const gone = await api(sb, 'DELETE', `/filters/${q.json.filter_id}`, { token: t.live, key: newKey() });
    expect([gone.status, gone.json]).toEqual([200, {}]);
  });

  it('k. no request_id in success bodies: only in X-Request-Id and in error bodies', async () => {
    const { page } = await listFeed(TENDERS, [1, 2]);
    expect(page).not.toHaveProperty('request_id');
    const preparing = await api(sb, 'POST', TENDERS, { token: t.live, body: { keywords: ['услуги'] } });
    expect(preparing.status).toBe(202);
    expect(preparing.json).not.toHaveProperty('request_id');
    const card = await api(sb, 'GET', '/tenders/2', { token: t.live });
    expect(card.json).not.toHaveProperty('request_id');
    expect(card.headers['x-request-id']).toMatch(/^req_[0-9a-f]{20}$/);
    const missing = await api(sb, 'GET', '/tenders/99999999', { token: t.live });
    expect(errorOf(missing, 404, 'not_found').request_id).toBe(missing.headers['x-request-id']);
  });

  it('l. a subscription lives 60 s of the simulated clock; expiry answers preparing once and continues', async () => {
    await ctl(sb, 'collection', FAST_COLLECTION);
    const first = await settled(sb, t.live, TENDERS, { ids: [1, 2, 3], status: ALL_STATUS });
    expect(first.status, first.text).toBe(200);
    const now = Date.parse((await ctl(sb, 'state')).now);
    const ttl = Date.parse(first.json.expires_at) - now;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
    await ctl(sb, 'clock', { advance_s: 61 });
    const body = { cursor: first.json.next_cursor };
    const expired = await api(sb, 'POST', TENDERS, { token: t.live, body });
    expect(expired.status).toBe(202);
    const resumed = await api(sb, 'POST', TENDERS, { token: t.live, body });
    expect(resumed.status).toBe(200);
  });

  it('m. 422 is FastAPI-shaped {"detail":[{loc,msg,type}]} with no error object', async () => {
    const limit = await api(sb, 'POST', TENDERS, { token: t.live, body: { limit: 0 } });
    expect(limit.status).toBe(422);
    expect(limit.json).not.toHaveProperty('error');
    expect(limit.json.detail[0].loc).toEqual(['body', 'limit']);
    expect(limit.json.detail[0].msg).toBeTypeOf('string');
    expect(limit.json.detail[0].type).toBeTypeOf('string');
    const kpp = await api(sb, 'POST', TENDERS, { token: t.live, body: { customer: { kpp: '770101001' } } });
    expect(kpp.json.detail[0]).toMatchObject({ loc: ['body', 'customer', 'kpp'], type: 'extra_forbidden' });
    const query = await api(sb, 'GET', '/balance/ledger?limit=0', { token: t.live });
    expect(query.json.detail[0].loc).toEqual(['query', 'limit']);
    const path = await api(sb, 'DELETE', '/auth/tokens/abc', { token: t.live, key: newKey() });
    expect(path.json.detail[0].loc).toEqual(['path', 'token_id']);
  });

  it('n. ledger rows, filter records, list items, TokenInfo and contract pages carry exactly the stated fields', async () => {
    await listFeed(TENDERS, [1, 2]);
    const { page: contracts } = await listFeed(CONTRACTS, ALL_IDS);
    expect(contracts).not.toHaveProperty('freshness');
    const row = (await api(sb, 'GET', '/balance/ledger', { token: t.live })).json.data[0];
    expect(documented(row)).toEqual(['amount', 'balance_type', 'filter_id', 'id', 'object_id', 'request_id', 'version']);
    const filter = (await api(sb, 'GET', '/filters', { token: t.live })).json.data[0];
    expect(documented(filter)).toEqual(['contracts_projection', 'expires_at', 'filter_id', 'params']);
    const list = (await api(sb, 'GET', '/lists', { token: t.live })).json.data[0];
    expect(documented(list)).toEqual(['list_id', 'name']);
    const token = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json.tokens[0];
    expect(documented(token)).toEqual(['created_at', 'id', 'is_active', 'last_used_at', 'name']);
  });

  it('o. login issues a permanent API token: a real id, listed, counted in the 20, alive after 30 days', async () => {
    const r = await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=integration');
    expect(r.status).toBe(200);
    expect(r.json.id).toBeGreaterThan(0);
    const listed = (await api(sb, 'GET', '/auth/tokens', { token: r.json.token })).json;
    expect(listed.tokens.map((x: Json) => x.id)).toContain(r.json.id);
    // fresh() logged in once already: with this one, two of the 20 slots are taken.
    let active = listed.tokens.filter((x: Json) => x.is_active).length;
    expect(active).toBe(2);
    for (; active < 20; active++) {
      expect((await api(sb, 'POST', '/auth/tokens', { token: r.json.token, key: newKey(), body: { name: `t${active}` } })).status).toBe(200);
    }
    errorOf(await api(sb, 'POST', '/auth/tokens', { token: r.json.token, key: newKey(), body: { name: 'one too many' } }), 409, 'api_key_limit_reached');
    errorOf(await api(sb, 'POST', '/auth/login?login=demo&password=demo&token_name=again'), 409, 'api_key_limit_reached');
    await ctl(sb, 'clock', { advance_s: 31 * 86_400 });
    expect((await api(sb, 'GET', '/balance', { token: r.json.token })).status).toBe(200);
    expect(await login(sb, 'demo-test')).toMatch(/^tenderwb_test_/);
  });
});
