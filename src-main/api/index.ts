/**
 * The current-generation API client (main process only; never imported by the renderer, no `electron`).
 * Errors cross to the UI as `ApiError.toJSON()` / `describeApiError`.
 */
export { ApiClient, newIdempotencyKey, type ApiClientOptions, type RequestOptions, type Sleep } from './client';
export { ApiError, describeApiError, isApiError, redactSecrets, userMessageFor, type ApiErrorCode } from './errors';
export { RateLimiter, abortableSleep, DEFAULT_REQUESTS_PER_MINUTE, type RateLimiterOptions } from './rateLimiter';
export type * from './types';
export * as schemas from './schemas';
