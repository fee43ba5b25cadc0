/**
 * Sync of an earlier-generation filter into the cache (src-main/sync/earlierSync.ts through the
 * EarlierWorkbench), against the sandbox at /legacy/api/v2: every tender stored with when it came and
 * whether it was charged, the reference's 20 / 0 / 5 example, runs that stop after page 1 when nothing is
 * new, a cancel or a lost answer that loses nothing and never logs a charge twice, the spend cap held
 * exactly with smaller pages, a 402 that uses the balance to the last unit, and a filter whose auto
 * search is off. Server-side facts come from the server's own balance history.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { pageFor, syncEarlierFilter, type EarlierSyncClient } from '../../src-main/sync/earlierSync';
import { EarlierWorkbench } from '../../src-main/earlier/index';
import {
  ALL,
  ARCHIVE,
  bench,
  cacheCharges,
  cachedMembers,
  closeCaches,
  ctl,
  fresh,
  MEDICINE,
  newCache,
  sentTo,
  serverBalance,
  serverCharges,
  serverFilterSet,
  sorted,
  startEarlier,
} from './helpers';

let sb: RunningSandbox;
let token: string;

beforeAll(async () => {
  sb = await startEarlier(600);
});
afterAll(async () => {
  closeCaches();
  await sb?.close();
});
beforeEach(async () => {
  ({ live: token } = await fresh(sb));
});

/** The cache logs exactly one charged delivery for each tender the server charged, and none for others. */
async function expectChargedOnce(cache: ReturnType<typeof newCache>): Promise<Map<number, number>> {
  const server = await serverCharges(sb, token);
  for (const [id, n] of server) expect(n, `tender ${id} charged ${n} times by the server`).toBe(1);
  const local = cacheCharges(cache);
  const billed = [...local].filter(([, c]) => c.billed > 0);
  for (const [id, c] of billed) expect(c.billed, `tender ${id} logged as charged ${c.billed} times`).toBe(1);
  expect(sorted(billed.map(([id]) => id))).toEqual(sorted(server.keys()));
  return server;
}

describe('earlier sync: pages into the cache', () => {
  it('stores every tender of the filter with its arrival and charge; 20 new cost 20, the same 20 later cost 0, 5 new cost 5', async () => {
    const b = bench(sb, token);
    const first = await b.wb.syncFilter(ALL);
    expect(first).toMatchObject({ stoppedBy: 'done', complete: true, filterName: 'Все закупки' });
    const set = await serverFilterSet(sb, token, ALL);
    expect(set.length).toBe(600);
    expect(sorted(cachedMembers(b.cache, ALL))).toEqual(sorted(set));
    expect(first.charged).toBe(600);
    expect(first.items).toBe(600);
    expect(first.newTenders).toBe(600);
    expect(first.pages).toBe(6);
    await expectChargedOnce(b.cache);
    const local = cacheCharges(b.cache);
    for (const id of set) {
      expect(local.get(id)!.billed).toBe(1);
      expect(Number.isNaN(Date.parse(local.get(id)!.firstAt))).toBe(false);
    }
    // The rows of the filter, read offline: charged, with when they came and a status word.
    const { rows, count } = b.wb.filterTenders(ALL, { limit: 1000 });
    expect(count).toBe(600);
    for (const r of rows) {
      expect(r.charged).toBe(true);
      expect(r.receivedAt).not.toBeNull();
      expect(['active', 'completed', 'cancelled']).toContain(r.status);
      expect(r.platform).toEqual(expect.any(String));
      expect(r.updateDate).toEqual(expect.any(String));
    }
    expect(b.wb.filterInfo(ALL)).toMatchObject({ cachedCount: 600, newSinceSeen: 600, complete: true, total: 600, lastStop: 'done' });
    b.wb.markFilterSeen(ALL);
    expect(b.wb.filterInfo(ALL)!.newSinceSeen).toBe(0);

    // The same 600 again: free, and one page is enough.
    const pagesBefore = sentTo(b.sent, '/tenders?').length;
    const again = await b.wb.syncFilter(ALL);
    expect(again).toMatchObject({ stoppedBy: 'done', complete: true, charged: 0, pages: 1, newTenders: 0 });
    expect(sentTo(b.sent, '/tenders?').length - pagesBefore).toBe(1);

    // 20 new cost 20; the same 20 later cost 0; 5 new cost 5 (reference section 1).
    const balance0 = (await serverBalance(sb, token)).balance.tenders;
    await ctl(sb, 'tick', { created: 20 });
    const twenty = await b.wb.syncFilter(ALL);
    expect(twenty).toMatchObject({ stoppedBy: 'done', charged: 20, newTenders: 20, pages: 2 });
    expect((await serverBalance(sb, token)).balance.tenders).toBe(balance0 - 20);
    expect(b.wb.filterInfo(ALL)!.newSinceSeen).toBe(20);
    expect(b.wb.filterTenders(ALL, { limit: 1000 }).rows.filter((r) => r.newSinceSeen)).toHaveLength(20);
    const zero = await b.wb.syncFilter(ALL);
    expect(zero).toMatchObject({ charged: 0, pages: 1 });
    await ctl(sb, 'tick', { created: 5 });
    const five = await b.wb.syncFilter(ALL);
    expect(five).toMatchObject({ charged: 5, newTenders: 5 });
    expect((await serverBalance(sb, token)).balance.tenders).toBe(balance0 - 25);
    const server = await expectChargedOnce(b.cache);
    expect(server.size).toBe(625);
    expect(sorted(cachedMembers(b.cache, ALL))).toEqual(sorted(await serverFilterSet(sb, token, ALL)));
    await b.close();
  });

  it('a filter with auto search off: says so in plain words and asks for no page', async () => {
    const b = bench(sb, token);
    const out = await b.wb.syncFilter(ARCHIVE);
    expect(out.stoppedBy).toBe('autosearch_off');
    expect(out.message).toMatch(/выключен автопоиск в веб-интерфейсе/);
    expect(out.message).toMatch(/ничего не придёт/);
    expect(sentTo(b.sent, '/tenders?')).toHaveLength(0);
    expect(b.wb.filterInfo(ARCHIVE)).toMatchObject({ autosearch: false, cachedCount: 0 });
    await b.close();
  });
});

describe('earlier sync: interruptions lose nothing and never log a charge twice', () => {
  it('cancelled mid-request several times, then resumed by another process: exactly the filter set, each tender charged once', async () => {
    const cache = newCache();
    await ctl(sb, 'faults', { delay_ms: 120 });
    let cancelled = 0;
    for (const afterMs of [450, 700, 300]) {
      const b = bench(sb, token, cache);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), afterMs);
      const out = await b.wb.syncFilter(ALL, { signal: controller.signal });
      clearTimeout(timer);
      if (out.stoppedBy === 'cancelled') cancelled++;
      expect(out.message).toMatch(/отменена|прочитан до конца|актуален/);
      await b.close();
    }
    expect(cancelled).toBeGreaterThan(0);
    await ctl(sb, 'faults', { delay_ms: 0 });
    const b = bench(sb, token, cache);
    const last = await b.wb.syncFilter(ALL);
    expect(last).toMatchObject({ stoppedBy: 'done', complete: true });
    expect(sorted(cachedMembers(cache, ALL))).toEqual(sorted(await serverFilterSet(sb, token, ALL)));
    const server = await expectChargedOnce(cache);
    expect(server.size).toBe(600);
    await b.close();
  });

  it('an answer cut after the charge and repeated (is_new false) is logged as charged, once', async () => {
    const b = bench(sb, token);
    let calls = 0;
    const port: EarlierSyncClient = {
      filter: (id, o) => b.client.filter(id, o),
      balance: (o) => b.client.balance(o),
      dailyLimitBlock: () => b.client.dailyLimitBlock(),
      tenders: async (id, page, o) => {
        // The second page's answer is cut after the server charged it; the client repeats it.
        if (++calls === 2) await ctl(sb, 'faults', { truncate: 1 });
        return b.client.tenders(id, page, o);
      },
    };
    const out = await syncEarlierFilter(port, b.cache, { filterId: ALL });
    expect(out).toMatchObject({ stoppedBy: 'done', complete: true });
    expect(out.recovered).toBe(100);
    expect(out.charged).toBe(500); // what the answers said: the repeat of page 2 showed no new tender
    const server = await expectChargedOnce(b.cache);
    expect(server.size).toBe(600);
    await b.close();
  });
});

describe('earlier sync: money limits', () => {
  it('--max-spend caps units exactly (a smaller last page), and the next run completes the filter', async () => {
    const b = bench(sb, token);
    const capped = await b.wb.syncFilter(ALL, { maxSpend: 137 });
    expect(capped).toMatchObject({ stoppedBy: 'spend_cap', complete: false, charged: 137 });
    expect((await serverCharges(sb, token)).size).toBe(137);
    const sizes = sentTo(b.sent, '/tenders?').map((s) => Number(new URL(s.path, 'http://x').searchParams.get('page_size')));
    expect(sizes).toContain(100);
    expect(sizes.some((n) => n < 100)).toBe(true);
    expect(capped.message).toMatch(/лимит расходов/);
    const rest = await b.wb.syncFilter(ALL);
    expect(rest).toMatchObject({ stoppedBy: 'done', complete: true, charged: 463 });
    await expectChargedOnce(b.cache);
    expect(sorted(cachedMembers(b.cache, ALL))).toEqual(sorted(await serverFilterSet(sb, token, ALL)));
    await b.close();
  });

  it('402: the balance is used to the last unit, the sync stops with what is stored, and continues after a top-up', async () => {
    await ctl(sb, 'balance', { login: 'demo', tenders: 150 });
    const b = bench(sb, token);
    const short = await b.wb.syncFilter(ALL);
    expect(short).toMatchObject({ stoppedBy: 'balance_exhausted', complete: false, charged: 150 });
    expect(short.message).toMatch(/Баланс тендеров исчерпан/);
    expect(short.message).toMatch(/продолжится с того же места/);
    expect((await serverBalance(sb, token)).balance.tenders).toBe(0);
    expect(cachedMembers(b.cache, ALL).length).toBeGreaterThanOrEqual(150);
    // Again with nothing on the balance: one refused page, no hammering.
    const before = sentTo(b.sent, '/tenders?').length;
    const again = await b.wb.syncFilter(ALL);
    expect(again).toMatchObject({ stoppedBy: 'balance_exhausted', charged: 0 });
    expect(sentTo(b.sent, '/tenders?').length - before).toBeLessThanOrEqual(2);
    await ctl(sb, 'balance', { login: 'demo', tenders: 10_000 });
    const rest = await b.wb.syncFilter(ALL);
    expect(rest).toMatchObject({ stoppedBy: 'done', complete: true, charged: 450 });
    await expectChargedOnce(b.cache);
    expect(sorted(cachedMembers(b.cache, ALL))).toEqual(sorted(await serverFilterSet(sb, token, ALL)));
    await b.close();
  });

  it('a small filter syncs whole and its rows are those of the server, in a cache of its own generation', async () => {
    const b = bench(sb, token);
    const out = await b.wb.syncFilter(MEDICINE);
    expect(out).toMatchObject({ stoppedBy: 'done', complete: true });
    const set = await serverFilterSet(sb, token, MEDICINE);
    expect(out.charged).toBe(set.length);
    expect(sorted(cachedMembers(b.cache, MEDICINE))).toEqual(sorted(set));
    // Filter ids of this generation are efl_<id>: no current-generation filter id is ever written.
    const ids = b.cache.db.prepare('SELECT DISTINCT filter_id FROM delivery_request').pluck().all();
    expect(ids).toEqual([`efl_${MEDICINE}`]);
    expect(new EarlierWorkbench({ client: b.client, cache: b.cache }).filterInfo(MEDICINE)!.cachedCount).toBe(set.length);
    await b.close();
  });
});

describe('pageFor: the page that never charges more than the budget', () => {
  it('holds the offset, ends within the budget, and is a real page of its size', () => {
    for (let offset = 0; offset < 1500; offset += 7) {
      for (const budget of [1, 2, 3, 7, 13, 37, 50, 99, 100, 250]) {
        const { page, size } = pageFor(offset, budget);
        const start = (page - 1) * size;
        expect(size).toBeGreaterThanOrEqual(1);
        expect(size).toBeLessThanOrEqual(100);
        expect(start).toBeLessThanOrEqual(offset);
        expect(page * size).toBeGreaterThan(offset);
        expect(page * size - offset).toBeLessThanOrEqual(Math.max(budget, 1));
        if (budget >= 100) expect(size).toBe(100);
      }
    }
  });
});
