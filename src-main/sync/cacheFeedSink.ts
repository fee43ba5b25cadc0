/** The sync engine's page sink over the cache: items and cursor in one transaction (feedStore). */
import type { CacheDb } from '../cache/database';
import { feedStore } from '../cache/feedStore';
import { searchStore } from '../cache/searchStore';
import type { FeedSink } from './ports';

export function cacheFeedSink(cache: CacheDb): FeedSink {
  const feeds = feedStore(cache);
  const searches = searchStore(cache);
  return {
    getCursor: (filterId, feed, stream) => feeds.getCursor(filterId, feed, stream) ?? null,
    savePage: (page) => {
      feeds.saveFeedPage(page);
    },
    noteExpiry: (filterId, expiresAt) => {
      if (searches.get(filterId)) searches.setExpiresAt(filterId, expiresAt);
    },
  };
}
