/**
 * «Counters are updated»: following a saved search whose tenders were all in the cache showed
 * «0 из 43» — the follow run's own items (none yet) against the set's total. A job's «N из M» is what the cache
 * holds of the set (the same fact as the saved search's «в кэше: N из M»), while `items` stays what the run
 * received; it grows as a followed search brings new tenders.
 */
import { describe, expect, it } from 'vitest';
import type { SyncJob } from '../../src-main/contract/ipc';
import { control, coreOnSandbox, finished, until } from './helpers';

const env = coreOnSandbox();

const jobOf = async (jobId: string): Promise<SyncJob | undefined> => (await env.t.call('sync.jobs', {})).find((j) => j.jobId === jobId);

describe('a job counts what the cache holds of its set', () => {
  it('following a search held whole reads «43 из 43», not «0 из 43»; new tenders raise it with the saved search’s «в кэше»', async () => {
    const { t, sb } = env;
    const run = await t.call('search.run', { criteria: { regions: [77] }, label: 'москва', events: ['created'] });
    const first = await finished(t, run.jobId);
    expect(first.state).toBe('done');
    const saved = (await t.call('savedSearches.list', {})).find((s) => s.filterId === run.filterId)!;
    expect(saved.total).toBeGreaterThan(0);
    expect(saved.cachedCount).toBe(saved.total);
    // The first run read the whole set: its figure is the set held, its items what it received.
    expect(first).toMatchObject({ held: saved.total, total: saved.total });

    await t.call('savedSearches.follow', { filterId: run.filterId, follow: true });
    const following = await until(async () => {
      const jobs = (await t.call('sync.jobs', {})).filter((j) => j.filterId === run.filterId && j.state === 'following');
      return jobs[0];
    }, 20_000, 'following');
    const caughtUp = await until(async () => {
      const j = await jobOf(following.jobId);
      return j && j.total !== null && j.held !== null && j.held !== undefined ? j : undefined;
    }, 20_000, 'the follow job’s figures');
    expect(caughtUp).toMatchObject({ state: 'following', items: 0, held: saved.total, total: saved.total });

    // New tenders arrive while following: held grows with them and agrees with the saved search's count.
    await control(sb, 'tick', { created: 400 });
    const grown = await until(async () => {
      const j = await jobOf(following.jobId);
      return j && (j.held ?? 0) > saved.total! && j.items > 0 ? j : undefined;
    }, 30_000, 'new tenders while following');
    const after = (await t.call('savedSearches.list', {})).find((s) => s.filterId === run.filterId)!;
    expect(grown.held).toBeLessThanOrEqual(after.cachedCount);
    await until(async () => (await jobOf(following.jobId))?.held === (await t.call('savedSearches.list', {})).find((s) => s.filterId === run.filterId)!.cachedCount, 20_000, 'the same count as «в кэше»');
    await t.call('savedSearches.follow', { filterId: run.filterId, follow: false });
  });
});
