/**
 * Saved-search rows marked new or changed since the user saw them (migration 0008): the first look
 * takes everything held as seen; a tender that arrives later is new, a later version of a seen one is changed
 * (with the version seen kept for the diff); acknowledging rows (some or all) clears their marks; deleting the
 * saved search forgets its marks.
 */
import { describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { seenStore } from '../../src-main/cache/seenStore';
import { tempCache, tender, tenderItem, tenderPage } from './helpers';

const FILTER = 'flt_seen_marks';

function setup() {
  const cache = tempCache();
  searchStore(cache).upsert({ filterId: FILTER, params: { keywords: ['поставка'] }, label: 'marks', events: ['created', 'updated'] });
  let n = 0;
  const deliver = (objects: Record<string, unknown>[]) =>
    feedStore(cache).saveFeedPage(tenderPage(objects.map((o) => tenderItem(o, { event: (o.version as number) > 1 ? 'updated' : 'created' })), { filterId: FILTER, cursor: `cur_${++n}` }));
  return { cache, seen: seenStore(cache), deliver };
}

describe('saved-search seen marks (migration 0008)', () => {
  it('the first look takes everything held as seen: no row is marked', () => {
    const { seen, deliver } = setup();
    deliver([tender(1, 1), tender(2, 1), tender(3, 1)]);
    expect(seen.ensureBaseline(FILTER)).toBe(true);
    expect(seen.ensureBaseline(FILTER)).toBe(false);
    expect(seen.marks(FILTER, [1, 2, 3])).toEqual([]);
    expect(seen.counts(FILTER)).toEqual({ new: 0, changed: 0 });
  });

  it('a tender that arrives later is new; a later version of a seen one is changed, with the version seen', () => {
    const { seen, deliver } = setup();
    deliver([tender(1, 1), tender(2, 1)]);
    seen.ensureBaseline(FILTER);
    deliver([tender(3, 1), tender(2, 2, { price: 90_000 })]);
    expect(seen.marks(FILTER, [1, 2, 3]).sort((a, b) => a.id - b.id)).toEqual([
      { id: 2, mark: 'changed', version: 2, seenVersion: 1 },
      { id: 3, mark: 'new', version: 1, seenVersion: null },
    ]);
    expect(seen.counts(FILTER)).toEqual({ new: 1, changed: 1 });
    // Only the ids asked for are answered (a page of the table).
    expect(seen.marks(FILTER, [1, 3])).toEqual([{ id: 3, mark: 'new', version: 1, seenVersion: null }]);
  });

  it('acknowledging some rows clears only theirs; acknowledging all clears the rest', () => {
    const { seen, deliver } = setup();
    deliver([tender(1, 1)]);
    seen.ensureBaseline(FILTER);
    deliver([tender(1, 2), tender(2, 1), tender(3, 1)]);
    expect(seen.markSeen(FILTER, [2])).toBe(1);
    expect(seen.marks(FILTER, [1, 2, 3]).map((m) => m.id).sort()).toEqual([1, 3]);
    seen.markSeen(FILTER);
    expect(seen.marks(FILTER, [1, 2, 3])).toEqual([]);
    // A version seen is never moved back (a later look at an older delivery changes nothing).
    deliver([tender(1, 3)]);
    expect(seen.marks(FILTER, [1])).toEqual([{ id: 1, mark: 'changed', version: 3, seenVersion: 2 }]);
  });

  it('a search never looked at has no baseline; an unknown search is not set up; deleting a search forgets its marks', () => {
    const { cache, seen, deliver } = setup();
    deliver([tender(1, 1)]);
    expect(seen.ensureBaseline('flt_unknown')).toBe(false);
    seen.ensureBaseline(FILTER);
    searchStore(cache).remove(FILTER);
    expect(cache.db.prepare('SELECT count(*) FROM saved_search_seen WHERE filter_id = ?').pluck().get(FILTER)).toBe(0);
  });
});
