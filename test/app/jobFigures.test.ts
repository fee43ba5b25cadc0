/**
 * A saved search synced with its contracts showed «71 из 69»: the contracts delivered were added to
 * the tenders' items and counted against the tenders' total alone. The job's figures compare like with like:
 * per feed (items against that feed's own set total), and the sums over the feeds that have reported.
 */
import { describe, expect, it, vi } from 'vitest';
import { jobFigures } from '../../src-main/app/jobs';
import type { SyncProgress } from '../../src-main/sync/syncEngine';
import { drivenJobs } from './jobHarness';

const stream = (feed: 'tender' | 'contract', items: number, total: number | null, over: Partial<SyncProgress> = {}): SyncProgress => ({
  filterId: 'flt_x',
  feed,
  stream: 'created',
  pages: 1,
  items,
  charged: items,
  free: 0,
  total,
  state: 'ready',
  ...over,
});

describe('a sync job counts tenders and contracts each against its own total', () => {
  it('the job of a saved search with contracts: 69 of 69 tenders, then 2 of 40 contracts, never «71 из 69»', async () => {
    const { jobs, emitted, progress, finish, started } = drivenJobs();
    jobs.start({ filterId: 'flt_x', label: 'it', feeds: ['tender', 'contract'], streams: ['created'], follow: false });
    await vi.waitFor(() => expect(started()).toBe(true));
    progress(stream('tender', 69, 69));
    expect(emitted.at(-1)).toMatchObject({ items: 69, total: 69, byFeed: [{ feed: 'tender', items: 69, total: 69 }] });
    progress(stream('contract', 2, 40));
    const last = emitted.at(-1)!;
    expect(last).toMatchObject({ items: 71, total: 109 });
    expect(last.byFeed).toEqual([
      { feed: 'tender', items: 69, total: 69 },
      { feed: 'contract', items: 2, total: 40 },
    ]);
    finish();
    await vi.waitFor(() => expect(emitted.at(-1)!.state).toBe('done'), { timeout: 20_000 });
  });

  it('a feed that states no total leaves the sum unknown; the first page of a single-feed job counts for its feed', () => {
    expect(jobFigures({ feeds: ['tender', 'contract'] }, [stream('tender', 10, 69), stream('contract', 3, null, { state: 'partial' })])).toEqual({
      items: 13,
      total: null,
      held: null,
      byFeed: [
        { feed: 'tender', items: 10, total: 69 },
        { feed: 'contract', items: 3, total: null },
      ],
    });
    const before = { charged: 1, free: 0, items: 1, pages: 1, total: 40 };
    expect(jobFigures({ feeds: ['contract'], spentBefore: before }, [])).toEqual({ items: 1, total: 40, held: null, byFeed: [{ feed: 'contract', items: 1, total: 40 }] });
    expect(jobFigures({ feeds: ['contract'], spentBefore: before }, [stream('contract', 39, 40)])).toMatchObject({ items: 40, total: 40 });
    // The created and updated streams of one feed share its set total (stated once, not added twice).
    expect(jobFigures({ feeds: ['tender'] }, [stream('tender', 60, 69), stream('tender', 4, 69, { stream: 'updated' })])).toMatchObject({ items: 64, total: 69 });
  });

  it('«N из M» is what the cache holds of the set: a follow of a set held whole is 43 of 43 with 0 items received', () => {
    const spec = { feeds: ['tender'] as ('tender' | 'contract')[] };
    expect(jobFigures(spec, [{ ...stream('tender', 0, 43), held: 43 }])).toMatchObject({ items: 0, total: 43, held: 43, byFeed: [{ feed: 'tender', items: 0, total: 43, held: 43 }] });
    // Per feed like the totals: tenders held against theirs, contracts against theirs; summed when both are known.
    const both = jobFigures({ feeds: ['tender', 'contract'] }, [{ ...stream('tender', 2, 45), held: 45 }, { ...stream('contract', 1, 40), held: 12 }]);
    expect(both).toMatchObject({ items: 3, total: 85, held: 57 });
    // A run that does not know what is held (an enrichment, an earlier-generation filter) keeps its items.
    expect(jobFigures(spec, [stream('tender', 5, 10)]).held).toBeNull();
  });
});
