/**
 * The Contracts view's query and a list's sync are paid runs like a search: the core plans
 * them with the one planner (spendGuard.planSpend), asks consent above the threshold, previews again itself
 * and refuses a consent lower than its own preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { control, finished, makeCore, rejection, sandbox, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;

beforeAll(async () => {
  sb = await sandbox();
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  // A fresh install's money settings: consent above 100 units, 1 000 a run.
  t = await makeCore(sb.baseUrl, { tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 } }, progressThrottleMs: 50, requestsPerMinute: 1_000_000 } }, { money: 'defaults' });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

const ru = (n: number): string => new Intl.NumberFormat('ru-RU').format(n).replace(/\u00a0/g, ' ');

describe('contracts.query asks consent like a search', () => {
  it('above the threshold nothing starts without consent; a consent below the core\'s own preview is refused; consent to it starts a run that spends no more', async () => {
    const set = { by: 'tenders' as const, tenderIds: Array.from({ length: 1000 }, (_, i) => i + 1) };
    const preview = await t.call('contracts.preview', { set });
    expect(preview.spend).toMatchObject({ needsConfirm: true, confirmAbove: 100, total: preview.total, held: preview.held });
    const bound = preview.spend.bound!;
    expect(bound).toBeGreaterThan(100);
    expect(bound).toBeLessThanOrEqual(1000); // the default run cap bounds it

    const refused = await rejection(t.call('contracts.query', { set }));
    expect(refused.code).toBe('confirmation_required');
    expect(refused.message).toContain(`до ${ru(bound)} ед.`);
    const low = await rejection(t.call('contracts.query', { set, confirmCost: bound - 1 }));
    expect(low.code).toBe('confirmation_required');
    expect(low.message).toMatch(/Оценка выросла/);
    expect(await t.call('sync.jobs', {})).toEqual([]);

    const run = await t.call('contracts.query', { set, confirmCost: bound });
    const job = await finished(t, run.jobId);
    expect(['done', 'spend_cap']).toContain(job.state);
    expect(job.charged).toBeLessThanOrEqual(bound);
  });

  it('a set whose preview is under the threshold starts without a dialog', async () => {
    const set = { by: 'tenders' as const, tenderIds: [1, 2, 3] };
    const preview = await t.call('contracts.preview', { set });
    expect(preview.spend.needsConfirm).toBe(false);
    const job = await finished(t, (await t.call('contracts.query', { set })).jobId);
    expect(job.state).toBe('done');
  });
});

describe('a set the server is still assembling', () => {
  it('is planned by its total, asked again, not as a run of unknown cost: a small set starts with no consent', async () => {
    const pace = (await control(sb, 'collection', {})) as { items_per_step: number; step_ms: number };
    // Slow collection: the first page is partial and states no total (reference 2.3).
    await control(sb, 'collection', { items_per_step: 10, step_ms: 300 });
    try {
      const set = { by: 'tenders' as const, tenderIds: Array.from({ length: 100 }, (_, i) => 1 + i) };
      const job = await finished(t, (await t.call('contracts.query', { set })).jobId);
      // Refused before the fix: a partial first page has no total, and a run of unknown cost is bounded by the
      // default cap of 1 000, above the threshold.
      expect(job.state).toBe('done');
      expect(job.charged).toBeLessThanOrEqual(100);
    } finally {
      await control(sb, 'collection', { items_per_step: pace.items_per_step, step_ms: pace.step_ms });
    }
  });
});

describe('lists.sync asks consent like a search', () => {
  it('lists.estimate names the cost; lists.sync above the threshold needs consent to it and refuses a lower one', async () => {
    const list = await t.call('lists.create', { name: 'Большой список' });
    await t.call('lists.addItems', { listId: list.listId, ids: Array.from({ length: 400 }, (_, i) => 1601 + i) });
    const estimate = await t.call('lists.estimate', { listId: list.listId });
    expect(estimate).toMatchObject({ needsConfirm: true, confirmAbove: 100 });
    expect(estimate.total).toBeGreaterThan(100);
    const bound = estimate.bound!;

    const refused = await rejection(t.call('lists.sync', { listId: list.listId }));
    expect(refused.code).toBe('confirmation_required');
    expect(refused.message).toContain(`до ${ru(bound)} ед.`);
    const low = await rejection(t.call('lists.sync', { listId: list.listId, confirmCost: bound - 1 }));
    expect(low.message).toMatch(/Оценка выросла/);
    expect((await t.call('sync.jobs', {})).filter((j) => j.label === 'Большой список')).toEqual([]);

    const job = await finished(t, (await t.call('lists.sync', { listId: list.listId, confirmCost: bound })).jobId);
    expect(job.state).toBe('done');
    expect(job.charged).toBeLessThanOrEqual(bound);
    // Read once: a second estimate is free of the members held now.
    expect((await t.call('lists.estimate', { listId: list.listId })).needsConfirm).toBe(false);
  });
});
