/**
 * Every 404 names what was not found, from the request's own context — a tender, a contract, a list, a
 * filter, a token; a QUERY names the filter or list it asked by — in both languages and on every surface (the
 * CLI's line, the app's IpcError). A bare «Объект не найден» named nothing. Both clients, against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { EarlierApiClient } from '../../src-main/api/earlier';
import { newIdempotencyKey } from '../../src-main/api/client';
import { describeApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { toIpcError } from '../../src-main/workspace/errors';
import { apiErrorOf, control, harness } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let sb: RunningSandbox;
let token: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 7, tenders: 2000 });
  await control(sb.origin, 'rate-limit', { per_minute: 1_000_000 });
  const r = await request(`${sb.baseUrl}/auth/login?login=demo&password=demo&token_name=notfound`, { method: 'POST' });
  token = ((await r.body.json()) as { token: string }).token;
});
afterAll(async () => {
  await sb?.close();
});

/** The error's sentence on the CLI (Russian) and in the app (Russian and English). */
async function said(p: Promise<unknown>): Promise<{ cli: string; ru: string; en: string; code: string }> {
  const e = await apiErrorOf(p);
  expect(e.status).toBe(404);
  return { cli: describeApiError(e), ru: toIpcError(e, 'ru').message, en: toIpcError(e, 'en').message, code: toIpcError(e, 'ru').code };
}

describe('a 404 names what was not found', () => {
  it('current generation: a card, a list, a filter, a token, and a QUERY by filter or list, each named by its id', async () => {
    const h = harness(sb.baseUrl, token);
    const c = h.client;
    // Each call is made when its turn comes, so no refusal waits unobserved.
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => c.tenderCard(987654321), 'Закупка 987654321 не найдена', 'Tender 987654321 was not found'],
      [() => c.tenderCard('ETP-NO-SUCH', { idType: 'external' }), 'Закупка с номером на площадке ETP-NO-SUCH не найдена', 'platform number ETP-NO-SUCH'],
      [() => c.contractCard(987654321), 'Контракт 987654321 не найден', 'Contract 987654321 was not found'],
      [() => c.contractCard('9999999999999999999', { idType: 'reestr' }), 'Контракт с реестровым номером 9999999999999999999 не найден', 'registry number 9999999999999999999'],
      [() => c.list('lst_gone'), 'Список lst_gone не найден', 'List lst_gone was not found'],
      [() => c.addListItems('lst_gone', [1], newIdempotencyKey()), 'Список lst_gone не найден', 'List lst_gone was not found'],
      [() => c.queryTenders({ list_id: 'lst_gone', limit: 1 }), 'Список lst_gone не найден', 'List lst_gone was not found'],
      [() => c.queryTenders({ filter_id: 'flt_000000000000000000000000', limit: 1 }), 'Фильтр flt_000000000000000000000000 не найден', 'Filter flt_000000000000000000000000 was not found'],
      [() => c.revokeToken(999_999, newIdempotencyKey()), 'Токен 999999 не найден', 'Token 999999 was not found'],
    ];
    for (const [call, ru, en] of cases) {
      const s = await said(call());
      expect(s.code).toBe('not_found');
      expect(s.cli).toContain(ru);
      expect(s.cli).toContain('(код not_found, HTTP 404');
      expect(s.ru).toContain(ru);
      expect(s.en).toContain(en);
      for (const text of [s.cli, s.ru, s.en]) expect(text).not.toMatch(/Объект не найден|^Not found/);
    }
    await h.close();
  });

  it('a route with no object of its own answering 404 (an address that does not lead to the API) names the route and the address to check', async () => {
    const h = harness(`${sb.origin}/no-api-here/v2`, token);
    const s = await said(h.client.balance());
    expect(s.ru).toContain('Сервис не нашёл GET /balance: проверьте адрес API в профиле');
    expect(s.en).toContain('The service did not find GET /balance: check the API address');
    await h.close();
  });

  it('earlier generation: a filter named with where it went (the web interface), a tender card by its id', async () => {
    const earlier = new EarlierApiClient({ baseUrl: sb.earlierBaseUrl, token: () => token, limiter: new RateLimiter({ perMinute: 1_000_000 }) });
    const filter = await said(earlier.filter(424242));
    expect(filter.ru).toContain('Фильтр 424242 не найден на сервисе: возможно, его удалили в веб-интерфейсе сервиса. Обновите список фильтров');
    expect(filter.en).toContain('Filter 424242 was not found');
    const tender = await said(earlier.tender(987654321));
    expect(tender.ru).toContain('Закупка 987654321 не найдена');
  });
});
