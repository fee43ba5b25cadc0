/** The sandbox fault knobs (POST /__sandbox/faults) seen at HTTP level, with D-ERR-3 and D-IDEM-1. */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TENDERS, api, catalogue, createList, ctl, errorOf, fresh, ids, newKey, query, start,
  type Res, type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[];
let listId = '';

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  all = (await catalogue(sb, t.test)).map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });
beforeEach(async () => {
  t = await fresh(sb);
  listId = await createList(sb, t.live, all.slice(0, 10));
});

/** 'dropped' when no response head arrives, 'cut' when the body breaks off or is not complete JSON. */
async function attempt(method: string, path: string, o: { token: string; body: unknown }): Promise<Res | 'dropped' | 'cut'> {
  let r;
  try {
    r = await request(sb.baseUrl + path, {
      method: method as Json,
      headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(o.body),
    });
  } catch { return 'dropped'; }
  let text: string;
  try { text = await r.body.text(); } catch { return 'cut'; }
  try { return { status: r.statusCode, headers: {}, text, json: JSON.parse(text), ms: 0 }; } catch { return 'cut'; }
}
const status = (r: Res | string) => (typeof r === 'string' ? r : r.status);

describe('sandbox faults', () => {
  it('faults: preparing makes the next QUERY answer 202 on a ready feed; other routes do not consume it', async () => {
    const p = await query(sb, t.live, TENDERS, { list_id: listId, limit: 2 });
    expect(p.status).toBe(200);
    await ctl(sb, 'faults', { preparing: 1 });
    expect((await api(sb, 'GET', '/balance', { token: t.live })).status).toBe(200);
    expect((await api(sb, 'GET', `/tenders/${all[0]}`, { token: t.live })).status).toBe(200);
    const r = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: p.json.next_cursor, limit: 2 } });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ state: 'preparing', retry_after: 1 });
    const again = await api(sb, 'POST', TENDERS, { token: t.live, body: { cursor: p.json.next_cursor, limit: 2 } });
    expect(again.status).toBe(200);
    expect(ids(again.json.results)).toEqual(all.slice(2, 4));
  });

  it('faults: http500 answers 500 internal_error before executing; the mutation is not stored under its key (D-IDEM-1)', async () => {
    await ctl(sb, 'faults', { http500: 1 });
    const key = newKey();
    const r = await api(sb, 'POST', '/lists', { token: t.live, key, body: { name: 'после сбоя' } });
    errorOf(r, 500, 'internal_error');
    const ok = await api(sb, 'POST', '/lists', { token: t.live, key, body: { name: 'после сбоя' } });
    expect(ok.status).toBe(200);
    const lists = (await api(sb, 'GET', '/lists?limit=100', { token: t.live })).json.data;
    expect(lists.filter((x: Json) => x.name === 'после сбоя')).toHaveLength(1);
  });

  it('faults: reset drops the connection before executing; nothing is charged', async () => {
    await ctl(sb, 'faults', { reset: 1 });
    expect(await attempt('POST', TENDERS, { token: t.live, body: { list_id: listId, limit: 3 } })).toBe('dropped');
    expect((await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders).toBe(10000);
    const r = await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: listId, limit: 3 } });
    expect(r.status).toBe(200);
    expect(r.json.billed.created).toBe(3);
  });

  it('faults: truncate cuts the body after executing: the charge is made once, the retry is free', async () => {
    await ctl(sb, 'faults', { truncate: 1 });
    expect(await attempt('POST', TENDERS, { token: t.live, body: { list_id: listId, limit: 4 } })).toBe('cut');
    expect((await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders).toBe(9996);
    const r = await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: listId, limit: 4 } });
    expect(ids(r.json.results)).toEqual(all.slice(0, 4));
    expect(r.json.billed).toMatchObject({ created: 0, free: 4 });
    expect((await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders).toBe(9996);
  });

  it('faults: delay_ms delays every API answer until set back to 0', async () => {
    await ctl(sb, 'faults', { delay_ms: 400 });
    for (const r of [
      await api(sb, 'GET', '/balance', { token: t.live }),
      await api(sb, 'POST', TENDERS, { token: t.live, body: { list_id: listId, limit: 1 } }),
      await api(sb, 'GET', '/nope', { token: t.live }),
    ]) expect(r.ms).toBeGreaterThanOrEqual(390);
    await ctl(sb, 'faults', { delay_ms: 0 });
    const fast = await api(sb, 'GET', '/balance', { token: t.live });
    expect(fast.status).toBe(200);
    expect(fast.ms).toBeLessThan(390); // not delayed (a delayed answer takes ≥ 390 ms); room for a loaded machine
  });

  it('faults: a request consumes at most one fault, in the order reset, http500, truncate, preparing', async () => {
    const p = await query(sb, t.live, TENDERS, { list_id: listId, limit: 1 });
    await ctl(sb, 'faults', { preparing: 1, truncate: 1, http500: 1, reset: 1 });
    const body = { cursor: p.json.next_cursor, limit: 1 };
    const seen: (number | string)[] = [];
    for (let i = 0; i < 5; i++) seen.push(status(await attempt('POST', TENDERS, { token: t.live, body })));
    expect(seen).toEqual(['dropped', 500, 'cut', 202, 200]);
  });
});
