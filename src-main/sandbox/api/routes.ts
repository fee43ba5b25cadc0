/**
 * The 17 routes of the current generation, matched by the sandbox's one router (`../http/router.ts`). Each
 * handler parses its input (422/400 on bad input), calls the service, and returns the body; errors are
 * thrown as ApiError and shaped by the server.
 */
import { invalidParameter, ok, parseOr422, queryObject, type ApiResult, type RouteContext } from './context';
import { contractQuery, tenderQuery } from './query';
import { CardQuery, CollectionQuery, LedgerQuery, ListCreateRequest, ListDetailQuery, ListItemsRequest, LoginQuery, TokenCreateRequest } from './schemas';
import { assertMetadataSize } from '../service/lists';
import { moscowIso } from '../service/clock';
import { usageToday } from '../service/billing';
import { emptyCollectionPage } from '../service/conduct';
import { integerParam, objectBody, type RoutePath } from '../http/router';

export type RouteSpec = RoutePath & {
  /** No token needed (login only). */
  public?: boolean;
  /** Needs an Idempotency-Key (every mutation but QUERY and login). */
  mutation?: boolean;
  /** A QUERY route: the only kind that a `preparing` fault affects. */
  query?: boolean;
  handler: (ctx: RouteContext) => ApiResult | Promise<ApiResult>;
};

export const routes: RouteSpec[] = [
  {
    method: 'POST',
    path: '/auth/login',
    public: true,
    handler: (ctx) => {
      const q = parseOr422(LoginQuery, queryObject(ctx.query), 'login parameters');
      return ok(ctx.svc.accounts.login(q.login, q.password, q.token_name));
    },
  },
  { method: 'GET', path: '/auth/tokens', handler: (ctx) => ok(ctx.svc.accounts.listTokens(ctx.principal)) },
  {
    method: 'POST',
    path: '/auth/tokens',
    mutation: true,
    handler: (ctx) => {
      const b = parseOr422(TokenCreateRequest, objectBody(ctx.body) ?? {}, 'token request');
      return ok(ctx.svc.accounts.createToken(ctx.principal, b.name));
    },
  },
  {
    method: 'DELETE',
    path: '/auth/tokens/:token_id',
    mutation: true,
    handler: (ctx) => {
      return ok(ctx.svc.accounts.revokeToken(ctx.principal, integerParam(ctx.params, 'token_id')));
    },
  },
  { method: 'POST', path: '/tenders/query', query: true, handler: tenderQuery },
  {
    method: 'GET',
    path: '/tenders/:tender_id',
    handler: (ctx) => {
      const q = parseOr422(CardQuery, queryObject(ctx.query), 'card parameters');
      const idType = q.id_type ?? 'internal';
      if (idType !== 'internal' && idType !== 'external') throw invalidParameter('id_type', 'one of "internal", "external"');
      return ok(ctx.svc.cards.tender(ctx, ctx.params.tender_id!, idType, q.positions_page ?? 1, q.positions_limit ?? 20));
    },
  },
  { method: 'POST', path: '/contracts/query', query: true, handler: contractQuery },
  {
    method: 'GET',
    path: '/contracts/:contract_id',
    handler: (ctx) => {
      const q = parseOr422(CardQuery, queryObject(ctx.query), 'card parameters');
      const idType = q.id_type ?? 'internal';
      if (idType !== 'internal' && idType !== 'reestr') throw invalidParameter('id_type', 'one of "internal", "reestr"');
      return ok(ctx.svc.cards.contract(ctx, ctx.params.contract_id!, idType, q.positions_page ?? 1, q.positions_limit ?? 20));
    },
  },
  {
    method: 'POST',
    path: '/lists',
    mutation: true,
    handler: (ctx) => {
      const b = parseOr422(ListCreateRequest, objectBody(ctx.body) ?? {}, 'list');
      assertMetadataSize(b.metadata);
      return ok(ctx.svc.lists.create(ctx.principal.accountId, b.name, b.description ?? '', b.metadata ?? {}));
    },
  },
  {
    method: 'GET',
    path: '/lists',
    handler: (ctx) => {
      const q = parseOr422(CollectionQuery, queryObject(ctx.query), 'parameters');
      return ok(ctx.svc.lists.page(ctx.principal.accountId, ctx.svc.pageSize(q.limit ?? 20), q.starting_after));
    },
  },
  {
    method: 'GET',
    path: '/lists/:list_id',
    handler: (ctx) => {
      const q = parseOr422(ListDetailQuery, queryObject(ctx.query), 'parameters');
      return ok(ctx.svc.lists.detail(ctx.principal.accountId, ctx.params.list_id!, ctx.svc.pageSize(q.limit ?? 100), q.starting_after));
    },
  },
  {
    method: 'POST',
    path: '/lists/:list_id/items',
    mutation: true,
    handler: (ctx) => {
      const b = parseOr422(ListItemsRequest, objectBody(ctx.body) ?? {}, 'list items');
      return ok(ctx.svc.lists.add(ctx.principal.accountId, ctx.params.list_id!, b.ids));
    },
  },
  {
    method: 'DELETE',
    path: '/lists/:list_id/items',
    mutation: true,
    handler: (ctx) => {
      const b = parseOr422(ListItemsRequest, objectBody(ctx.body) ?? {}, 'list items');
      return ok(ctx.svc.lists.remove(ctx.principal.accountId, ctx.params.list_id!, b.ids));
    },
  },
  {
    method: 'GET',
    path: '/filters',
    handler: (ctx) => {
      const q = parseOr422(CollectionQuery, queryObject(ctx.query), 'parameters');
      return ok(ctx.svc.subscriptions.page(ctx.principal.accountId, ctx.svc.pageSize(q.limit ?? 20), q.starting_after));
    },
  },
  {
    method: 'DELETE',
    path: '/filters/:filter_id',
    mutation: true,
    handler: (ctx) => ok(ctx.svc.subscriptions.extinguish(ctx.principal.accountId, ctx.params.filter_id!)),
  },
  {
    method: 'GET',
    path: '/balance',
    handler: (ctx) => {
      const a = ctx.svc.accounts.account(ctx.principal.accountId);
      const now = ctx.svc.clock.nowMs();
      return ok({
        balance: { tenders: a.balance_tenders, contracts: a.balance_contracts },
        usage_today: usageToday(ctx.svc.db, a.id, now),
        last_updated: moscowIso(now),
      });
    },
  },
  {
    method: 'GET',
    path: '/balance/ledger',
    handler: (ctx) => {
      const q = parseOr422(LedgerQuery, queryObject(ctx.query), 'parameters');
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
    },
  },
];

