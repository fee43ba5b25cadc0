/**
 * A rejected request names the field it got wrong in the analyst's Russian sentence. The reference leaves the
 * 422 body "not shown" (section 7), so every shape is read: the default sandbox's `error.details`, the strict
 * one's FastAPI `detail: [{loc, msg}]`, `errors` lists, a single `error.field`, a field → messages map; a body
 * that names no field keeps the generic sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { ApiError } from '../../src-main/api/errors';
import { problemFields } from '../../src-main/api/problemFields';
import { detailsIn } from '../../src-main/api/transport';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';

const fromBody = (body: unknown): ApiError => new ApiError({ code: 'unprocessable_entity', status: 422, message: 'x', details: detailsIn(body) });

describe('422: the field named, whatever the body shape', () => {
  it('error.details, FastAPI detail, errors lists, error.field, a map of messages', () => {
    expect(fromBody({ error: { code: 'unprocessable_entity', message: 'bad', details: [{ path: 'customer.kpp', message: 'unknown field' }] } }).userMessage).toBe(
      'Сервис отклонил параметры запроса — поле customer.kpp (unknown field): исправьте его и повторите.',
    );
    expect(fromBody({ detail: [{ loc: ['body', 'price', 'from'], msg: 'must be >= 0' }, { loc: ['query', 'limit'], msg: 'too big' }] }).userMessage).toBe(
      'Сервис отклонил параметры запроса — поля price.from (must be >= 0), limit (too big): исправьте их и повторите.',
    );
    expect(problemFields(detailsIn({ errors: [{ field: 'okpd2', message: 'bad code' }] }))).toEqual([{ path: 'okpd2', message: 'bad code' }]);
    expect(problemFields(detailsIn({ errors: [{ source: { pointer: '/data/attributes/name' }, detail: 'too long' }] }))).toEqual([{ path: 'name', message: 'too long' }]);
    expect(problemFields(detailsIn({ error: { code: 'x', message: 'bad', field: 'metadata' } }))).toEqual([{ path: 'metadata', message: 'bad' }]);
    expect(problemFields({ 'customer.inn': ['checksum'], limit: 'too big' })).toEqual([
      { path: 'customer.inn', message: 'checksum' },
      { path: 'limit', message: 'too big' },
    ]);
  });

  it('a body that names no field, or none at all, keeps the generic sentence', () => {
    for (const body of [{ error: { code: 'unprocessable_entity', message: 'bad' } }, 'Unprocessable', null, { detail: 'bad' }, { error: { details: [{ path: '(body)', message: 'x' }] } }]) {
      expect(fromBody(body).userMessage).toBe('Сервис отклонил параметры запроса: проверьте условия фильтра и повторите.');
    }
  });
});

describe('422 from the sandbox (default or strict, as the suite runs) through the client', () => {
  let sb: RunningSandbox;
  let client: ApiClient;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, seed: 1, tenders: 2000 });
    const anon = new ApiClient({ baseUrl: sb.baseUrl, token: () => '' });
    const token = (await anon.login('demo-test', 'demo', 'fields')).token;
    client = new ApiClient({ baseUrl: sb.baseUrl, token: () => token, maxAttempts: 1 });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('an unknown CustomerFilter field (the reference names kpp) is named in the sentence', async () => {
    const error = await client.queryTenders({ customer: { kpp: '770101001' } } as never).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).userMessage).toMatch(/^Сервис отклонил параметры запроса — поле customer\.kpp/);
  });
});
