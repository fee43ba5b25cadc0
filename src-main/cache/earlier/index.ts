/**
 * The cache's stores for what only the earlier API generation has (migration 0004). Its tenders are stored
 * through the same write path as the current generation's (see delivered.ts for how: version = seconds of
 * `update_date`, billed = `is_new`, filter id `efl_<id>`).
 */
export { earlierDeliveryRules, earlierFilterKey, earlierVersion, FAVORITES_UPDATES_KEY, type EarlierTenderObject } from './delivered';
export {
  earlierFilterStore,
  type EarlierFilter,
  type EarlierFilterInput,
  type EarlierFilterStore,
  type EarlierTenderRow,
  type FilterPageInput,
  type FilterPageSaved,
  type FilterSyncState,
  type SyncStop,
} from './filterStore';
export {
  earlierFavoriteStore,
  type EarlierFavorite,
  type EarlierFavoriteStore,
  type FavoriteItemInput,
  type FavoriteUpdatesPage,
  type FavoriteUpdatesSaved,
} from './favoriteStore';
export {
  earlierAccountStore,
  type BalanceInput,
  type EarlierAccount,
  type EarlierAccountStore,
  type EarlierLimit,
  type EarlierTransaction,
  type TransactionInput,
} from './accountStore';
export {
  FAVORITES_UPDATES_UNSETTLED,
  filterUnsettled,
  tenderUnsettled,
  unsettledStore,
  type UnsettledKey,
  type UnsettledMark,
  type UnsettledStore,
} from './unsettled';
