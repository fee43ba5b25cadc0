/**
 * The earlier generation's mirrors and views through the EarlierWorkbench: favorites (add, remove, list,
 * updates with their charges), tender details cached per version and positions page and opened with no
 * request (also with the server unreachable), balances with the three daily limits and the license, the
 * balance history, an expired license, and CSV of a filter and of the favorites.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { ApiError } from '../../src-main/api/errors';
import { EarlierApiClient } from '../../src-main/api/earlier/client';
import { EarlierWorkbench } from '../../src-main/earlier/index';
import { versionStore } from '../../src-main/cache/versionStore';
import type { CacheDb } from '../../src-main/cache/database';
import { catalogue, statusWord } from '../sandbox/helpers';
import { parseCsv } from '../export/csvParse';
import {
  bench,
  cacheCharges,
  cachedMembers,
  closeCaches,
  ctl,
  fresh,
  legacy,
  MEDICINE,
  sentTo,
  serverBalance,
  serverCharges,
  serverHistory,
  sorted,
  startEarlier,
  type Json,
} from './helpers';

let sb: RunningSandbox;
let token: string;
let cat: Json[];
const dirs: string[] = [];

beforeAll(async () => {
  sb = await startEarlier(600);
  cat = await catalogue(sb as never, (await fresh(sb)).test);
});
afterAll(async () => {
  closeCaches();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await sb?.close();
});
beforeEach(async () => {
  ({ live: token } = await fresh(sb));
});

/** A workbench over `cache` whose server cannot be reached (nothing listens on port 9). */
const offline = (cache: CacheDb): EarlierWorkbench =>
  new EarlierWorkbench({ client: new EarlierApiClient({ baseUrl: 'http://127.0.0.1:9/legacy/api/v2', token: () => token }), cache });

async function expectError(p: Promise<unknown>, code: string): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(code);
    return e as ApiError;
  }
  throw new Error(`expected ${code}`);
}

describe('favorites mirrored', () => {
  it('add, add again, remove and list, newest first; adding and removing are free', async () => {
    const b = bench(sb, token);
    const [t1, t2, t3] = [cat[10], cat[20], cat[30]];
    for (const t of [t1, t2, t3]) expect(await b.wb.addFavorite(t.etp_id)).toMatchObject({ success: true, isFavorite: true });
    expect(await b.wb.addFavorite(t1.etp_id)).toMatchObject({ success: false, isFavorite: true });
    let list = await b.wb.favorites();
    expect(list.fromCache).toBe(false);
    expect(list.favorites.map((f) => f.etpId)).toEqual([t3.etp_id, t2.etp_id, t1.etp_id]);
    expect(list.favorites[0]).toMatchObject({ id: t3.id, name: t3.name, cached: false, charged: false, changedSinceAdded: false });
    expect(await b.wb.removeFavorite(t2.etp_id)).toMatchObject({ success: true, isFavorite: false });
    list = await b.wb.favorites({ refresh: false });
    expect(list).toMatchObject({ fromCache: true });
    expect(list.favorites.map((f) => f.id)).toEqual([t3.id, t1.id]);
    // Removed on the server by another client: the next refresh drops it from the mirror.
    expect((await legacy(sb as never, 'DELETE', `/favorites/${encodeURIComponent(t1.etp_id)}`, { token })).status).toBe(200);
    expect((await b.wb.favorites()).favorites.map((f) => f.id)).toEqual([t3.id]);
    expect((await serverCharges(sb, token)).size).toBe(0);
    // Offline: the mirror, said to be from the cache.
    const off = await offline(b.cache).favorites();
    expect(off).toMatchObject({ fromCache: true });
    expect(off.favorites.map((f) => f.id)).toEqual([t3.id]);
    await b.close();
  });

  it('updates: the favorites changed since added, charged once, stored with their full details; again they cost 0', async () => {
    const b = bench(sb, token);
    const active = cat.filter((t) => statusWord(t) === 'active');
    for (const t of active) expect((await legacy(sb as never, 'POST', `/favorites/${encodeURIComponent(t.etp_id)}`, { token })).status).toBe(200);
    expect((await b.wb.favorites()).favorites).toHaveLength(active.length);
    expect((await b.wb.favoriteUpdates()).items).toEqual([]);
    // A minute later some favorites change (every tender a tick updates was active, so each is a favorite).
    await ctl(sb, 'clock', { advance_s: 60 });
    await ctl(sb, 'tick', { updated: 12 });
    const first = await b.wb.favoriteUpdates();
    expect(first.stoppedBy).toBe('done');
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.charged).toBe(first.items.length);
    for (const item of first.items) expect(item).toMatchObject({ isNew: true, charged: true });
    const changed = new Set(first.items.map((i) => i.id));
    const server = await serverCharges(sb, token);
    expect(sorted(server.keys())).toEqual(sorted(changed));
    const local = cacheCharges(b.cache);
    for (const id of changed) expect(local.get(id)!.billed).toBe(1);
    // The version held is the full detail (organization included), read free after the updates answer.
    for (const id of changed) {
      const latest = versionStore(b.cache).latest('tender', id)!.object as Json;
      expect(latest.organization?.administrator).toBeDefined();
      expect(latest.lots).toEqual(expect.any(Array));
    }
    const favs = (await b.wb.favorites()).favorites;
    for (const f of favs) expect(f.changedSinceAdded).toBe(changed.has(f.id));
    for (const f of favs.filter((x) => changed.has(x.id))) expect(f).toMatchObject({ cached: true, charged: true });

    const second = await b.wb.favoriteUpdates();
    expect(second.charged).toBe(0);
    expect(sorted(second.items.map((i) => i.id))).toEqual(sorted(changed));
    for (const item of second.items) expect(item).toMatchObject({ isNew: false, charged: false });
    expect((await serverCharges(sb, token)).size).toBe(changed.size);
    await b.close();
  });
});

describe('tender details (cards)', () => {
  it('opens lots, positions by lot_ordinal, documents and the administrator; cached per version and positions page, opened with no request, also offline', async () => {
    const b = bench(sb, token);
    const t = cat.filter((x) => statusWord(x) === 'active')[7];
    const opened = await b.wb.openTender(t.id, { positionsPage: 1, positionsPageSize: 5 });
    expect(opened).toMatchObject({ source: 'server', charged: true, offline: false, positionsPage: 1, positionsPageSize: 5 });
    const card = opened.card as Json;
    expect(card.id).toBe(t.id);
    expect(card.organization.administrator).toEqual(expect.objectContaining({ name: expect.any(String) }));
    expect(card.documents).toEqual(expect.any(Array));
    const lots = new Set(card.lots.map((l: Json) => l.ordinal));
    for (const p of card.positions) expect(lots.has(p.lot_ordinal)).toBe(true);
    expect(card.positions.length).toBeLessThanOrEqual(5);
    expect((await serverCharges(sb, token)).get(t.id)).toBe(1);
    expect(cacheCharges(b.cache).get(t.id)!.billed).toBe(1);

    const requests = b.sent.length;
    const again = await b.wb.openTender(t.id, { positionsPage: 1, positionsPageSize: 5 });
    expect(again).toMatchObject({ source: 'cache', charged: false, version: opened.version });
    expect(again.card).toEqual(opened.card);
    expect(b.sent.length).toBe(requests);

    // Another positions page: fetched, free (the tender was received).
    if (card.positions_pages > 1) {
      const p2 = await b.wb.openTender(t.id, { positionsPage: 2, positionsPageSize: 5 });
      expect(p2).toMatchObject({ source: 'server', charged: false });
      expect((p2.card as Json).positions_page).toBe(2);
    }
    expect((await serverCharges(sb, token)).get(t.id)).toBe(1);

    // The server unreachable: the cached page opens with no request at all.
    const off = offline(b.cache);
    expect(await off.openTender(t.id, { positionsPage: 1, positionsPageSize: 5 })).toMatchObject({ source: 'cache', version: opened.version });
    await expectError(off.openTender(cat.find((x) => x.id !== t.id)!.id), 'network');

    // The tender changes; favorites updates bring the new version (free: it was received).
    await b.wb.addFavorite(t.etp_id);
    await ctl(sb, 'clock', { advance_s: 60 });
    let seen = false;
    for (let i = 0; i < 30 && !seen; i++) {
      await ctl(sb, 'tick', { updated: 100 });
      seen = (await b.wb.favoriteUpdates()).items.some((x) => x.id === t.id);
    }
    expect(seen).toBe(true);
    const newer = versionStore(b.cache).latestVersion('tender', t.id)!;
    expect(newer).toBeGreaterThan(opened.version);
    // Offline, that page of the new version is not cached: the older cached copy opens, said to be offline.
    expect(await off.openTender(t.id, { positionsPage: 1, positionsPageSize: 5 })).toMatchObject({ source: 'cache', offline: true, version: opened.version });
    const fresh2 = await b.wb.openTender(t.id, { positionsPage: 1, positionsPageSize: 5 });
    expect(fresh2).toMatchObject({ source: 'server', charged: false, version: newer });
    expect(await off.openTender(t.id, { positionsPage: 1, positionsPageSize: 5 })).toMatchObject({ source: 'cache', offline: false, version: newer });
    expect((await serverCharges(sb, token)).get(t.id)).toBe(1);
    await b.close();
  });
});

describe('money mirrored', () => {
  it('balance with the three daily limits and the license, and the balance history, also offline', async () => {
    const b = bench(sb, token);
    await b.wb.syncFilter(MEDICINE);
    const server = await serverBalance(sb, token);
    const bal = await b.wb.balance();
    expect(bal.fromCache).toBe(false);
    // The balances by type of section 2.7 (a server may add fields of its own; the view shows these three).
    expect(bal.balance).toEqual({ tenders: server.balance.tenders, contracts: server.balance.contracts, protocols: server.balance.protocols });
    for (const type of ['tenders', 'contracts', 'protocols'] as const) {
      expect(bal.limits[type]).toEqual({
        entityType: server.limits[type].entity_type,
        date: server.limits[type].date,
        current: server.limits[type].current,
        limit: server.limits[type].limit,
        remaining: server.limits[type].remaining,
        resetAt: server.limits[type].reset_at,
      });
    }
    expect(bal.limits.tenders.current).toBe(cachedMembers(b.cache, MEDICINE).length);
    expect(bal.license).toEqual({ active: true, endDate: server.license.end_date });
    expect(bal.nextResetAt).toBe(server.limits.tenders.reset_at);
    expect(bal.blockedUntil).toBeNull();

    const history = await b.wb.history({ limit: 1000 });
    const serverRows = await serverHistory(sb, token);
    expect(history.rows.map((r) => r.id)).toEqual(serverRows.map((r) => r.id));
    expect(history.total).toBe(serverRows.length);
    const debits = history.rows.filter((r) => r.transactionType === 'debit');
    expect(sorted(debits.map((r) => r.entityId!))).toEqual(sorted(cachedMembers(b.cache, MEDICINE)));
    for (const d of debits) expect(d).toMatchObject({ amount: -1, entityType: 'tender', filterId: MEDICINE, balanceType: 'tenders' });
    const credits = history.rows.filter((r) => r.transactionType === 'credit');
    expect(credits.length).toBeGreaterThan(0);
    for (const c of credits) expect(c).toMatchObject({ entityId: null, entityType: null, filterId: null });

    // A top-up and a card later: only the new transactions are read, newest first.
    await ctl(sb, 'balance', { login: 'demo', tenders: server.balance.tenders + 500 });
    await b.wb.openTender(cat[5].id);
    const more = await b.wb.history({ limit: 1000 });
    expect(more.rows.length).toBe(serverRows.length + 2);
    expect(more.rows[0]).toMatchObject({ transactionType: 'debit', entityId: cat[5].id, filterId: null });
    expect(more.rows[1]).toMatchObject({ transactionType: 'credit', amount: 500 });

    const off = offline(b.cache);
    expect(await off.balance()).toMatchObject({ fromCache: true, balance: { tenders: bal.balance.tenders } });
    expect((await off.history({ limit: 1000 })).rows.map((r) => r.id)).toEqual(more.rows.map((r) => r.id));
    expect((await off.filters()).fromCache).toBe(true);
    expect(off.filterTenders(MEDICINE).count).toBe(cachedMembers(b.cache, MEDICINE).length);
    await b.close();
  });

  it('an expired license: data routes answer a clear error, the balance still shows it off', async () => {
    const b = bench(sb, token);
    await ctl(sb, 'license', { login: 'demo', active: false });
    const e = await expectError(b.wb.favorites(), 'license_expired');
    expect(e.userMessage).toMatch(/Лицензия на доступ к API не действует/);
    const out = await b.wb.syncFilter(MEDICINE);
    expect(out.stoppedBy).toBe('license_expired');
    expect(out.message).toMatch(/Лицензия на доступ к API не действует/);
    expect(sentTo(b.sent, '/tenders?')).toHaveLength(0);
    const bal = await b.wb.balance();
    expect(bal.license.active).toBe(false);
    await ctl(sb, 'license', { login: 'demo', active: true });
    expect((await b.wb.balance()).license.active).toBe(true);
    await b.close();
  });
});

describe('CSV of a filter and of the favorites', () => {
  it('BOM, ";", CRLF, one row per cached tender, the ids of the cached set; favorites as cached or as listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenderwb-earlier-csv-'));
    dirs.push(dir);
    const b = bench(sb, token);
    await b.wb.syncFilter(MEDICINE);
    const file = join(dir, 'filter.csv');
    const r = await b.wb.exportFilterCsv(MEDICINE, file);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text, ';');
    expect(rows[0]).toEqual(['ID', 'Номер извещения', 'Наименование', 'Статус', 'Начальная цена', 'Регион', 'Заказчик', 'ИНН заказчика', 'Площадка', 'Дата публикации', 'Окончание подачи заявок', 'Изменено']);
    expect(r.rows).toBe(rows.length - 1);
    expect(sorted(rows.slice(1).map((row) => Number(row[0])))).toEqual(sorted(cachedMembers(b.cache, MEDICINE)));
    for (const row of rows.slice(1)) {
      expect(row[6]).not.toBe(''); // the customer: list items carry the organization
      expect(row[4]).toMatch(/^\d+,\d{2}$/);
    }

    // Chosen columns, and the favorites: one cached, one only listed.
    const [held, listed] = [cachedMembers(b.cache, MEDICINE)[0]!, cat.find((t) => !cachedMembers(b.cache, MEDICINE).includes(t.id))];
    const heldEtp = versionStore(b.cache).latest('tender', held)!.object as Json;
    await b.wb.addFavorite(heldEtp.etp_id);
    await b.wb.addFavorite(listed.etp_id);
    const favFile = join(dir, 'favorites.csv');
    const fr = await b.wb.exportFavoritesCsv(favFile, { columns: 'etp_id,name,customer_name,status' });
    const favRows = parseCsv(readFileSync(favFile).subarray(3).toString('utf8'), ';');
    expect(fr.rows).toBe(2);
    expect(favRows[0]).toEqual(['Номер извещения', 'Наименование', 'Заказчик', 'Статус']);
    const strip = (s: string): string => s.replace(/^="(.*)"$/, '$1');
    expect(favRows.slice(1).map((row) => strip(row[0]!)).sort()).toEqual([heldEtp.etp_id, listed.etp_id].sort());
    const byEtp = new Map(favRows.slice(1).map((row) => [strip(row[0]!), row]));
    expect(byEtp.get(heldEtp.etp_id)![2]).toBe(heldEtp.organization.name);
    expect(byEtp.get(listed.etp_id)![1]).toBe(listed.name);
    expect(byEtp.get(listed.etp_id)![2]).toBe('');
    expect(() => b.wb.exportFilterCsv(MEDICINE, join(dir, 'x.csv'), { columns: 'id,nope' })).toThrow(/Unknown column: nope/);
    await b.close();
  });
});
