/** Reference section 3: response states and every row of the state-transition table (D-Q-5, D-Q-11, D-Q-12). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_STATUS, CONTRACTS, TENDERS, api, balance, catalogue, createList, ctl, drain, errorOf, fresh, ids, ledger, newKey, obj,
  query, sleep, start, statusWord, type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[];
let completed: number[];
let active: number[]; // only active tenders change on a tick

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  const cat = await catalogue(sb, t.test);
  all = cat.map((x) => x.id);
  completed = cat.filter((x) => statusWord(x) === 'completed').map((x) => x.id);
  active = cat.filter((x) => statusWord(x) === 'active').map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const DAY = 86400;

describe('3 response states', () => {
  let partialCursor = '';
  it('3 states: 202 preparing, then 200 partial without total, then 200 ready with total', async () => {
    t = await fresh(sb);
    await ctl(sb, 'collection', { items_per_step: 100, step_ms: 200 });
    const body = { status: ALL_STATUS, limit: 100 };
    const first = await api(sb, 'POST', TENDERS, { token: t.live, body });
    expect(first.status).toBe(202);
    expect(first.json.state).toBe('preparing');
    expect(first.json.retry_after).toBe(1);
    await sleep(1000);
    const part = await api(sb, 'POST', TENDERS, { token: t.live, body });
    expect(part.status).toBe(200);
    expect(part.json.state).toBe('partial');
    expect(part.json).not.toHaveProperty('total');
    expect(ids(part.json.results)).toEqual(all.slice(0, 100));
    partialCursor = part.json.next_cursor;
  });

  it('3 row 4: partial + cursor continues reading with total absent; once collected the feed is ready with total', async () => {
    const more = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: partialCursor, limit: 100 } });
    expect(more.status).toBe(200);
    expect(more.json.state).toBe('partial');
    expect(more.json).not.toHaveProperty('total');
    expect(ids(more.json.results)).toEqual(all.slice(100, 200));

    await ctl(sb, 'collection', { items_per_step: 5000, step_ms: 10 });
    await sleep(200);
    const ready = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: more.json.next_cursor, limit: 100 } });
    expect(ready.status).toBe(200);
    expect(ready.json.state).toBe('ready');
    expect(ready.json.total).toBe(3000);
    expect(ids(ready.json.results)).toEqual(all.slice(200, 300));
  });
});

describe('3 transitions', () => {
  it('3 row 1: the first QUERY with a new parameter set answers 202 preparing and creates the filter implicitly', async () => {
    t = await fresh(sb);
    const body = { regions: [77], limit: 1 };
    const r = await api(sb, 'POST', TENDERS, { token: t.live, body });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ state: 'preparing', retry_after: 1 });
    expect(r.json.results ?? []).toEqual([]);
    const ok = await query(sb, t.live, TENDERS, body);
    expect(ok.status).toBe(200);
    const f = await api(sb, 'GET', '/filters', { token: t.live });
    expect(f.json.data.map((x: Json) => x.filter_id)).toEqual([ok.json.filter_id]);
    expect(f.json.data[0].contracts_projection).toBe(false);
  });

  it('3 row 1: the first contract-feed request activates the contract projection of the filter', async () => {
    const tq = await query(sb, t.live, TENDERS, { regions: [77], limit: 1 });
    const c = await query(sb, t.live, CONTRACTS, { regions: [77], limit: 1 });
    expect(c.status).toBe(200);
    expect(c.json.filter_id).toBe(tq.json.filter_id);
    const f = await api(sb, 'GET', '/filters', { token: t.live });
    expect(f.json.data).toHaveLength(1);
    expect(f.json.data[0]).toMatchObject({ filter_id: tq.json.filter_id, contracts_projection: true });
  });

  it('3 row 2: repeating the same request after retry_after answers 200; a changed set is another filter and restarts', async () => {
    t = await fresh(sb);
    const a = { regions: [50], status: ALL_STATUS, limit: 5 };
    const b = { regions: [66], status: ALL_STATUS, limit: 5 };
    expect((await api(sb, 'POST', TENDERS, { token: t.live, body: a })).status).toBe(202);
    await sleep(1000);
    const bFirst = await api(sb, 'POST', TENDERS, { token: t.live, body: b });
    expect(bFirst.status).toBe(202);
    // the same set with another key order and limit is the same filter: collection advanced, no restart
    const aAgain = await api(sb, 'POST', TENDERS, { token: t.live, body: { limit: 7, status: ALL_STATUS, regions: [50] } });
    expect(aAgain.status).toBe(200);
    expect(['ready', 'partial']).toContain(aAgain.json.state);
    expect(aAgain.json.results).toHaveLength(7);
    await sleep(1000);
    const bAgain = await api(sb, 'POST', TENDERS, { token: t.live, body: b });
    expect(bAgain.status).toBe(200);
    expect(bAgain.json.filter_id).not.toBe(aAgain.json.filter_id);
  });

  it('3 row 3: ready + cursor with new events stays ready and advances next_cursor; an empty page is normal and free', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all);
    const e0 = await query(sb, t.live, TENDERS, { list_id: lst, events: ['updated'] });
    expect(e0.status).toBe(200);
    expect(e0.json.state).toBe('ready');
    expect(e0.json.results).toEqual([]);
    expect(e0.json.next_cursor).toMatch(/^cur_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    await ctl(sb, 'tick', { created: 0, updated: 5 });
    const e1 = await query(sb, t.live, TENDERS, { cursor: e0.json.next_cursor });
    expect(e1.json.state).toBe('ready');
    expect(e1.json.results).toHaveLength(5);
    expect(e1.json.next_cursor).not.toBe(e0.json.next_cursor);
    const e2 = await query(sb, t.live, TENDERS, { cursor: e1.json.next_cursor });
    expect(e2.json.state).toBe('ready');
    expect(e2.json.results).toEqual([]);
    expect(e2.json.billed).toMatchObject({ created: 0, updated: 0, free: 0 });
    expect(typeof e2.json.next_cursor).toBe('string');
    expect((await balance(sb, t.live)).tenders).toBe(9995);
  });

  it('3 row 5: a page the balance cannot fully pay keeps its state, is cut, and balance_exhausted is true', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all.slice(0, 10));
    await ctl(sb, 'balance', { login: 'demo', tenders: 3 });
    const p = await query(sb, t.live, TENDERS, { list_id: lst, limit: 10 });
    expect(p.status).toBe(200);
    expect(p.json.state).toBe('ready');
    expect(ids(p.json.results)).toEqual(all.slice(0, 3));
    expect(p.json.billed.balance_exhausted).toBe(true);
    errorOf(await query(sb, t.live, TENDERS, { cursor: p.json.next_cursor }), 402, 'balance_exhausted');
  });

  it('3 row 6: a rebuilt feed answers 409 cursor_expired with a fresh slice and a new cursor; repeated objects are free', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.live, all.slice(0, 20));
    const p1 = await query(sb, t.live, TENDERS, { list_id: lst, limit: 5 });
    const p2 = await query(sb, t.live, TENDERS, { cursor: p1.json.next_cursor, limit: 5 });
    expect(ids(p2.json.results)).toEqual(all.slice(5, 10));
    await ctl(sb, 'rebuild', { filter_id: p1.json.filter_id });
    const x = await query(sb, t.live, TENDERS, { cursor: p2.json.next_cursor, limit: 5 });
    errorOf(x, 409, 'cursor_expired');
    expect(x.json.filter_id).toBe(p1.json.filter_id);
    expect(ids(x.json.results)).toEqual(all.slice(0, 5));
    expect(x.json.results.every((i: Json) => i.billed === false)).toBe(true);
    expect(x.json.billed).toMatchObject({ created: 0, updated: 0, free: 5 });
    expect(x.json.next_cursor).not.toBe(p2.json.next_cursor);
    const n1 = await query(sb, t.live, TENDERS, { cursor: x.json.next_cursor, limit: 5 });
    expect(n1.status).toBe(200);
    expect(ids(n1.json.results)).toEqual(all.slice(5, 10));
    expect(n1.json.billed).toMatchObject({ created: 0, free: 5 });
    const n2 = await query(sb, t.live, TENDERS, { cursor: n1.json.next_cursor, limit: 5 });
    expect(ids(n2.json.results)).toEqual(all.slice(10, 15));
    expect(n2.json.billed).toMatchObject({ created: 5, free: 0 });
    expect((await balance(sb, t.live)).tenders).toBe(10000 - 15);
  });

  describe('subscription life (one filter, in order)', () => {
    const body = { regions: [78], status: ALL_STATUS, limit: 3 };
    let cursor = '';
    let seen: number[] = [];
    let filterId = '';

    it('3 row 7: any read of a live subscription extends its TTL (7 days from the last read)', async () => {
      t = await fresh(sb);
      const r1 = await query(sb, t.live, TENDERS, body);
      expect(r1.status).toBe(200);
      filterId = r1.json.filter_id;
      seen = ids(r1.json.results);
      const e1 = Date.parse(r1.json.expires_at);
      await ctl(sb, 'clock', { advance_s: DAY });
      const r2 = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: r1.json.next_cursor, limit: 3 } });
      expect(r2.status).toBe(200);
      const grow = (Date.parse(r2.json.expires_at) - e1) / 1000;
      expect(grow).toBeGreaterThanOrEqual(DAY);
      expect(grow).toBeLessThan(DAY + 30);
      seen.push(...ids(r2.json.results));
      cursor = r2.json.next_cursor;
      // 6 days 23 hours without a read: still live
      await ctl(sb, 'clock', { advance_s: 7 * DAY - 3600 });
      const r3 = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor, limit: 3 } });
      expect(r3.status).toBe(200);
      seen.push(...ids(r3.json.results));
      cursor = r3.json.next_cursor;
    });

    it('3 row 8: after the TTL elapsed the next request answers 202 preparing, then continues from the cursor', async () => {
      await ctl(sb, 'clock', { advance_s: 8 * DAY });
      const first = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor, limit: 3 } });
      expect(first.status).toBe(202);
      expect(first.json.state).toBe('preparing');
      const r = await query(sb, t.live, TENDERS, { cursor, limit: 3 });
      expect(r.status).toBe(200);
      const got = ids(r.json.results);
      expect(got).toHaveLength(3);
      expect(got.every((id) => !seen.includes(id) && id > Math.max(...seen))).toBe(true);
      seen.push(...got);
      cursor = r.json.next_cursor;
      expect(r.json.results.every((i: Json) => i.billed === true)).toBe(true);
    });

    it('3 row 9: DELETE /filters extinguishes the own subscription; the filter and its shared cache remain', async () => {
      const other = await query(sb, t.test, TENDERS, body);
      expect(other.json.filter_id).toBe(filterId);
      const d = await api(sb, 'DELETE', `/filters/${filterId}`, { token: t.live, key: newKey() });
      expect(d.status).toBe(200);
      expect(d.json).toMatchObject({ success: true, filter_id: filterId });
      const f = await api(sb, 'GET', '/filters', { token: t.live });
      expect(f.json.data.map((x: Json) => x.filter_id)).not.toContain(filterId);
      errorOf(await api(sb, 'DELETE', `/filters/${filterId}`, { token: t.live, key: newKey() }), 404, 'not_found');
      // another subscriber of the same filter is not affected
      const o2 = await api(sb, 'POST', TENDERS, { token: t.test, body: { cursor: other.json.next_cursor, limit: 3 } });
      expect(o2.status).toBe(200);
      // the extinguished subscription comes back with 202 once, then continues with nothing lost
      const first = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor, limit: 3 } });
      expect(first.status).toBe(202);
      const r = await query(sb, t.live, TENDERS, { cursor, limit: 3 });
      expect(r.status).toBe(200);
      const got = ids(r.json.results);
      expect(got.every((id) => id > Math.max(...seen))).toBe(true);
      expect(r.json.filter_id).toBe(filterId);
    });
  });

  it('3 row 10: DELETE /auth/tokens: own token becomes inactive; foreign or unknown id is 404; id 0 succeeds with no change', async () => {
    t = await fresh(sb);
    const mk = await api(sb, 'POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'ci' } });
    expect(mk.status).toBe(200);
    const foreign = await api(sb, 'POST', '/auth/tokens', { token: t.test, key: newKey(), body: { name: 'theirs' } });
    expect((await api(sb, 'GET', '/balance', { token: mk.json.token })).status).toBe(200);

    const before = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json;
    const zero = await api(sb, 'DELETE', '/auth/tokens/0', { token: t.live, key: newKey() });
    expect(zero.status).toBe(200);
    expect(zero.json.success).toBe(true);
    expect(typeof zero.json.message).toBe('string');
    const after0 = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json;
    expect(after0.tokens.map((x: Json) => [x.id, x.is_active])).toEqual(before.tokens.map((x: Json) => [x.id, x.is_active]));
    expect((await api(sb, 'GET', '/balance', { token: t.live })).status).toBe(200);

    errorOf(await api(sb, 'DELETE', `/auth/tokens/${foreign.json.id}`, { token: t.live, key: newKey() }), 404, 'not_found');
    errorOf(await api(sb, 'DELETE', '/auth/tokens/987654', { token: t.live, key: newKey() }), 404, 'not_found');
    expect((await api(sb, 'GET', '/balance', { token: foreign.json.token })).status).toBe(200);

    const del = await api(sb, 'DELETE', `/auth/tokens/${mk.json.id}`, { token: t.live, key: newKey() });
    expect(del.status).toBe(200);
    expect(del.json.success).toBe(true);
    errorOf(await api(sb, 'GET', '/balance', { token: mk.json.token }), 401, 'unauthorized');
    const list = (await api(sb, 'GET', '/auth/tokens', { token: t.live })).json.tokens;
    expect(list.some((x: Json) => x.id === mk.json.id && x.is_active)).toBe(false);
  });

  it('3 row 11: adding to a list makes no duplicate, is visible at once through QUERY list_id, and adds its contracts', async () => {
    t = await fresh(sb);
    const [a = 0, b = 0, c = 0] = completed;
    const lst = await createList(sb, t.live, []);
    const add1 = await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [a, b] } });
    expect(add1.json).toMatchObject({ list_id: lst, added: 2, already_present: 0, items_count: 2 });
    const f1 = await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: lst } });
    expect(f1.status).toBe(200);
    expect(ids(f1.json.results)).toEqual([a, b]);
    const add2 = await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [b, c] } });
    expect(add2.json).toMatchObject({ list_id: lst, added: 1, already_present: 1, items_count: 3 });
    const f2 = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: f1.json.next_cursor } });
    expect(f2.status).toBe(200);
    expect(f2.json.results.map((x: Json) => [obj(x).id, x.event])).toEqual([[c, 'created']]);
    const detail = await api(sb, 'GET', `/lists/${lst}`, { token: t.live });
    expect(detail.json.data).toEqual([a, b, c].sort((x, y) => x - y));

    // contracts of list members: the same as the contracts of those tenders by tender_ids
    const byList = await query(sb, t.live, CONTRACTS, { list_id: lst });
    const byIds = await query(sb, t.test, CONTRACTS, { tender_ids: [a, b, c] });
    expect(byList.status).toBe(200);
    expect(byIds.status).toBe(200);
    expect(ids(byList.json.results).length).toBeGreaterThan(0);
    expect(ids(byList.json.results).sort()).toEqual(ids(byIds.json.results).sort());
  });

  it('3 row 12: removing from a list keeps what was delivered; future events of it do not enter the list feed', async () => {
    t = await fresh(sb);
    const members = active.slice(-200);
    const removed = members.slice(0, 100);
    const kept = members.slice(100);
    const lst = await createList(sb, t.live, members);
    const f = await query(sb, t.live, TENDERS, { list_id: lst, limit: 100 });
    expect(ids(f.json.results)).toEqual(removed);
    const upd = await query(sb, t.live, TENDERS, { list_id: lst, events: ['updated'] });
    expect(upd.json.results).toEqual([]);
    const rm = await api(sb, 'DELETE', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [...removed, completed[0]] } });
    expect(rm.status).toBe(200);
    expect(rm.json).toMatchObject({ list_id: lst, removed: 100, not_present: 1, items_count: 100 });
    // delivered stays delivered: no refund, and the card of a removed tender stays free
    expect(await ledger(sb, t.live)).toHaveLength(100);
    expect((await api(sb, 'GET', `/tenders/${removed[0]}`, { token: t.live })).status).toBe(200);
    expect((await balance(sb, t.live)).tenders).toBe(9900);
    // future events: a control feed over the whole catalogue (test account) shows which tenders changed
    const whole = await createList(sb, t.test, all);
    const ctrl = await query(sb, t.test, TENDERS, { list_id: whole, events: ['updated'] });
    await ctl(sb, 'tick', { created: 0, updated: 300 });
    const changed = new Set(ids((await drain(sb, t.test, TENDERS, { cursor: ctrl.json.next_cursor })).items));
    expect(removed.some((id) => changed.has(id))).toBe(true);
    const got = ids((await drain(sb, t.live, TENDERS, { cursor: upd.json.next_cursor })).items);
    expect(got.filter((id) => removed.includes(id))).toEqual([]);
    expect(new Set(got)).toEqual(new Set(kept.filter((id) => changed.has(id))));
  });
});
