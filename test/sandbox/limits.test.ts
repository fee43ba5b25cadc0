/** Reference section 8: each limit row that applies (D-LIM-1, D-LIM-2, D-Q-13, D-Q-15, D-IDS-1, D-LIST-4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACTS, TENDERS, api, catalogue, createList, ctl, drain, errorOf, fresh, login, newKey, query,
  sleep, start, type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[];

beforeAll(async () => {
  sb = await start();
  // no control call here: the first test needs the seed rate limit and an untouched window for demo
  all = (await catalogue(sb, await login(sb, 'demo-test'))).map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const DAY = 86400;
const mkList = (token: string, body: unknown) => api(sb, 'POST', '/lists', { token, key: newKey(), body });

describe('8 limits', () => {
  it('8 requests: 100 per minute per account; the 101st is 429 with Retry-After', async () => {
    const tok = await login(sb, 'demo');
    for (let i = 1; i <= 100; i++) {
      const r = await api(sb, 'GET', '/balance', { token: tok });
      if (r.status !== 200) throw new Error(`request ${i} answered ${r.status}: ${r.text}`);
    }
    const r = await api(sb, 'GET', '/balance', { token: tok });
    errorOf(r, 429, 'rate_limit_exceeded');
    const ra = Number(r.headers['retry-after']);
    expect(Number.isInteger(ra)).toBe(true);
    expect(ra).toBeGreaterThanOrEqual(1);
    expect(ra).toBeLessThanOrEqual(60);
  });

  it('8 objects per day: none; usage_today counts charged deliveries and is not a limit (D-BILL-5)', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all.slice(0, 1100));
    const { items } = await drain(sb, t.live, TENDERS, { list_id: lst });
    expect(items).toHaveLength(1100);
    expect(items.every((x: Json) => x.billed === true)).toBe(true);
    const b = await api(sb, 'GET', '/balance', { token: t.live });
    expect(b.json.usage_today).toEqual({ tenders: 1100, contracts: 0 });
    expect(b.json.balance.tenders).toBe(10000 - 1100);
    await ctl(sb, 'clock', { advance_s: DAY });
    const next = await api(sb, 'GET', '/balance', { token: t.live });
    expect(next.json.usage_today).toEqual({ tenders: 0, contracts: 0 });
    expect(next.json.balance.tenders).toBe(10000 - 1100);
  });

  it('8 page size: limit 1-100, default 100 in QUERY, ledger and list detail', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all.slice(0, 150));
    const p1 = await query(sb, t.live, TENDERS, { list_id: lst });
    expect(p1.json.results).toHaveLength(100);
    const p2 = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 100 });
    expect(p2.json.results).toHaveLength(50);
    const l = await api(sb, 'GET', '/balance/ledger', { token: t.live });
    expect(l.json.data).toHaveLength(100);
    expect(l.json.has_more).toBe(true);
    const d = await api(sb, 'GET', `/lists/${lst}`, { token: t.live });
    expect(d.json.data).toHaveLength(100);
    expect(d.json.has_more).toBe(true);
    for (const [m, p, body] of [
      ['POST', TENDERS, { list_id: lst, limit: 101 }], ['POST', TENDERS, { list_id: lst, limit: 0 }],
      ['POST', CONTRACTS, { list_id: lst, limit: 101 }],
      ['GET', '/balance/ledger?limit=101'], ['GET', '/balance/ledger?limit=0'],
      ['GET', `/lists/${lst}?limit=101`], ['GET', '/lists?limit=101'], ['GET', '/filters?limit=0'],
    ] as [string, string, unknown][]) {
      const r = await api(sb, m, p, { token: t.live, body });
      expect(r.status, `${m} ${p}`).toBe(422);
    }
    expect((await api(sb, 'GET', '/balance/ledger?limit=100', { token: t.live })).json.data).toHaveLength(100);
  });

  it('8 page size: default 20 in /lists and /filters', async () => {
    t = await fresh(sb);
    for (let i = 0; i < 21; i++) {
      const lst = await createList(sb, t.live, [all[i]], `list ${i}`);
      expect((await query(sb, t.live, TENDERS, { list_id: lst })).status).toBe(200);
    }
    const l = await api(sb, 'GET', '/lists', { token: t.live });
    expect(l.json.data).toHaveLength(20);
    expect(l.json.has_more).toBe(true);
    const f = await api(sb, 'GET', '/filters', { token: t.live });
    expect(f.json.data).toHaveLength(20);
    expect(f.json.has_more).toBe(true);
  });

  it('8 wait: 0-25, default 0 (D-Q-13: an empty ready page is held up to wait seconds, answered as soon as an event arrives)', async () => {
    t = await fresh(sb);
    errorOf(await api(sb, 'POST', TENDERS, { token: t.test, body: { ids: [all[0]], wait: 26 } }), 422, 'unprocessable_entity');
    errorOf(await api(sb, 'POST', TENDERS, { token: t.test, body: { ids: [all[0]], wait: -1 } }), 422, 'unprocessable_entity');
    const whole = await createList(sb, t.test, all);
    const u = await query(sb, t.test, TENDERS, { list_id: whole, events: ['updated'] });
    const now = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: u.json.next_cursor } });
    expect(now.json.results).toEqual([]);
    // Bounds that tell the behaviours apart with room for a loaded machine: not held (< the 1 s wait), held
    // about 1 s (not the 25 s maximum), released early by the tick (well before its 10 s wait).
    expect(now.ms).toBeLessThan(900);
    const held = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: u.json.next_cursor, wait: 1 } });
    expect(held.json.results).toEqual([]);
    expect(held.ms).toBeGreaterThanOrEqual(900);
    expect(held.ms).toBeLessThan(9000);
    const pending = api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: u.json.next_cursor, wait: 10 } });
    await sleep(300);
    await ctl(sb, 'tick', { created: 0, updated: 3 });
    const early = await pending;
    expect(early.status).toBe(200);
    expect(early.json.results.length).toBeGreaterThan(0);
    expect(early.ms).toBeLessThan(9000);
  });

  it('8 ids per request (D-IDS-1): list items take 1-10000 ids; 10001 is 400 validation_error', async () => {
    const lst = await createList(sb, t.live, []);
    const tenThousand = Array.from({ length: 10000 }, (_, i) => all[i % all.length]);
    const ok = await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: tenThousand } });
    expect(ok.status).toBe(200);
    expect(ok.json.items_count).toBe(all.length);
    const over = [...tenThousand, all[0]];
    errorOf(await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: over } }), 400, 'validation_error');
    errorOf(await api(sb, 'DELETE', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: over } }), 400, 'validation_error');
  });

  it('8 new unconfirmed filters: 50; the 51st is 429 with Retry-After 60; a filter that is read leaves the count (D-Q-15)', async () => {
    t = await fresh(sb);
    for (let i = 1; i <= 50; i++) {
      const r = await api(sb, 'POST', TENDERS, { token: t.live, body: { price: { from: i * 1000 } } });
      expect(r.status, `filter ${i}`).toBe(202);
    }
    const over = await api(sb, 'POST', TENDERS, { token: t.live, body: { price: { from: 51000 } } });
    errorOf(over, 429, 'rate_limit_exceeded');
    expect(over.headers['retry-after']).toBe('60');
    // another account has its own count
    expect((await api(sb, 'POST', TENDERS, { token: t.test, body: { price: { from: 51000 } } })).status).toBe(202);
    await sleep(1000);
    expect((await api(sb, 'POST', TENDERS, { token: t.live, body: { price: { from: 1000 } } })).status).toBe(200);
    expect((await api(sb, 'POST', TENDERS, { token: t.live, body: { price: { from: 51000 } } })).status).toBe(202);
  });

  it('8 list name: 1-255 characters', async () => {
    expect((await mkList(t.live, { name: 'я'.repeat(255) })).status).toBe(200);
    errorOf(await mkList(t.live, { name: 'я'.repeat(256) }), 422, 'unprocessable_entity');
    errorOf(await mkList(t.live, { name: '' }), 422, 'unprocessable_entity');
    errorOf(await mkList(t.live, {}), 422, 'unprocessable_entity');
  });

  it('8 list description: 0-2000 characters', async () => {
    expect((await mkList(t.live, { name: 'd', description: '' })).status).toBe(200);
    expect((await mkList(t.live, { name: 'd', description: 'ж'.repeat(2000) })).status).toBe(200);
    errorOf(await mkList(t.live, { name: 'd', description: 'ж'.repeat(2001) }), 422, 'unprocessable_entity');
  });

  it('8 list metadata: at most 2048 bytes of compact UTF-8 JSON (D-LIST-4); over it is 422', async () => {
    const atLimit = { a: 'я'.repeat(1020) }; // {"a":"…"} = 8 + 2040 bytes
    expect(Buffer.byteLength(JSON.stringify(atLimit))).toBe(2048);
    expect((await mkList(t.live, { name: 'm', metadata: atLimit })).status).toBe(200);
    const over = { a: 'я'.repeat(1021) }; // 2050 bytes but only 1029 characters
    errorOf(await mkList(t.live, { name: 'm', metadata: over }), 422, 'unprocessable_entity');
  });

  it('8 token name: 1-100 characters', async () => {
    t = await fresh(sb);
    const mk = (name: string) => api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name } });
    expect((await mk('т'.repeat(100))).status).toBe(200);
    errorOf(await mk('т'.repeat(101)), 422, 'unprocessable_entity');
    errorOf(await mk(''), 422, 'unprocessable_entity');
  });

  it('8 customer.ogrn: 13-15 characters', async () => {
    const qo = (ogrn: string) => api(sb, 'POST', TENDERS, { token: t.test, body: { customer: { ogrn } } });
    errorOf(await qo('102781240086'), 422, 'unprocessable_entity');
    errorOf(await qo('1027812400868000'), 422, 'unprocessable_entity');
    expect([200, 202]).toContain((await qo('1027812400868')).status);
    expect([200, 202]).toContain((await qo('304500116000157')).status);
  });

  it('8 customer.name and supplier.name: 2-300 characters', async () => {
    const qc = (name: string) => api(sb, 'POST', TENDERS, { token: t.test, body: { customer: { name } } });
    const qs = (name: string) => api(sb, 'POST', CONTRACTS, { token: t.test, body: { supplier: { name } } });
    for (const f of [qc, qs]) {
      errorOf(await f('А'), 422, 'unprocessable_entity');
      errorOf(await f('А'.repeat(301)), 422, 'unprocessable_entity');
      expect([200, 202]).toContain((await f('Ай')).status);
      expect([200, 202]).toContain((await f('Б'.repeat(300))).status);
    }
  });

  it('8 positions page: positions_limit default 20, positions_page default 1; limit 1-100; past the end is empty (D-LIM-2)', async () => {
    let card: Json;
    for (const id of all.slice(0, 200)) {
      const r = await api(sb, 'GET', `/tenders/${id}`, { token: t.test });
      if (r.json.positions_total > 20) { card = r.json; break; }
    }
    expect(card).toBeDefined();
    expect(card.positions).toHaveLength(20);
    const p1 = await api(sb, 'GET', `/tenders/${card.id}?positions_page=1&positions_limit=20`, { token: t.test });
    expect(p1.json.positions).toEqual(card.positions);
    const big = await api(sb, 'GET', `/tenders/${card.id}?positions_limit=100`, { token: t.test });
    expect(big.json.positions).toHaveLength(Math.min(100, card.positions_total));
    errorOf(await api(sb, 'GET', `/tenders/${card.id}?positions_limit=101`, { token: t.test }), 422, 'unprocessable_entity');
    errorOf(await api(sb, 'GET', `/tenders/${card.id}?positions_limit=0`, { token: t.test }), 422, 'unprocessable_entity');
    const past = await api(sb, 'GET', `/tenders/${card.id}?positions_page=999`, { token: t.test });
    expect(past.status).toBe(200);
    expect(past.json.positions).toEqual([]);
    expect(past.json.positions_total).toBe(card.positions_total);
  });
});
