/**
 * The strict earlier-generation sandbox (docs/api-decisions.md, "Strict sandbox, earlier generation"): where
 * document 2 says "not shown" it makes the other choices an independent server may make. Real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL, ARCHIVE, ISO, ctl, fresh, get200, legacy, nextMoscowMidnight, secondsToMidnight, startStrict, type EarlierSandbox, type Json, type Res } from './helpers';

let sb: EarlierSandbox;
let live: string;

beforeAll(async () => {
  sb = await startStrict();
});
afterAll(async () => { await sb?.close(); });

/** A strict error: only `{"detail": "<text>"}`, no `error` object and no code. */
function detailOf(r: Res, status: number): string {
  expect(r.status, r.text.slice(0, 300)).toBe(status);
  expect(Object.keys(r.json)).toEqual(['detail']);
  expect(typeof r.json.detail).toBe('string');
  expect(r.json.detail.length).toBeGreaterThan(0);
  return r.json.detail;
}

/** Every string of a body that looks like a timestamp. */
function timestamps(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) out.push(v);
  else if (Array.isArray(v)) for (const x of v) timestamps(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) timestamps(x, out);
  return out;
}

/** Every object of a body (the envelope included). */
function objects(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) for (const x of v) objects(x, out);
  else if (v && typeof v === 'object') {
    out.push(v as Record<string, unknown>);
    for (const x of Object.values(v)) objects(x, out);
  }
  return out;
}

describe('strict: error bodies', () => {
  it('every error status answers {"detail"} with no error object and no code: 401, 402, 403, 404, 422, 429, 500', async () => {
    ({ live } = await fresh(sb));
    detailOf(await legacy(sb, 'GET', '/balance'), 401);
    detailOf(await legacy(sb, 'GET', '/tenders/999999999', { token: live }), 404);
    detailOf(await legacy(sb, 'GET', '/tenders?filter_id=abc', { token: live }), 422);
    await ctl(sb, 'faults', { http500: 1 });
    detailOf(await legacy(sb, 'GET', '/balance', { token: live }), 500);
    await ctl(sb, 'balance', { login: 'demo', tenders: 3 });
    detailOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page_size=10`, { token: live }), 402);
    await ctl(sb, 'balance', { login: 'demo', tenders: 100_000 });
    await ctl(sb, 'license', { login: 'demo', active: false });
    detailOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}`, { token: live }), 403);
  });

  it('section 7: the daily-limit 429 has a {"detail"} body and no Retry-After; the limit still resets at 00:00 Moscow time', async () => {
    ({ live } = await fresh(sb));
    for (let page = 1; page <= 10; page++) await get200(sb, `/tenders?filter_id=${ALL}&page=${page}&page_size=100`, live);
    const r = await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page=11&page_size=100`, { token: live });
    detailOf(r, 429);
    expect(r.headers['retry-after']).toBeUndefined();
    const b = await get200(sb, '/balance', live);
    expect(b.limits.tenders.remaining).toBe(0);
    expect(Date.parse(b.limits.tenders.reset_at)).toBe(nextMoscowMidnight(b.last_updated));
    await ctl(sb, 'clock', { advance_s: await secondsToMidnight(sb, 5) });
    expect((await get200(sb, `/tenders?filter_id=${ALL}&page=11&page_size=100`, live)).new_tenders_count).toBe(100);
  });
});

describe('strict: token routes', () => {
  it('POST /tokens answers {token_id, api_token, name}; GET /tokens a bare array without secrets; DELETE 204 with no body, and the token stops working', async () => {
    ({ live } = await fresh(sb));
    const made = await legacy(sb, 'POST', '/tokens', { token: live, body: { name: 'строгий' } });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ token_id: expect.any(Number), api_token: expect.stringMatching(/^tenderwb_live_/), name: 'строгий' });
    expect(made.json.id).toBeUndefined();
    expect(made.json.token).toBeUndefined();
    const secret: string = made.json.api_token;
    expect((await legacy(sb, 'GET', '/balance', { token: secret })).status).toBe(200);

    const list = await legacy(sb, 'GET', '/tokens', { token: live });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json)).toBe(true);
    const entry = list.json.find((t: Json) => t.token_id === made.json.token_id);
    expect(entry).toMatchObject({ name: 'строгий', created: expect.stringMatching(ISO) });
    expect(list.text).not.toContain(secret);

    const del = await legacy(sb, 'DELETE', `/tokens/${made.json.token_id}`, { token: live });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    detailOf(await legacy(sb, 'GET', '/balance', { token: secret }), 401);
    const after = await legacy(sb, 'GET', '/tokens', { token: live });
    expect(after.json.some((t: Json) => t.token_id === made.json.token_id)).toBe(false);
  });
});

describe('strict: lists whose paging is not shown', () => {
  it('GET /filters ignores page/page_size and answers exactly {filters, total} (plus unknown fields), every filter at once', async () => {
    ({ live } = await fresh(sb));
    const all = await get200(sb, '/filters', live);
    const paged = await get200(sb, '/filters?page=2&page_size=1', live);
    expect(paged).toEqual(all);
    expect(all.filters).toHaveLength(all.total);
    expect(all.filters.map((f: Json) => f.id)).toContain(ARCHIVE);
    for (const k of ['page', 'page_size', 'pages']) expect(all[k]).toBeUndefined();
    expect(Object.keys(all).filter((k) => !k.startsWith('x_')).sort()).toEqual(['filters', 'total']);
  });

  it('GET /balance/history ignores page/page_size and answers exactly {transactions, total}, every transaction at once', async () => {
    ({ live } = await fresh(sb));
    await get200(sb, `/tenders?filter_id=${ALL}&page_size=30`, live);
    const all = await get200(sb, '/balance/history', live);
    const paged = await get200(sb, '/balance/history?page=3&page_size=5', live);
    expect(paged).toEqual(all);
    expect(all.transactions.length).toBe(all.total);
    expect(all.total).toBeGreaterThan(30);
    for (const k of ['page', 'page_size', 'pages']) expect(all[k]).toBeUndefined();
    expect(Object.keys(all).filter((k) => !k.startsWith('x_')).sort()).toEqual(['total', 'transactions']);
  });
});

describe('strict: shapes', () => {
  it('timestamps carry +03:00 (never Z), and every object and envelope carries unknown fields that never replace documented ones', async () => {
    ({ live } = await fresh(sb));
    const page = await get200(sb, `/tenders?filter_id=${ALL}&page_size=5`, live);
    const id = page.items[0].id;
    await legacy(sb, 'POST', `/favorites/${page.items[0].etp_id}`, { token: live });
    const bodies = [
      page,
      await get200(sb, `/tenders/${id}`, live),
      await get200(sb, `/tenders/${id}/positions`, live),
      await get200(sb, '/filters', live),
      await get200(sb, `/filters/${ALL}`, live),
      await get200(sb, '/favorites', live),
      await get200(sb, '/favorites/updates', live),
      await get200(sb, '/balance', live),
      await get200(sb, '/balance/history', live),
    ];
    const stamps = timestamps(bodies);
    expect(stamps.length).toBeGreaterThan(20);
    for (const t of stamps) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+03:00$/);
    for (const body of bodies) {
      for (const o of objects(body)) {
        const extra = Object.keys(o).filter((k) => k.startsWith('x_'));
        expect(extra.length, JSON.stringify(o).slice(0, 200)).toBeGreaterThan(0);
      }
      expect(Object.keys(body).filter((k) => k.startsWith('x_')).length).toBeGreaterThan(1);
    }
    // Documented fields keep their documented values next to the extra ones.
    expect(page.items[0]).toMatchObject({ id, is_new: true, region: { id: expect.any(Number) } });
    expect(page).toMatchObject({ total: expect.any(Number), page: 1, page_size: 5, new_tenders_count: 5 });
  });

  it('unknown query parameters are ignored instead of 422; a bad documented one is still refused', async () => {
    ({ live } = await fresh(sb));
    const r = await get200(sb, `/tenders?filter_id=${ALL}&page_size=3&cursor=abc&sort=new`, live);
    expect(r.items).toHaveLength(3);
    expect((await get200(sb, '/favorites?unknown=1', live)).total).toBe(0);
    expect((await legacy(sb, 'GET', `/tenders/${r.items[0].id}?lang=ru`, { token: live })).status).toBe(200);
    detailOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page_size=101&cursor=abc`, { token: live }), 422);
  });
});
