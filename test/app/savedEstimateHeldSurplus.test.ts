/**
 * A saved search's estimate with contracts when the cache holds more of its tenders than the set now counts
 * (tenders that left the set). Balances are separate for tenders and contracts and each object version is billed
 * once (current generation 2.6, rules 1-2), so a held tender makes only its own delivery free: the estimate is, per
 * feed, the tender total minus the tenders held (never below zero) plus the contract total whole (commit a01f1cb,
 * current/feedRuns.savedEstimate). The rule before it took the tenders held off both totals added together, so the
 * surplus came off the contracts and the estimate, and the amount consent is asked for, fell below what the run
 * could charge. The server's totals are read through the client (a ready answer: a partial one may state none).
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { control, demoToken, finished, makeCore, sandbox, until, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;

beforeAll(async () => {
  sb = await sandbox();
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  t = await makeCore(sb.baseUrl);
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

/** The server's total of a feed of the filter: `total` of a ready answer (the condition the app's read waits for too). */
async function serverTotal(feed: 'tender' | 'contract', filterId: string): Promise<number> {
  const token = await demoToken(sb);
  const oracle = new ApiClient({ baseUrl: sb.baseUrl, token: () => token });
  return until(async () => {
    const page = feed === 'tender' ? await oracle.queryTenders({ filter_id: filterId, limit: 1 }) : await oracle.queryContracts({ filter_id: filterId, limit: 1 });
    return page.state === 'ready' && typeof page.total === 'number' ? page.total : undefined;
  }, 30_000, `a ready ${feed} total of ${filterId}`);
}

describe('sync.estimate with contracts when more tenders are held than the set counts', () => {
  it('is the per-feed sum: the surplus of tenders held takes nothing off the contract total', async () => {
    const ALL = ['active', 'completed', 'cancelled'] as ('active' | 'completed' | 'cancelled')[];
    // Another search's tenders, held in the cache: they become "members that left" the small set below.
    const other = await t.call('search.run', { criteria: { status: ALL, regions: [78, 50, 16] } });
    expect((await finished(t, other.jobId)).state).toBe('done');
    const small = await t.call('search.run', { criteria: { status: ['completed'], regions: [77] } });
    expect((await finished(t, small.jobId)).state).toBe('done');

    // The cache says the small set once had the other search's tenders too (held tenders only: members are
    // written only for delivered versions, and the count the core reads joins the `tender` rows).
    const db = new Database((await t.call('cache.info', {})).path);
    let held: number;
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare(
        `INSERT OR IGNORE INTO filter_member (filter_id, kind, id)
         SELECT ?, 1, m.id FROM filter_member m JOIN tender t ON t.id = m.id WHERE m.filter_id = ? AND m.kind = 1`,
      ).run(small.filterId, other.filterId);
      held = db.prepare('SELECT count(*) FROM filter_member m JOIN tender t ON t.id = m.id WHERE m.filter_id = ? AND m.kind = 1').pluck().get(small.filterId) as number;
    } finally {
      db.close();
    }

    const tenderTotal = await serverTotal('tender', small.filterId);
    const contractTotal = await serverTotal('contract', small.filterId);
    expect(contractTotal).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(tenderTotal); // the edge case: a surplus of tenders held

    const e = await t.call('sync.estimate', { filterId: small.filterId, contracts: true });
    expect(e.total).toBe(tenderTotal + contractTotal);
    expect(e.held).toBe(held);
    // At least what the contracts alone may charge (the old rule gave contractTotal - (held - tenderTotal)),
    // and exactly the per-feed sum.
    expect(e.estimate).toBeGreaterThanOrEqual(contractTotal);
    expect(e.estimate).toBe(Math.max(0, tenderTotal - held) + contractTotal);
    expect(e.bound).toBeGreaterThanOrEqual(contractTotal);
  });
});
