/**
 * The app core on a profile of the earlier API generation: the built-in `sandbox-earlier` profile
 * over the sandbox's `/legacy/api/v2`, every `earlier.*` method, its sync as a job, cards, favorites, the
 * daily limit and its reset, CSV export, and offline reading — checked against the server's own balance
 * history (one debit per tender, never two).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIpcError } from '../../src-main/workspace/errors';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { control, demoToken, exportsDirOf, finished, makeCore, sandbox, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let oracle: string;

/** The server's view of the earlier generation, read with the demo account's own token. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON, read freely by assertions
async function legacyGet(path: string): Promise<any> {
  const r = await fetch(`${sb.earlierBaseUrl}${path}`, { headers: { 'x-api-token': oracle } });
  return r.json();
}

/**
 * Every debit of the balance history: tender ids charged, in any order. Document 2 does not say the history
 * is paged: a server that answers it whole (no `pages`) has given everything in the first answer.
 */
async function debitedTenders(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const h = await legacyGet(`/balance/history?page=${page}&page_size=100`);
    for (const tx of h.transactions) if (tx.transaction_type === 'debit' && tx.entity_type === 'tender') ids.push(tx.entity_id);
    if (typeof h.pages !== 'number' || page >= h.pages) return ids;
  }
}

const errorOf = async (p: Promise<unknown>) => toIpcError(await p.then(() => null, (e: unknown) => e), 'ru');

beforeAll(async () => {
  sb = await sandbox();
  oracle = await demoToken(sb);
  t = await makeCore(sb.baseUrl);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('a profile of the earlier API generation', () => {
  it('earlier.* answer not_supported on a current-generation profile; the built-in sandbox-earlier profile activates', async () => {
    const wrong = await errorOf(t.call('earlier.filters', {}));
    expect(wrong.code).toBe('not_supported');
    expect(wrong.message).toMatch(/прежнего поколения/);
    const info = await t.call('profiles.activate', { name: 'sandbox-earlier' });
    expect(info).toMatchObject({ name: 'sandbox-earlier', generation: 'earlier', builtIn: true, active: true });
    expect((await t.call('app.info', {})).activeProfile?.generation).toBe('earlier');
    // The current generation's methods that need its API refuse, in plain words.
    expect((await errorOf(t.call('search.preview', { criteria: { keywords: ['поставка'] } }))).code).toBe('not_supported');
  });

  it('filters are mirrored read-only, with the autosearch-off one marked', async () => {
    const { filters, fromCache } = await t.call('earlier.filters', {});
    expect(fromCache).toBe(false);
    const server = await legacyGet('/filters');
    expect(filters.map((f) => [f.id, f.name, f.autosearch])).toEqual(server.filters.map((f: { id: number; name: string; autosearch: boolean }) => [f.id, f.name, f.autosearch]));
    expect(filters.find((f) => f.id === 5)).toMatchObject({ autosearch: false, cachedCount: 0, lastSyncAt: null });
  });

  it('a sync job pulls a filter until nothing new: each tender charged once, new ones marked; the next sync costs 0; ticks cost exactly what is new', async () => {
    const first = await t.call('earlier.sync', { filterId: 2 });
    const job = await finished(t, first.jobId);
    expect(job).toMatchObject({ state: 'done', filterId: 'efl_2', error: null });
    const total = (await legacyGet('/tenders?filter_id=2&page=1&page_size=1')).total as number;
    expect(total).toBeGreaterThan(0);
    expect(job.charged).toBe(total);

    const page = await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 100 });
    expect(page.total).toBe(total);
    expect(page.pages).toBe(Math.ceil(total / 100));
    expect(page.rows.every((r) => r.isNew && r.charged && r.receivedAt !== null)).toBe(true);
    const filter = (await t.call('earlier.filters', { refresh: false })).filters.find((f) => f.id === 2)!;
    expect(filter).toMatchObject({ cachedCount: total, newSinceSeen: total, complete: true });

    // Looked at: nothing is new any more.
    expect(await t.call('earlier.markSeen', { filterId: 2 })).toEqual({ seen: true });
    expect((await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 20 })).rows.some((r) => r.isNew)).toBe(false);

    const again = await finished(t, (await t.call('earlier.sync', { filterId: 2 })).jobId);
    expect(again).toMatchObject({ state: 'done', charged: 0 });

    await control(sb, 'tick', { created: 400 });
    const after = await finished(t, (await t.call('earlier.sync', { filterId: 2 })).jobId);
    const totalAfter = (await legacyGet('/tenders?filter_id=2&page=1&page_size=1')).total as number;
    expect(after.state).toBe('done');
    expect(after.charged).toBe(totalAfter - total);
    const rows = await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 100 });
    expect(rows.total).toBe(totalAfter);
    expect(rows.rows.filter((r) => r.isNew)).toHaveLength(totalAfter - total);

    const debits = await debitedTenders();
    expect(new Set(debits).size).toBe(debits.length);
    expect(debits.length).toBe(totalAfter);
  });

  it('a filter with autosearch off stops the job with the reason, nothing charged', async () => {
    const job = await finished(t, (await t.call('earlier.sync', { filterId: 5 })).jobId);
    expect(job.state).toBe('failed');
    expect(job.charged).toBe(0);
    expect(job.error).toMatchObject({ code: 'not_supported', message: expect.stringMatching(/[Аа]втопоиск/) });
  });

  it('a tender card: the detail with positions from the server (free: received before), then from the cache; positions paged', async () => {
    const [row] = (await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 1 })).rows;
    const first = await t.call('card.tender', { id: row!.id, positionsPage: 1, positionsLimit: 20 });
    expect(first).toMatchObject({ kind: 'tender', source: 'server', charged: false });
    expect(first.card).toMatchObject({ id: row!.id, etp_id: row!.etpId });
    expect(Array.isArray(first.card.lots)).toBe(true);
    expect(Array.isArray(first.card.positions)).toBe(true);
    expect(first.card).toHaveProperty('organization.administrator');
    const second = await t.call('card.tender', { id: row!.id, positionsPage: 1, positionsLimit: 20 });
    expect(second.source).toBe('cache');
    expect(second.versions.length).toBeGreaterThanOrEqual(1);
    // Contracts do not exist in this generation.
    expect((await errorOf(t.call('card.contract', { id: 1 }))).code).toBe('not_supported');
  });

  it('favorites: add by etp_id once, list, changed since added, remove — never charged', async () => {
    const before = (await legacyGet('/balance')).balance.tenders as number;
    const rows = (await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 3 })).rows;
    for (const r of rows) expect(await t.call('earlier.favoriteAdd', { etpId: r.etpId! })).toMatchObject({ success: true, isFavorite: true });
    expect(await t.call('earlier.favoriteAdd', { etpId: rows[0]!.etpId! })).toMatchObject({ success: false, isFavorite: true });
    const list = await t.call('earlier.favorites', { page: 1, pageSize: 2 });
    expect(list).toMatchObject({ total: 3, pages: 2, fromCache: false });
    expect(list.rows).toHaveLength(2);
    expect(list.rows.every((f) => f.changedSinceAdded === false)).toBe(true);
    expect(await t.call('earlier.favoriteRemove', { etpId: rows[2]!.etpId! })).toMatchObject({ success: true, isFavorite: false });
    expect((await t.call('earlier.favorites', {})).total).toBe(2);

    // Tenders change on the server: those among the favorites are "changed since added", and reading the
    // updates is free for tenders this account has received.
    await control(sb, 'tick', { updated: 1500 });
    const updates = await t.call('earlier.favoriteUpdates', {});
    expect(updates.charged).toBe(0);
    const favorites = await t.call('earlier.favorites', {});
    const changed = favorites.rows.filter((f) => f.changedSinceAdded).map((f) => f.id).sort();
    expect(updates.rows.map((r) => r.id).sort()).toEqual(changed);
    expect((await legacyGet('/balance')).balance.tenders).toBe(before);
  });

  it('balance: three balances, three daily limits with the next reset at 00:00 Moscow time, the license; history mirrored', async () => {
    const server = await legacyGet('/balance');
    const b = await t.call('earlier.balance', {});
    // The three balances document 2 states (a server may add fields of its own).
    expect(b.balance).toEqual({ tenders: server.balance.tenders, contracts: server.balance.contracts, protocols: server.balance.protocols });
    expect(b.limits.tenders).toMatchObject({ current: server.limits.tenders.current, limit: 1000, remaining: server.limits.tenders.remaining });
    expect(b.limits.contracts.limit).toBe(100);
    expect(b.limits.protocols.limit).toBe(50);
    expect(new Date(b.nextResetAt).getUTCHours()).toBe(21); // 00:00 MSK = 21:00 UTC
    expect(b.license.active).toBe(true);
    expect(b.blockedUntil).toBeNull();

    const history = await t.call('earlier.history', { page: 1, pageSize: 50 });
    const serverHistory = await legacyGet('/balance/history?page=1&page_size=1');
    expect(history.total).toBe(serverHistory.total);
    expect(history.rows[0]).toMatchObject({ id: serverHistory.transactions[0].id, amount: serverHistory.transactions[0].amount });
    expect(history.rows.some((r) => r.type === 'debit' && r.entityType === 'tender' && r.amount === -1)).toBe(true);
    // Newest first: the opening credits are on the last page, with no entity fields.
    const last = await t.call('earlier.history', { page: history.pages, pageSize: 50, refresh: false });
    expect(last.rows.some((r) => r.type === 'credit' && r.amount > 0 && r.entityId === null)).toBe(true);
  });

  it('CSV export of a filter and of the favorites: Excel-ready, one row per cached tender', async () => {
    const columns = await t.call('earlier.exportColumns', {});
    expect(columns.map((c) => c.key)).toEqual(expect.arrayContaining(['id', 'etp_id', 'name', 'price']));
    const result = await t.call('earlier.export', { source: { kind: 'filter', filterId: 2 }, columns: ['id', 'etp_id', 'name', 'price'] });
    expect(result.saved).toBe(true);
    const text = readFileSync(result.path!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain(';');
    expect(lines.length - 1).toBe(result.rows);
    expect(result.rows).toBe((await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 1 })).total);
    const favorites = await t.call('earlier.export', { source: { kind: 'favorites' }, columns: ['etp_id', 'name'] });
    expect(favorites.rows).toBe(2);
    // Notice numbers are ="…" for Excel (the default), plain text for other programs.
    expect(text).toContain('"=""');
    const plain = await t.call('earlier.export', { source: { kind: 'filter', filterId: 2 }, columns: ['id', 'etp_id', 'name', 'price'], excel: false });
    const plainText = readFileSync(plain.path!, 'utf8');
    expect(plainText).not.toContain('="');
    expect(plainText.split(/\r?\n/)).toHaveLength(text.split(/\r?\n/).length);
    expect(result.path!.startsWith(exportsDirOf(t.dir))).toBe(true);
    // Each with its provenance beside it and in «Выгрузки», newest first.
    expect(JSON.parse(readFileSync(`${result.path!}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'earlier_filter', filter_id: 2 }, format: 'csv', rows: result.rows });
    const history = await t.call('exports.history', {});
    expect(history.slice(0, 3).map((e) => e.provenance.what.kind)).toEqual(['earlier_filter', 'earlier_favorites', 'earlier_filter']);
  });

  it('the daily limit stops a sync and says when it resets; after 00:00 Moscow time it continues, nothing charged twice', async () => {
    const job = await finished(t, (await t.call('earlier.sync', { filterId: 1 })).jobId);
    expect(job.state).toBe('failed');
    expect(job.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/00:00|МСК/) });
    const limits = (await t.call('earlier.balance', {})).limits.tenders;
    expect(limits.current).toBe(1000);
    expect(limits.remaining).toBe(0);
    const blocked = await t.call('earlier.balance', { refresh: false });
    expect(blocked.blockedUntil).not.toBeNull();

    // The simulated clock passes midnight in Moscow: the limit renews, the sync continues.
    const now = Date.parse((await legacyGet('/balance')).last_updated as string);
    await control(sb, 'clock', { advance_s: Math.ceil((Date.parse(limits.resetAt!) - now) / 1000) + 60 });
    const server = await legacyGet('/balance');
    expect(server.limits.tenders.current).toBe(0);
    await t.call('earlier.balance', {}); // the client learns the reset from the server
    let state = 'failed';
    for (let day = 0; day < 3 && state !== 'done'; day++) {
      const next = await finished(t, (await t.call('earlier.sync', { filterId: 1 })).jobId);
      state = next.state;
      if (state !== 'done') {
        const reset = (await t.call('earlier.balance', {})).limits.tenders.resetAt!;
        const at = Date.parse((await legacyGet('/balance')).last_updated as string);
        await control(sb, 'clock', { advance_s: Math.ceil((Date.parse(reset) - at) / 1000) + 60 });
        await t.call('earlier.balance', {});
      }
    }
    expect(state).toBe('done');
    const all = (await legacyGet('/tenders?filter_id=1&page=1&page_size=1')).total as number;
    expect((await t.call('earlier.tenders', { filterId: 1, page: 1, pageSize: 1 })).total).toBe(all);
    const debits = await debitedTenders();
    expect(new Set(debits).size).toBe(debits.length);
  });

  it('offline: filters, tenders, a cached card, favorites and the balance read from the cache, and say so', async () => {
    const [row] = (await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 1 })).rows;
    await t.call('card.tender', { id: row!.id, positionsPage: 1, positionsLimit: 20 });
    await sb.close();
    try {
      const filters = await t.call('earlier.filters', {});
      expect(filters.fromCache).toBe(true);
      expect(filters.filters.find((f) => f.id === 2)!.cachedCount).toBeGreaterThan(0);
      expect((await t.call('app.info', {})).online).toBe(false);
      expect((await t.call('earlier.tenders', { filterId: 2, page: 1, pageSize: 20 })).rows.length).toBeGreaterThan(0);
      expect((await t.call('card.tender', { id: row!.id, positionsPage: 1, positionsLimit: 20 })).source).toBe('cache');
      expect((await t.call('earlier.favorites', {})).fromCache).toBe(true);
      expect((await t.call('earlier.balance', {})).fromCache).toBe(true);
      expect((await t.call('earlier.history', {})).fromCache).toBe(true);
      // What charges needs the network, and says so.
      const sync = await finished(t, (await t.call('earlier.sync', { filterId: 2 })).jobId);
      expect(sync.state).toBe('failed');
      expect(sync.error?.code).toBe('offline');
    } finally {
      sb = await sandbox({ port: sb.port });
    }
  });
});
