/**
 * The 14 routes of the earlier generation (reference document 2, section 4), relative to `/legacy/api/v2`,
 * matched by the sandbox's one router (`../http/router.ts`).
 * Query parameters are parsed with schemas (422 on a bad or unknown parameter, D-E-ERR-2); paging is by
 * `page` (default 1) and `page_size` (default 20, at most 100, section 8). In strict mode (`./strict.ts`)
 * unknown parameters are ignored, the token routes answer other shapes, and `GET /filters` and
 * `GET /balance/history` ignore paging.
 */
import { z } from 'zod';
import { parseOr422, queryObject } from '../api/context';
import { TokenCreateRequest } from '../api/schemas';
import type { Caller } from '../service/caller';
import type { SandboxService } from '../service/sandboxService';
import type { EarlierService, Paging } from './service';
import { strictTokenCreated, strictTokenList } from './strict';
import { integerParam, objectBody, type RoutePath } from '../http/router';

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

export type EarlierRoute = RoutePath & {
  /** Data routes need an active license (D-E-LIC-2); balance and token routes do not. */
  licensed: boolean;
  handler: (ctx: EarlierContext) => EarlierAnswer;
};

const page = z.coerce.number().int().min(1).max(1_000_000).optional();
const pageSize = z.coerce.number().int().min(1).max(100).optional();

const PagingQuery = z.strictObject({ page, page_size: pageSize });
const TendersQuery = z.strictObject({ filter_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER), page, page_size: pageSize });
const DetailQuery = z.strictObject({ positions_page: page, positions_page_size: pageSize });

const paging = (q: { page?: number; page_size?: number }): Paging => ({ page: q.page ?? 1, pageSize: q.page_size ?? 20 });

/** The query by its schema; strict mode drops the parameters the schema does not know instead of a 422. */
function queryOf<S extends z.ZodObject>(ctx: EarlierContext, schema: S): z.infer<S> {
  const q = queryObject(ctx.query);
  if (ctx.strict) for (const k of Object.keys(q)) if (!(k in schema.shape)) delete q[k];
  return parseOr422(schema, q, 'parameters');
}

/** Strict `GET /filters` and `GET /balance/history`: paging parameters ignored, the whole list at once. */
const WHOLE: Paging = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };

function wholeList(answer: Record<string, unknown>, key: 'filters' | 'transactions'): Record<string, unknown> {
  return { [key]: answer[key], total: answer.total };
}

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
    handler: (ctx) => {
      const made = ctx.svc.accounts.createToken(ctx.principal, tokenName(ctx.body));
      return ctx.strict ? strictTokenCreated(made) : made;
    },
  },
  {
    method: 'GET',
    path: '/tokens',
    licensed: false,
    handler: (ctx) => {
      const list = ctx.svc.accounts.listTokens(ctx.principal);
      return ctx.strict ? strictTokenList(list) : list;
    },
  },
  {
    method: 'DELETE',
    path: '/tokens/:id',
    licensed: false,
    handler: (ctx) => {
      const done = ctx.svc.accounts.revokeToken(ctx.principal, integerParam(ctx.params, 'id'));
      return ctx.strict ? NO_CONTENT : done;
    },
  },
  {
    method: 'GET',
    path: '/tenders',
    licensed: true,
    handler: (ctx) => {
      const q = queryOf(ctx, TendersQuery);
      return ctx.earlier.tenders(ctx.principal.accountId, q.filter_id, paging(q));
    },
  },
  {
    method: 'GET',
    path: '/tenders/:id',
    licensed: true,
    handler: (ctx) => {
      const q = queryOf(ctx, DetailQuery);
      const id = integerParam(ctx.params, 'id');
      return ctx.earlier.tender(ctx.principal.accountId, id, { page: q.positions_page ?? 1, pageSize: q.positions_page_size ?? 20 });
    },
  },
  {
    method: 'GET',
    path: '/tenders/:id/positions',
    licensed: true,
    handler: (ctx) => {
      const q = queryOf(ctx, PagingQuery);
      const id = integerParam(ctx.params, 'id');
      return ctx.earlier.positions(ctx.principal.accountId, id, paging(q));
    },
  },
  {
    method: 'GET',
    path: '/filters',
    licensed: true,
    handler: (ctx) =>
      ctx.strict
        ? wholeList(ctx.earlier.filters(ctx.principal.accountId, WHOLE), 'filters')
        : ctx.earlier.filters(ctx.principal.accountId, paging(queryOf(ctx, PagingQuery))),
  },
  {
    method: 'GET',
    path: '/filters/:id',
    licensed: true,
    handler: (ctx) => ctx.earlier.filter(ctx.principal.accountId, integerParam(ctx.params, 'id')),
  },
  {
    method: 'GET',
    path: '/favorites',
    licensed: true,
    handler: (ctx) => ctx.earlier.favorites(ctx.principal.accountId, paging(queryOf(ctx, PagingQuery))),
  },
  // Before /favorites/:tender_id so that "updates" is never read as a platform id.
  {
    method: 'GET',
    path: '/favorites/updates',
    licensed: true,
    handler: (ctx) => ctx.earlier.favoriteUpdates(ctx.principal.accountId, paging(queryOf(ctx, PagingQuery))),
  },
  {
    method: 'POST',
    path: '/favorites/:tender_id',
    licensed: true,
    handler: (ctx) => ctx.earlier.addFavorite(ctx.principal.accountId, ctx.params.tender_id!),
  },
  {
    method: 'DELETE',
    path: '/favorites/:tender_id',
    licensed: true,
    handler: (ctx) => ctx.earlier.removeFavorite(ctx.principal.accountId, ctx.params.tender_id!),
  },
  { method: 'GET', path: '/balance', licensed: false, handler: (ctx) => ctx.earlier.balance(ctx.principal.accountId) },
  {
    method: 'GET',
    path: '/balance/history',
    licensed: false,
    handler: (ctx) =>
      ctx.strict
        ? wholeList(ctx.earlier.history(ctx.principal.accountId, WHOLE), 'transactions')
        : ctx.earlier.history(ctx.principal.accountId, paging(queryOf(ctx, PagingQuery))),
  },
];
