/**
 * The 17 routes of the current generation, matched by the sandbox's one router (`../http/router.ts`). Each
 * route names the schemas its request is checked with (`validated`: 422/400 on bad input) and the answers it
 * gives (`doc`); the OpenAPI document (`./openapi.ts`) is generated from this table, so it says what the
 * routes check and answer. Errors are thrown as ApiError and shaped by the server.
 */
import type { z } from 'zod';
import { ok, validated, type ApiResult, type RouteContext, type RouteRequest } from './context';
import { contractQuery, tenderQuery } from './query';
import {
  CollectionQuery, ContractCardQuery, ContractIdPath, ContractQueryBody, ContractQueryRequest, FilterIdPath, LedgerQuery,
  ListCreateRequest, ListDetailQuery, ListIdPath, ListItemsRequest, LoginQuery, TenderCardQuery, TenderIdPath, TenderQueryBody,
  TenderQueryRequest, TokenCreateRequest, TokenIdPath,
} from './schemas';
import * as A from './responses';
import { assertMetadataSize } from '../service/lists';
import { moscowIso } from '../service/clock';
import { usageToday } from '../service/billing';
import { emptyCollectionPage } from '../service/conduct';
import type { RoutePath } from '../http/router';

/** One answer a route gives: its status, what it means, and its body's schema. */
export type RouteAnswer = { status: number; description: string; schema: z.ZodType; headers?: Record<string, string> };

/** What the document says of a route beyond its request: a summary, the answers, and the body as documented. */
export type RouteDoc = {
  summary: string;
  description?: string;
  /** Success answers (200, and 202 `preparing` for QUERY). */
  answers: RouteAnswer[];
  /** Error answers: status -> the codes this route can give with it (401/422/429/500 are added by the document). */
  errors: Partial<Record<400 | 402 | 404 | 409, { codes: readonly [string, ...string[]]; when: string }>>;
  /** The body as the document shows it, when the route's parse schema is flatter than its rule (QUERY's oneOf). */
  body?: z.ZodType;
};

export type RouteSpec = RoutePath & {
  /** No token needed (login only). */
  public?: boolean;
  /** Needs an Idempotency-Key (every mutation but QUERY and login). */
  mutation?: boolean;
  /** A QUERY route: the only kind that a `preparing` fault affects. */
  query?: boolean;
  /** The schemas the request is checked with (see `validated`). */
  request: RouteRequest;
  doc: RouteDoc;
  handler: (ctx: RouteContext) => ApiResult | Promise<ApiResult>;
};

const answer = (schema: z.ZodType, description = 'OK'): RouteAnswer => ({ status: 200, description, schema });
const invalid = (when: string) => ({ 400: { codes: ['validation_error'] as const, when } });
const mutationErrors = {
  400: { codes: ['idempotency_key_required', 'validation_error'] as const, when: 'No Idempotency-Key, the key used for another request, or a bad body.' },
};
const missing = (what: string) => ({ 404: { codes: ['not_found'] as const, when: what } });

const queryDoc = (kind: 'tender' | 'contract', body: z.ZodType): RouteDoc => ({
  summary: kind === 'tender' ? 'Tender search and feed (QUERY)' : 'Contracts over a set of procurements',
  body,
  answers: [
    answer(kind === 'tender' ? A.TenderPage : A.ContractPage, 'A page of the feed (state ready or partial).'),
    {
      status: 202,
      description: 'preparing: nothing to read yet; repeat the same request after retry_after seconds.',
      schema: A.Preparing,
      headers: { 'Retry-After': 'Seconds to wait (the default sandbox; the body always has retry_after).' },
    },
    {
      status: 409,
      description: 'cursor_expired: the feed was rebuilt; the body is a fresh slice with a new cursor and the error object.',
      schema: kind === 'tender' ? A.TenderCursorExpired : A.ContractCursorExpired,
    },
  ],
  errors: {
    400: {
      codes: ['validation_error', 'invalid_cursor'],
      when: 'More than one way to give the set, `supplier` on tenders, over 1000 ids, a SupplierFilter without inn and name, a cursor of the other feed, a bad cursor signature.',
    },
    402: { codes: ['balance_exhausted'], when: 'The balance is 0 and no object could be delivered.' },
    404: { codes: ['not_found'], when: 'The filter_id or list_id does not exist (or the list is foreign).' },
  },
});

export const routes: RouteSpec[] = [
  {
    method: 'POST',
    path: '/auth/login',
    public: true,
    doc: {
      summary: 'Token by credentials (the default sandbox: a 30-day session with id 0, D-AUTH-1)',
      answers: [answer(A.TokenResponse)],
      errors: invalid('A body that is not JSON.'),
    },
    ...validated({ query: LoginQuery }, (ctx, { query: q }) => ok(ctx.svc.accounts.login(q.login, q.password, q.token_name))),
  },
  {
    method: 'GET',
    path: '/auth/tokens',
    doc: { summary: 'List API tokens (masked previews, no secrets)', answers: [answer(A.TokenList)], errors: invalid('A body that is not JSON.') },
    ...validated({}, (ctx) => ok(ctx.svc.accounts.listTokens(ctx.principal))),
  },
  {
    method: 'POST',
    path: '/auth/tokens',
    mutation: true,
    doc: {
      summary: 'Create an API token (the secret is shown once)',
      answers: [answer(A.TokenResponse)],
      errors: { ...mutationErrors, 409: { codes: ['api_key_limit_reached'], when: 'Already 20 active tokens.' } },
    },
    ...validated({ body: TokenCreateRequest }, (ctx, { body }) => ok(ctx.svc.accounts.createToken(ctx.principal, body.name))),
  },
  {
    method: 'DELETE',
    path: '/auth/tokens/:token_id',
    mutation: true,
    doc: {
      summary: 'Revoke an API token (id 0, a session: success with no change)',
      answers: [answer(A.TokenDeleted)],
      errors: { ...mutationErrors, ...missing('A foreign or unknown token id.') },
    },
    ...validated({ params: TokenIdPath }, (ctx, { params }) => ok(ctx.svc.accounts.revokeToken(ctx.principal, params.token_id))),
  },
  {
    method: 'POST',
    path: '/tenders/query',
    query: true,
    doc: queryDoc('tender', TenderQueryBody),
    ...validated({ body: TenderQueryRequest }, (ctx, { body }) => tenderQuery(ctx, body)),
  },
  {
    method: 'GET',
    path: '/tenders/:tender_id',
    doc: {
      summary: 'Tender card',
      answers: [answer(A.TenderCard)],
      errors: { ...invalid('A body that is not JSON.'), 402: { codes: ['balance_exhausted'], when: 'A new version and no balance.' }, ...missing('No such tender.') },
    },
    ...validated({ params: TenderIdPath, query: TenderCardQuery }, (ctx, { params, query: q }) =>
      ok(ctx.svc.cards.tender(ctx, params.tender_id, q.id_type ?? 'internal', q.positions_page ?? 1, q.positions_limit ?? 20)),
    ),
  },
  {
    method: 'POST',
    path: '/contracts/query',
    query: true,
    doc: queryDoc('contract', ContractQueryBody),
    ...validated({ body: ContractQueryRequest }, (ctx, { body }) => contractQuery(ctx, body)),
  },
  {
    method: 'GET',
    path: '/contracts/:contract_id',
    doc: {
      summary: 'Contract card',
      answers: [answer(A.ContractCard)],
      errors: { ...invalid('A body that is not JSON.'), 402: { codes: ['balance_exhausted'], when: 'A new version and no balance.' }, ...missing('No such contract.') },
    },
    ...validated({ params: ContractIdPath, query: ContractCardQuery }, (ctx, { params, query: q }) =>
      ok(ctx.svc.cards.contract(ctx, params.contract_id, q.id_type ?? 'internal', q.positions_page ?? 1, q.positions_limit ?? 20)),
    ),
  },
  {
    method: 'POST',
    path: '/lists',
    mutation: true,
    doc: { summary: 'Create a list', answers: [answer(A.ListCreated)], errors: mutationErrors },
    ...validated({ body: ListCreateRequest }, (ctx, { body }) => {
      assertMetadataSize(body.metadata);
      return ok(ctx.svc.lists.create(ctx.principal.accountId, body.name, body.description ?? '', body.metadata ?? {}));
    }),
  },
  {
    method: 'GET',
    path: '/lists',
    doc: { summary: 'Own lists', answers: [answer(A.ListPage)], errors: { ...invalid('A body that is not JSON.'), ...missing('An unknown starting_after (the default sandbox, D-LIST-1).') } },
    ...validated({ query: CollectionQuery }, (ctx, { query: q }) =>
      ok(ctx.svc.lists.page(ctx.principal.accountId, ctx.svc.pageSize(q.limit ?? 20), q.starting_after)),
    ),
  },
  {
    method: 'GET',
    path: '/lists/:list_id',
    doc: { summary: 'List detail and members', answers: [answer(A.ListDetail)], errors: { ...invalid('A body that is not JSON.'), ...missing('No such list, or a foreign one.') } },
    ...validated({ params: ListIdPath, query: ListDetailQuery }, (ctx, { params, query: q }) =>
      ok(ctx.svc.lists.detail(ctx.principal.accountId, params.list_id, ctx.svc.pageSize(q.limit ?? 100), q.starting_after)),
    ),
  },
  {
    method: 'POST',
    path: '/lists/:list_id/items',
    mutation: true,
    doc: {
      summary: 'Add tenders to a list',
      answers: [answer(A.ListItemsAdded)],
      errors: { ...mutationErrors, ...missing('No such list, or an unknown tender id (D-LIST-2).') },
    },
    ...validated({ params: ListIdPath, body: ListItemsRequest }, (ctx, { params, body }) =>
      ok(ctx.svc.lists.add(ctx.principal.accountId, params.list_id, body.ids)),
    ),
  },
  {
    method: 'DELETE',
    path: '/lists/:list_id/items',
    mutation: true,
    doc: { summary: 'Remove tenders from a list', answers: [answer(A.ListItemsRemoved)], errors: { ...mutationErrors, ...missing('No such list.') } },
    ...validated({ params: ListIdPath, body: ListItemsRequest }, (ctx, { params, body }) =>
      ok(ctx.svc.lists.remove(ctx.principal.accountId, params.list_id, body.ids)),
    ),
  },
  {
    method: 'GET',
    path: '/filters',
    doc: { summary: 'Own subscriptions', answers: [answer(A.FilterPage)], errors: { ...invalid('A body that is not JSON.'), ...missing('An unknown starting_after (the default sandbox, D-FLT-1).') } },
    ...validated({ query: CollectionQuery }, (ctx, { query: q }) =>
      ok(ctx.svc.subscriptions.page(ctx.principal.accountId, ctx.svc.pageSize(q.limit ?? 20), q.starting_after)),
    ),
  },
  {
    method: 'DELETE',
    path: '/filters/:filter_id',
    mutation: true,
    doc: { summary: 'Extinguish a subscription', answers: [answer(A.FilterExtinguished)], errors: { ...mutationErrors, ...missing('No live subscription of the caller to that filter.') } },
    ...validated({ params: FilterIdPath }, (ctx, { params }) => ok(ctx.svc.subscriptions.extinguish(ctx.principal.accountId, params.filter_id))),
  },
  {
    method: 'GET',
    path: '/balance',
    doc: { summary: 'Balance and usage today', answers: [answer(A.Balance)], errors: invalid('A body that is not JSON.') },
    ...validated({}, (ctx) => {
      const a = ctx.svc.accounts.account(ctx.principal.accountId);
      const now = ctx.svc.clock.nowMs();
      return ok({
        balance: { tenders: a.balance_tenders, contracts: a.balance_contracts },
        usage_today: usageToday(ctx.svc.db, a.id, now),
        last_updated: moscowIso(now),
      });
    }),
  },
  {
    method: 'GET',
    path: '/balance/ledger',
    doc: { summary: 'Charge ledger', answers: [answer(A.LedgerPage)], errors: invalid('A body that is not JSON.') },
    ...validated({ query: LedgerQuery }, (ctx, { query: q }) => {
      const limit = ctx.svc.pageSize(q.limit ?? 100);
      const after = q.starting_after;
      if (after !== undefined && ctx.svc.conduct.emptyPageOnUnknownStart) {
        const known = ctx.svc.db.prepare('SELECT 1 FROM ledger WHERE account_id = ? AND id = ?').get(ctx.principal.accountId, after);
        if (!known) return ok(emptyCollectionPage());
      }
      const rows = ctx.svc.db
        .prepare(
          `SELECT id, balance_type, amount, object_id, version, filter_id, request_id, created_at FROM ledger
           WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?`,
        )
        .all(ctx.principal.accountId, after ?? 0, limit + 1) as { id: number }[];
      const hasMore = rows.length > limit;
      const data = rows.slice(0, limit);
      return ok({ data, has_more: hasMore, next_cursor: hasMore ? data[data.length - 1]!.id : null });
    }),
  },
];
