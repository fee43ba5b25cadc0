/**
 * "The sandbox's OpenAPI document is complete": the documents themselves, as generated from the
 * route tables (no sandbox needed). Each finding of the outside check has its test; the answers of both
 * sandboxes are checked against the documents in openapi-answers.test.ts (default) and
 * ../sandbox-strict/openapi-answers.test.ts (strict).
 */
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildEarlierOpenApi, buildOpenApi } from '../../src-main/sandbox/api/openapi';
import { ContractQueryRequest, TenderQueryRequest } from '../../src-main/sandbox/api/schemas';
import { OpenApiCheck } from './openapiCheck';
import type { Json } from './helpers';

const current: Json = buildOpenApi('http://127.0.0.1:1/api/v2');
const earlier: Json = buildEarlierOpenApi('http://127.0.0.1:1/legacy/api/v2');
const check = new OpenApiCheck(current, '/api/v2');
const earlierCheck = new OpenApiCheck(earlier, '/legacy/api/v2');

const op = (doc: Json, method: string, path: string): Json => doc.paths[path][method.toLowerCase()];
const param = (doc: Json, method: string, path: string, name: string): Json | undefined =>
  (op(doc, method, path).parameters ?? []).find((p: Json) => p.name === name);
const schemaOf = (doc: Json, s: Json): Json => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);

describe('the OpenAPI documents', () => {
  it('both generations\' documents are valid OpenAPI 3.1 (@readme/openapi-parser)', async () => {
    for (const doc of [current, earlier]) {
      expect(doc.openapi).toBe('3.1.0');
      const r = await validate(structuredClone(doc));
      expect(r.valid, JSON.stringify(r)).toBe(true);
    }
  });

  it('every route documents its success answer with a schema and an example, and every example satisfies its schema', () => {
    expect(check.operations()).toHaveLength(17);
    expect(earlierCheck.operations()).toHaveLength(14);
    for (const [doc, c] of [[current, check], [earlier, earlierCheck]] as const) {
      for (const name of c.operations()) {
        const [method, path] = name.split(' ') as [string, string];
        const responses = op(doc, method, path).responses;
        const success = Object.entries<Json>(responses).filter(([s, r]) => s.startsWith('2') && r.content);
        expect(success.length, `${name} documents a success body`).toBeGreaterThan(0);
        for (const [status, r] of success) {
          const schema = schemaOf(doc, r.content['application/json'].schema);
          expect(schema.example, `${name} ${status} has an example`).toBeDefined();
        }
        for (const [status, r] of Object.entries<Json>(responses)) {
          if (!status.startsWith('2') && !r.content) throw new Error(`${name} ${status} has no body schema`);
        }
      }
      for (const [name, schema] of Object.entries<Json>(doc.components.schemas)) {
        if (schema.example !== undefined) expect(c.accepts(`/components/schemas/${name}`, schema.example), `example of ${name}`).toBe(true);
      }
    }
  });

  it('POST /auth/login documents login, password and token_name as required query parameters', () => {
    for (const name of ['login', 'password', 'token_name']) {
      expect(param(current, 'POST', '/auth/login', name), name).toMatchObject({ in: 'query', required: true, schema: { type: 'string' } });
    }
    expect(op(current, 'POST', '/auth/login').security).toEqual([]);
  });

  it('limit, starting_after, id_type and positions_* are documented where the routes take them, with their bounds', () => {
    for (const path of ['/lists', '/filters']) {
      expect(param(current, 'GET', path, 'limit')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } });
      expect(param(current, 'GET', path, 'starting_after')).toMatchObject({ in: 'query', schema: { type: 'string' } });
    }
    for (const path of ['/lists/{list_id}', '/balance/ledger']) {
      expect(param(current, 'GET', path, 'limit')?.schema).toMatchObject({ type: 'integer', maximum: 100 });
      expect(param(current, 'GET', path, 'starting_after')?.schema).toMatchObject({ type: 'integer' });
    }
    expect(param(current, 'GET', '/tenders/{tender_id}', 'id_type')?.schema.enum).toEqual(['internal', 'external']);
    expect(param(current, 'GET', '/contracts/{contract_id}', 'id_type')?.schema.enum).toEqual(['internal', 'reestr']);
    for (const path of ['/tenders/{tender_id}', '/contracts/{contract_id}']) {
      expect(param(current, 'GET', path, 'positions_page')?.schema).toMatchObject({ type: 'integer', minimum: 1 });
      expect(param(current, 'GET', path, 'positions_limit')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    }
    for (const method of ['POST', 'DELETE']) {
      expect(param(current, method, '/lists/{list_id}/items', 'Idempotency-Key')).toMatchObject({ in: 'header', required: true });
    }
    expect(op(current, 'POST', '/tenders/query').requestBody.required).toBe(false);
  });

  it('token_id is an integer path parameter', () => {
    expect(param(current, 'DELETE', '/auth/tokens/{token_id}', 'token_id')).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', minimum: 0 } });
  });

  it('dates: the document and the server both refuse 2026-13-45 and 2026-02-30, and both take real dates and timestamps', () => {
    const body = check.bodyRef('POST', '/tenders/query');
    for (const from of ['2026-13-45', '2026-02-30', '2026-12-06T25:00', '2026-12-6', '06.12.2026']) {
      expect(check.accepts(body, { publish_date: { from } }), `document takes ${from}`).toBe(false);
      expect(TenderQueryRequest.safeParse({ publish_date: { from } }).success, `server takes ${from}`).toBe(false);
    }
    for (const from of ['2026-12-06', '2024-02-29', '2026-12-06T10:00', '2026-12-06T10:00:00+03:00', '2026-12-06T07:00:00.5Z', '2026-12-06 10:00:00']) {
      expect(check.accepts(body, { publish_date: { from } }), `document refuses ${from}`).toBe(true);
      expect(TenderQueryRequest.safeParse({ publish_date: { from } }).success, `server refuses ${from}`).toBe(true);
    }
  });

  it('supplier is not allowed in the tender QUERY body (the server answers it 400), and is in the contract QUERY body', () => {
    expect(check.accepts(check.bodyRef('POST', '/tenders/query'), { supplier: { inn: ['7701234567'] } })).toBe(false);
    expect(check.accepts(check.bodyRef('POST', '/tenders/query'), { keywords: ['мебель'], supplier: { name: 'Ромашка' } })).toBe(false);
    expect(check.accepts(check.bodyRef('POST', '/contracts/query'), { supplier: { inn: ['7701234567'] } })).toBe(true);
    expect(check.accepts(check.bodyRef('POST', '/contracts/query'), { filter_id: 'flt_x', supplier: { name: 'Ромашка' } })).toBe(true);
  });

  it('"one way to give the set" is a oneOf: criteria, filter_id, list_id (and tender_ids for contracts), each excluding the others', () => {
    const tender = schemaOf(current, op(current, 'POST', '/tenders/query').requestBody.content['application/json'].schema);
    const contract = schemaOf(current, op(current, 'POST', '/contracts/query').requestBody.content['application/json'].schema);
    expect(tender.oneOf).toHaveLength(3);
    expect(contract.oneOf).toHaveLength(4);
    expect(tender.oneOf.map((v: Json) => v.required ?? [])).toEqual([[], ['filter_id'], ['list_id']]);
    expect(contract.oneOf.map((v: Json) => v.required ?? [])).toEqual([[], ['filter_id'], ['list_id'], ['tender_ids']]);
    for (const v of [...tender.oneOf, ...contract.oneOf]) expect(v.additionalProperties).toBe(false);
    const t = check.bodyRef('POST', '/tenders/query');
    const c = check.bodyRef('POST', '/contracts/query');
    expect(check.accepts(t, { keywords: ['мебель'], status: ['active'] })).toBe(true);
    expect(check.accepts(t, { filter_id: 'flt_x', cursor: 'cur_x', limit: 10 })).toBe(true);
    expect(check.accepts(t, { cursor: 'cur_x', limit: 10 })).toBe(true);
    expect(check.accepts(t, { keywords: ['мебель'], filter_id: 'flt_x' })).toBe(false);
    expect(check.accepts(t, { list_id: 'lst_x', ids: [1] })).toBe(false);
    expect(check.accepts(c, { tender_ids: [1], customer: { inn: ['7701234567'] } })).toBe(false);
    expect(check.accepts(c, { list_id: 'lst_x', status: ['completed'] })).toBe(true);
    // The server's flat schema takes the mixed body (its fields are each valid) and the route answers it 400.
    expect(TenderQueryRequest.safeParse({ keywords: ['мебель'], filter_id: 'flt_x' }).success).toBe(true);
    expect(ContractQueryRequest.safeParse({ tender_ids: [1], customer: { inn: ['7701234567'] } }).success).toBe(true);
  });

  it('the earlier generation has its own document: document 2\'s 14 routes, X-API-Token, page/page_size, nothing of document 1', () => {
    const ops = earlierCheck.operations().sort();
    expect(ops).toEqual(
      [
        'POST /tokens', 'GET /tokens', 'DELETE /tokens/{id}', 'GET /tenders', 'GET /tenders/{id}', 'GET /tenders/{id}/positions', 'GET /filters',
        'GET /filters/{id}', 'GET /favorites', 'POST /favorites/{tender_id}', 'DELETE /favorites/{tender_id}', 'GET /favorites/updates',
        'GET /balance', 'GET /balance/history',
      ].sort(),
    );
    expect(earlier.servers[0].url).toBe('http://127.0.0.1:1/legacy/api/v2');
    expect(earlier.components.securitySchemes).toEqual({ apiToken: { type: 'apiKey', in: 'header', name: 'X-API-Token' } });
    for (const name of ops) {
      const [method, path] = name.split(' ') as [string, string];
      expect(op(earlier, method, path).security, name).toEqual([{ apiToken: [] }]);
      expect(param(earlier, method, path, 'Idempotency-Key'), name).toBeUndefined();
    }
    expect(param(earlier, 'GET', '/tenders', 'filter_id')).toMatchObject({ required: true, schema: { type: 'integer', minimum: 1 } });
    expect(param(earlier, 'GET', '/tenders', 'page_size')?.schema).toMatchObject({ type: 'integer', maximum: 100 });
    expect(param(earlier, 'GET', '/tenders/{id}', 'positions_page_size')?.schema).toMatchObject({ type: 'integer' });
    expect(param(earlier, 'GET', '/tenders/{id}', 'id')?.schema).toMatchObject({ type: 'integer' });
    const text = JSON.stringify(earlier);
    for (const word of ['cursor', 'starting_after', 'Idempotency-Key', 'next_cursor', 'filter_id":{"type":"string']) expect(text, word).not.toContain(word);
  });
});
