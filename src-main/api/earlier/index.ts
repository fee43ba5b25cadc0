/**
 * The earlier-generation API client (main process only). A profile whose `generation` is `earlier` uses
 * this client; `current` uses `../client.ts`. Errors are the same `ApiError` (plus `DailyLimitError`).
 */
export {
  EarlierApiClient,
  DailyLimitError,
  isDailyLimitError,
  type ChargedPage,
  type FilterListing,
  type HistoryListing,
  type DailyLimitBlock,
  type EarlierApiClientOptions,
  type EarlierClientEvent,
  type PageParams,
  type RequestOptions,
} from './client';
export { DAILY_LIMITS, nextMoscowMidnightMs, moscowText } from './limits';
export * as earlierSchemas from './schemas';
export { timestampMs, moscowIso } from './limits';
export { readCreatedToken, readTokenList, type CreatedToken, type TokenListEntry, type TokenId } from './tokens';
export { walkUnshownPages, type WalkResult } from './pages';
