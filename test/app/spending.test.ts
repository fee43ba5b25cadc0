/**
 * Nothing is spent by surprise, enforced in the app core (not only in the renderer): consent to a
 * previewed cost above the threshold, the core's own re-preview, the default per-run cap and the daily budget
 * (Moscow day, from the deliveries stored), each stop named with its numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { control, finished, makeCore, rejection, sandbox, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;

beforeAll(async () => {
  sb = await sandbox();
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  // A fresh install's money settings (no lifted test defaults).
  t = await makeCore(sb.baseUrl, { tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 } }, progressThrottleMs: 50, requestsPerMinute: 1_000_000 } }, { money: 'defaults' });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

const ALL = { status: ['active', 'completed', 'cancelled'] as ('active' | 'completed' | 'cancelled')[] };

describe('money settings', () => {
  it('a fresh install asks above 100 units, caps a run at 1 000 and has no daily budget; settings are validated and kept', async () => {
    const s = await t.call('spending.get', {});
    expect(s).toMatchObject({ confirmAbove: 100, runCap: 1000, dailyBudget: null, spentToday: 0 });
    expect(s.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const set = await t.call('spending.set', { confirmAbove: 200, runCap: 5000, dailyBudget: 9000 });
    expect(set).toMatchObject({ confirmAbove: 200, runCap: 5000, dailyBudget: 9000 });
    expect(await t.call('spending.get', {})).toMatchObject({ confirmAbove: 200, runCap: 5000, dailyBudget: 9000 });
    await t.call('spending.set', { confirmAbove: 100, runCap: 1000, dailyBudget: null });
  });
});

describe('consent to a previewed cost', () => {
  it('a search with no conditions does not start without consent, not even with a high cap of its own; nothing is saved or read', async () => {
    const preview = await t.call('search.preview', { criteria: ALL });
    expect(preview.total).toBeGreaterThan(100);
    expect(preview.spend).toMatchObject({ needsConfirm: true, confirmAbove: 100 });
    const bound = preview.spend!.bound!;
    expect(bound).toBeGreaterThan(100);
    expect(bound).toBeLessThanOrEqual(1000); // the default run cap bounds it

    const refused = await rejection(t.call('search.run', { criteria: ALL, maxSpend: 1_000_000 }));
    expect(refused.code).toBe('confirmation_required');
    expect(refused.message).toMatch(/подтверждения 100 ед/);
    const refusedDefault = await rejection(t.call('search.run', { criteria: ALL, label: 'всё' }));
    expect(refusedDefault.message).toContain(`до ${new Intl.NumberFormat('ru-RU').format(bound).replace(/\u00a0/g, ' ')} ед.`);
    expect(await t.call('sync.jobs', {})).toEqual([]);
    expect((await t.call('savedSearches.list', {})).map((x) => x.label)).not.toContain('всё');
  });

  it('consent lower than the core\'s own preview is refused with the new figure; consent to it starts a run that spends no more', async () => {
    const criteria = { ...ALL, regions: [77, 78, 50, 16, 2, 52, 66, 23] };
    const preview = await t.call('search.preview', { criteria });
    const bound = preview.spend!.bound!;
    expect(preview.spend!.needsConfirm).toBe(true);
    const low = await rejection(t.call('search.run', { criteria, confirmCost: bound - 1 }));
    expect(low.code).toBe('confirmation_required');
    expect(low.message).toMatch(/Оценка выросла/);
    const run = await t.call('search.run', { criteria, confirmCost: bound });
    const job = await finished(t, run.jobId);
    expect(['done', 'spend_cap']).toContain(job.state);
    expect(job.charged).toBeLessThanOrEqual(bound + preview.charged);
  });

  it('a run previewed under the threshold needs no consent and cannot spend past the threshold', async () => {
    const criteria = { ...ALL, regions: [77], price: { from: 5_000_000 } };
    const preview = await t.call('search.preview', { criteria });
    expect(preview.spend!.needsConfirm).toBe(false);
    const run = await t.call('search.run', { criteria });
    const job = await finished(t, run.jobId);
    expect(job.state).toBe('done');
    expect(job.charged).toBeLessThanOrEqual(100);
  });
});

describe('caps in the core', () => {
  it('a run that names no cap stops at the default per-run cap and says which cap and how much', async () => {
    await t.call('spending.set', { confirmAbove: 1_000_000, runCap: 40, dailyBudget: null });
    try {
      const run = await t.call('search.run', { criteria: { ...ALL, regions: [54, 74, 61] } });
      const job = await finished(t, run.jobId);
      expect(job.state).toBe('spend_cap');
      expect(job.charged).toBeLessThanOrEqual(40);
      expect(job.error?.message).toMatch(/пределе расходов по умолчанию 40 ед\.: списано \d+ ед\./);

      // The saved search's sync: its estimate is the total minus the tenders held, and it is capped the same way.
      const e = await t.call('sync.estimate', { filterId: run.filterId });
      expect(e.total).not.toBeNull();
      expect(e.held).toBe(job.items);
      expect(e.estimate).toBe(e.total! - job.items);
      expect(e.bound).toBe(Math.min(40, e.estimate!));
    } finally {
      await t.call('spending.set', { confirmAbove: 100, runCap: 1000, dailyBudget: null });
    }
  });

  it('a saved search\'s sync above the threshold is refused without consent and runs with it', async () => {
    await t.call('spending.set', { confirmAbove: 1_000_000, runCap: 10, dailyBudget: null });
    const run = await t.call('search.run', { criteria: { ...ALL, regions: [63, 24, 59] } });
    await finished(t, run.jobId);
    await t.call('spending.set', { confirmAbove: 20, runCap: 1000, dailyBudget: null });
    try {
      const e = await t.call('sync.estimate', { filterId: run.filterId });
      expect(e.needsConfirm).toBe(true);
      const refused = await rejection(t.call('sync.start', { filterId: run.filterId }));
      expect(refused.code).toBe('confirmation_required');
      const started = await t.call('sync.start', { filterId: run.filterId, confirmCost: e.bound! });
      const job = await finished(t, started.jobId);
      expect(job.state).toBe('done');
      expect(job.charged).toBeLessThanOrEqual(e.bound!);
    } finally {
      await t.call('spending.set', { confirmAbove: 100, runCap: 1000, dailyBudget: null });
    }
  });

  it('the daily budget stops a run with today\'s figures and then refuses new runs before they pay', async () => {
    const today = (await t.call('spending.get', {})).spentToday;
    expect(today).toBeGreaterThan(0); // the runs above, counted from the deliveries stored
    await t.call('spending.set', { confirmAbove: 1_000_000, runCap: null, dailyBudget: today + 25 });
    try {
      const run = await t.call('search.run', { criteria: { ...ALL, regions: [34, 36, 38] } });
      const job = await finished(t, run.jobId);
      expect(job.state).toBe('spend_cap');
      expect(job.charged).toBeLessThanOrEqual(25);
      const fmt = (n: number) => new Intl.NumberFormat('ru-RU').format(n).replace(/\u00a0/g, ' ');
      expect(job.error?.message).toContain(`дневной бюджет ${fmt(today + 25)} ед. исчерпан`);
      expect((await t.call('spending.get', {})).spentToday).toBe(today + job.charged);

      expect(job.charged).toBe(25);
      const refused = await rejection(t.call('sync.start', { filterId: run.filterId }));
      expect(refused.code).toBe('spend_cap');
      expect(refused.message).toContain(`сегодня списано ${fmt(today + 25)} ед. из ${fmt(today + 25)} ед.`);
    } finally {
      await t.call('spending.set', { confirmAbove: 100, runCap: 1000, dailyBudget: null });
    }
  });
});

describe('the earlier generation («Загрузить новые…» shows its estimate before it pays)', () => {
  it('a filter never loaded has no estimate: bounded by the default cap, so it asks; once loaded the estimate is its total minus what was received', async () => {
    const heldCurrent = (await t.call('cache.info', {})).tenders;
    expect(heldCurrent).toBeGreaterThan(0); // the current generation's runs above
    const currentLedger = await t.call('ledger.list', { refresh: true, offset: 0, limit: 1 });
    let earlierCharged: number | undefined;
    await t.call('profiles.activate', { name: 'sandbox-earlier' });
    try {
      await t.call('earlier.filters', { refresh: true });
      const before = await t.call('earlier.estimate', { filterId: 2 });
      // One account, two generations: what the current generation holds may be charged again here, and the
      // balance view names what the same account spent through the current generation.
      expect(before.heldInCurrent).toBe(heldCurrent);
      expect(await t.call('balance.twin', {})).toEqual({ profile: 'sandbox', generation: 'current', charges: [{ balanceType: 'tenders', movements: currentLedger.count, units: currentLedger.count }] });
      expect(before).toMatchObject({ total: null, held: 0, estimate: null, bound: 1000, confirmAbove: 100, needsConfirm: true });
      const refused = await rejection(t.call('earlier.sync', { filterId: 2 }));
      expect(refused.code).toBe('confirmation_required');
      expect(refused.message).toMatch(/до 1 000 ед\./);
      // A cap of the caller's own at or under the threshold needs no consent.
      expect((await t.call('earlier.estimate', { filterId: 2, maxSpend: 100 })).needsConfirm).toBe(false);

      const run = await t.call('earlier.sync', { filterId: 2, confirmCost: before.bound! });
      const job = await finished(t, run.jobId);
      expect(job.state).toBe('done');
      expect(job.charged).toBeGreaterThan(0);
      const after = await t.call('earlier.estimate', { filterId: 2 });
      expect(after.total).toBe(after.held);
      expect(after).toMatchObject({ estimate: 0, bound: 0, needsConfirm: false });
      expect(after.held).toBe(job.items);
      earlierCharged = job.charged;
      await t.call('earlier.history', { refresh: true, page: 1, pageSize: 100 });
      // A second load is under the threshold: it starts with no consent and charges nothing.
      const again = await finished(t, (await t.call('earlier.sync', { filterId: 2 })).jobId);
      expect(again).toMatchObject({ state: 'done', charged: 0 });
    } finally {
      await t.call('profiles.activate', { name: 'sandbox' });
    }
    // Back on the current generation: its balance view explains the earlier generation's debits too.
    const twin = await t.call('balance.twin', {});
    expect(twin).toMatchObject({ profile: 'sandbox-earlier', generation: 'earlier' });
    expect(twin.charges.find((c) => c.balanceType === 'tenders')?.units).toBe(earlierCharged);
  });
});

describe('the caps hold for contract and list runs too (their consent: contractsListsSpending.test.ts)', () => {
  it('a contracts query that names no cap stops at the default per-run cap; a used-up daily budget refuses it before it pays', async () => {
    await t.call('spending.set', { confirmAbove: 100, runCap: 7, dailyBudget: null });
    try {
      const tenderIds = Array.from({ length: 1000 }, (_, i) => i + 1);
      const run = await t.call('contracts.query', { set: { by: 'tenders', tenderIds } });
      const job = await finished(t, run.jobId);
      expect(job.state).toBe('spend_cap');
      expect(job.charged).toBe(7);
      expect(job.error?.message).toMatch(/пределе расходов по умолчанию 7 ед\.: списано 7 ед\./);

      const today = (await t.call('spending.get', {})).spentToday;
      await t.call('spending.set', { confirmAbove: 100, runCap: null, dailyBudget: today });
      const refused = await rejection(t.call('contracts.query', { set: { by: 'tenders', tenderIds: tenderIds.slice(500) } }));
      expect(refused.code).toBe('spend_cap');
      expect(refused.message).toMatch(/Дневной бюджет исчерпан/);
      expect((await t.call('spending.get', {})).spentToday).toBe(today);
    } finally {
      await t.call('spending.set', { confirmAbove: 100, runCap: 1000, dailyBudget: null });
    }
  });
});
