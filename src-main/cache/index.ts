/**
 * The local cache of everything the API delivered (main process, plain Node): one SQLite file per profile.
 * Open it with `openCache`, then take the stores you need (`feedStore(cache)`, ...): each is made once per
 * open cache. See migrations/0001-initial.ts for the schema and bench/cache.ts for the measured figures.
 */
export { DEFAULT_PAGE_SIZE, openCache, type CacheDb, type OpenCacheOptions } from './database';
export { CacheInputError, FutureSchemaError, OfflineQueryError } from './errors';
export { cardStore, type CachedPage, type CardInput, type CardStore } from './cardStore';
export { feedStore, normalizeStream, type FeedItem, type FeedPage, type FeedState, type FeedStore } from './feedStore';
export { ledgerStore, type BalanceMirror, type BalanceType, type LedgerRow, type LedgerStore } from './ledgerStore';
export { listStore, type CachedList, type ListInput, type ListMember, type ListStore } from './listStore';
export { runMaintenance, type MaintenanceResult } from './maintenance';
export {
  offlineSearch,
  type DateRange,
  type NumberRange,
  type OfflineCount,
  type OfflineQuery,
  type OfflineSearch,
  type OfflineSearchOptions,
  type OfflineSearchPage,
  type OfflineTenderRow,
} from './offlineSearch';
export { outboxStore, type OutboxEntry, type OutboxState, type OutboxStore } from './outboxStore';
export { searchStore, type SavedSearch, type SavedSearchInput, type SearchStore } from './searchStore';
export { cacheStats, type CacheStats } from './stats';
export type { DeliveryEvent, DeliveryVia, FeedKind, ObjectKind, VersionKey } from './types';
export {
  versionStore,
  type DeliveredItem,
  type DeliveryRecord,
  type DeliverySummary,
  type RecordRequest,
  type StoredVersion,
  type VersionStore,
} from './versionStore';
