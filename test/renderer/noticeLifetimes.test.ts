/**
 * Every passing notice closes by itself, and how soon depends on what it says: news sooner than what
 * needs acting on, a run that stopped short later than one that finished. (The countdown itself, paused while a
 * notice is hovered or focused, and Escape are proved in the browser: test/e2e/dead-ends.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { SyncJob } from '../../src-main/contract/ipc';
import { endedLifetimeMs, FINISHED_NOTICE_MS } from '../../src-renderer/app/frameNotices';
import { toastLifetimeMs } from '../../src-renderer/app/notifications/toastLifetime';
import { NOTICE_LIFETIME_MS } from '../../src-renderer/components/useLifetime';

const job = (state: SyncJob['state']): SyncJob => ({
  jobId: `job_${state}`,
  filterId: 'flt_x',
  label: 'x',
  feeds: ['tender'],
  state,
  pages: 1,
  items: 1,
  charged: 1,
  free: 0,
  total: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  error: null,
});

describe('how long a notice stays', () => {
  it('a toast always closes by itself: a search’s news and a summary after 8 s, a deadline or a marked tender’s change after 15 s', () => {
    expect(toastLifetimeMs('saved_search_updated')).toBe(8_000);
    expect(toastLifetimeMs('summary')).toBe(8_000);
    expect(toastLifetimeMs('deadline_soon')).toBe(15_000);
    expect(toastLifetimeMs('marked_tender_changed')).toBe(15_000);
    expect(toastLifetimeMs('marked_documents_changed')).toBe(15_000);
  });

  it('a finished run’s notice goes after 8 s; one that stopped short (failed, capped, out of balance) stays 30 s, still not for good', () => {
    expect(FINISHED_NOTICE_MS).toBe(8_000);
    expect(endedLifetimeMs([job('done')])).toBe(8_000);
    expect(endedLifetimeMs([job('cancelled')])).toBe(8_000);
    for (const state of ['failed', 'spend_cap', 'balance_exhausted'] as const) expect(endedLifetimeMs([job('done'), job(state)])).toBe(NOTICE_LIFETIME_MS.error);
    expect(NOTICE_LIFETIME_MS.error).toBe(30_000);
  });
});
