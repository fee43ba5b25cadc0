/** The sync engine's page sink over the cache: items and cursor in one transaction (feedStore). */
import type { CacheDb } from '../cache/database';
import { feedStore } from '../cache/feedStore';
import { filterNameStore } from '../cache/filterNameStore';
import { searchStore } from '../cache/searchStore';
import type { DeliverySummary } from '../cache/versionStore';
import type { FeedSink, StoredPage } from './ports';

export type FeedSinkOptions = {
  /** Told after each page is stored, with what it added (the app announces new items from here). */
  onSaved?: (page: StoredPage, summary: DeliverySummary) => void;
};

export function cacheFeedSink(cache: CacheDb, options: FeedSinkOptions = {}): FeedSink {
  const feeds = feedStore(cache);
  const searches = searchStore(cache);
  return {
    getCursor: (filterId, feed, stream) => feeds.getCursor(filterId, feed, stream) ?? null,
    savePage: (page) => {
      const summary = feeds.saveFeedPage(page);
      options.onSaved?.(page, summary);
    },
    noteExpiry: (filterId, expiresAt) => {
      if (searches.get(filterId)) searches.setExpiresAt(filterId, expiresAt);
    },
    noteFilter: (filterId, feed, body) => filterNameStore(cache).remember(filterId, feed, body),
  };
}
