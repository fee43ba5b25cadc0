/** Reference section 2.6 (billing rules 1-8) and the billing decisions D-BILL-1..4, D-AUTH-7. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_STATUS, CONTRACTS, TENDERS, api, balance, catalogue, createList, ctl, errorOf, fresh, ids, ledger, obj, query,
  start, statusWord, type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[]; // every tender id, discovery order
let completed: number[];
const versionOf = new Map<number, number>();

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  const cat = await catalogue(sb, t.test);
  all = cat.map((x) => x.id);
  completed = cat.filter((x) => statusWord(x) === 'completed').map((x) => x.id);
  for (const x of cat) versionOf.set(x.id, x.version);
});
afterAll(async () => { await sb?.close(); });
beforeEach(async () => { t = await fresh(sb); });

const listFeed = (listId: string, extra: Record<string, unknown> = {}) => ({ list_id: listId, ...extra });

describe('2.6 billing rules', () => {
  it('2.6 rule 1: balances are separate for tenders and contracts, with no licenses and no daily limits', async () => {
    const b0 = await api(sb, 'GET', '/balance', { token: t.live });
    expect(b0.status).toBe(200);
    expect(b0.json.balance).toEqual({ tenders: 10000, contracts: 1000 });
    expect(b0.json.usage_today).toEqual({ tenders: 0, contracts: 0 });
    expect(b0.json).not.toHaveProperty('limits');
    expect(b0.json).not.toHaveProperty('license');

    const lst = await createList(sb, t.live, completed);
    const tp = await query(sb, t.live, TENDERS, listFeed(lst, { limit: 5 }));
    expect(tp.status).toBe(200);
    expect(tp.json.billed.created).toBe(5);
    expect(await balance(sb, t.live)).toEqual({ tenders: 9995, contracts: 1000 });

    const cp = await query(sb, t.live, CONTRACTS, listFeed(lst, { limit: 5 }));
    expect(cp.status).toBe(200);
    expect(cp.json.results).toHaveLength(5);
    expect(cp.json.billed.created).toBe(5);
    expect(await balance(sb, t.live)).toEqual({ tenders: 9995, contracts: 995 });
  });

  it('2.6 rule 2: the first delivery of a version is charged; empty responses, polling and retries of the same page are free', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 4));
    const p1 = await query(sb, t.live, TENDERS, listFeed(lst, { limit: 2 }));
    expect(p1.status).toBe(200);
    expect(p1.json.billed).toMatchObject({ created: 2, updated: 0, free: 0 });
    const p2 = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 2 });
    expect(ids(p2.json.results)).toEqual(all.slice(2, 4));
    expect(p2.json.billed).toMatchObject({ created: 2, updated: 0, free: 0 });
    expect((await balance(sb, t.live)).tenders).toBe(9996);

    // retry of the same page: same objects, nothing charged
    const retry = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 2 });
    expect(ids(retry.json.results)).toEqual(all.slice(2, 4));
    expect(retry.json.results.map((x: Json) => x.billed)).toEqual([false, false]);
    expect(retry.json.billed).toMatchObject({ created: 0, updated: 0, free: 2 });

    // empty page and polling it
    for (let i = 0; i < 3; i++) {
      const empty = await query(sb, t.live, TENDERS, { cursor: p2.json.next_cursor, limit: 2 });
      expect(empty.status).toBe(200);
      expect(empty.json.results).toEqual([]);
      expect(empty.json.billed).toMatchObject({ created: 0, updated: 0, free: 0, balance_exhausted: false });
    }
    expect((await balance(sb, t.live)).tenders).toBe(9996);
    expect(await ledger(sb, t.live)).toHaveLength(4);
  });

  it('2.6 rule 3: both events are charged: created and every new version as updated', async () => {
    const small = await createList(sb, t.live, all.slice(0, 3));
    const c = await query(sb, t.live, TENDERS, listFeed(small));
    expect(c.json.results.map((x: Json) => x.event)).toEqual(['created', 'created', 'created']);
    expect(c.json.billed).toMatchObject({ created: 3, updated: 0 });

    const big = await createList(sb, t.live, all);
    const u0 = await query(sb, t.live, TENDERS, listFeed(big, { events: ['updated'] }));
    expect(u0.status).toBe(200);
    expect(u0.json.results).toEqual([]);
    await ctl(sb, 'tick', { created: 0, updated: 20 });
    const u1 = await query(sb, t.live, TENDERS, { cursor: u0.json.next_cursor });
    expect(u1.json.results).toHaveLength(20);
    expect(new Set(u1.json.results.map((x: Json) => x.event))).toEqual(new Set(['updated']));
    expect(u1.json.results.every((x: Json) => x.billed === true && x.version > 1)).toBe(true);
    expect(u1.json.billed).toMatchObject({ created: 0, updated: 20, free: 0 });
    expect((await balance(sb, t.live)).tenders).toBe(10000 - 3 - 20);
  });

  it('2.6 rule 4: payment is per page: finding 3000 and taking two pages of 50 costs 100', async () => {
    const p1 = await query(sb, t.live, TENDERS, { status: ALL_STATUS, limit: 50 });
    expect(p1.status).toBe(200);
    expect(p1.json.total).toBe(3000);
    const p2 = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 50 });
    expect(p1.json.billed.created + p2.json.billed.created).toBe(100);
    expect(ids([...p1.json.results, ...p2.json.results])).toEqual(all.slice(0, 100));
    expect((await balance(sb, t.live)).tenders).toBe(9900);
    expect(await ledger(sb, t.live)).toHaveLength(100);
  });

  it('2.6 rule 5: an object under two filters of the same user is charged once', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 3));
    const a = await query(sb, t.live, TENDERS, listFeed(lst));
    expect(a.json.billed.created).toBe(3);
    const b = await query(sb, t.live, TENDERS, { ids: all.slice(0, 4), status: ALL_STATUS });
    expect(b.status).toBe(200);
    expect(b.json.filter_id).not.toBe(a.json.filter_id);
    expect(ids(b.json.results)).toEqual(all.slice(0, 4));
    expect(b.json.results.map((x: Json) => x.billed)).toEqual([false, false, false, true]);
    expect(b.json.billed).toMatchObject({ created: 1, updated: 0, free: 3 });
    expect((await balance(sb, t.live)).tenders).toBe(9996);
  });

  it('2.6 rule 6: a card charges only when that version was not delivered before (shared with the feeds)', async () => {
    const [delivered, fresh1] = [all[0]!, all[1]!];
    const lst = await createList(sb, t.live, [delivered]);
    await query(sb, t.live, TENDERS, listFeed(lst));
    expect((await balance(sb, t.live)).tenders).toBe(9999);
    expect((await api(sb, 'GET', `/tenders/${delivered}`, { token: t.live })).status).toBe(200);
    expect((await balance(sb, t.live)).tenders).toBe(9999);
    expect((await api(sb, 'GET', `/tenders/${fresh1}`, { token: t.live })).status).toBe(200);
    expect((await balance(sb, t.live)).tenders).toBe(9998);
    await api(sb, 'GET', `/tenders/${fresh1}`, { token: t.live });
    await api(sb, 'GET', `/tenders/${fresh1}?positions_page=2`, { token: t.live });
    expect((await balance(sb, t.live)).tenders).toBe(9998);
    const feed = await query(sb, t.live, TENDERS, { ids: [fresh1], status: ALL_STATUS });
    expect(feed.json.results.map((x: Json) => [obj(x).id, x.billed])).toEqual([[fresh1, false]]);

    // contracts: the card of a delivered contract is free, an undelivered one costs 1 once
    const mine = await createList(sb, t.live, completed);
    const theirs = await createList(sb, t.test, completed);
    const seen = await query(sb, t.test, CONTRACTS, listFeed(theirs, { limit: 3 }));
    const [c0, , c2] = ids(seen.json.results);
    const got = await query(sb, t.live, CONTRACTS, listFeed(mine, { limit: 1 }));
    expect(ids(got.json.results)).toEqual([c0]);
    expect((await balance(sb, t.live)).contracts).toBe(999);
    expect((await api(sb, 'GET', `/contracts/${c0}`, { token: t.live })).status).toBe(200);
    expect((await balance(sb, t.live)).contracts).toBe(999);
    expect((await api(sb, 'GET', `/contracts/${c2}`, { token: t.live })).status).toBe(200);
    await api(sb, 'GET', `/contracts/${c2}`, { token: t.live });
    expect((await balance(sb, t.live)).contracts).toBe(998);
    const rows = await ledger(sb, t.live);
    const cardRow = rows.find((r) => r.object_id === fresh1 && r.balance_type === 'tenders');
    expect(cardRow.filter_id).toBeNull();
  });

  it('2.6 rule 7: a low balance gives a partial page; top-up continues with no loss and no duplicates', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 60));
    await ctl(sb, 'balance', { login: 'demo', tenders: 7 });
    const p1 = await query(sb, t.live, TENDERS, listFeed(lst, { limit: 20 }));
    expect(p1.status).toBe(200);
    expect(ids(p1.json.results)).toEqual(all.slice(0, 7));
    expect(p1.json.billed).toMatchObject({ created: 7, free: 0, balance_exhausted: true });
    expect((await balance(sb, t.live)).tenders).toBe(0);

    const blocked = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 20 });
    errorOf(blocked, 402, 'balance_exhausted');

    await ctl(sb, 'balance', { login: 'demo', tenders: 100 });
    const p2 = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 20 });
    expect(p2.status).toBe(200);
    expect(p2.json.billed).toMatchObject({ created: 20, balance_exhausted: false });
    const got = ids([...p1.json.results, ...p2.json.results]);
    expect(got).toEqual(all.slice(0, 27));
    expect(new Set(got).size).toBe(27);
    expect((await balance(sb, t.live)).tenders).toBe(80);
  });

  it('2.6 rule 7 (D-BILL-1): versions delivered before are free and still delivered up to the cut', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 30));
    for (const id of [all[7], all[8]]) expect((await api(sb, 'GET', `/tenders/${id}`, { token: t.live })).status).toBe(200);
    await ctl(sb, 'balance', { login: 'demo', tenders: 7 });
    const p = await query(sb, t.live, TENDERS, listFeed(lst, { limit: 20 }));
    expect(ids(p.json.results)).toEqual(all.slice(0, 9));
    expect(p.json.billed).toMatchObject({ created: 7, free: 2, balance_exhausted: true });
    await ctl(sb, 'balance', { login: 'demo', tenders: 50 });
    const next = await query(sb, t.live, TENDERS, { cursor: p.json.next_cursor, limit: 1 });
    expect(ids(next.json.results)).toEqual([all[9]]);
  });

  it('2.6 rule 7: when nothing can be delivered the answer is 402 balance_exhausted and nothing is charged', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 5));
    await ctl(sb, 'balance', { login: 'demo', tenders: 0 });
    const r = await query(sb, t.live, TENDERS, listFeed(lst));
    errorOf(r, 402, 'balance_exhausted');
    expect(await ledger(sb, t.live)).toEqual([]);
    expect((await balance(sb, t.live)).tenders).toBe(0);
    errorOf(await api(sb, 'GET', `/tenders/${all[0]}`, { token: t.live }), 402, 'balance_exhausted');
  });

  it('2.6 rule 8: every charge is explainable per row in the ledger, with the request_id of its delivery', async () => {
    const lst = await createList(sb, t.live, completed.slice(0, 40));
    const page = await query(sb, t.live, TENDERS, listFeed(lst, { limit: 4 }));
    const card = await api(sb, 'GET', `/tenders/${completed[10]}`, { token: t.live });
    const cpage = await query(sb, t.live, CONTRACTS, listFeed(lst, { limit: 2 }));
    expect(page.json.request_id).toMatch(/^req_[0-9a-f]{20}$/);
    expect(page.headers['x-request-id']).toBe(page.json.request_id);
    const rows = await ledger(sb, t.live);
    expect(rows).toHaveLength(4 + 1 + 2);
    const strip = (r: Json) => ({ balance_type: r.balance_type, amount: r.amount, object_id: r.object_id, version: r.version, filter_id: r.filter_id, request_id: r.request_id });
    expect(rows.map(strip)).toEqual([
      ...page.json.results.map((x: Json) => ({ balance_type: 'tenders', amount: 1, object_id: x.tender.id, version: x.version, filter_id: page.json.filter_id, request_id: page.json.request_id })),
      { balance_type: 'tenders', amount: 1, object_id: completed[10], version: versionOf.get(completed[10]!), filter_id: null, request_id: card.headers['x-request-id'] },
      ...cpage.json.results.map((x: Json) => ({ balance_type: 'contracts', amount: 1, object_id: x.contract.id, version: x.version, filter_id: cpage.json.filter_id, request_id: cpage.json.request_id })),
    ]);
    const ascending = rows.map((r) => r.id);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    expect(await balance(sb, t.live)).toEqual({ tenders: 10000 - 5, contracts: 1000 - 2 });
  });
});

describe('billing: faults and test tokens', () => {
  it('truncate after a charge: the retried page is billed false and charged once', async () => {
    const lst = await createList(sb, t.live, all.slice(0, 10));
    const p1 = await query(sb, t.live, TENDERS, listFeed(lst, { limit: 3 }));
    await ctl(sb, 'faults', { truncate: 1 });
    let cut: boolean;
    try {
      const r = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: p1.json.next_cursor, limit: 3 } });
      cut = r.json === undefined;
    } catch { cut = true; }
    expect(cut).toBe(true);
    expect((await balance(sb, t.live)).tenders).toBe(10000 - 6);
    const again = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 3 });
    expect(again.status).toBe(200);
    expect(ids(again.json.results)).toEqual(all.slice(3, 6));
    expect(again.json.results.map((x: Json) => x.billed)).toEqual([false, false, false]);
    expect(again.json.billed).toMatchObject({ created: 0, updated: 0, free: 3 });
    expect((await balance(sb, t.live)).tenders).toBe(10000 - 6);
    expect(await ledger(sb, t.live)).toHaveLength(6);
  });

  it('D-AUTH-7: test tokens are never charged: billed false, empty ledger, balance not consulted', async () => {
    expect(t.test).toMatch(/^tenderwb_test_[A-Za-z0-9]{32}$/);
    await ctl(sb, 'balance', { login: 'demo-test', tenders: 0, contracts: 0 });
    const before = await balance(sb, t.test);
    const lst = await createList(sb, t.test, completed.slice(0, 30));
    const p = await query(sb, t.test, TENDERS, listFeed(lst, { limit: 10 }));
    expect(p.status).toBe(200);
    expect(p.json.results).toHaveLength(10);
    expect(p.json.results.every((x: Json) => x.billed === false)).toBe(true);
    expect(p.json.billed).toMatchObject({ created: 0, updated: 0, free: 10, balance_exhausted: false });
    const c = await query(sb, t.test, CONTRACTS, listFeed(lst, { limit: 5 }));
    expect(c.status).toBe(200);
    expect(c.json.results.length).toBeGreaterThan(0);
    expect(c.json.results.every((x: Json) => x.billed === false)).toBe(true);
    expect((await api(sb, 'GET', `/tenders/${all[2000]}`, { token: t.test })).status).toBe(200);
    expect(await ledger(sb, t.test)).toEqual([]);
    expect(await balance(sb, t.test)).toEqual(before);
    expect(before).toEqual({ tenders: 0, contracts: 0 });
  });
});
