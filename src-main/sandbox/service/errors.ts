/** An answer the API gives instead of a result. Thrown by handlers, turned into `{error:{...}}` by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields of the body (a 409 carries a whole slice) or of `error` (`details` of a 422). */
    readonly extra: { body?: Record<string, unknown>; error?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const validationError = (message: string): ApiError => new ApiError(400, 'validation_error', message);
export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);
export const unprocessable = (message: string, details: { path: string; message: string }[]): ApiError =>
  new ApiError(422, 'unprocessable_entity', message, { error: { details } });
export const rateLimited = (retryAfterS: number, message: string): ApiError =>
  new ApiError(429, 'rate_limit_exceeded', message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) } });
