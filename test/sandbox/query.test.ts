/** Reference 4.5 and 4.7 rules, filter_id determinism (D-Q-1), cursors (D-Q-9, D-Q-10), contract feed (D-Q-16). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import {
  ALL_STATUS, CONTRACTS, TENDERS, api, catalogue, createList, ctl, drain, errorOf, fresh, ids, login, newKey, obj, query,
  start, statusWord, type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let cat: Json[];
let all: number[];
let completed: number[];
let active: number[];

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  cat = await catalogue(sb, t.test);
  all = cat.map((x) => x.id);
  completed = cat.filter((x) => statusWord(x) === 'completed').map((x) => x.id);
  active = cat.filter((x) => statusWord(x) === 'active').map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const innOf = (tender: Json): string => (tender.organization ?? tender.customer).inn;

describe('4.5 POST /tenders/query rules', () => {
  it('4.5 rule 1: the set is given in exactly one way; mixing criteria, filter_id and list_id gives 400 validation_error', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 2));
    const f = await query(sb, t.live, TENDERS, { list_id: lst });
    const filterId = f.json.filter_id;
    expect(filterId).toMatch(/^flt_[0-9a-f]{24}$/);
    for (const body of [
      { regions: [77], filter_id: filterId },
      { keywords: ['поставка'], list_id: lst },
      { filter_id: filterId, list_id: lst },
      { ids: [all[0]], list_id: lst },
    ]) errorOf(await api(sb, 'POST', TENDERS, { token: t.live, body }), 400, 'validation_error');
  });

  it('4.5 rule 2: a cursor alone is enough: {cursor, limit} continues the stream and other set fields are ignored', async () => {
    const p1 = await query(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 3 });
    expect(ids(p1.json.results)).toEqual(all.slice(0, 3));
    const p2 = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: p1.json.next_cursor, limit: 2 } });
    expect(p2.status).toBe(200);
    expect(p2.json.filter_id).toBe(p1.json.filter_id);
    expect(ids(p2.json.results)).toEqual(all.slice(3, 5));
    const p2b = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: p1.json.next_cursor, limit: 2, regions: [1], events: ['updated'] } });
    expect(p2b.status).toBe(200);
    expect(ids(p2b.json.results)).toEqual(all.slice(3, 5));
    expect(p2b.json.applied.events).toEqual(['created']);
  });

  it('4.5 rule 3: pagination is by cursor only; page, page_size and offset are rejected with 422', async () => {
    for (const extra of [{ page: 2 }, { page_size: 10 }, { offset: 100 }]) {
      const r = await api(sb, 'POST', TENDERS, { token: t.test, body: { status: ALL_STATUS, ...extra } });
      const e = errorOf(r, 422, 'unprocessable_entity');
      expect(e.details.map((d: Json) => d.path)).toEqual([Object.keys(extra)[0]]);
    }
  });

  it('4.5 rule 4: equivalent criteria give the same filter_id (key order, letter case, duplicates, spaces, ё, default status)', async () => {
    const base = await query(sb, t.live, TENDERS, { keywords: ['поставка', 'ремонт'], regions: [50, 77], limit: 1 });
    expect(base.status).toBe(200);
    expect(base.json.filter_id).toMatch(/^flt_[0-9a-f]{24}$/);
    const variants = [
      { regions: [77, 50], keywords: ['ремонт', 'поставка'], limit: 1 },        // key and item order
      { keywords: ['ПОСТАВКА', 'Ремонт'], regions: [50, 77], limit: 1 },        // letter case
      { keywords: ['поставка', 'ремонт', 'поставка'], regions: [77, 77, 50] },  // duplicates
      { keywords: ['  поставка ', 'ремонт'], regions: [50, 77], status: ['active'], events: ['created'], wait: 0 },
      { keywords: ['поставка', 'ремонт'], regions: [50, 77], okpd2: [], exception_keywords: [] },
    ];
    for (const body of variants) {
      const r = await api(sb, 'POST', TENDERS, { token: t.live, body });
      expect(r.status, JSON.stringify(body)).toBe(200); // a different filter would answer 202
      expect(r.json.filter_id).toBe(base.json.filter_id);
    }
    const other = await query(sb, t.live, TENDERS, { keywords: ['поставка'], regions: [50, 77], limit: 1 });
    expect(other.json.filter_id).not.toBe(base.json.filter_id);
    const st = await query(sb, t.live, TENDERS, { keywords: ['поставка', 'ремонт'], regions: [50, 77], status: ['active', 'completed'] });
    expect(st.json.filter_id).not.toBe(base.json.filter_id);
  });

  it('4.5 rule 4 (D-Q-1): ё is read as е in keywords', async () => {
    const a = await query(sb, t.live, TENDERS, { keywords: ['учёт'], limit: 1 });
    const b = await api(sb, 'POST', TENDERS, { token: t.live, body: { keywords: ['УЧЕТ'], limit: 1 } });
    expect(b.status).toBe(200);
    expect(b.json.filter_id).toBe(a.json.filter_id);
  });

  it('4.5 rule 5: sending supplier to the tender route gives 400 validation_error', async () => {
    errorOf(await api(sb, 'POST', TENDERS, { token: t.live, body: { regions: [77], supplier: { inn: ['7830002293'] } } }), 400, 'validation_error');
  });

  it('4.5 rule 6: with list_id the feed is over the list members and an added tender is visible at once', async () => {
    const lst = await createList(sb, t.live, [all[10], all[5]]);
    const first = await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: lst } });
    expect(first.status).toBe(200);
    expect(ids(first.json.results).sort((a, b) => a - b)).toEqual([all[5], all[10]]);
    expect(first.json.total).toBe(2);
    await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [all[20]] } });
    const next = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: first.json.next_cursor } });
    expect(next.status).toBe(200);
    expect(next.json.results.map((x: Json) => [obj(x).id, x.event])).toEqual([[all[20], 'created']]);
  });
});

describe('filter_id and cursors', () => {
  it('filter_id: a tender query and a contract query with the same criteria share the filter_id', async () => {
    const tq = await query(sb, t.test, TENDERS, { regions: [16], price: { from: 100000 }, limit: 1 });
    const cq = await query(sb, t.test, CONTRACTS, { price: { from: 100000 }, regions: [16], limit: 1 });
    expect(tq.status).toBe(200);
    expect(cq.status).toBe(200);
    expect(cq.json.filter_id).toBe(tq.json.filter_id);
    expect(cq.json.applied).toEqual({ events: ['created'] });
    expect(tq.json.applied).toEqual({ events: ['created'], status: ['active'] });
  });

  it('cursor: format cur_<payload>.<sig>; a tampered signature or payload gives 400 invalid_cursor', async () => {
    const p = await query(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 2 });
    const cur: string = p.json.next_cursor;
    const m = /^cur_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/.exec(cur);
    expect(m).not.toBeNull();
    const [, payload = '', sig = ''] = m!;
    const flip = (s: string) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    errorOf(await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: `cur_${payload}.${flip(sig)}` } }), 400, 'invalid_cursor');
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = JSON.stringify(data).replace(/(\d+)(?!.*\d)/, (d) => String(Number(d) + 1));
    expect(forged).not.toBe(JSON.stringify(data));
    const fp = Buffer.from(forged, 'utf8').toString('base64url');
    errorOf(await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: `cur_${fp}.${sig}` } }), 400, 'invalid_cursor');
    errorOf(await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: 'cur_garbage' } }), 400, 'invalid_cursor');
    // the genuine cursor still works
    const ok = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: cur, limit: 1 } });
    expect(ids(ok.json.results)).toEqual([all[2]]);
  });

  it('cursor (D-Q-10): a tender-feed cursor sent to /contracts/query gives 400 validation_error', async () => {
    const p = await query(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 1 });
    errorOf(await api(sb, 'POST', CONTRACTS, { token: t.test, body: { cursor: p.json.next_cursor } }), 400, 'validation_error');
  });
});

describe('4.7 POST /contracts/query rules', () => {
  it('4.7 rule 1: the set is given in exactly one way; mixing tender_ids, criteria, filter_id or list_id gives 400', async () => {
    const lst = await createList(sb, t.live, completed.slice(0, 2));
    const f = await query(sb, t.live, TENDERS, { list_id: lst });
    for (const body of [
      { tender_ids: [completed[0]], regions: [77] },
      { tender_ids: [completed[0]], list_id: lst },
      { filter_id: f.json.filter_id, keywords: ['поставка'] },
      { filter_id: f.json.filter_id, list_id: lst },
    ]) errorOf(await api(sb, 'POST', CONTRACTS, { token: t.live, body }), 400, 'validation_error');
  });

  let setContracts: Json[] = [];
  let supplierInn = '';
  it('4.7 rule 2: supplier with another way is a post-filter on the output, not part of filter_id, repeated per request', async () => {
    const set = { tender_ids: completed.slice(0, 300) };
    setContracts = (await drain(sb, t.test, CONTRACTS, set)).items;
    expect(setContracts.length).toBeGreaterThan(5);
    const counts = new Map<string, number>();
    for (const x of setContracts) for (const s of x.contract.suppliers) counts.set(s.inn, (counts.get(s.inn) ?? 0) + 1);
    supplierInn = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const expected = setContracts.filter((x) => x.contract.suppliers.some((s: Json) => s.inn === supplierInn)).map((x) => x.contract.id);

    const base = await query(sb, t.test, CONTRACTS, { ...set, limit: 1 });
    const post = await query(sb, t.test, CONTRACTS, { ...set, supplier: { inn: [supplierInn] }, limit: 1 });
    expect(post.status).toBe(200);
    expect(post.json.filter_id).toBe(base.json.filter_id);
    expect(post.json.total).toBe(expected.length);
    const got = ids(post.json.results);
    let cursor = post.json.next_cursor;
    for (let i = 0; i < 50 && got.length < expected.length; i++) {
      const r = await query(sb, t.test, CONTRACTS, { cursor, supplier: { inn: [supplierInn] }, limit: 1 });
      got.push(...ids(r.json.results));
      cursor = r.json.next_cursor;
    }
    expect(got).toEqual(expected);
  });

  it('D-Q-16: a supplier post-filter scans at most 1000 feed items per request; short pages still advance the cursor', async () => {
    // A larger catalogue than the shared one, so the set holds more contracts than one scan covers.
    const big = await startSandbox({ port: 0, seed: 7, tenders: 5000 });
    try {
      const tk = await fresh(big);
      // Procurement criteria that every tender meets: the contract set is every contract of the catalogue.
      const set = { price: { from: 0 } };
      const contracts = (await drain(big, tk.test, CONTRACTS, set)).items;
      expect(contracts.length).toBeGreaterThan(1000); // the scan cap must bite for this test to mean anything
      // The supplier that first appears latest in the feed: a reader finds it only after scanning past the cap.
      const firstSeen = new Map<string, number>();
      contracts.forEach((x, i) => x.contract.suppliers.forEach((s: Json) => firstSeen.has(s.inn) || firstSeen.set(s.inn, i)));
      const lastInn = [...firstSeen.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      const expected = contracts.filter((x) => x.contract.suppliers.some((s: Json) => s.inn === lastInn)).map((x) => x.contract.id);
      const firstMatch = contracts.findIndex((x) => x.contract.suppliers.some((s: Json) => s.inn === lastInn));
      expect(firstMatch).toBeGreaterThanOrEqual(1000);
      const got: number[] = [];
      let body: Json = { ...set, supplier: { inn: [lastInn] }, limit: 100 };
      let requests = 0;
      let emptyBeforeFirst = 0;
      for (; requests < 50 && got.length < expected.length; requests++) {
        const r = await query(big, tk.test, CONTRACTS, body);
        expect(r.status).toBe(200);
        if (got.length === 0 && r.json.results.length === 0) emptyBeforeFirst++;
        got.push(...ids(r.json.results));
        expect(r.json.next_cursor).not.toBe(body.cursor); // the scan moved on, also when nothing matched
        body = { cursor: r.json.next_cursor, supplier: { inn: [lastInn] }, limit: 100 };
      }
      expect(got).toEqual(expected);
      // Each empty page stands for 1000 scanned items without a match.
      expect(emptyBeforeFirst).toBe(Math.floor(firstMatch / 1000));
    } finally {
      await big.close();
    }
  }, 120_000);

  it('4.7 rule 3: supplier alone is a supplier subscription with no tender projection', async () => {
    const r = await query(sb, t.test, CONTRACTS, { supplier: { inn: [supplierInn] } });
    expect(r.status).toBe(200);
    const mine = ids(r.json.results);
    const inSet = setContracts.filter((x) => x.contract.suppliers.some((s: Json) => s.inn === supplierInn)).map((x) => x.contract.id);
    expect(inSet.every((id) => mine.includes(id))).toBe(true);
    expect(r.json.results.every((x: Json) => x.contract.suppliers.some((s: Json) => s.inn === supplierInn))).toBe(true);
    errorOf(await api(sb, 'POST', TENDERS, { token: t.test, body: { filter_id: r.json.filter_id } }), 400, 'validation_error');
    errorOf(await api(sb, 'POST', CONTRACTS, { token: t.test, body: { supplier: {} } }), 400, 'validation_error');
  });

  it('4.7 rule 4: procurement criteria give the same filter_id as the tender QUERY with the same parameters', async () => {
    const c = await query(sb, t.test, CONTRACTS, { regions: [66], limit: 1 });
    const tq = await query(sb, t.test, TENDERS, { regions: [66], limit: 1 });
    expect(c.json.filter_id).toBe(tq.json.filter_id);
  });

  it('4.7 rule 5: contracts exist only for completed procurements; a sent status is ignored', async () => {
    const c = await query(sb, t.test, CONTRACTS, { regions: [66], limit: 1 });
    const withStatus = await api(sb, 'POST', CONTRACTS, { token: t.test, body: { regions: [66], status: ['cancelled'], limit: 1 } });
    expect(withStatus.status).toBe(200);
    expect(withStatus.json.filter_id).toBe(c.json.filter_id);
    expect(ids(withStatus.json.results)).toEqual(ids(c.json.results));
    const statusOf = new Map(cat.map((x) => [x.id, statusWord(x)]));
    const regionOf = new Map(cat.map((x) => [x.id, x.region.id]));
    const { items } = await drain(sb, t.test, CONTRACTS, { regions: [66] });
    expect(items.length).toBeGreaterThan(0);
    for (const x of items) {
      expect(statusOf.get(x.contract.tender_id)).toBe('completed');
      expect(regionOf.get(x.contract.tender_id)).toBe(66);
    }
    const none = await query(sb, t.test, CONTRACTS, { tender_ids: active.slice(0, 50) });
    expect(none.status).toBe(200);
    expect(none.json.results).toEqual([]);
    expect(none.json.total).toBe(0);
  });

  it('4.7 rule 6: contracts of a customer are found by the ordinary criterion customer.inn', async () => {
    const byInn = new Map<string, number[]>();
    for (const x of cat) if (statusWord(x) === 'completed') byInn.set(innOf(x), [...(byInn.get(innOf(x)) ?? []), x.id]);
    const [inn, tids] = [...byInn.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0]!;
    const [a, b] = await Promise.all([
      drain(sb, t.test, CONTRACTS, { customer: { inn: [inn] } }),
      drain(sb, t.test, CONTRACTS, { tender_ids: tids }),
    ]);
    expect(a.items.length).toBeGreaterThan(0);
    expect(ids(a.items).sort((x, y) => x - y)).toEqual(ids(b.items).sort((x, y) => x - y));
  });

  it('4.7 rule 7: no other search over contract fields exists (unknown fields are 422)', async () => {
    for (const extra of [{ contract_price: { from: 1 } }, { reestr_number: '1234567890123456789' }, { stage: [1] }]) {
      const e = errorOf(await api(sb, 'POST', CONTRACTS, { token: t.test, body: { regions: [77], ...extra } }), 422, 'unprocessable_entity');
      expect(e.details[0].path).toBe(Object.keys(extra)[0]);
    }
    errorOf(await api(sb, 'POST', CONTRACTS, { token: t.test, body: { regions: [77], ids: [1] } }), 422, 'unprocessable_entity');
  });

  it('4.7 rule 8: the first contract request answers 202 preparing; the repeated same request answers 200', async () => {
    const body = { regions: [23], limit: 2 };
    const first = await api(sb, 'POST', CONTRACTS, { token: t.test, body });
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ state: 'preparing', retry_after: 1 });
    const r = await query(sb, t.test, CONTRACTS, body);
    expect(r.status).toBe(200);
    expect(['ready', 'partial']).toContain(r.json.state);
    for (const x of r.json.results) {
      expect(x).toHaveProperty('contract');
      expect(x).not.toHaveProperty('tender');
      expect(x.contract.version).toBe(x.version);
    }
  });

  it('4.7 rule 9: the answer carries freshness.last_polled_at', async () => {
    const r = await query(sb, t.test, CONTRACTS, { regions: [23], limit: 2 });
    const ts = r.json.freshness.last_polled_at;
    expect(ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(Number.isNaN(Date.parse(ts))).toBe(false);
    const tq = await query(sb, t.test, TENDERS, { regions: [23], limit: 2 });
    expect(tq.json.freshness ?? null).toBeNull();
  });
});

describe('reset', () => {
  it('cursor (D-Q-10): a reset makes old cursors 400 invalid_cursor', async () => {
    const p = await query(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 1 });
    await ctl(sb, 'reset');
    await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
    const tok = await login(sb, 'demo-test');
    errorOf(await api(sb, 'POST', TENDERS, { token: tok, body: { cursor: p.json.next_cursor } }), 400, 'invalid_cursor');
    errorOf(await api(sb, 'GET', '/balance', { token: t.test }), 401, 'unauthorized');
  });
});
