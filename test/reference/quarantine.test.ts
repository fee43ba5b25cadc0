/**
 * A paid 200 the client cannot read is kept raw in the quarantine (body, request id,
 * when), the sync fails with a clear error, and a later client that can read it stores it: the items as
 * deliveries, the cursor advanced, the charge logged. Nothing paid is thrown away.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { isApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import * as S from '../../src-main/api/schemas';
import { readQueryPage } from '../../src-main/api/queryPage';
import { chargeLog } from '../../src-main/cache/chargeLog';
import { feedStore } from '../../src-main/cache/feedStore';
import { quarantineStore } from '../../src-main/cache/quarantineStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { apiQueryPort } from '../../src-main/sync/apiQueryPort';
import { cacheFeedSink } from '../../src-main/sync/cacheFeedSink';
import { currentReaders, quarantineSink, reprocessQuarantine, type QuarantineReaders } from '../../src-main/sync/quarantine';
import { syncSavedSearch } from '../../src-main/sync/syncEngine';
import { auditCache, pullForAudit } from '../../src-main/audit/auditCache';
import { tempCache } from '../cache/helpers';
import { json, startReferenceServer, type ReferenceServer } from './referenceServer';

let server: ReferenceServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A page whose items hold the tender under a key no client knows, next to another object with an id. */
const brokenPage = {
  filter_id: 'flt_q',
  state: 'ready',
  results: [{ event: 'created', version: 2, billed: true, procurement: { id: 41, etp_id: 'E41', name: 'Поставка бумаги' }, lot: { id: 9 } }],
  next_cursor: 'cur_after_41.sig',
  billed: { created: 1, updated: 0, free: 0, period_total: 1, balance_exhausted: false },
};

/** What a fixed client would know: the tender is under `procurement`. */
const fixedReaders: QuarantineReaders = {
  ...currentReaders,
  queryPage(body, kind) {
    const raw = body as typeof brokenPage;
    const mended = { ...raw, results: raw.results.map(({ procurement, lot: _lot, ...rest }) => ({ ...rest, tender: procurement })) };
    const env = S.QueryEnvelope.parse(mended);
    return { env, page: readQueryPage(env, kind) };
  },
};

describe('quarantine of paid answers the client cannot read', () => {
  it('keeps the page raw, fails the sync clearly, and a fixed reader stores it with its cursor and charge', async () => {
    server = await startReferenceServer();
    server.script.push(json(200, brokenPage));
    const cache = tempCache();
    const client = new ApiClient({
      baseUrl: server.baseUrl,
      token: () => 'tenderwb_live_x',
      limiter: new RateLimiter({ perMinute: 10_000 }),
      sleep: async () => {},
      onUnreadable: quarantineSink(cache),
    });
    const error = await syncSavedSearch(apiQueryPort(client), cacheFeedSink(cache), { filterId: 'flt_q', feeds: ['tender'], streams: ['created'] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.code).toBe('bad_response');
    expect(isApiError(error) && error.userMessage).toMatch(/карантин/);
    expect(server.seen).toHaveLength(1); // not retried: repeating would not make it readable

    const [kept] = quarantineStore(cache).pending();
    expect(kept).toMatchObject({ route: 'POST /tenders/query', status: 200, requestId: 'req_ref_1', balance: 'tenders' });
    expect(JSON.parse(kept!.body)).toEqual(brokenPage);
    expect(JSON.parse(kept!.requestBody!)).toMatchObject({ filter_id: 'flt_q', events: ['created'] });
    expect(kept!.reason).toMatch(/several objects/);
    expect(versionStore(cache).has('tender', 41, 2)).toBe(false);

    // The audit names it: the ledger row of that request is "delivered but not understood", not lost.
    const ledgerRow = { id: 7, balance_type: 'tenders', amount: 1, object_id: 41, version: 2, filter_id: 'flt_q', request_id: 'req_ref_1' };
    const ledgerAnswers = () => [
      json(200, { balance: { tenders: 99, contracts: 0 }, usage_today: { tenders: 1, contracts: 0 } }),
      json(200, { data: [ledgerRow], has_more: false }),
    ];
    server.script.push(...ledgerAnswers());
    const before = await auditCache(cache, () => pullForAudit(client, cache));
    expect(before.ok).toBe(false);
    expect(before.unexplained).toEqual([]);
    expect(before.notUnderstood).toHaveLength(1);
    expect(before.notUnderstood[0]).toMatchObject({ requestId: 'req_ref_1', ledgerIds: [7] });

    // This client still cannot read it: it stays pending, with why.
    expect(reprocessQuarantine(cache)).toEqual({ processed: 0, stillUnread: 1 });
    expect(quarantineStore(cache).pending()[0]!.outcome).toMatch(/still not understood/);
    // The CLI reprocesses at open only when one waits (the API's schemas load only then).
    expect(quarantineStore(cache).hasPending()).toBe(true);

    // After the fix: stored as the delivery it was, cursor advanced, charge logged for the audit.
    expect(reprocessQuarantine(cache, fixedReaders)).toEqual({ processed: 1, stillUnread: 0 });
    expect(quarantineStore(cache).pending()).toHaveLength(0);
    expect(quarantineStore(cache).hasPending()).toBe(false);
    expect(quarantineStore(cache).all()[0]!.outcome).toMatch(/stored 1 item/);
    expect(versionStore(cache).get('tender', 41, 2)?.object).toMatchObject({ id: 41, name: 'Поставка бумаги' });
    expect(versionStore(cache).deliveries('tender', 41)[0]).toMatchObject({ requestId: 'req_ref_1', billed: true, filterId: 'flt_q' });
    expect(feedStore(cache).getCursor('flt_q', 'tender', 'created')).toBe('cur_after_41.sig');
    expect(chargeLog(cache).totals()).toEqual({ tenders: 1, contracts: 0 });
    // And the audit now matches the row to the stored delivery, with the charge the page told of.
    server.script.push(...ledgerAnswers());
    const after = await auditCache(cache, () => pullForAudit(client, cache));
    expect(after).toMatchObject({ ok: true, rows: 1, matched: 1, notUnderstood: [], unexplained: [], vacuous: false });
  });

  it('a card the client cannot read is kept too; an unreadable answer of a free route is not', async () => {
    server = await startReferenceServer();
    server.script.push(json(200, { card_id: 5, name: 'no id field' }), json(200, { data: 'not a list' }));
    const cache = tempCache();
    const client = new ApiClient({ baseUrl: server.baseUrl, token: () => 't', sleep: async () => {}, onUnreadable: quarantineSink(cache) });
    await expect(client.tenderCard(5, { positionsPage: 1, positionsLimit: 20 })).rejects.toMatchObject({ code: 'bad_response' });
    await expect(client.lists()).rejects.toMatchObject({ code: 'bad_response' });
    const all = quarantineStore(cache).all();
    expect(all.map((q) => [q.route, q.query])).toEqual([['GET /tenders/{tender_id}', { positions_page: 1, positions_limit: 20 }]]);
  });
});
