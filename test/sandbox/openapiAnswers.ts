/**
 * Every route of both generations, with its success answers and its error answers, checked against the
 * OpenAPI documents the same sandbox serves (`/api/v2/openapi.json`, `/legacy/api/v2/openapi.json`).
 * Run once against the default sandbox (test/sandbox/openapi-answers.test.ts) and once against the strict
 * one (test/sandbox-strict/openapi-answers.test.ts): both must satisfy the documents. One sandbox per file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import { api, ctl, fresh, newKey, sleep, type Res, type Tokens } from './helpers';
import { OpenApiCheck } from './openapiCheck';

type Sb = Awaited<ReturnType<typeof startSandbox>>;

const CURRENT_OPERATIONS = 17;
const EARLIER_OPERATIONS = 14;

export function describeAnswers(strict: boolean): void {
  let sb: Sb;
  let t: Tokens;
  let doc: OpenApiCheck;
  let earlierDoc: OpenApiCheck;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, seed: 7, tenders: 3000, strict });
    expect(sb.strict).toBe(strict);
    t = await fresh(sb);
    // Collection at the default pace in both modes: this suite checks shapes, not the partial state's timing.
    await ctl(sb, 'collection', { items_per_step: 5000, step_ms: 10 });
    const a = await api(sb, 'GET', '/openapi.json');
    const b = await api(sb, 'GET', `${sb.earlierBaseUrl}/openapi.json`);
    expect([a.status, b.status]).toEqual([200, 200]);
    doc = new OpenApiCheck(a.json, '/api/v2');
    earlierDoc = new OpenApiCheck(b.json, '/legacy/api/v2');
  });
  afterAll(async () => {
    await sb?.close();
  });

  /** A request of the current generation, its answer checked against the document. */
  async function call(method: string, path: string, o: { token?: string; body?: unknown; key?: string; rawBody?: string } = {}): Promise<Res> {
    const r = await api(sb, method, path, o);
    doc.answer(method, path, r);
    return r;
  }
  /** QUERY until it is no longer 202, every answer (the 202s too) checked. */
  async function settle(route: string, token: string, body: unknown): Promise<Res> {
    for (let i = 0; ; i++) {
      const r = await call('POST', route, { token, body });
      if (r.status !== 202 || i > 60) return r;
      await sleep(1000 * (Number(r.json?.retry_after) || 1));
    }
  }
  async function legacy(method: string, path: string, o: { token?: string; body?: unknown; rawBody?: string } = {}): Promise<Res> {
    const headers: Record<string, string> = o.token ? { 'x-api-token': o.token } : {};
    if (o.rawBody !== undefined) headers['content-type'] = 'application/json';
    const r = await api(sb, method, sb.earlierBaseUrl + path, { body: o.body, rawBody: o.rawBody, headers });
    earlierDoc.answer(method, path, r);
    return r;
  }
  const statusesOf = (check: OpenApiCheck, operation: string) => new Set(check.seen.filter((s) => s.operation === operation).map((s) => s.status));

  describe(`${strict ? 'strict' : 'default'} sandbox: every answer satisfies the OpenAPI document`, () => {
    it('current generation: tokens, QUERY (202, 200 ready and partial, 409), cards, lists, filters, balance and ledger answer as documented', async () => {
      const login = await call('POST', '/auth/login?login=demo&password=demo&token_name=openapi');
      expect(login.status).toBe(200);
      const made = await call('POST', '/auth/tokens', { token: t.live, key: newKey(), body: { name: 'документ' } });
      expect(made.status).toBe(200);
      expect((await call('GET', '/auth/tokens', { token: t.live })).status).toBe(200);
      expect((await call('DELETE', `/auth/tokens/${made.json.id}`, { token: t.live, key: newKey() })).status).toBe(200);
      expect((await call('DELETE', '/auth/tokens/0', { token: t.live, key: newKey() })).status).toBe(200);

      const body = { keywords: ['поставка'], status: ['active', 'completed'], limit: 20, events: ['created', 'updated'] };
      const first = await call('POST', '/tenders/query', { token: t.live, body });
      expect(first.status).toBe(202);
      const page = await settle('/tenders/query', t.live, body);
      expect(page.status).toBe(200);
      expect(page.json.results.length).toBeGreaterThan(0);
      const tender = page.json.results[0].tender;
      expect((await call('GET', `/tenders/${tender.id}?positions_limit=5&positions_page=1`, { token: t.live })).status).toBe(200);
      expect((await call('GET', `/tenders/${tender.etp_id}?id_type=external`, { token: t.live })).status).toBe(200);
      const next = await call('POST', '/tenders/query', { token: t.live, body: { cursor: page.json.next_cursor, limit: 5 } });
      expect(next.status).toBe(200);

      // partial: a slow collection of the whole catalogue (20 objects every 200 ms) is far from done after the
      // first retry_after, whatever the machine's load; its pages have no total (strict: null once continued).
      await ctl(sb, 'collection', { items_per_step: 20, step_ms: 200 });
      const slow = { status: ['active', 'completed', 'cancelled'], exception_keywords: ['документация openapi'], limit: 5 };
      const partial = await settle('/tenders/query', t.test, slow);
      expect(partial.json.state).toBe('partial');
      const partialNext = await call('POST', '/tenders/query', { token: t.test, body: { cursor: partial.json.next_cursor, limit: 5 } });
      expect(partialNext.json.state).toBe('partial');
      await ctl(sb, 'collection', { items_per_step: 5000, step_ms: 10 });

      // 409: the feed rebuilt under an old cursor answers a fresh slice (202 while the new generation is empty).
      await ctl(sb, 'rebuild', { filter_id: page.json.filter_id });
      const expired = await settle('/tenders/query', t.live, { cursor: next.json.next_cursor });
      expect(expired.status).toBe(409);
      expect(expired.json.error.code).toBe('cursor_expired');

      const contracts = await settle('/contracts/query', t.live, { keywords: ['поставка'], limit: 10 });
      expect(contracts.status).toBe(200);
      const item = contracts.json.results[0];
      const contract = item.contract ?? item.object;
      expect((await call('GET', `/contracts/${contract.id}`, { token: t.live })).status).toBe(200);
      const cExpired = (await ctl(sb, 'rebuild', { filter_id: contracts.json.filter_id }), await settle('/contracts/query', t.live, { cursor: contracts.json.next_cursor }));
      expect(cExpired.status).toBe(409);

      const list = await call('POST', '/lists', { token: t.live, key: newKey(), body: { name: 'документ', metadata: { k: 1 } } });
      expect(list.status).toBe(200);
      const lst = list.json.list_id;
      expect((await call('POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [tender.id] } })).status).toBe(200);
      expect((await call('GET', '/lists?limit=5', { token: t.live })).status).toBe(200);
      expect((await call('GET', `/lists/${lst}?limit=5`, { token: t.live })).status).toBe(200);
      expect((await call('POST', '/tenders/query', { token: t.live, body: { list_id: lst } })).status).toBe(200);
      expect((await call('DELETE', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [tender.id] } })).status).toBe(200);
      const filters = await call('GET', '/filters?limit=5', { token: t.live });
      expect(filters.status).toBe(200);
      expect((await call('DELETE', `/filters/${page.json.filter_id}`, { token: t.live, key: newKey() })).status).toBe(200);
      expect((await call('GET', '/balance', { token: t.live })).status).toBe(200);
      const ledger = await call('GET', '/balance/ledger?limit=3', { token: t.live });
      expect(ledger.json.data.length).toBeGreaterThan(0);
      expect((await call('GET', `/balance/ledger?limit=3&starting_after=${ledger.json.data[0].id}`, { token: t.live })).status).toBe(200);

      for (const op of doc.operations()) expect([...statusesOf(doc, op)].some((s) => s >= 200 && s < 300), `${op} answered with success`).toBe(true);
      expect(doc.operations()).toHaveLength(CURRENT_OPERATIONS);
    });

    it('current generation: every route\'s error answers (400, 401, 402, 404, 409, 422, 429, 500) answer as documented', async () => {
      t = await fresh(sb);
      const live = t.live;
      const key = () => newKey();
      // 400
      expect((await call('POST', '/tenders/query', { token: live, body: { keywords: ['a'], filter_id: 'flt_x' } })).status).toBe(400);
      expect((await call('POST', '/tenders/query', { token: live, body: { supplier: { inn: ['7701234567'] } } })).status).toBe(400);
      expect((await call('POST', '/tenders/query', { token: live, body: { cursor: 'cur_forged.sig' } })).status).toBe(400);
      expect((await call('POST', '/contracts/query', { token: live, body: { tender_ids: [1], list_id: 'lst_x' } })).status).toBe(400);
      expect((await call('POST', '/lists', { token: live, body: { name: 'без ключа' } })).status).toBe(400);
      expect((await call('POST', '/auth/tokens', { token: live, body: { name: 'x' } })).status).toBe(400);
      expect((await call('DELETE', '/auth/tokens/1', { token: live })).status).toBe(400);
      expect((await call('POST', '/lists/lst_x/items', { token: live, body: { ids: [1] } })).status).toBe(400);
      expect((await call('DELETE', '/lists/lst_x/items', { token: live, body: { ids: [1] } })).status).toBe(400);
      expect((await call('DELETE', '/filters/flt_x', { token: live })).status).toBe(400);
      expect((await call('GET', '/balance', { token: live, rawBody: '{not json' })).status).toBe(400);
      // 401 on every route that needs a token, and a bad login
      for (const [m, p] of [
        ['GET', '/auth/tokens'], ['POST', '/auth/tokens'], ['DELETE', '/auth/tokens/1'], ['POST', '/tenders/query'], ['GET', '/tenders/1'],
        ['POST', '/contracts/query'], ['GET', '/contracts/1'], ['POST', '/lists'], ['GET', '/lists'], ['GET', '/lists/lst_x'],
        ['POST', '/lists/lst_x/items'], ['DELETE', '/lists/lst_x/items'], ['GET', '/filters'], ['DELETE', '/filters/flt_x'],
        ['GET', '/balance'], ['GET', '/balance/ledger'],
      ] as const) {
        expect((await call(m, p, { token: 'tenderwb_live_nope', key: key(), body: m === 'GET' ? undefined : {} })).status, `${m} ${p}`).toBe(401);
      }
      expect((await call('POST', '/auth/login?login=demo&password=wrong&token_name=x')).status).toBe(401);
      // 404
      expect((await call('GET', '/tenders/987654321', { token: live })).status).toBe(404);
      expect((await call('GET', '/contracts/987654321', { token: live })).status).toBe(404);
      expect((await call('GET', '/lists/lst_nope', { token: live })).status).toBe(404);
      expect((await call('POST', '/lists/lst_nope/items', { token: live, key: key(), body: { ids: [1] } })).status).toBe(404);
      expect((await call('DELETE', '/lists/lst_nope/items', { token: live, key: key(), body: { ids: [1] } })).status).toBe(404);
      expect((await call('DELETE', '/filters/flt_nope', { token: live, key: key() })).status).toBe(404);
      expect((await call('DELETE', '/auth/tokens/987654', { token: live, key: key() })).status).toBe(404);
      expect((await call('POST', '/tenders/query', { token: live, body: { list_id: 'lst_nope' } })).status).toBe(404);
      expect((await call('POST', '/contracts/query', { token: live, body: { filter_id: 'flt_nope' } })).status).toBe(404);
      // 422: each part of a request, in the shape of the mode
      for (const [m, p, b] of [
        ['POST', '/auth/login?login=demo', undefined],
        ['POST', '/auth/tokens', { name: '' }],
        ['DELETE', '/auth/tokens/abc', undefined],
        ['POST', '/tenders/query', { limit: 101 }],
        ['POST', '/tenders/query', { publish_date: { from: '2026-13-45' } }],
        ['POST', '/contracts/query', { end_date: { to: '2026-02-30' } }],
        ['GET', '/tenders/1?id_type=weird', undefined],
        ['GET', '/contracts/1?positions_limit=0', undefined],
        ['POST', '/lists', { name: 'x'.repeat(256) }],
        ['GET', '/lists?limit=0', undefined],
        ['GET', '/lists/lst_x?starting_after=x', undefined],
        ['POST', '/lists/lst_x/items', { ids: ['1'] }],
        ['DELETE', '/lists/lst_x/items', {}],
        ['GET', '/filters?limit=101', undefined],
        ['GET', '/balance/ledger?starting_after=x', undefined],
      ] as const) {
        expect((await call(m, p, { token: live, key: key(), body: b })).status, `${m} ${p}`).toBe(422);
      }
      // 409: the 21st active token
      let made: Res;
      do made = await call('POST', '/auth/tokens', { token: live, key: key(), body: { name: 'много' } });
      while (made.status === 200);
      expect(made.status).toBe(409);
      // 402: no balance, new objects
      await ctl(sb, 'balance', { login: 'demo', tenders: 0, contracts: 0 });
      expect((await settle('/tenders/query', live, { keywords: ['услуги'], status: ['completed'] })).status).toBe(402);
      expect((await settle('/contracts/query', live, { keywords: ['услуги'] })).status).toBe(402);
      expect((await call('GET', '/tenders/5', { token: live })).status).toBe(402);
      expect((await call('GET', '/contracts/5', { token: live })).status).toBe(402);
      // 500: an injected fault, on any route
      for (const [m, p] of [['GET', '/balance'], ['POST', '/tenders/query']] as const) {
        await ctl(sb, 'faults', { http500: 1 });
        expect((await call(m, p, { token: live, body: m === 'POST' ? {} : undefined })).status).toBe(500);
      }
      // 429: the request rate, and login attempts
      await ctl(sb, 'rate-limit', { per_minute: 1 });
      await call('GET', '/balance', { token: live });
      expect((await call('GET', '/balance/ledger', { token: live })).status).toBe(429);
      await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
      let attempt: Res;
      do attempt = await call('POST', '/auth/login?login=demo-test&password=wrong&token_name=x');
      while (attempt.status === 401);
      expect(attempt.status).toBe(429);

      const seen = new Set(doc.seen.filter((s) => s.status >= 400).map((s) => s.status));
      expect([...seen].sort()).toEqual([400, 401, 402, 404, 409, 422, 429, 500]);
      for (const op of doc.operations()) expect([...statusesOf(doc, op)].some((s) => s >= 400), `${op} answered an error`).toBe(true);
    });

    it('the document\'s request rules are the server\'s: a body the document refuses, the server refuses (400/422), and the other way round', async () => {
      t = await fresh(sb);
      const cases: [string, Record<string, unknown>][] = [
        ['/tenders/query', {}],
        ['/tenders/query', { keywords: ['мебель'], regions: [77], publish_date: { from: '2026-02-28', to: '2026-12-06T23:59:59+03:00' } }],
        ['/tenders/query', { keywords: ['мебель'], filter_id: 'flt_x' }],
        ['/tenders/query', { filter_id: 'flt_x', list_id: 'lst_x' }],
        ['/tenders/query', { status: ['active'], list_id: 'lst_x' }],
        ['/tenders/query', { filter_id: 'flt_nope', events: ['updated'], limit: 5 }],
        ['/tenders/query', { supplier: { name: 'Ромашка' } }],
        ['/tenders/query', { publish_date: { from: '2026-13-45' } }],
        ['/tenders/query', { publish_date: { from: '2024-02-29' } }],
        ['/tenders/query', { start_date: { from: '2026-02-29' } }],
        ['/tenders/query', { customer: { kpp: '770101001' } }],
        ['/tenders/query', { page: 2 }],
        ['/contracts/query', { supplier: { inn: ['7701234567'] } }],
        ['/contracts/query', { tender_ids: [1, 2], supplier: { name: 'Ромашка' } }],
        ['/contracts/query', { tender_ids: [1], keywords: ['мебель'] }],
        ['/contracts/query', { list_id: 'lst_nope', status: ['completed'] }],
        ['/contracts/query', { ids: [1] }],
      ];
      for (const [route, body] of cases) {
        const documented = doc.accepts(doc.bodyRef('POST', route), body);
        const r = await call('POST', route, { token: t.test, body });
        const served = r.status !== 400 && r.status !== 422;
        expect(served, `${route} ${JSON.stringify(body)}: document ${documented}, server ${r.status}`).toBe(documented);
      }
    });

    it('earlier generation: every route, with its errors (400, 401, 402, 403, 404, 409, 422, 429, 500), answers as documented', async () => {
      t = await fresh(sb);
      const live = t.live;
      const made = await legacy('POST', '/tokens', { token: live, body: { name: 'документ' } });
      expect(made.status).toBe(200);
      const madeId = made.json.id ?? made.json.token_id;
      expect((await legacy('GET', '/tokens', { token: live })).status).toBe(200);
      expect([200, 204]).toContain((await legacy('DELETE', `/tokens/${madeId}`, { token: live })).status);
      const list = await legacy('GET', '/tenders?filter_id=2&page_size=5', { token: live });
      expect(list.status).toBe(200);
      const one = list.json.items[0];
      expect((await legacy('GET', `/tenders/${one.id}?positions_page_size=3`, { token: live })).status).toBe(200);
      expect((await legacy('GET', `/tenders/${one.id}/positions?page=1&page_size=2`, { token: live })).status).toBe(200);
      expect((await legacy('GET', '/filters?page=1&page_size=3', { token: live })).status).toBe(200);
      expect((await legacy('GET', '/filters/2', { token: live })).status).toBe(200);
      expect((await legacy('POST', `/favorites/${one.etp_id}`, { token: live })).status).toBe(200);
      expect((await legacy('GET', '/favorites', { token: live })).status).toBe(200);
      await ctl(sb, 'tick', { created: 0, updated: 60 });
      expect((await legacy('GET', '/favorites/updates', { token: live })).status).toBe(200);
      expect((await legacy('DELETE', `/favorites/${one.etp_id}`, { token: live })).status).toBe(200);
      expect((await legacy('GET', '/balance', { token: live })).status).toBe(200);
      expect((await legacy('GET', '/balance/history?page=1&page_size=5', { token: live })).status).toBe(200);
      for (const op of earlierDoc.operations()) expect([...statusesOf(earlierDoc, op)].some((s) => s >= 200 && s < 300), `${op} answered with success`).toBe(true);
      expect(earlierDoc.operations()).toHaveLength(EARLIER_OPERATIONS);

      // 401 on every route
      for (const op of earlierDoc.operations()) {
        const [m, template] = op.split(' ') as [string, string];
        const p = template.replace('{id}', '2').replace('{tender_id}', one.etp_id);
        expect((await legacy(m, p)).status, op).toBe(401);
      }
      // 400, 404, 422
      expect((await legacy('POST', '/tokens', { token: live, rawBody: '{not json' })).status).toBe(400);
      expect((await legacy('GET', '/tenders/987654321', { token: live })).status).toBe(404);
      expect((await legacy('GET', '/tenders/987654321/positions', { token: live })).status).toBe(404);
      expect((await legacy('GET', '/filters/987654', { token: live })).status).toBe(404);
      expect((await legacy('POST', '/favorites/nope', { token: live })).status).toBe(404);
      expect((await legacy('DELETE', '/tokens/987654', { token: live })).status).toBe(404);
      for (const p of ['/tenders?filter_id=abc', '/tenders?filter_id=2&page_size=101', '/tenders/abc', '/filters/abc', '/favorites?page=0', '/favorites/updates?page_size=0', `/tenders/${one.id}/positions?page_size=101`, `/tenders/${one.id}?positions_page=0`]) {
        expect((await legacy('GET', p, { token: live })).status, p).toBe(422);
      }
      // 429: the daily limit of 1000 new tenders (filter 1 holds every tender)
      let page = 1;
      let r: Res;
      do r = await legacy('GET', `/tenders?filter_id=1&page_size=100&page=${page++}`, { token: live });
      while (r.status === 200 && page < 40);
      expect(r.status).toBe(429);
      // 402: no balance
      await ctl(sb, 'clock', { advance_s: 86_400 });
      await ctl(sb, 'balance', { login: 'demo', tenders: 0 });
      expect((await legacy('GET', `/tenders?filter_id=1&page_size=100&page=${page}`, { token: live })).status).toBe(402);
      // 409: 20 active tokens
      let tok: Res;
      do tok = await legacy('POST', '/tokens', { token: live, body: { name: 'много' } });
      while (tok.status === 200);
      expect(tok.status).toBe(409);
      // 403: no license
      await ctl(sb, 'license', { login: 'demo', active: false });
      expect((await legacy('GET', '/filters', { token: live })).status).toBe(403);
      // 500
      await ctl(sb, 'faults', { http500: 1 });
      expect((await legacy('GET', '/balance', { token: live })).status).toBe(500);
      const seen = new Set(earlierDoc.seen.filter((s) => s.status >= 400).map((s) => s.status));
      expect([...seen].sort()).toEqual([400, 401, 402, 403, 404, 409, 422, 429, 500]);
    });
  });
}
