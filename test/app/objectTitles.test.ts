/**
 * A contract or a tender where only its id is known (a ledger row) is named by its number and subject
 * from the version held, not «Контракт 8420»; a server that sends neither field leaves it to the id.
 */
import { describe, expect, it } from 'vitest';
import { objectTitle } from '../../src-main/current/objectTitles';

describe('object titles', () => {
  it('a contract by its registry number and subject', () => {
    expect(objectTitle('contract', JSON.stringify({ id: 8420, reestr_number: '2772407315226000011', name: 'Поставка бумаги' }))).toBe('№ 2772407315226000011 · Поставка бумаги');
  });
  it('a tender by its notice number and name', () => {
    expect(objectTitle('tender', JSON.stringify({ id: 1, etp_id: '0373100000126000123', name: 'Ремонт кровли' }))).toBe('№ 0373100000126000123 · Ремонт кровли');
  });
  it('only what is there; nothing when neither is', () => {
    expect(objectTitle('contract', JSON.stringify({ id: 8420, reestr_number: '277' }))).toBe('№ 277');
    expect(objectTitle('contract', JSON.stringify({ id: 8420 }))).toBeNull();
    expect(objectTitle('contract', 'not json')).toBeNull();
  });
});

describe('ledger rows name what was charged', () => {
  it('each row of a synced search carries the tender number and name held, not its id', async () => {
    const { makeCore, sandbox, finished } = await import('./helpers');
    const sb = await sandbox();
    const t = await makeCore(sb.baseUrl);
    try {
      const run = await t.call('search.run', { criteria: { ids: [1991, 1992, 1993, 1994], status: ['active', 'completed', 'cancelled'] } });
      const job = await finished(t, run.jobId);
      expect(job.state).toBe('done');
      expect(job.charged, JSON.stringify(job)).toBeGreaterThan(0);
      const page = await t.call('ledger.list', { refresh: true, offset: 0, limit: 50 });
      const tenders = page.rows.filter((r) => r.balanceType === 'tenders');
      expect(tenders.length).toBeGreaterThan(0);
      for (const r of tenders) expect(r.objectTitle).toMatch(/^№ \S+|\S/);
      expect(tenders.every((r) => r.objectTitle !== null && !r.objectTitle.includes(String(r.objectId) + ' '))).toBe(true);
    } finally {
      await t.close();
      await sb.close();
    }
  });
});
