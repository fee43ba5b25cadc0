/**
 * The earlier generation's equivalent of a refused feed: it has no cursors, but a filter deleted in the
 * service's web interface answers 404. That must not be a dead end: the error names the filter and says to refresh
 * the filters, and the mirror marks the filter gone at once (its tenders stay), so `sync --all` and the filters view
 * stop offering it. A proxy in front of the sandbox plays the deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarlierApiClient } from '../../src-main/api/earlier/client';
import { ApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { toIpcError } from '../../src-main/workspace/errors';
import { EarlierWorkbench } from '../../src-main/earlier/index';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { forward, sendJson, startHostile, type HostileServer } from '../hostile/server';
import { closeCaches, COMPUTERS, fresh, newCache, startEarlier } from './helpers';

let sb: RunningSandbox;
let proxy: HostileServer;
/** Once true, the proxy's service has no filter COMPUTERS: 404 for it, and absent from the list. */
let deleted = false;

beforeAll(async () => {
  sb = await startEarlier(600);
  const upstream = new URL(sb.earlierBaseUrl).origin;
  proxy = await startHostile(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const aboutIt = url.pathname.endsWith(`/filters/${COMPUTERS}`) || (url.pathname.endsWith('/tenders') && url.searchParams.get('filter_id') === String(COMPUTERS));
    if (deleted && aboutIt) return sendJson(res, 404, { detail: 'Not Found' });
    const answer = await forward(upstream, req, body);
    if (deleted && url.pathname.endsWith('/filters') && answer.status === 200) {
      const list = JSON.parse(answer.text) as { filters: { id: number }[]; total: number };
      const filters = list.filters.filter((f) => f.id !== COMPUTERS);
      return sendJson(res, 200, { ...list, filters, total: list.total - (list.filters.length - filters.length) });
    }
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(answer.text);
  });
});

afterAll(async () => {
  closeCaches();
  await proxy?.close();
  await sb?.close();
});

describe('an earlier-generation filter deleted on the service', () => {
  it('its sync names the filter and the way on, and the filter is marked gone at once with its tenders kept', async () => {
    const { live } = await fresh(sb as never);
    const client = new EarlierApiClient({ baseUrl: `${proxy.origin}${new URL(sb.earlierBaseUrl).pathname}`, token: () => live, limiter: new RateLimiter({ perMinute: 1_000_000 }) });
    const wb = new EarlierWorkbench({ client, cache: newCache() });
    await wb.filters();
    const first = await wb.syncFilter(COMPUTERS, { maxSpend: 15 });
    expect(first.items).toBeGreaterThan(0);
    const held = wb.filterInfo(COMPUTERS)!.cachedCount;
    expect(wb.filterInfo(COMPUTERS)!.gone).toBe(false);

    deleted = true;
    const error = await wb.syncFilter(COMPUTERS).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('not_found');
    expect(toIpcError(error, 'ru').message).toBe(
      `Фильтр ${COMPUTERS} не найден на сервисе: возможно, его удалили в веб-интерфейсе сервиса. Обновите список фильтров и выберите существующий.`,
    );
    expect(toIpcError(error, 'en').message).toContain(`Filter ${COMPUTERS} was not found on the service`);
    // Known gone without a refresh of the list: nothing offers it again; what it delivered stays.
    const info = wb.filterInfo(COMPUTERS)!;
    expect(info.gone).toBe(true);
    expect(info.cachedCount).toBe(held);
    // A whole list without it agrees; the other filters are untouched.
    const listed = (await wb.filters()).filters;
    expect(listed.find((f) => f.id === COMPUTERS)?.gone).toBe(true);
    expect(listed.filter((f) => f.id !== COMPUTERS).every((f) => !f.gone)).toBe(true);
  });
});
