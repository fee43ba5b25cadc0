/**
 * The earlier-generation API client (reference document 2, decisions D-E-*), for profiles whose
 * `generation` is `earlier`.
 *
 * What it guarantees to its callers:
 * - Every request carries `X-API-Token` (section 5) and passes a rate limiter first; pages are numbers
 *   (`page`, `page_size`, section 4).
 * - 5xx, dropped connections and cut bodies are retried by the one retry loop both clients share
 *   (`../transport.ts` `runWithRetries`, this generation's policy in `policy()`; the attempt is
 *   `../endpoint.ts`). Repeating a page is free (a tender is charged once), but the repeat shows
 *   `is_new: false` for what the lost answer charged: such a page says `answerLost: true`, and the caller
 *   must then treat every tender it does not hold as new.
 * - A 429 is the daily limit (section 7): it is never retried. The client throws a `DailyLimitError` that
 *   names the reset (00:00 Moscow time) and, until then, refuses the routes that can charge without sending
 *   them, instead of hammering the service. `balance()` showing tenders remaining lifts the block early.
 * - Every answer is validated with loose schemas (unknown fields kept). The token never appears in an error.
 * - Only what document 2 states is relied on. Errors are understood by their HTTP status whatever the body
 *   (any JSON or none; a code is kept when the body has one); a daily-limit 429 without `Retry-After` or a
 *   `reset_at` resets at the next 00:00 Moscow time; token answers are read by meaning (`./tokens.ts`);
 *   `GET /filters` and `GET /balance/history`, whose paging is not shown, are walked by `./pages.ts`.
 */
import type { z } from 'zod';
import { ApiError, redactSecrets, type ApiErrorInit } from '../errors';
import { abortableSleep, type RateLimiter } from '../rateLimiter';
import { Endpoint, tell, type CallTarget, type EndpointOptions } from '../endpoint';
import {
  codeForStatus,
  detailsIn,
  errorCodeIn,
  errorMessageIn,
  errorObjectIn,
  isRecord,
  retryAfterFrom,
  retryLimits,
  runWithRetries,
  schemaProblems,
  type RetryLimits,
  type RetryOptions,
  type RetryPolicy,
} from '../transport';
import { DAILY_LIMITS, inText, moscowIso, moscowText, nextMoscowMidnightMs, timestampMs } from './limits';
import { walkUnshownPages, type WalkOptions } from './pages';
import * as S from './schemas';
import { readCreatedToken, readTokenList, type CreatedToken, type TokenId, type TokenListEntry } from './tokens';

export type { Sleep } from '../transport';

export type EarlierClientEvent =
  | { type: 'retry'; route: string; attempt: number; delayMs: number; reason: string; requestId: string | null }
  /** A daily limit answered 429 (`sent: true`) or a call was refused locally until the reset (`sent: false`). */
  | { type: 'daily_limit'; route: string; resetAt: string; retryAfterMs: number; sent: boolean; requestId: string | null };

export type EarlierApiClientOptions = RetryOptions & EndpointOptions & {
  /** The earlier generation's base, ending with `/api/v2`; the sandbox serves it at `http://127.0.0.1:PORT/legacy/api/v2`. */
  baseUrl: string;
  /** Default: a private limiter of 100 requests a minute (the service's request rate is not shown, D-E-LIM-3). */
  limiter?: RateLimiter;
  /** The local clock, for the daily-limit block; default Date.now. */
  now?: () => number;
  onEvent?: (e: EarlierClientEvent) => void;
};

export type RequestOptions = { signal?: AbortSignal };
export type PageParams = { page?: number; pageSize?: number };

/** A charged list page (`GET /tenders`, `GET /favorites/updates`) with what the client learned getting it. */
export type ChargedPage<Item> = {
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  items: Item[];
  newTendersCount: number;
  remainingBalance: number;
  /** An earlier attempt was executed but its answer was lost: `is_new` of this page under-reports. */
  answerLost: boolean;
  requestId: string | null;
};

export type DailyLimitBlock = { entityType: string; resetAt: string; untilMs: number };

/** `GET /filters` read whole: `complete` is false when fewer than `total` filters could be read. */
export type FilterListing = { filters: S.Filter[]; total: number; complete: boolean };
/** `GET /balance/history` read page after page (see `./pages.ts`). */
export type HistoryListing = { transactions: S.Transaction[]; total: number; complete: boolean };


/** The daily limit of section 8 is exhausted (429), or the client refused a call until its reset. */
export class DailyLimitError extends ApiError {
  /** The service's `reset_at` (00:00 Moscow time), ISO-8601. */
  readonly resetAt: string;
  /** When the reset comes by the local clock (ms since the epoch). */
  readonly resetAtMs: number;
  readonly entityType: string;
  readonly limit: number | null;
  /** False when the client refused the call without sending it. */
  readonly sent: boolean;

  constructor(init: ApiErrorInit & { resetAt: string; resetAtMs: number; entityType: string; limit: number | null; sent: boolean }) {
    super(init);
    this.resetAt = init.resetAt;
    this.resetAtMs = init.resetAtMs;
    this.entityType = init.entityType;
    this.limit = init.limit;
    this.sent = init.sent;
  }
}

export const isDailyLimitError = (e: unknown): e is DailyLimitError => e instanceof DailyLimitError;

type Call<T> = CallTarget & {
  body?: unknown;
  schema: z.ZodType<T>;
  /** The route can charge (and so meets the daily limit). */
  charging?: boolean;
  /** A 2xx answer may have no body (`DELETE /tokens/{id}`); otherwise an empty body is a cut answer. */
  emptyOk?: boolean;
};

type Final<T> = { data: T; requestId: string | null; answerLost: boolean };

const ENTITY_WORDS: Record<string, string> = { tender: 'тендеров', contract: 'контрактов', protocol: 'протоколов' };

export class EarlierApiClient {
  private readonly endpoint: Endpoint;
  private readonly limits: RetryLimits;
  private readonly now: () => number;
  private readonly onEvent: ((e: EarlierClientEvent) => void) | undefined;
  private block: DailyLimitBlock | null = null;
  private lastBalance: S.Balance | null = null;

  constructor(opts: EarlierApiClientOptions) {
    this.endpoint = new Endpoint(opts);
    this.limits = retryLimits(opts, abortableSleep);
    this.now = opts.now ?? Date.now;
    this.onEvent = opts.onEvent;
  }

  // --- Daily limits (sections 7, 8) ------------------------------------------------------------------------

  /** The block after a daily-limit 429, while it lasts. */
  dailyLimitBlock(): DailyLimitBlock | null {
    if (this.block && this.now() >= this.block.untilMs) this.block = null;
    return this.block;
  }

  /** The next 00:00 Moscow time by the local clock: when the daily limits reset. */
  nextReset(): { atMs: number; text: string } {
    const at = nextMoscowMidnightMs(this.now());
    return { atMs: at, text: moscowText(at) };
  }

  /** The limits as of the last `balance()`, or null before one. */
  knownLimits(): S.Balance['limits'] | null {
    return this.lastBalance?.limits ?? null;
  }

  // --- Tokens (section 4: fields not shown, see ./tokens.ts) -----------------------------------------------

  /**
   * Creates a token. The secret is shown once: the caller stores `secret` at once. When the answer holds
   * nothing recognisable as a secret, `secret` is null and `problem` says so for the analyst (no throw:
   * the token exists on the server and can be deleted by `id`).
   */
  async createToken(name?: string, opts: RequestOptions = {}): Promise<CreatedToken> {
    const answer = await this.data({ method: 'POST', path: '/tokens', route: 'POST /tokens', body: name === undefined ? undefined : { name }, schema: S.TokenAnswer, signal: opts.signal });
    return readCreatedToken(answer);
  }

  async listTokens(opts: RequestOptions = {}): Promise<TokenListEntry[]> {
    return readTokenList(await this.data({ method: 'GET', path: '/tokens', route: 'GET /tokens', schema: S.TokenAnswer, signal: opts.signal }));
  }

  /** Deletes a token; any 2xx answer (a body or none) means it is deleted. Returns the body, if any. */
  async deleteToken(id: TokenId, opts: RequestOptions = {}): Promise<{ deleted: true; fields: Record<string, unknown> }> {
    const answer = await this.data({
      method: 'DELETE',
      path: `/tokens/${encodeURIComponent(String(id))}`,
      route: 'DELETE /tokens/{id}',
      subject: { kind: 'token', id: String(id) },
      schema: S.TokenAnswer,
      emptyOk: true,
      signal: opts.signal,
    });
    return { deleted: true, fields: isRecord(answer) ? answer : {} };
  }

  // --- Tenders ---------------------------------------------------------------------------------------------

  /** `GET /tenders?filter_id=&page=&page_size=`: one unit per tender not received before. */
  async tenders(filterId: number, page: PageParams = {}, opts: RequestOptions = {}): Promise<ChargedPage<S.TenderListItem>> {
    const final = await this.run({
      method: 'GET',
      path: '/tenders',
      route: 'GET /tenders',
      subject: { kind: 'filter', id: String(filterId), earlier: true },
      query: { filter_id: filterId, page: page.page, page_size: page.pageSize },
      schema: S.TenderListEnvelope,
      charging: true,
      signal: opts.signal,
    });
    return chargedPage(final);
  }

  /** Every page of a filter, 1 to `pages` (as the first answer counts them). */
  async *tenderPages(filterId: number, pageSize = 100, opts: RequestOptions = {}): AsyncGenerator<ChargedPage<S.TenderListItem>> {
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const p = await this.tenders(filterId, { page, pageSize }, opts);
      if (page === 1) pages = p.pages;
      yield p;
    }
  }

  async tender(id: number, params: { positionsPage?: number; positionsPageSize?: number } = {}, opts: RequestOptions = {}): Promise<S.TenderDetail> {
    return (await this.tenderReceipt(id, params, opts)).detail;
  }

  /**
   * `tender()` with what the client learned getting it: the request id, and whether an earlier attempt's
   * answer was lost (then the detail's `is_new` under-reports, like a charged page's `answerLost`).
   */
  async tenderReceipt(
    id: number,
    params: { positionsPage?: number; positionsPageSize?: number } = {},
    opts: RequestOptions = {},
  ): Promise<{ detail: S.TenderDetail; requestId: string | null; answerLost: boolean }> {
    const final = await this.run({
      method: 'GET',
      path: `/tenders/${encodeURIComponent(String(id))}`,
      route: 'GET /tenders/{id}',
      subject: { kind: 'tender', id: String(id) },
      query: { positions_page: params.positionsPage, positions_page_size: params.positionsPageSize },
      schema: S.TenderDetail,
      charging: true,
      signal: opts.signal,
    });
    return { detail: final.data, requestId: final.requestId, answerLost: final.answerLost };
  }

  async positions(id: number, page: PageParams = {}, opts: RequestOptions = {}): Promise<S.PositionPage> {
    return this.data({
      method: 'GET',
      path: `/tenders/${encodeURIComponent(String(id))}/positions`,
      route: 'GET /tenders/{id}/positions',
      subject: { kind: 'tender', id: String(id) },
      query: { page: page.page, page_size: page.pageSize },
      schema: S.PositionPage,
      charging: true,
      signal: opts.signal,
    });
  }

  // --- Filters (read-only) ---------------------------------------------------------------------------------

  /** Every filter (their paging is not shown: see `./pages.ts`). */
  async filters(opts: RequestOptions = {}): Promise<FilterListing> {
    const walk = await walkUnshownPages(
      async (page) => {
        const list = await this.data({ method: 'GET', path: '/filters', route: 'GET /filters', query: unshownPaging(page), schema: S.FilterList, signal: opts.signal });
        return { ...list, items: list.filters };
      },
      (f) => f.id,
    );
    return { filters: walk.items, total: walk.total, complete: walk.complete };
  }

  async filter(id: number, opts: RequestOptions = {}): Promise<S.Filter> {
    return this.data({
      method: 'GET',
      path: `/filters/${encodeURIComponent(String(id))}`,
      route: 'GET /filters/{id}',
      subject: { kind: 'filter', id: String(id), earlier: true },
      schema: S.Filter,
      signal: opts.signal,
    });
  }

  // --- Favorites -------------------------------------------------------------------------------------------

  async favorites(page: PageParams = {}, opts: RequestOptions = {}): Promise<S.FavoritePage> {
    return this.data({
      method: 'GET',
      path: '/favorites',
      route: 'GET /favorites',
      query: { page: page.page, page_size: page.pageSize },
      schema: S.FavoritePage,
      signal: opts.signal,
    });
  }

  /** By the platform id (`etp_id`); a second add answers `success: false` (D-E-FAV-1). Free. */
  async addFavorite(etpId: string, opts: RequestOptions = {}): Promise<S.FavoriteMutation> {
    return this.data({ method: 'POST', path: `/favorites/${encodeURIComponent(etpId)}`, route: 'POST /favorites/{tender_id}', subject: { kind: 'favorite', id: etpId }, schema: S.FavoriteMutation, signal: opts.signal });
  }

  async removeFavorite(etpId: string, opts: RequestOptions = {}): Promise<S.FavoriteMutation> {
    return this.data({ method: 'DELETE', path: `/favorites/${encodeURIComponent(etpId)}`, route: 'DELETE /favorites/{tender_id}', subject: { kind: 'favorite', id: etpId }, schema: S.FavoriteMutation, signal: opts.signal });
  }

  /** Favorites whose `update_date` is later than `favorited_at`; charged like `GET /tenders` (D-E-FAV-3). */
  async favoriteUpdates(page: PageParams = {}, opts: RequestOptions = {}): Promise<ChargedPage<S.FavoriteUpdateItem>> {
    const final = await this.run({
      method: 'GET',
      path: '/favorites/updates',
      route: 'GET /favorites/updates',
      query: { page: page.page, page_size: page.pageSize },
      schema: S.FavoriteUpdatesEnvelope,
      charging: true,
      signal: opts.signal,
    });
    return chargedPage(final);
  }

  // --- Balance ---------------------------------------------------------------------------------------------

  /** Balances, today's limits and the license. Tenders remaining today lift a daily-limit block. */
  async balance(opts: RequestOptions = {}): Promise<S.Balance> {
    const b = await this.data({ method: 'GET', path: '/balance', route: 'GET /balance', schema: S.Balance, signal: opts.signal });
    this.lastBalance = b;
    if (this.block && b.limits.tenders.remaining > 0) this.block = null;
    return b;
  }

  /**
   * The history page after page, newest first where the server orders it so (paging not shown: see
   * `./pages.ts`); `stopAfter` ends the walk early where the caller already holds the rest.
   */
  async balanceHistoryAll(walk: Pick<WalkOptions<S.Transaction>, 'stopAfter'> = {}, opts: RequestOptions = {}): Promise<HistoryListing> {
    const w = await walkUnshownPages(
      async (page) => {
        const list = await this.data({ method: 'GET', path: '/balance/history', route: 'GET /balance/history', query: unshownPaging(page), schema: S.TransactionList, signal: opts.signal });
        return { ...list, items: list.transactions };
      },
      (t) => t.id,
      walk,
    );
    return { transactions: w.items, total: w.total, complete: w.complete };
  }

  /** One page of the history, asked with `page`/`page_size` (a server may ignore them: the answer is whatever it sent). */
  async balanceHistory(page: PageParams = {}, opts: RequestOptions = {}): Promise<S.TransactionList> {
    return this.data({
      method: 'GET',
      path: '/balance/history',
      route: 'GET /balance/history',
      query: { page: page.page, page_size: page.pageSize },
      schema: S.TransactionList,
      signal: opts.signal,
    });
  }

  // --- Machinery -------------------------------------------------------------------------------------------

  private async data<T>(call: Call<T>): Promise<T> {
    return (await this.run(call)).data;
  }

  /** One logical call: transport's retry loop, reading the answers by `policy`; a charging route is refused while blocked. */
  private async run<T>(call: Call<T>): Promise<Final<T>> {
    if (call.charging) this.refuseWhileBlocked(call);
    const bodyText = call.body === undefined ? undefined : JSON.stringify(call.body);
    const { result, answerLost } = await runWithRetries(this.limits, this.policy(call, bodyText));
    return { ...result, answerLost };
  }

  /**
   * What the earlier generation reads its own way (the loop does the rest): a 429 is the daily limit, thrown
   * at once and blocking the charging routes; any 2xx is a success, an empty one where the route allows it;
   * errors are understood by their status whatever the body, 403 being the license.
   */
  private policy<T>(call: Call<T>, bodyText: string | undefined): RetryPolicy<Omit<Final<T>, 'answerLost'>> {
    return {
      route: call.route,
      signal: call.signal,
      attempt: () =>
        this.endpoint.attempt(call, {
          body: bodyText,
          credential: (token) => ({ 'x-api-token': token }),
        }),
      // A 404 names what the call was about, or its route when it was about nothing in particular.
      error: (init) => new ApiError({ subject: call.subject ?? { kind: 'route', route: call.route }, ...init, message: this.redact(init.message) }),
      onRetry: (e) => this.emit(e),
      // Pages and tenders charge; a POST (a new token, a favorite) is sent once. Reads and deletions of free routes repeat.
      idempotentAndFree: !call.charging && (call.method === 'GET' || call.method === 'DELETE'),
      codeIn,
      messageIn,
      emptyBodyOk: (status) => status === 204 || call.emptyOk === true,
      rateLimited: async ({ json, headers, requestId }) => {
        throw this.limitError(call, json, headers, requestId);
      },
      settle: async ({ status, json, requestId }, ctl) => {
        if (status < 200 || status >= 300) return null;
        const parsed = call.schema.safeParse(json);
        if (!parsed.success) {
          const { details, reason } = schemaProblems(parsed.error);
          throw ctl.fail({
            code: 'bad_response',
            status,
            requestId,
            retryable: false,
            details,
            message: `${call.route} answered ${status} with an unexpected body: ${reason}`,
          });
        }
        return { result: { data: parsed.data, requestId } };
      },
      // The error body and codes are not shown (section 7): the status decides, a code in the body is kept.
      clientError: ({ status, json }) => {
        const code = codeIn(json) ?? (status === 403 ? 'license_expired' : codeForStatus(status));
        return {
          code,
          details: detailsIn(json) ?? (isRecord(json) && Array.isArray(json.detail) ? json.detail : undefined),
          userMessage: code === 'license_expired' ? licenseMessage(json) : undefined,
        };
      },
    };
  }

  /**
   * A 429. Document 2 names one meaning for it, the daily limit (blocks the charging routes until the
   * reset); only a 429 whose body names another code AND says when to retry is taken for another limit
   * (thrown as is). The reset is the body's `reset_at`, else `Retry-After`, else the next 00:00 Moscow time.
   */
  private limitError(call: Call<unknown>, json: unknown, headers: Record<string, string | string[] | undefined>, requestId: string | null): ApiError {
    const err = errorObjectIn(json) ?? (isRecord(json) ? json : {});
    const code = codeIn(json) ?? 'daily_limit_exceeded';
    const now = this.now();
    const resetAtBodyMs = timestampMs(err.reset_at);
    const resetAtFromBody = resetAtBodyMs !== null ? (err.reset_at as string) : null;
    const retryAfter = retryAfterFrom(headers);
    // Retry-After is the service's own count of seconds to the reset, so it is right even when the clocks differ.
    const retryAfterMs = retryAfter ?? (resetAtBodyMs !== null ? Math.max(0, resetAtBodyMs - now) : nextMoscowMidnightMs(now) - now);
    if (code !== 'daily_limit_exceeded' && (retryAfter !== null || resetAtFromBody !== null)) {
      return new ApiError({
        code,
        status: 429,
        requestId,
        retryable: true,
        retryAfterMs,
        message: this.redact(`${call.route} answered 429 ${code}: ${messageIn(json, '')}`),
      });
    }
    const entityType = typeof err.entity_type === 'string' ? err.entity_type : 'tender';
    const limit = typeof err.limit === 'number' ? err.limit : entityType === 'tender' ? DAILY_LIMITS.tenders : null;
    this.block = { entityType, resetAt: resetAtFromBody ?? moscowIso(now + retryAfterMs), untilMs: now + retryAfterMs };
    this.emit({ type: 'daily_limit', route: call.route, resetAt: this.block.resetAt, retryAfterMs, sent: true, requestId });
    const said = messageIn(json, '');
    return this.dailyLimitError(call, this.block, limit, true, requestId, `${call.route} answered 429${code !== 'daily_limit_exceeded' ? ` ${code}` : ''}: ${said === 'no error body' ? 'daily limit exhausted' : said}`);
  }

  private refuseWhileBlocked(call: Call<unknown>): void {
    const block = this.dailyLimitBlock();
    if (!block) return;
    const waitMs = block.untilMs - this.now();
    this.emit({ type: 'daily_limit', route: call.route, resetAt: block.resetAt, retryAfterMs: waitMs, sent: false, requestId: null });
    throw this.dailyLimitError(call, block, block.entityType === 'tender' ? DAILY_LIMITS.tenders : null, false, null, `${call.route} not sent: the daily limit is exhausted until ${block.resetAt}`);
  }

  private dailyLimitError(call: Call<unknown>, block: DailyLimitBlock, limit: number | null, sent: boolean, requestId: string | null, message: string): DailyLimitError {
    const waitMs = Math.max(0, block.untilMs - this.now());
    const what = ENTITY_WORDS[block.entityType] ?? 'объектов';
    return new DailyLimitError({
      code: 'daily_limit_exceeded',
      status: sent ? 429 : null,
      requestId,
      retryable: true,
      retryAfterMs: waitMs,
      message: this.redact(message),
      userMessage:
        `Дневной лимит новых ${what}${limit !== null ? ` (${limit} в сутки)` : ''} исчерпан: новые ${what} снова можно будет получать после сброса ` +
        `в 00:00 по Москве (${moscowText(block.untilMs)}, ${inText(waitMs)}). Уже полученные ${what} по-прежнему доступны.`,
      resetAt: block.resetAt,
      resetAtMs: block.untilMs,
      entityType: block.entityType,
      limit,
      sent,
    });
  }

  private redact(text: string): string {
    return redactSecrets(text, [this.endpoint.lastToken]);
  }

  private emit(e: EarlierClientEvent): void {
    tell(this.onEvent, e);
  }
}

function chargedPage<Item>(final: Final<{ total: number; page: number; page_size: number; pages: number; items: Item[]; new_tenders_count: number; remaining_balance: number }>): ChargedPage<Item> {
  const e = final.data;
  return {
    total: e.total,
    page: e.page,
    pageSize: e.page_size,
    pages: e.pages,
    items: e.items,
    newTendersCount: e.new_tenders_count,
    remainingBalance: e.remaining_balance,
    answerLost: final.answerLost,
    requestId: final.requestId,
  };
}

/** `page`/`page_size` for a route whose paging is not shown; nothing at all for `null` (see `./pages.ts`). */
const unshownPaging = (page: number | null): Record<string, number> => (page === null ? {} : { page, page_size: 100 });

/** A code the error body names (`error.code` or a top-level `code`), or null: the status then decides. */
function codeIn(json: unknown): string | null {
  const top = isRecord(json) ? json.code : undefined;
  return errorCodeIn(json) ?? (typeof top === 'string' && /^[A-Za-z][\w.-]{0,63}$/.test(top) ? top : null);
}

/**
 * What an error body says, for the technical message: `error.message`, `detail` (a string, or a list of
 * `{msg}` as many frameworks answer 422), `message`, `error` as a string, or the start of a non-JSON body.
 */
function messageIn(json: unknown, raw: string): string {
  const fromError = errorMessageIn(json);
  if (fromError) return fromError;
  if (typeof json === 'string') return json.slice(0, 300);
  if (isRecord(json)) {
    for (const k of ['detail', 'message', 'error', 'title', 'description']) {
      const v = json[k];
      if (typeof v === 'string' && v) return v.slice(0, 300);
      if (Array.isArray(v) && v.length) {
        return v
          .map((x) => (isRecord(x) && typeof x.msg === 'string' ? x.msg : typeof x === 'string' ? x : JSON.stringify(x)))
          .join('; ')
          .slice(0, 300);
      }
    }
  }
  const text = raw.trim();
  return text && json === undefined ? text.replace(/\s+/g, ' ').slice(0, 200) : 'no error body';
}

function licenseMessage(json: unknown): string {
  const lic = errorObjectIn(json)?.license ?? (isRecord(json) ? json.license : undefined);
  const endMs = isRecord(lic) ? timestampMs(lic.end_date) : null;
  const when = endMs !== null ? ` (срок действия истёк ${moscowText(endMs)})` : '';
  return `Лицензия на доступ к API не действует${when}: продлите её через вашего менеджера, баланс и история операций остаются доступны.`;
}
