/**
 * Contracts by supplier name, checked against the API's own answer: the count the app shows (its job and the
 * rows it reads from the cache) equals the `total` the server gives the same supplier QUERY, asked through the
 * client. And the Contracts use case refuses a bad INN (checksum) before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { demoToken, finished, makeCore, sandbox, sleep, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let oracle: ApiClient;

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl);
  const token = await demoToken(sb);
  oracle = new ApiClient({ baseUrl: sb.baseUrl, token: () => token });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

/** The server's count for a supplier subscription: `total` of a ready answer (a partial one may omit it). */
async function apiTotal(name: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const page = await oracle.queryContracts({ supplier: { name }, limit: 1 });
    if (page.state === 'ready' && typeof page.total === 'number') return page.total;
    await sleep(200);
  }
  throw new Error(`no ready total for ${name}`);
}

describe('contracts by supplier name: what the app shows is what the API counts', () => {
  for (const name of ['Продторг', 'Вектор']) {
    it(`«${name}»: the job's total, its items and the rows shown all equal the API's total`, async () => {
      const q = await t.call('contracts.query', { set: { by: 'supplier', name } });
      const job = await finished(t, q.jobId);
      expect(job.state).toBe('done');
      const expected = await apiTotal(name);
      expect(expected).toBeGreaterThan(0);
      expect(job.total).toBe(expected);
      expect(job.items).toBe(expected);
      const rows = await t.call('contracts.rows', { supplierName: name, offset: 0, limit: 500 });
      expect(rows.count).toBe(expected);
      // Any case, as the server matches it.
      const lower = await t.call('contracts.rows', { supplierName: name.toLocaleLowerCase('ru'), offset: 0, limit: 1 });
      expect(lower.count).toBe(expected);
      for (const row of rows.rows) expect(row.suppliers.some((s) => (s.name ?? '').toLocaleLowerCase('ru').includes(name.toLocaleLowerCase('ru')))).toBe(true);
    });
  }
});

describe('contracts by supplier name: the rows are the subscription the server selected, not a local re-match', () => {
  it('a name pasted with a non-breaking space and doubled spaces: the server folds them, the app shows its contracts', async () => {
    // As copied from a web page: «Продторг<NBSP> «Вектор» with an extra space. The reference does not say how
    // the server folds names, so the app must not decide by its own substring match.
    const name = 'Продторг\u00a0 «Вектор';
    const q = await t.call('contracts.query', { set: { by: 'supplier', name } });
    const job = await finished(t, q.jobId);
    expect(job.state).toBe('done');
    const expected = await apiTotal(name);
    expect(expected).toBeGreaterThan(0);
    const rows = await t.call('contracts.rows', { supplierName: name, offset: 0, limit: 500 });
    expect(rows.count).toBe(expected);
    expect(rows.rows.every((r) => r.suppliers.some((s) => /продторг «вектор/i.test(s.name ?? '')))).toBe(true);
  });
});

describe('contracts.preview: a cost estimate for a contract set before it is read', () => {
  it('the total as the API counts it for at most one unit, the upper bound, and what is held; after the read all are held', async () => {
    const name = 'Альянс';
    const before = await oracle.balance();
    const preview = await t.call('contracts.preview', { set: { by: 'supplier', name } });
    const expected = await apiTotal(name);
    expect(expected).toBeGreaterThan(1);
    expect(preview).toMatchObject({ total: expected, costUpTo: expected });
    expect(preview.charged).toBeLessThanOrEqual(1);
    expect(preview.held).toBeLessThanOrEqual(1);
    expect((await oracle.balance()).balance.contracts).toBe(before.balance.contracts - preview.charged);

    const job = await finished(t, (await t.call('contracts.query', { set: { by: 'supplier', name } })).jobId);
    expect(job.state).toBe('done');
    const again = await t.call('contracts.preview', { set: { by: 'supplier', name } });
    expect(again).toMatchObject({ filterId: preview.filterId, total: expected, held: expected, charged: 0 });
    await expect(t.call('contracts.preview', { set: { by: 'customer', inn: ['7830002294'] } })).rejects.toThrow(/контрольное число/);
  });
});

describe('contracts: the use case validates before spending', () => {
  it('a supplier INN with a wrong check digit is refused at the boundary with a Russian message naming it; nothing is charged', async () => {
    const before = await oracle.balance();
    await expect(t.call('contracts.query', { set: { by: 'supplier', inn: ['7830002294'] } })).rejects.toThrow(/ИНН 7830002294: неверное контрольное число/);
    // Called past the boundary (as another core caller would), the use case refuses it too.
    await expect(t.core.handlers['contracts.query']({ set: { by: 'customer', inn: ['7830002294'] } })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await oracle.balance()).toEqual(before);
  });
});
