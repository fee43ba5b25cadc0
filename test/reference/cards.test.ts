/**
 * A card "as in the tender detail of document 2" carries no version. It is stored under
 * the held version it shows (no phantom in the history or the diff), else under a provisional version that
 * the real one adopts when it arrives; a card-only tender opens offline afterwards; opening it again makes
 * no request and so never pays again. A card that states its version keeps today's behaviour.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { isProvisional } from '../../src-main/cache/versionMatch';
import type { CardRequest } from '../../src-main/cards/openCard';
import { CardUseCases } from '../../src-main/current/cards';
import type { CurrentNet } from '../../src-main/current/net';
import { resolveCardVersion } from '../../src-main/cards/cardVersion';
import { tempCache } from '../cache/helpers';
import { json, startReferenceServer, type ReferenceServer } from './referenceServer';

let server: ReferenceServer;
let cache: CacheDb;
let client: ApiClient;
beforeEach(async () => {
  server = await startReferenceServer();
  cache = tempCache();
  client = new ApiClient({ baseUrl: server.baseUrl, token: () => 't', limiter: new RateLimiter({ perMinute: 10_000 }), sleep: async () => {} });
});
afterEach(() => server.close());

const listItem = (id: number, updated: string, status = 'Подача заявок') => ({
  id,
  etp_id: `E${id}`,
  name: `Закупка ${id}`,
  price: 1000,
  update_date: updated,
  status: { id: 1, name: status },
  organization: { name: 'ГБУ', inn: '7701234567' },
});
/** Document 2's tender detail: the list fields plus card fields, no version, no billed. */
const detail = (id: number, updated: string, status?: string) => ({
  ...listItem(id, updated, status),
  organization: { name: 'ГБУ', inn: '7701234567', kpp: '770101001', address: 'Москва' },
  lots: [{ ordinal: 1, title: 'Лот', price: 1000 }],
  positions: [{ lot_ordinal: 1, position_ordinal: 1, title: 'Бумага А4', okpd2_code: '17.12' }],
  positions_total: 1,
  x_served_by: 'node-7',
});
const req = (id: number): CardRequest => ({ kind: 'tender', id, positionsPage: 1, positionsLimit: 20 });
/** The client as is, as the CLI reaches the server (cli/currentNet.ts): it always tries. */
const net = (): CurrentNet => ({ call: async (fn) => fn(client), worthTrying: () => true, unreachable: () => false });
const open = (id: number) => new CardUseCases({ cache, net: net() }).open(req(id));
const feedPage = (id: number, version: number, updated: string, cursor: string) =>
  feedStore(cache).saveFeedPage({
    filterId: 'flt_f',
    feed: 'tender',
    stream: 'created',
    cursor,
    requestId: `req_feed_${cursor}`,
    receivedAt: new Date().toISOString(),
    items: [{ kind: 'tender', id, version, billed: true, event: version === 1 ? 'created' : 'updated', object: listItem(id, updated) }],
  });

describe('cards without a version', () => {
  it('a card showing a version the feed delivered is that version: no phantom, and no second request', async () => {
    feedPage(7, 3, '2026-11-20T10:00:00+03:00', 'c1');
    server.script.push(json(200, detail(7, '2026-11-20T07:00:00Z')));
    const first = await open(7);
    expect(first).toMatchObject({ source: 'server', version: 3, charged: false });
    expect(versionStore(cache).history('tender', 7).map((v) => v.version)).toEqual([3]);
    const again = await open(7);
    expect(again).toMatchObject({ source: 'cache', version: 3 });
    expect(again.card.x_served_by).toBe('node-7');
    expect(server.seen).toHaveLength(1);
  });

  it('a card-only tender opens offline afterwards, and the feed\'s real version later adopts it', async () => {
    server.script.push(json(200, detail(8, '2026-11-21T09:00:00+03:00')));
    const first = await open(8);
    expect(first.source).toBe('server');
    expect(isProvisional(first.version)).toBe(true);
    expect(versionStore(cache).deliveries('tender', 8)[0]).toMatchObject({ requestId: 'req_ref_1', via: 'card' });
    await server.close(); // offline from here on
    expect(await open(8)).toMatchObject({ source: 'cache', version: first.version });

    feedPage(8, 5, '2026-11-21T06:00:00Z', 'c2');
    expect(versionStore(cache).history('tender', 8).map((v) => v.version)).toEqual([5]);
    expect(versionStore(cache).deliveries('tender', 8).map((d) => [d.version, d.via])).toEqual([
      [5, 'card'],
      [5, 'feed'],
    ]);
    expect(await open(8)).toMatchObject({ source: 'cache', version: 5 });
  });

  it('a newer card than the versions held is shown, and kept apart from them until its version arrives', async () => {
    feedPage(9, 1, '2026-11-01T10:00:00+03:00', 'c3');
    server.script.push(json(200, detail(9, '2026-11-05T10:00:00+03:00', 'Завершена')));
    const opened = await open(9);
    expect(isProvisional(opened.version)).toBe(true);
    expect((await open(9)).card.status).toEqual({ id: 1, name: 'Завершена' });
    expect(server.seen).toHaveLength(1);
    expect(versionStore(cache).history('tender', 9)).toHaveLength(2);
    feedPage(9, 2, '2026-11-05T07:00:00Z', 'c4');
    expect(versionStore(cache).history('tender', 9).map((v) => v.version)).toEqual([1, 2]);
  });

  it('a card that states its version (and billed) keeps today\'s behaviour', async () => {
    server.script.push(json(200, { ...detail(10, '2026-11-02T10:00:00Z'), version: 4, billed: true, request_id: 'req_body' }));
    expect(await open(10)).toMatchObject({ source: 'server', version: 4, charged: true });
    expect(versionStore(cache).deliveries('tender', 10)[0]).toMatchObject({ requestId: 'req_body', billed: true });
  });

  it('resolveCardVersion: stated, matched newest first by update_date, else the next provisional number', () => {
    const held = [
      { version: 1, object: listItem(1, '2026-01-01T00:00:00Z') },
      { version: 2, object: listItem(1, '2026-02-01T00:00:00Z') },
    ];
    expect(resolveCardVersion({ id: 1, version: 7 }, held)).toEqual({ version: 7, how: 'stated' });
    expect(resolveCardVersion(detail(1, '2026-01-01T03:00:00+03:00'), held)).toEqual({ version: 1, how: 'matched' });
    const p = resolveCardVersion(detail(1, '2026-03-01T00:00:00Z'), held);
    expect(p.how).toBe('provisional');
    expect(resolveCardVersion(detail(1, '2026-04-01T00:00:00Z'), [...held, { version: p.version, object: detail(1, '2026-03-01T00:00:00Z') }]).version).toBe(p.version + 1);
    // Without update_date on either side: the fields both carry must agree (a card may add sub-fields).
    expect(resolveCardVersion({ id: 1, name: 'a', organization: { inn: '1', kpp: '2' } }, [{ version: 3, object: { id: 1, name: 'a', organization: { inn: '1' } } }]).how).toBe('matched');
    expect(resolveCardVersion({ id: 1, name: 'b' }, [{ version: 3, object: { id: 1, name: 'a' } }]).how).toBe('provisional');
  });
});
