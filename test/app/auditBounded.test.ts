/**
 * Slow paths: the app's `ledger.audit` does not wait on a pull of a whole long ledger (a 36,000-row
 * one kept it unanswered past 120 s under the rate limit). It reads at most AUDIT_PULL_PAGES pages and then
 * answers from the cache, saying the ledger is not pulled whole; the ledger view's refresh pulls the rest, and
 * the audit after it is judged in full without pulling again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PULL_PAGES } from '../../src-main/audit/auditPullPages';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { control, finished, makeCore, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;

beforeAll(async () => {
  // More tenders than the audit reads ledger rows (AUDIT_PULL_PAGES pages of at most 100).
  sb = await startSandbox({ seed: 21, tenders: 2500, port: 0 });
  // Not about the request rate: lifted on both sides, or a strict server's 37-item pages wait a minute.
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  t = await makeCore(sb.baseUrl, {
    tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 } }, progressThrottleMs: 200, requestsPerMinute: 1_000_000 },
  });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('ledger.audit over a ledger longer than one audit reads', () => {
  it('answers from the cache after a bounded pull, then in full once the ledger view has pulled the rest', { timeout: 120_000 }, async () => {
    const run = await t.call('search.run', { criteria: { status: ['active', 'completed', 'cancelled'] }, label: 'всё' });
    const job = await finished(t, run.jobId);
    expect(job.state).toBe('done');
    // More rows than the audit reads (100 a page at most): the bound is what this test is about.
    expect(job.charged).toBeGreaterThan(AUDIT_PULL_PAGES * 100);

    const bounded = await t.call('ledger.audit', {});
    expect(bounded.ledgerPulled).toBe(false);
    expect(bounded.rows).toBeGreaterThan(0);
    expect(bounded.rows).toBeLessThanOrEqual(AUDIT_PULL_PAGES * 100);
    // Not pulled whole: the charges not in the mirror yet are not reported missing.
    expect(bounded).toMatchObject({ unexplained: [], repeatCharges: [], missingByRequest: [], missingByBalance: [] });

    const list = await t.call('ledger.list', { refresh: true, offset: 0, limit: 1 });
    expect(list.count).toBe(job.charged);
    const whole = await t.call('ledger.audit', {});
    expect(whole).toMatchObject({ ok: true, ledgerPulled: true, rows: job.charged, matched: job.charged });
  });
});
