/**
 * The 14 routes of the earlier generation (reference document 2, section 4), relative to `/legacy/api/v2`,
 * matched by the sandbox's one router (`../http/router.ts`).
 * Query parameters are parsed with schemas (422 on a bad or unknown parameter, D-E-ERR-2); paging is by
 * `page` (default 1) and `page_size` (default 20, at most 100, section 8). In strict mode (`./strict.ts`)
 * unknown parameters are ignored, the token routes answer other shapes, and `GET /filters` and
 * `GET /balance/history` ignore paging.
 */
import { z } from 'zod';
import { parseOr422, queryObject, type RouteRequest } from '../api/context';
import { integerParameter, TokenCreateRequest } from '../api/schemas';
import type { Caller } from '../service/caller';
import type { SandboxService } from '../service/sandboxService';
import type { EarlierService, Paging } from './service';
import { strictTokenCreated, strictTokenList } from './strict';
import { objectBody, type RoutePath } from '../http/router';
import * as A from './responses';

export type EarlierContext = Caller & {
  svc: SandboxService;
  earlier: EarlierService;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** The strict mode of `./strict.ts`. */
  strict: boolean;
};

/** `DELETE /tokens/{id}` in strict mode: 204 without a body. */
export const NO_CONTENT = Symbol('no content');
export type EarlierAnswer = Record<string, unknown> | unknown[] | typeof NO_CONTENT;

/** What the document (`../api/openapi.ts`) says of a route beyond its request schemas. */
export type EarlierDoc = {
  summary: string;
  description?: string;
  answers: { status: number; description: string; schema?: z.ZodType }[];
  /** Error statuses this route can give beyond 401, 422 and 500, with when. */
  errors: Partial<Record<402 | 403 | 404 | 409 | 429, string>>;
};

export type EarlierRoute = RoutePath & {
  /** Data routes need an active license (D-E-LIC-2); balance and token routes do not. */
  licensed: boolean;
  /** The schemas the request is checked with; the document shows these. */
  request: RouteRequest;
  doc: EarlierDoc;
  handler: (ctx: EarlierContext) => EarlierAnswer;
};

const page = integerParameter(z.number().int().min(1).max(1_000_000)).optional().meta({ description: 'Default 1.' });
const pageSize = integerParameter(z.number().int().min(1).max(100)).optional().meta({ description: 'Default 20, at most 100.' });

const PagingQuery = z.strictObject({ page, page_size: pageSize });
const TendersQuery = z.strictObject({
  filter_id: integerParameter(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).meta({ example: 2 }),
  page,
  page_size: pageSize,
});
const DetailQuery = z.strictObject({ positions_page: page, positions_page_size: pageSize });
const IdPath = z.strictObject({ id: integerParameter(z.number().int().nonnegative()).meta({ example: 101 }) });
const EtpIdPath = z.strictObject({ tender_id: z.string().min(1).meta({ description: 'The `etp_id`.', example: '0373100012326000101' }) });


const charging = { 402: 'The balance cannot pay for every new tender of the answer (D-E-BILL-4).', 429: 'The daily limit: retry after 00:00 Moscow time.' };
const unlicensed = { 403: 'No active license (D-E-LIC-2).' };
const ok = (schema: z.ZodType, description = 'OK') => [{ status: 200, description, schema }];

const paging = (q: { page?: number; page_size?: number }): Paging => ({ page: q.page ?? 1, pageSize: q.page_size ?? 20 });

/** The query by its schema; strict mode drops the parameters the schema does not know instead of a 422. */
function queryOf<S extends z.ZodObject>(ctx: EarlierContext, schema: S): z.infer<S> {
  const q = queryObject(ctx.query);
  if (ctx.strict) for (const k of Object.keys(q)) if (!(k in schema.shape)) delete q[k];
  return parseOr422(schema, q, 'parameters');
}

type EarlierRequest = { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType };
type Read<R extends EarlierRequest> = {
  params: R['params'] extends z.ZodObject ? z.output<R['params']> : undefined;
  /** The query, parsed when asked: the strict `GET /filters` and `GET /balance/history` ignore theirs. */
  query: () => R['query'] extends z.ZodObject ? z.output<R['query']> : undefined;
};

/**
 * A route's `request` and a handler that reads its path and query through exactly those schemas (422 on a bad
 * part): the document (`../api/openapi.ts`) shows `request`, so it says what the route checks.
 */
function checked<R extends EarlierRequest>(request: R, handler: (ctx: EarlierContext, read: Read<R>) => EarlierAnswer) {
  return {
    request,
    handler: (ctx: EarlierContext) =>
      handler(ctx, {
        params: request.params ? parseOr422(request.params, ctx.params, 'path parameters') : undefined,
        query: () => (request.query ? queryOf(ctx, request.query) : undefined),
      } as Read<R>),
  };
}

/** Strict `GET /filters` and `GET /balance/history`: paging parameters ignored, the whole list at once. */
const WHOLE: Paging = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };

function wholeList(answer: Record<string, unknown>, key: 'filters' | 'transactions'): Record<string, unknown> {
  return { [key]: answer[key], total: answer.total };
}

/** `POST /tokens` takes an optional body `{"name"}` (D-E-TOK-1; not shown): without one, a default name. */
function tokenName(body: unknown): string {
  const b = objectBody(body);
  return b === undefined ? 'Токен API' : parseOr422(TokenCreateRequest, b, 'token request').name;
}

export const earlierRoutes: EarlierRoute[] = [
  // Tokens (D-E-TOK-1): the account's own tokens, the same ones the current generation lists.
  {
    method: 'POST',
    path: '/tokens',
    licensed: false,
    doc: {
      summary: 'Create an API token (the secret is shown once)',
      answers: ok(A.TokenCreated),
      errors: { 409: 'Already 20 active tokens.', 429: 'More than 200 tokens issued in an hour.' },
    },
    ...checked({ body: TokenCreateRequest }, (ctx) => {
      const made = ctx.svc.accounts.createToken(ctx.principal, tokenName(ctx.body));
      return ctx.strict ? strictTokenCreated(made) : made;
    }),
  },
  {
    method: 'GET',
    path: '/tokens',
    licensed: false,
    doc: { summary: "The user's tokens, without the secrets", answers: ok(A.TokenList), errors: {} },
    ...checked({}, (ctx) => {
      const list = ctx.svc.accounts.listTokens(ctx.principal);
      return ctx.strict ? strictTokenList(list) : list;
    }),
  },
  {
    method: 'DELETE',
    path: '/tokens/:id',
    licensed: false,
    doc: {
      summary: 'Delete a token; it stops working',
      answers: [...ok(A.TokenDeleted), { status: 204, description: 'Deleted (the strict sandbox: no body).' }],
      errors: { 404: 'A foreign or unknown token id.' },
    },
    ...checked({ params: IdPath }, (ctx, read) => {
      const done = ctx.svc.accounts.revokeToken(ctx.principal, read.params.id);
      return ctx.strict ? NO_CONTENT : done;
    }),
  },
  {
    method: 'GET',
    path: '/tenders',
    licensed: true,
    doc: {
      summary: "A filter's tenders (one unit per tender not received before)",
      answers: ok(A.TenderList),
      errors: { ...charging, ...unlicensed, 404: 'No such filter of this account.' },
    },
    ...checked({ query: TendersQuery }, (ctx, read) => {
      const q = read.query();
      return ctx.earlier.tenders(ctx.principal.accountId, q.filter_id, paging(q));
    }),
  },
  {
    method: 'GET',
    path: '/tenders/:id',
    licensed: true,
    doc: { summary: 'Tender detail', answers: ok(A.TenderDetail), errors: { ...charging, ...unlicensed, 404: 'No such tender.' } },
    ...checked({ params: IdPath, query: DetailQuery }, (ctx, read) => {
      const q = read.query();
      return ctx.earlier.tender(ctx.principal.accountId, read.params.id, { page: q.positions_page ?? 1, pageSize: q.positions_page_size ?? 20 });
    }),
  },
  {
    method: 'GET',
    path: '/tenders/:id/positions',
    licensed: true,
    doc: { summary: "A tender's positions", answers: ok(A.PositionList), errors: { ...charging, ...unlicensed, 404: 'No such tender.' } },
    ...checked({ params: IdPath, query: PagingQuery }, (ctx, read) => ctx.earlier.positions(ctx.principal.accountId, read.params.id, paging(read.query()))),
  },
  {
    method: 'GET',
    path: '/filters',
    licensed: true,
    doc: {
      summary: 'Filters (read-only)',
      description: 'Paging is not shown: the default sandbox takes page/page_size; the strict one ignores them and answers every filter.',
      answers: ok(A.FilterList),
      errors: unlicensed,
    },
    ...checked({ query: PagingQuery }, (ctx, read) =>
      ctx.strict ? wholeList(ctx.earlier.filters(ctx.principal.accountId, WHOLE), 'filters') : ctx.earlier.filters(ctx.principal.accountId, paging(read.query())),
    ),
  },
  {
    method: 'GET',
    path: '/filters/:id',
    licensed: true,
    doc: { summary: 'One filter', answers: ok(A.Filter), errors: { ...unlicensed, 404: 'No such filter of this account.' } },
    ...checked({ params: IdPath }, (ctx, read) => ctx.earlier.filter(ctx.principal.accountId, read.params.id)),
  },
  {
    method: 'GET',
    path: '/favorites',
    licensed: true,
    doc: { summary: 'Favorites', answers: ok(A.Favorites), errors: unlicensed },
    ...checked({ query: PagingQuery }, (ctx, read) => ctx.earlier.favorites(ctx.principal.accountId, paging(read.query()))),
  },
  // Before /favorites/:tender_id so that "updates" is never read as a platform id.
  {
    method: 'GET',
    path: '/favorites/updates',
    licensed: true,
    doc: {
      summary: 'Favorites changed after being added (update_date > favorited_at)',
      answers: ok(A.FavoriteUpdates),
      errors: { ...charging, ...unlicensed },
    },
    ...checked({ query: PagingQuery }, (ctx, read) => ctx.earlier.favoriteUpdates(ctx.principal.accountId, paging(read.query()))),
  },
  {
    method: 'POST',
    path: '/favorites/:tender_id',
    licensed: true,
    doc: { summary: 'Add a tender to favorites', answers: ok(A.FavoriteChange(true)), errors: { ...unlicensed, 404: 'No tender with that etp_id.' } },
    ...checked({ params: EtpIdPath }, (ctx, read) => ctx.earlier.addFavorite(ctx.principal.accountId, read.params.tender_id)),
  },
  {
    method: 'DELETE',
    path: '/favorites/:tender_id',
    licensed: true,
    doc: { summary: 'Remove a tender from favorites', answers: ok(A.FavoriteChange(false)), errors: { ...unlicensed, 404: 'No tender with that etp_id.' } },
    ...checked({ params: EtpIdPath }, (ctx, read) => ctx.earlier.removeFavorite(ctx.principal.accountId, read.params.tender_id)),
  },
  {
    method: 'GET',
    path: '/balance',
    licensed: false,
    doc: { summary: 'Balances, daily limits and the license', answers: ok(A.Balance), errors: {} },
    ...checked({}, (ctx) => ctx.earlier.balance(ctx.principal.accountId)),
  },
  {
    method: 'GET',
    path: '/balance/history',
    licensed: false,
    doc: {
      summary: 'Balance transactions',
      description: 'Paging is not shown: the default sandbox takes page/page_size; the strict one ignores them and answers every transaction.',
      answers: ok(A.History),
      errors: {},
    },
    ...checked({ query: PagingQuery }, (ctx, read) =>
      ctx.strict
        ? wholeList(ctx.earlier.history(ctx.principal.accountId, WHOLE), 'transactions')
        : ctx.earlier.history(ctx.principal.accountId, paging(read.query())),
    ),
  },
];
