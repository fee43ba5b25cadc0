/**
 * The current-generation API client for the main process (reference document 1, decisions file `D-*`).
 *
 * What it guarantees to its callers (the sync engine, lists, cards, the CLI):
 * - Every request carries `Authorization: Bearer` (reference 5.2; D-AUTH-3) and passes the shared rate
 *   limiter first (section 8).
 * - A body is serialized once and the same bytes are sent on every attempt: a QUERY repeated while
 *   `preparing` is byte-identical (section 3), and a mutation retried under its Idempotency-Key matches the
 *   stored fingerprint (D-IDEM-2).
 * - 202 `preparing` is waited out (`retry_after`), 409 `cursor_expired` is returned as a page, 429 waits
 *   `Retry-After`, 5xx / dropped connections / cut or unreadable bodies are retried with bounded exponential
 *   backoff and full jitter. Everything else is an `ApiError` with the service's code and `request_id`.
 *   The loop is the one both generations share (`./transport.ts` `runWithRetries`); this generation's
 *   readings are its `policy()`, the attempt itself `./endpoint.ts`.
 * - Every answer is validated with the schemas; unknown fields are kept.
 * - The token never appears in an error, an event or a message.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, redactSecrets } from './errors';
import { querySubject, type NotFoundSubject } from '../i18n/notFoundText';
import { abortableSleep, type RateLimiter } from './rateLimiter';
import { Endpoint, tell, type CallTarget, type EndpointOptions } from './endpoint';
import {
  codeForStatus,
  detailsIn,
  errorCodeIn,
  errorMessageIn,
  retryAfterFrom,
  retryLimits,
  runWithRetries,
  schemaProblems,
  type RetryLimits,
  type RetryOptions,
  type RetryPolicy,
} from './transport';
import * as S from './schemas';
import { readQueryPage, UnreadablePageError, type FeedKind, type ReadPage } from './queryPage';
import type {
  Balance,
  ClientEvent,
  ContractCard,
  CardAnswer,
  CardParams,
  ContractCardParams,
  ContractQueryBody,
  ContractQueryPage,
  FilterDeletion,
  FilterPage,
  LedgerPage,
  ListCreateBody,
  ListDetail,
  ListItemsResult,
  ListObject,
  ListPage,
  NumericPageParams,
  PageParams,
  QueryPage,
  UnreadableAnswer,
  TenderCard,
  TenderCardParams,
  TenderQueryBody,
  TenderQueryPage,
  TokenDeletion,
  TokenList,
  TokenResponse,
} from './types';

export type { Sleep } from './transport';

export type ApiClientOptions = RetryOptions & EndpointOptions & {
  /** Ends with `/api/v2` (D-BASE-1), e.g. `http://127.0.0.1:PORT/api/v2`. */
  baseUrl: string;
  /** Share one limiter between all clients of the same account. Default: a private one of 100/min. */
  limiter?: RateLimiter;
  onEvent?: (e: ClientEvent) => void;
  /** A QUERY with `wait` gets at least `wait` + `waitMarginMs` (default 30 s) for headers, and its deadline grows by as much. */
  timeouts?: { waitMarginMs?: number };
  /** Cap of the total time spent waiting out 202 `preparing` in one call; default 10 minutes. */
  maxPreparingWaitMs?: number;
  /** 429 answers waited out before each further one counts as an attempt; default 20. */
  maxRateLimitWaits?: number;
  /**
   * A 429 asking for a longer wait than this (the token-issuing limit answers up to an hour) is not waited out
   * inside the call: it is thrown at once as a retryable `rate_limit_exceeded` with `retryAfterMs`. Default 2 min.
   */
  maxRateLimitWaitMs?: number;
  /**
   * Told of every answer of a route that may charge (QUERY, cards) that the client cannot interpret, before
   * the call fails: it may have been paid for, so the caller keeps it raw (the cache's quarantine)
   * and processes it again after an upgrade. It never carries the token.
   */
  onUnreadable?: (answer: UnreadableAnswer) => void;
};

export type RequestOptions = { signal?: AbortSignal };

// The attempt counts and the backoff are the retry loop's, the same for both generations.
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_UNREACHABLE_ATTEMPTS, DEFAULT_MAX_OVERRUN_ATTEMPTS, DEFAULT_BACKOFF } from './transport';
export { DEFAULT_TIMEOUT_MS, DEFAULT_DEADLINE_MS } from './endpoint';
export const DEFAULT_WAIT_MARGIN_MS = 30_000;
export const DEFAULT_MAX_PREPARING_WAIT_MS = 10 * 60_000;
export const DEFAULT_MAX_RATE_LIMIT_WAITS = 20;
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 120_000;
/** Without a `Retry-After`, a 429 waits a whole window. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;
const DEFAULT_PREPARING_WAIT_MS = 1000;
const MIN_PREPARING_WAIT_MS = 250;

/** A fresh Idempotency-Key (UUID v4, as section 4 advises) for the caller to store in its outbox. */
export const newIdempotencyKey = (): string => randomUUID();

type BalanceKind = 'tenders' | 'contracts';

type Call<T> = CallTarget & {
  body?: unknown;
  idempotencyKey?: string;
  /** Login is the only route without a token (and the service does not rate-count it). */
  anonymous?: boolean;
  schema: z.ZodType<T>;
  headersTimeoutMs?: number;
  balance?: BalanceKind;
  /** Other strings to keep out of errors (the password of a login). */
  secrets?: string[];
  /** QUERY only: 202 is waited out and 409 `cursor_expired` is parsed with this schema. */
  expiredSlice?: z.ZodType<T>;
};

type Final<T> = { data: T; status: number; requestId: string | null; expired: boolean };

export class ApiClient {
  private readonly endpoint: Endpoint;
  private readonly limits: RetryLimits;
  private readonly onEvent: ((e: ClientEvent) => void) | undefined;
  private readonly waitMarginMs: number;
  private readonly maxPreparingWaitMs: number;
  private readonly maxRateLimitWaits: number;
  private readonly maxRateLimitWaitMs: number;
  private readonly onUnreadable: ((answer: UnreadableAnswer) => void) | undefined;

  constructor(opts: ApiClientOptions) {
    this.endpoint = new Endpoint(opts);
    this.limits = retryLimits(opts, abortableSleep);
    this.onEvent = opts.onEvent;
    this.waitMarginMs = opts.timeouts?.waitMarginMs ?? DEFAULT_WAIT_MARGIN_MS;
    this.maxPreparingWaitMs = opts.maxPreparingWaitMs ?? DEFAULT_MAX_PREPARING_WAIT_MS;
    this.maxRateLimitWaits = opts.maxRateLimitWaits ?? DEFAULT_MAX_RATE_LIMIT_WAITS;
    this.maxRateLimitWaitMs = opts.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
    this.onUnreadable = opts.onUnreadable;
  }

  // --- Authentication (4.1-4.4) ----------------------------------------------------------------------------

  /** `POST /auth/login`: a session secret (D-AUTH-1). Needs no token; the password never enters an error. */
  async login(login: string, password: string, tokenName: string, opts: RequestOptions = {}): Promise<TokenResponse> {
    return this.data({
      method: 'POST',
      path: '/auth/login',
      route: 'POST /auth/login',
      query: { login, password, token_name: tokenName },
      anonymous: true,
      schema: S.TokenResponse,
      secrets: [password],
      signal: opts.signal,
    });
  }

  async listTokens(opts: RequestOptions = {}): Promise<TokenList> {
    return this.data({ method: 'GET', path: '/auth/tokens', route: 'GET /auth/tokens', schema: S.TokenList, signal: opts.signal });
  }

  /** The secret in the answer is shown once: store it before anything else. */
  async createToken(name: string, idempotencyKey: string, opts: RequestOptions = {}): Promise<TokenResponse> {
    return this.data({
      method: 'POST',
      path: '/auth/tokens',
      route: 'POST /auth/tokens',
      body: { name },
      idempotencyKey: requireKey(idempotencyKey),
      schema: S.TokenResponse,
      signal: opts.signal,
    });
  }

  async revokeToken(tokenId: number, idempotencyKey: string, opts: RequestOptions = {}): Promise<TokenDeletion> {
    return this.data({
      method: 'DELETE',
      path: `/auth/tokens/${encodeURIComponent(String(tokenId))}`,
      route: 'DELETE /auth/tokens/{token_id}',
      subject: { kind: 'token', id: String(tokenId) },
      idempotencyKey: requireKey(idempotencyKey),
      schema: S.TokenDeletion,
      signal: opts.signal,
    });
  }

  // --- QUERY (4.5, 4.7) ------------------------------------------------------------------------------------

  async queryTenders(body: TenderQueryBody, opts: RequestOptions = {}): Promise<TenderQueryPage> {
    return this.query('/tenders/query', body, 'tender', 'tenders', opts);
  }

  async queryContracts(body: ContractQueryBody, opts: RequestOptions = {}): Promise<ContractQueryPage> {
    return this.query('/contracts/query', body, 'contract', 'contracts', opts);
  }

  // --- Cards (4.6, 4.8) ------------------------------------------------------------------------------------

  /** The card and the request id that delivered it (from the body or the `X-Request-Id` header). */
  async tenderCard(id: number | string, params: TenderCardParams = {}, opts: RequestOptions = {}): Promise<CardAnswer<TenderCard>> {
    return this.card('tenders', id, params.idType, params, S.TenderCard, opts);
  }

  async contractCard(id: number | string, params: ContractCardParams = {}, opts: RequestOptions = {}): Promise<CardAnswer<ContractCard>> {
    return this.card('contracts', id, params.idType, params, S.ContractCard, opts);
  }

  private async card<C extends { request_id?: string }>(
    balance: BalanceKind,
    id: number | string,
    idType: string | undefined,
    params: CardParams,
    schema: z.ZodType<C>,
    opts: RequestOptions,
  ): Promise<CardAnswer<C>> {
    const final = await this.run({
      method: 'GET',
      path: `/${balance}/${encodeURIComponent(String(id))}`,
      route: balance === 'tenders' ? 'GET /tenders/{tender_id}' : 'GET /contracts/{contract_id}',
      subject: balance === 'tenders' ? { kind: 'tender', id: String(id), external: idType === 'external' } : { kind: 'contract', id: String(id), registry: idType === 'reestr' },
      query: { id_type: idType, positions_page: params.positionsPage, positions_limit: params.positionsLimit },
      schema,
      balance,
      signal: opts.signal,
    });
    return { card: final.data, requestId: final.requestId };
  }

  // --- Lists (4.9-4.13) ------------------------------------------------------------------------------------

  async createList(list: ListCreateBody, idempotencyKey: string, opts: RequestOptions = {}): Promise<ListObject> {
    const body: Record<string, unknown> = { name: list.name };
    if (list.description !== undefined) body.description = list.description;
    if (list.metadata !== undefined) body.metadata = list.metadata;
    return this.data({
      method: 'POST',
      path: '/lists',
      route: 'POST /lists',
      body,
      idempotencyKey: requireKey(idempotencyKey),
      schema: S.ListObject,
      signal: opts.signal,
    });
  }

  async lists(page: PageParams = {}, opts: RequestOptions = {}): Promise<ListPage> {
    return this.data({
      method: 'GET',
      path: '/lists',
      route: 'GET /lists',
      query: { limit: page.limit, starting_after: page.startingAfter },
      schema: S.ListPage,
      signal: opts.signal,
    });
  }

  async list(listId: string, page: NumericPageParams = {}, opts: RequestOptions = {}): Promise<ListDetail> {
    return this.data({
      method: 'GET',
      path: `/lists/${encodeURIComponent(listId)}`,
      route: 'GET /lists/{list_id}',
      subject: { kind: 'list', id: listId },
      query: { limit: page.limit, starting_after: page.startingAfter },
      schema: S.ListDetail,
      signal: opts.signal,
    });
  }

  async addListItems(listId: string, ids: number[], idempotencyKey: string, opts: RequestOptions = {}): Promise<ListItemsResult> {
    return this.data({
      method: 'POST',
      path: `/lists/${encodeURIComponent(listId)}/items`,
      route: 'POST /lists/{list_id}/items',
      subject: { kind: 'list', id: listId },
      body: { ids },
      idempotencyKey: requireKey(idempotencyKey),
      schema: S.ListItemsResult,
      signal: opts.signal,
    });
  }

  async removeListItems(listId: string, ids: number[], idempotencyKey: string, opts: RequestOptions = {}): Promise<ListItemsResult> {
    return this.data({
      method: 'DELETE',
      path: `/lists/${encodeURIComponent(listId)}/items`,
      route: 'DELETE /lists/{list_id}/items',
      subject: { kind: 'list', id: listId },
      body: { ids },
      idempotencyKey: requireKey(idempotencyKey),
      schema: S.ListItemsResult,
      signal: opts.signal,
    });
  }

  // --- Filters (4.14, 4.15) --------------------------------------------------------------------------------

  async filters(page: PageParams = {}, opts: RequestOptions = {}): Promise<FilterPage> {
    return this.data({
      method: 'GET',
      path: '/filters',
      route: 'GET /filters',
      query: { limit: page.limit, starting_after: page.startingAfter },
      schema: S.FilterPage,
      signal: opts.signal,
    });
  }

  async deleteFilter(filterId: string, idempotencyKey: string, opts: RequestOptions = {}): Promise<FilterDeletion> {
    return this.data({
      method: 'DELETE',
      path: `/filters/${encodeURIComponent(filterId)}`,
      route: 'DELETE /filters/{filter_id}',
      subject: { kind: 'filter', id: filterId },
      idempotencyKey: requireKey(idempotencyKey),
      schema: S.FilterDeletion,
      signal: opts.signal,
    });
  }

  // --- Balance (4.16, 4.17) --------------------------------------------------------------------------------

  async balance(opts: RequestOptions = {}): Promise<Balance> {
    return this.data({ method: 'GET', path: '/balance', route: 'GET /balance', schema: S.Balance, signal: opts.signal });
  }

  async ledger(page: NumericPageParams = {}, opts: RequestOptions = {}): Promise<LedgerPage> {
    return this.data({
      method: 'GET',
      path: '/balance/ledger',
      route: 'GET /balance/ledger',
      query: { limit: page.limit, starting_after: page.startingAfter },
      schema: S.LedgerPage,
      signal: opts.signal,
    });
  }

  // --- Machinery -------------------------------------------------------------------------------------------

  private async data<T>(call: Call<T>): Promise<T> {
    return (await this.run(call)).data;
  }

  private async query(
    path: '/tenders/query' | '/contracts/query',
    body: TenderQueryBody | ContractQueryBody,
    kind: FeedKind,
    balance: BalanceKind,
    opts: RequestOptions,
  ): Promise<QueryPage> {
    const waitS = typeof body.wait === 'number' && body.wait > 0 ? body.wait : 0;
    const final = await this.run({
      method: 'POST',
      path,
      route: `POST ${path}`,
      ...withSubject(querySubject(body as Record<string, unknown>)),
      body,
      schema: readable(S.QueryEnvelope, kind),
      expiredSlice: readable(S.ExpiredSlice, kind),
      balance,
      signal: opts.signal,
      headersTimeoutMs: waitS > 0 ? Math.max(this.endpoint.headersMs, waitS * 1000 + this.waitMarginMs) : undefined,
    });
    const { env, page } = final.data;
    return {
      filterId: env.filter_id,
      state: page.state,
      applied: env.applied ?? null,
      results: page.items,
      nextCursor: env.next_cursor,
      total: env.total,
      charges: page.charges,
      expiresAt: env.expires_at ?? null,
      freshness: env.freshness,
      // The body's request_id, read (and cleared of secrets) by transport's requestIdIn, else the header's.
      requestId: final.requestId,
      cursorExpired: final.expired,
      raw: env,
    };
  }

  /** One logical call: transport's retry loop, reading the answers by `policy`. */
  private async run<T>(call: Call<T>): Promise<Final<T>> {
    // Serialized once: every attempt sends exactly these bytes (section 3 "byte for byte", D-IDEM-2).
    const bodyText = call.body === undefined ? undefined : JSON.stringify(call.body);
    return (await runWithRetries(this.limits, this.policy(call, bodyText))).result;
  }

  /**
   * What the current generation reads its own way (the loop does the rest): a 429 waits `Retry-After` and
   * holds every caller of the shared limiter; 202 `preparing` is waited out and 409 `cursor_expired` is a page
   * (QUERY only); only a 200 is a success; an unreadable answer of a charging route is kept; an error names
   * the balance its route charges.
   */
  private policy<T>(call: Call<T>, bodyText: string | undefined): RetryPolicy<Final<T>> {
    let rateLimitWaits = 0;
    let preparingWaitedMs = 0;
    return {
      route: call.route,
      signal: call.signal,
      attempt: () =>
        this.endpoint.attempt(call, {
          body: bodyText,
          credential: call.anonymous ? null : (token) => ({ authorization: `Bearer ${token}` }),
          headers: call.idempotencyKey !== undefined ? { 'idempotency-key': call.idempotencyKey } : undefined,
          // A long poll's longer wait for headers lengthens the deadline by as much.
          headersTimeoutMs: call.headersTimeoutMs,
          errorSecrets: call.secrets,
        }),
      // What the call was about is named by a 404; a call about nothing in particular names its route.
      error: (init) => new ApiError({ balance: call.balance, subject: call.subject ?? { kind: 'route', route: call.route }, ...init, message: this.redact(init.message, call) }),
      onRetry: (e) => this.emit(e),
      // A route that charges (QUERY, cards) is not free; a mutation is idempotent under its key; login is neither.
      idempotentAndFree: !call.balance && (call.method === 'GET' || call.idempotencyKey !== undefined),
      codeIn: errorCodeIn,
      messageIn: (json) => errorMessageIn(json) ?? 'no error body',
      // Nothing of a 202 body is required (an empty or foreign body is still "repeat later").
      anyBodyOk: (status) => status === 202,

      // 429: wait Retry-After; counts as an attempt only beyond a generous number of waits.
      rateLimited: async ({ status, json, headers, requestId }, ctl) => {
        const retryAfterMs = retryAfterFrom(headers) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
        const rateLimited = (why: string): ApiError =>
          ctl.fail({
            code: errorCodeIn(json) ?? 'rate_limit_exceeded',
            status,
            requestId,
            retryable: true,
            retryAfterMs,
            message: `${call.route} answered 429: ${why}`,
          });
        if (retryAfterMs > this.maxRateLimitWaitMs) throw rateLimited(`asked to wait ${Math.ceil(retryAfterMs / 1000)} s`);
        rateLimitWaits += 1;
        if (rateLimitWaits > this.maxRateLimitWaits && ctl.countFailure()) throw rateLimited(`${rateLimitWaits} times in a row`);
        // The account is over its rate: hold every caller sharing the limiter (login has its own limit).
        if (!call.anonymous) this.endpoint.limiter.pause(retryAfterMs);
        this.emit({ type: 'rate_limited', route: call.route, retryAfterMs, requestId });
        await ctl.wait(retryAfterMs);
      },

      settle: async ({ status, json, headers, text, requestId }, ctl) => {
        if (status === 202 && call.expiredSlice) {
          const prepared = S.PreparingBody.safeParse(json);
          const prep = { data: prepared.success ? prepared.data : ({} as z.infer<typeof S.PreparingBody>) };
          // A floor keeps a `retry_after: 0` from spinning and lets the cap on the total wait be reached.
          const retryAfterMs = Math.max(
            MIN_PREPARING_WAIT_MS,
            prep.data.retry_after !== undefined ? Math.round(prep.data.retry_after * 1000) : (retryAfterFrom(headers) ?? DEFAULT_PREPARING_WAIT_MS),
          );
          if (preparingWaitedMs + retryAfterMs > this.maxPreparingWaitMs) {
            throw ctl.fail({
              code: 'timeout',
              status,
              requestId,
              retryable: true,
              message: `${call.route}: filter ${prep.data.filter_id ?? '?'} still preparing after ${Math.round(preparingWaitedMs / 1000)} s`,
              userMessage:
                'Сервис всё ещё готовит выборку по этому фильтру: повторите синхронизацию через несколько минут, ничего не потеряется.',
            });
          }
          this.emit({
            type: 'preparing',
            route: call.route,
            retryAfterMs,
            filterId: prep.data.filter_id ?? null,
            waitedMs: preparingWaitedMs,
            requestId,
          });
          await ctl.wait(retryAfterMs);
          preparingWaitedMs += retryAfterMs;
          return 'again';
        }

        if (status === 200) {
          const parsed = call.schema.safeParse(json);
          if (!parsed.success) throw this.unreadable(call, status, requestId ?? ctl.lastRequestId(), text, parsed.error);
          return { result: { data: parsed.data, status, requestId, expired: false } };
        }

        if (status === 409 && call.expiredSlice && errorCodeIn(json) === 'cursor_expired') {
          const parsed = call.expiredSlice.safeParse(json);
          if (!parsed.success) throw this.unreadable(call, status, requestId ?? ctl.lastRequestId(), text, parsed.error);
          return { result: { data: parsed.data, status, requestId, expired: true } };
        }
        return null;
      },

      clientError: ({ status, json }) => ({ code: errorCodeIn(json) ?? codeForStatus(status), details: detailsIn(json) }),
      // The last unreadable answer of a route that may charge is kept: it may be all there is of a paid delivery.
      keepUnreadable: ({ status, requestId, text }, reason) => void this.quarantine(call, status, requestId, text, reason),
    };
  }

  /** A success the client cannot read: kept (when the route may charge) and reported as `bad_response`. */
  private unreadable(call: Call<unknown>, status: number, requestId: string | null, text: string, error: z.ZodError): ApiError {
    const { details, reason } = schemaProblems(error);
    const kept = this.quarantine(call, status, requestId, text, reason);
    return new ApiError({
      code: 'bad_response',
      status,
      requestId,
      retryable: false,
      details,
      balance: call.balance,
      message: this.redact(`${call.route} answered ${status} with an unexpected body: ${reason}`, call),
      userMessage: kept
        ? 'Сервер прислал ответ, который эта версия программы не может прочитать. Ответ сохранён в карантин и будет ' +
          'обработан после обновления программы; повторно за него платить не придётся.' +
          (requestId ? ` Номер запроса: ${requestId}.` : '')
        : undefined,
    });
  }

  /** Hands an unreadable answer of a charging route to `onUnreadable`; true when it was kept. */
  private quarantine(call: Call<unknown>, status: number, requestId: string | null, text: string, reason: string): boolean {
    if (!call.balance || !this.onUnreadable) return false;
    const query: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) query[k] = v;
    try {
      this.onUnreadable({
        route: call.route,
        path: call.path,
        query,
        requestBody: call.body === undefined ? null : JSON.stringify(call.body),
        status,
        requestId,
        receivedAt: new Date().toISOString(),
        body: text,
        reason: this.redact(reason, call),
        balance: call.balance,
      });
      return true;
    } catch {
      // The caller's store failed: the call still fails with bad_response, and the audit will show the
      // ledger row this answer paid for as unexplained rather than hide it.
      return false;
    }
  }

  private redact(text: string, call: Call<unknown>): string {
    return redactSecrets(text, [this.endpoint.lastToken, ...(call.secrets ?? [])]);
  }

  private emit(e: ClientEvent): void {
    tell(this.onEvent, e);
  }
}

/** A QUERY envelope checked and read (queryPage.ts): a page whose items cannot be read fails the schema. */
function readable<E extends z.infer<typeof S.QueryEnvelope>>(
  schema: z.ZodType<E>,
  kind: FeedKind,
): z.ZodType<{ env: E; page: ReadPage }> {
  return schema.transform((env, ctx) => {
    try {
      return { env, page: readQueryPage(env, kind) };
    } catch (e) {
      if (!(e instanceof UnreadablePageError)) throw e;
      ctx.addIssue({ code: 'custom', message: e.reason, input: env });
      return z.NEVER;
    }
  });
}

const withSubject = (subject: NotFoundSubject | undefined): { subject?: NotFoundSubject } => (subject ? { subject } : {});

function requireKey(key: string): string {
  if (typeof key !== 'string' || key.trim() === '') {
    throw new TypeError('Mutations need an Idempotency-Key: create one (newIdempotencyKey()), store it in the outbox, then call.');
  }
  if (key.length > 255) throw new TypeError('An Idempotency-Key is at most 255 characters.');
  return key;
}
