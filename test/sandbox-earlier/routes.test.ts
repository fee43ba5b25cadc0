/** Earlier generation, reference document 2 section 4: the 14 routes one by one, with the shapes of section 2. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL, ARCHIVE, COMPUTERS, ISO, MEDICINE, MOSCOW_44, api, ctl, errorOf, fresh, get200, legacy, start,
  type EarlierSandbox, type Json,
} from './helpers';

let sb: EarlierSandbox;
let token: string;

beforeAll(async () => {
  sb = await start();
  token = (await fresh(sb)).live;
});
afterAll(async () => { await sb?.close(); });

const keys = (o: Json): string[] => Object.keys(o).sort();
const LIST_ITEM_KEYS = ['end_date', 'end_date_computed', 'etp_id', 'id', 'is_new', 'name', 'organization', 'platform', 'price', 'publish_date', 'region', 'status', 'update_date'];
const ROUTES: [string, string][] = [
  ['POST', '/tokens'], ['GET', '/tokens'], ['DELETE', '/tokens/999999'],
  ['GET', '/tenders?filter_id=1'], ['GET', '/tenders/1'], ['GET', '/tenders/1/positions'],
  ['GET', '/filters'], ['GET', '/filters/1'],
  ['GET', '/favorites'], ['POST', '/favorites/x'], ['DELETE', '/favorites/x'], ['GET', '/favorites/updates'],
  ['GET', '/balance'], ['GET', '/balance/history'],
];

describe('D-E-BASE: where the earlier generation lives', () => {
  it('D-E-BASE-1: served by the same sandbox at /legacy/api/v2, next to the current generation at /api/v2', async () => {
    expect(sb.earlierBaseUrl).toBe(`${sb.origin}/legacy/api/v2`);
    expect((await legacy(sb, 'GET', '/balance', { token })).status).toBe(200);
    expect((await api(sb, 'GET', '/balance', { token })).status).toBe(200);
  });

  it('section 4: exactly 14 routes; an unknown path is 404, a known path with another method 405', async () => {
    expect(ROUTES).toHaveLength(14);
    for (const [method, path] of ROUTES) {
      const r = await legacy(sb, method, path, { token });
      expect(r.status, `${method} ${path}`).not.toBe(405);
      expect(r.json?.error?.message ?? '', `${method} ${path}`).not.toMatch(/^No route/);
    }
    errorOf(await legacy(sb, 'GET', '/tenders/query', { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', '/lists', { token }), 404, 'not_found');
    errorOf(await legacy(sb, 'GET', '/auth/tokens', { token }), 404, 'not_found');
    errorOf(await legacy(sb, 'PUT', '/balance', { token }), 405, 'method_not_allowed');
    errorOf(await legacy(sb, 'POST', '/tenders', { token }), 405, 'method_not_allowed');
    errorOf(await api(sb, 'GET', `${sb.origin}/legacy/api/v1/balance`, { headers: { 'x-api-token': token } }), 404, 'not_found');
  });
});

describe('4 routes: tokens', () => {
  it('POST /tokens: creates a token, the secret shown once; it works in both generations', async () => {
    const r = await legacy(sb, 'POST', '/tokens', { token, body: { name: 'робот' } });
    expect(r.status).toBe(200);
    expect(keys(r.json)).toEqual(['created_at', 'id', 'name', 'token']);
    expect(r.json.name).toBe('робот');
    expect(r.json.token).toMatch(/^tenderwb_live_[A-Za-z0-9]{32}$/);
    expect(r.json.created_at).toMatch(ISO);
    expect((await legacy(sb, 'GET', '/balance', { token: r.json.token })).status).toBe(200);
    expect((await api(sb, 'GET', '/balance', { token: r.json.token })).status).toBe(200);
    const unnamed = await legacy(sb, 'POST', '/tokens', { token });
    expect(unnamed.status).toBe(200);
    expect(unnamed.json.name.length).toBeGreaterThan(0);
    errorOf(await legacy(sb, 'POST', '/tokens', { token, body: { name: '' } }), 422, 'unprocessable_entity');
  });

  it('GET /tokens: the user\'s tokens without the secrets', async () => {
    const made = await legacy(sb, 'POST', '/tokens', { token, body: { name: 'список' } });
    const r = await legacy(sb, 'GET', '/tokens', { token });
    expect(r.status).toBe(200);
    expect(keys(r.json)).toEqual(['tokens', 'total']);
    expect(r.json.total).toBe(r.json.tokens.length);
    const info = r.json.tokens.find((x: Json) => x.id === made.json.id);
    expect(keys(info)).toEqual(['created_at', 'id', 'is_active', 'last_used_at', 'name', 'token_preview']);
    expect(r.text).not.toContain(made.json.token);
  });

  it('DELETE /tokens/{id}: deletes the token and it stops working; unknown or foreign id is 404', async () => {
    const made = await legacy(sb, 'POST', '/tokens', { token, body: { name: 'на удаление' } });
    const r = await legacy(sb, 'DELETE', `/tokens/${made.json.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    errorOf(await legacy(sb, 'GET', '/balance', { token: made.json.token }), 401, 'unauthorized');
    errorOf(await legacy(sb, 'DELETE', '/tokens/999999', { token }), 404, 'not_found');
    errorOf(await legacy(sb, 'DELETE', '/tokens/abc', { token }), 422, 'unprocessable_entity');
  });
});

describe('4 routes: tenders', () => {
  it('GET /tenders: envelope 2.2 and items 2.1; defaults page 1 and page_size 20', async () => {
    const r = await legacy(sb, 'GET', `/tenders?filter_id=${ALL}`, { token });
    expect(r.status).toBe(200);
    expect(keys(r.json)).toEqual(['items', 'new_tenders_count', 'page', 'page_size', 'pages', 'remaining_balance', 'total']);
    expect(r.json).toMatchObject({ page: 1, page_size: 20, total: 3000, pages: 150 });
    expect(r.json.items).toHaveLength(20);
    for (const it of r.json.items) {
      expect(keys(it)).toEqual(LIST_ITEM_KEYS);
      expect(Number.isInteger(it.id)).toBe(true);
      expect(typeof it.etp_id).toBe('string');
      expect(typeof it.name).toBe('string');
      expect(typeof it.price).toBe('number');
      for (const d of ['publish_date', 'end_date', 'update_date']) expect(it[d]).toMatch(ISO);
      expect(typeof it.end_date_computed).toBe('boolean');
      expect(keys(it.region)).toEqual(['id', 'name']);
      expect(Number.isInteger(it.region.id)).toBe(true);
      expect(keys(it.platform)).toEqual(['id', 'name']);
      expect(keys(it.status)).toEqual(['id', 'name']);
      expect(keys(it.organization)).toEqual(['inn', 'name']);
      expect(it.organization.inn).toMatch(/^\d{10}(\d{2})?$/);
      expect(typeof it.is_new).toBe('boolean');
    }
  });

  it('GET /tenders: page numbers walk the filter without overlap; pages = ceil(total / page_size); past the end is empty', async () => {
    const a = await get200(sb, `/tenders?filter_id=${COMPUTERS}&page=1&page_size=7`, token);
    const b = await get200(sb, `/tenders?filter_id=${COMPUTERS}&page=2&page_size=7`, token);
    expect(a.pages).toBe(Math.ceil(a.total / 7));
    expect(b.page).toBe(2);
    const ids = [...a.items, ...b.items].map((x: Json) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    const past = await get200(sb, `/tenders?filter_id=${COMPUTERS}&page=${a.pages + 1}&page_size=7`, token);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(a.total);
    expect(past.new_tenders_count).toBe(0);
  });

  it('GET /tenders: filter_id is required and an integer; page_size at most 100; an unknown filter is 404', async () => {
    errorOf(await legacy(sb, 'GET', '/tenders', { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', '/tenders?filter_id=abc', { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page_size=101`, { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page_size=0`, { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page=0`, { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&cursor=x`, { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', '/tenders?filter_id=999999', { token }), 404, 'not_found');
    const max = await get200(sb, `/tenders?filter_id=${ALL}&page=30&page_size=100`, token);
    expect(max.items).toHaveLength(100);
  });

  it('GET /tenders/{id}: detail 2.3 — lots and positions as separate lists linked by lot_ordinal, documents, organization with administrator', async () => {
    const list = await get200(sb, `/tenders?filter_id=${MEDICINE}&page_size=100`, token);
    const multiLot = [];
    for (const it of list.items.slice(0, 40)) {
      const d = await get200(sb, `/tenders/${it.id}?positions_page_size=100`, token);
      expect(keys(d)).toEqual([
        ...LIST_ITEM_KEYS, 'advance', 'documents', 'lots', 'placement_type', 'positions', 'positions_page', 'positions_page_size',
        'positions_pages', 'positions_total', 'purchase_type', 'source_url', 'start_date',
      ].sort());
      expect(d.id).toBe(it.id);
      expect(d.etp_id).toBe(it.etp_id);
      expect(d.start_date).toMatch(ISO);
      expect(typeof d.advance).toBe('number');
      expect(d.source_url).toMatch(/^https:\/\//);
      expect(keys(d.placement_type)).toEqual(['id', 'name']);
      expect(keys(d.purchase_type)).toEqual(['id', 'name']);
      expect(keys(d.organization)).toEqual(['address', 'administrator', 'inn', 'kpp', 'name', 'ogrn']);
      expect(keys(d.organization.administrator)).toEqual(['email', 'name', 'phone']);
      for (const l of d.lots) expect(keys(l)).toEqual(['ordinal', 'price', 'title']);
      const ordinals = new Set(d.lots.map((l: Json) => l.ordinal));
      for (const p of d.positions) {
        expect(keys(p)).toEqual([
          'amount', 'characteristics', 'ktru_code', 'lot_ordinal', 'okpd2_code', 'okpd2_name', 'position_ordinal', 'price', 'quantity', 'title', 'unit',
        ]);
        expect(ordinals.has(p.lot_ordinal)).toBe(true);
        expect(p.ktru_code === null || typeof p.ktru_code === 'string').toBe(true);
      }
      expect(d.positions).toHaveLength(Math.min(100, d.positions_total));
      for (const doc of d.documents) expect(keys(doc)).toEqual(['extension', 'id', 'name', 'url']);
      if (d.lots.length > 1) multiLot.push(d);
    }
    expect(multiLot.length).toBeGreaterThan(0);
  });

  it('GET /tenders/{id}: positions_page and positions_page_size (default 1 and 20) page the positions', async () => {
    const list = await get200(sb, `/tenders?filter_id=${ALL}&page_size=100&page=3`, token);
    let big: Json = null;
    for (const it of list.items) {
      const d = await get200(sb, `/tenders/${it.id}`, token);
      expect(d.positions_page).toBe(1);
      expect(d.positions_page_size).toBe(20);
      if (d.positions_total > 3) { big = d; break; }
    }
    expect(big).not.toBeNull();
    const p2 = await get200(sb, `/tenders/${big.id}?positions_page=2&positions_page_size=2`, token);
    expect(p2).toMatchObject({ positions_page: 2, positions_page_size: 2, positions_total: big.positions_total, positions_pages: Math.ceil(big.positions_total / 2) });
    expect(p2.positions.map((p: Json) => p.position_ordinal)).toEqual([3, 4]);
    errorOf(await legacy(sb, 'GET', `/tenders/${big.id}?positions_page_size=101`, { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', '/tenders/99999999', { token }), 404, 'not_found');
    errorOf(await legacy(sb, 'GET', '/tenders/abc', { token }), 422, 'unprocessable_entity');
  });

  it('GET /tenders/{id}/positions: items 2.4 with lot title and price, okpd2 and ktru objects; page and page_size', async () => {
    const list = await get200(sb, `/tenders?filter_id=${COMPUTERS}&page_size=50`, token);
    let checked = 0;
    for (const it of list.items) {
      const d = await get200(sb, `/tenders/${it.id}?positions_page_size=100`, token);
      const r = await get200(sb, `/tenders/${it.id}/positions?page_size=100`, token);
      expect(keys(r)).toEqual(['items', 'page', 'page_size', 'pages', 'total']);
      expect(r.total).toBe(d.positions_total);
      const lots = new Map(d.lots.map((l: Json) => [l.ordinal, l]));
      r.items.forEach((p: Json, i: number) => {
        expect(keys(p)).toEqual([
          'amount', 'characteristics', 'ktru', 'lot_ordinal', 'lot_price', 'lot_title', 'okpd2', 'position_ordinal', 'position_title', 'price', 'quantity', 'unit',
        ]);
        const q = d.positions[i];
        expect(p).toMatchObject({ lot_ordinal: q.lot_ordinal, position_ordinal: q.position_ordinal, position_title: q.title, quantity: q.quantity, amount: q.amount });
        expect(p.lot_title).toBe((lots.get(p.lot_ordinal) as Json).title);
        expect(p.lot_price).toBe((lots.get(p.lot_ordinal) as Json).price);
        expect(p.okpd2).toEqual({ code: q.okpd2_code, name: q.okpd2_name });
        if (q.ktru_code === null) expect(p.ktru).toBeNull();
        else expect(p.ktru).toMatchObject({ code: q.ktru_code });
      });
      checked++;
      if (checked >= 10) break;
    }
    const first = list.items[0].id;
    const d = await get200(sb, `/tenders/${first}/positions`, token);
    expect(d).toMatchObject({ page: 1, page_size: 20 });
    errorOf(await legacy(sb, 'GET', `/tenders/${first}/positions?page_size=101`, { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'GET', '/tenders/99999999/positions', { token }), 404, 'not_found');
  });
});

describe('4 routes: filters (read-only)', () => {
  it('GET /filters: envelope `filters`, `total`; filter 2.5 fields; the seeded demo filters, one with autosearch off', async () => {
    const r = await get200(sb, '/filters', token);
    expect(r.total).toBe(r.filters.length);
    expect(r.filters.length).toBeGreaterThanOrEqual(5);
    for (const f of r.filters) {
      expect(keys(f)).toEqual(['autosearch', 'created_date', 'description', 'id', 'name']);
      expect(Number.isInteger(f.id)).toBe(true);
      expect(typeof f.name).toBe('string');
      expect(typeof f.description).toBe('string');
      expect(f.created_date).toMatch(ISO);
      expect(typeof f.autosearch).toBe('boolean');
    }
    expect(r.filters.map((f: Json) => f.id)).toEqual(expect.arrayContaining([ALL, COMPUTERS, MOSCOW_44, MEDICINE, ARCHIVE]));
    expect(r.filters.find((f: Json) => f.id === ARCHIVE).autosearch).toBe(false);
    expect(r.filters.filter((f: Json) => f.autosearch).length).toBeGreaterThan(0);
  });

  it('the seeded filters were made weeks to months before the account was seeded, whatever the date', async () => {
    const now = Date.parse((await ctl(sb, 'state')).now);
    const r = await get200(sb, '/filters', token);
    for (const id of [ALL, COMPUTERS, MOSCOW_44, MEDICINE, ARCHIVE]) {
      const made = Date.parse(r.filters.find((f: Json) => f.id === id).created_date);
      expect(now - made, `filter ${id}`).toBeGreaterThan(30 * 86_400_000);
      expect(now - made, `filter ${id}`).toBeLessThan(120 * 86_400_000);
    }
  });

  it('GET /filters/{id}: one filter with the fields of 2.5; unknown is 404; filters cannot be created or changed', async () => {
    const list = await get200(sb, '/filters', token);
    const one = await get200(sb, `/filters/${COMPUTERS}`, token);
    expect(one).toEqual(list.filters.find((f: Json) => f.id === COMPUTERS));
    errorOf(await legacy(sb, 'GET', '/filters/999999', { token }), 404, 'not_found');
    errorOf(await legacy(sb, 'GET', '/filters/abc', { token }), 422, 'unprocessable_entity');
    errorOf(await legacy(sb, 'POST', '/filters', { token, body: { name: 'x' } }), 405, 'method_not_allowed');
    errorOf(await legacy(sb, 'DELETE', `/filters/${COMPUTERS}`, { token }), 405, 'method_not_allowed');
  });
});

describe('4 routes: favorites', () => {
  it('POST /favorites/{tender_id}: by etp_id, 200 with success, is_favorite true, message', async () => {
    const t = (await get200(sb, `/tenders?filter_id=${ALL}&page=5`, token)).items[0];
    const r = await legacy(sb, 'POST', `/favorites/${encodeURIComponent(t.etp_id)}`, { token });
    expect(r.status).toBe(200);
    expect(keys(r.json)).toEqual(['is_favorite', 'message', 'success']);
    expect(r.json).toMatchObject({ success: true, is_favorite: true });
    errorOf(await legacy(sb, 'POST', '/favorites/NO-SUCH-TENDER', { token }), 404, 'not_found');
  });

  it('GET /favorites: `tenders` items of 2.6 and the page envelope; default page 1, page_size 20', async () => {
    const r = await get200(sb, '/favorites', token);
    expect(keys(r)).toEqual(['page', 'page_size', 'pages', 'tenders', 'total']);
    expect(r).toMatchObject({ page: 1, page_size: 20, total: 1, pages: 1 });
    expect(keys(r.tenders[0])).toEqual([
      'end_date', 'favorited_at', 'id', 'name', 'platform_name', 'price', 'publish_date', 'region_name', 'status_name', 'tender_id',
    ]);
    expect(typeof r.tenders[0].tender_id).toBe('string');
    expect(Number.isInteger(r.tenders[0].id)).toBe(true);
    expect(r.tenders[0].favorited_at).toMatch(ISO);
  });

  it('DELETE /favorites/{tender_id}: 200 with success, is_favorite false, message', async () => {
    const fav = (await get200(sb, '/favorites', token)).tenders[0];
    const r = await legacy(sb, 'DELETE', `/favorites/${encodeURIComponent(fav.tender_id)}`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, is_favorite: false });
    expect(typeof r.json.message).toBe('string');
    expect((await get200(sb, '/favorites', token)).total).toBe(0);
  });

  it('GET /favorites/updates: envelope of 2.6 with new_tenders_count and remaining_balance', async () => {
    const r = await get200(sb, '/favorites/updates', token);
    expect(keys(r)).toEqual(['items', 'new_tenders_count', 'page', 'page_size', 'pages', 'remaining_balance', 'total']);
    expect(r).toMatchObject({ page: 1, page_size: 20, total: 0, items: [] });
  });
});

describe('4 routes: balance', () => {
  it('GET /balance: 2.7 balances, limits, license and last_updated', async () => {
    const r = await get200(sb, '/balance', token);
    expect(keys(r)).toEqual(['balance', 'last_updated', 'license', 'limits']);
    expect(keys(r.balance)).toEqual(['contracts', 'protocols', 'tenders']);
    for (const type of ['tenders', 'contracts', 'protocols']) {
      expect(Number.isInteger(r.balance[type])).toBe(true);
      expect(keys(r.limits[type])).toEqual(['current', 'date', 'entity_type', 'limit', 'remaining', 'reset_at']);
    }
    expect(keys(r.license)).toEqual(['active', 'end_date']);
    expect(r.license.active).toBe(true);
    expect(r.license.end_date).toMatch(ISO);
    expect(r.last_updated).toMatch(ISO);
  });

  it('GET /balance/history: `transactions` and `total` of 2.8, newest first', async () => {
    const r = await get200(sb, '/balance/history', token);
    expect(r.total).toBeGreaterThan(0);
    expect(r.transactions.length).toBe(Math.min(20, r.total));
    const ids = r.transactions.map((t: Json) => t.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    for (const t of r.transactions) {
      expect(['debit', 'credit']).toContain(t.transaction_type);
      expect(['tenders', 'contracts', 'protocols']).toContain(t.balance_type);
      expect(t.created_at).toMatch(ISO);
      expect(typeof t.description).toBe('string');
    }
    const second = await get200(sb, '/balance/history?page=2&page_size=5', token);
    expect(second.transactions.map((t: Json) => t.id)).toEqual(
      (await get200(sb, '/balance/history?page_size=10', token)).transactions.slice(5, 10).map((t: Json) => t.id),
    );
  });
});
