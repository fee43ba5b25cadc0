/**
 * A filter keeps its name wherever a charge names it, after its saved search is deleted too. A trial's
 * biggest spend read «погашенный поиск» (a deleted search's label was gone with it) and a supplier-name contract
 * set had no name at all. The ledger rows, the spend per search and the ledger export all name a filter by the
 * one naming function (i18n/filterName.ts) over what the cache remembers of it (migration 0020).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeCriteria } from '../../src-main/i18n/criteriaSummary';
import { coreOnSandbox, finished } from './helpers';

const env = coreOnSandbox();

/** Every mirrored ledger row, newest first (the ledger read from the server first). */
async function ledgerRows(refresh: boolean) {
  const first = await env.t.call('ledger.list', { refresh, offset: 0, limit: 500 });
  const rows = [...first.rows];
  while (rows.length < first.count) rows.push(...(await env.t.call('ledger.list', { refresh: false, offset: rows.length, limit: 500 })).rows);
  return rows;
}

describe('filter names on the ledger surfaces', () => {
  it('a deleted saved search keeps its name: «Поиск «ит» (удалён)» in the ledger rows, the spend per search and the ledger export', async () => {
    const { t } = env;
    const named = await t.call('search.run', { criteria: { keywords: ['компьютер'] }, label: 'ит', events: ['created'] });
    const unnamedCriteria = { keywords: ['поставка'], regions: [77] };
    const unnamed = await t.call('search.run', { criteria: unnamedCriteria, events: ['created'] });
    expect((await finished(t, named.jobId)).charged).toBeGreaterThan(0);
    expect((await finished(t, unnamed.jobId)).charged).toBeGreaterThan(0);

    // While they exist: the saved searches' own names.
    const before = await ledgerRows(true);
    expect(before.find((r) => r.filterId === named.filterId)?.searchName).toBe('ит');
    const unnamedName = summarizeCriteria(unnamedCriteria, 'ru');
    expect(before.find((r) => r.filterId === unnamed.filterId)?.searchName).toBe(unnamedName);

    await t.call('savedSearches.extinguish', { filterId: named.filterId });
    await t.call('savedSearches.extinguish', { filterId: unnamed.filterId });
    expect((await t.call('savedSearches.list', {})).map((s) => s.filterId)).not.toContain(named.filterId);

    const rows = await ledgerRows(false);
    const namedRows = rows.filter((r) => r.filterId === named.filterId);
    expect(namedRows.length).toBeGreaterThan(0);
    expect(new Set(namedRows.map((r) => r.searchName))).toEqual(new Set(['Поиск «ит» (удалён)']));
    expect(rows.find((r) => r.filterId === unnamed.filterId)?.searchName).toBe(`Поиск «${unnamedName}» (удалён)`);

    const spend = await t.call('ledger.spend', { days: 7 });
    expect(spend.bySearch.find((x) => x.filterId === named.filterId)).toMatchObject({ label: 'Поиск «ит» (удалён)', units: namedRows.reduce((n, r) => n + r.amount, 0) });
    expect(spend.bySearch.find((x) => x.filterId === unnamed.filterId)?.label).toBe(`Поиск «${unnamedName}» (удалён)`);
    // Only charges outside any filter (cards) have no name.
    expect(spend.bySearch.filter((x) => x.filterId !== null).every((x) => typeof x.label === 'string' && !x.label.startsWith('flt_'))).toBe(true);

    const file = await t.call('ledger.export', { columns: ['filter_id', 'search'], delimiter: ';', excel: false, format: 'csv' });
    const lines = readFileSync(file.path!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID фильтра;Поиск');
    expect(lines).toContain(`${named.filterId};Поиск «ит» (удалён)`);
  });

  it("a supplier-name contract set is named by its supplier in the ledger and the spend, not left nameless", async () => {
    const { t } = env;
    const q = await t.call('contracts.query', { set: { by: 'supplier', name: 'Продторг' } });
    const job = await finished(t, q.jobId);
    expect(job.state).toBe('done');
    // The job says the same name while it runs and when it ends (it read «поиск без названия»).
    expect(job.label).toBe('Контракты поставщика «Продторг»');
    const rows = (await ledgerRows(true)).filter((r) => r.filterId === q.filterId);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.searchName))).toEqual(new Set(['Контракты поставщика «Продторг»']));
    const spend = await t.call('ledger.spend', { days: 7 });
    expect(spend.bySearch.find((x) => x.filterId === q.filterId)?.label).toBe('Контракты поставщика «Продторг»');
  });

  it('a list read from the server is named by the list, the same name in the rows and the spend', async () => {
    const { t } = env;
    const list = await t.call('lists.create', { name: 'Мониторинг' });
    // Tenders of the sandbox not held yet: the list's feed delivers (and charges) them.
    await t.call('lists.addItems', { listId: list.listId, ids: [1501, 1502, 1503] });
    const sync = await t.call('lists.sync', { listId: list.listId });
    const job = await finished(t, sync.jobId);
    expect(job.charged).toBeGreaterThan(0);
    const rows = (await ledgerRows(true)).filter((r) => r.filterId === job.filterId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.searchName).toBe('Закупки списка «Мониторинг»');
    expect((await t.call('ledger.spend', { days: 7 })).bySearch.find((x) => x.filterId === job.filterId)?.label).toBe('Закупки списка «Мониторинг»');
  });
});
