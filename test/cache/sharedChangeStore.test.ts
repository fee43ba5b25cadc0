/**
 * The local shared-change history (migration 0018) without a team database: a local change made after
 * a pulled one stamped by a clock running ahead still orders after it (its `at` moves just past the field's
 * clock), so every machine lets it win as this one does; a pulled change older than the field's winner is kept
 * in the history but not applied; one pulled twice is recorded once.
 */
import { describe, expect, it } from 'vitest';
import { markStore, tenderMarksFor } from '../../src-main/cache/markStore';
import { sharedChangeStore } from '../../src-main/cache/sharedChangeStore';
import type { SharedChange } from '../../src-main/domain/sharedChanges';
import { tempCache } from './helpers';

const teammate = (localSeq: number, value: string, at: string): SharedChange => ({
  machineId: 'ffffffff-0000-4000-8000-000000000009',
  localSeq,
  entity: 'mark',
  key: '5',
  field: 'status',
  value,
  at,
  author: 'Петров',
});

describe('shared-change history in the cache', () => {
  it('a local change after a pulled one from a clock ahead is stamped after it; older pulled changes are kept, not applied', () => {
    const cache = tempCache();
    const store = sharedChangeStore(cache);
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    expect(store.applyPulled([teammate(1, 'won', ahead)]).added).toBe(1);
    expect(tenderMarksFor(cache, [5]).get(5)!.status).toBe('won');

    markStore(cache).apply({ tender_ids: [5], status: 'lost' });
    const own = store.ownSince(0, 10).filter((c) => c.field === 'status');
    expect(own.map((c) => c.value)).toEqual(['lost']);
    expect(own[0]!.at > ahead).toBe(true);

    // Older than the field's winner: in the history, not applied; the same change again: not recorded twice.
    expect(store.applyPulled([teammate(2, 'new', '2020-01-01T00:00:00.000Z')]).added).toBe(1);
    expect(store.applyPulled([teammate(2, 'new', '2020-01-01T00:00:00.000Z')]).added).toBe(0);
    expect(tenderMarksFor(cache, [5]).get(5)!.status).toBe('lost');
    expect(store.markHistory(5).map((h) => [h.value, h.pulled])).toEqual([
      ['new', true],
      ['won', true],
      ['lost', false],
    ]);
    cache.close();
  });
});
