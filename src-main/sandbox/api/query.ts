/**
 * POST /tenders/query and POST /contracts/query (reference 4.5, 4.7, sections 3 and 6, billing 2.6).
 */
import {
  CONTRACT_SET_WAYS, ContractQueryBody, TENDER_SET_WAYS, TenderQueryBody, type ContractQueryRequest, type Criteria, type TenderQueryRequest,
} from './schemas';
import { ok, type ApiResult, type RouteContext } from './context';
import { ApiError, notFound, rateLimited, validationError } from '../service/errors';
import { moscowIso } from '../service/clock';
import { billPage, periodTotal } from '../service/billing';
import type { CursorPayload, EventName, FeedKind } from '../service/cursor';
import type { FeedItem, FeedRow, FilterRow } from '../service/feeds';
import { normalizeSupplier, type SupplierCriteria } from '../service/filterSet';

const MAX_QUERY_IDS = 1000;
const RETRY_AFTER_S = 1;
const POST_FILTER_SCAN = 1000;
const MAX_UNCONFIRMED = 50;
const UNCONFIRMED_TTL_MS = 10 * 60_000;

type Resolved = {
  filter: FilterRow;
  events: EventName[];
  cursor: CursorPayload | null;
  postSupplier: SupplierCriteria | null;
};

const EVENT_ORDER: EventName[] = ['created', 'updated'];

export function tenderQuery(ctx: RouteContext, body: TenderQueryRequest): Promise<ApiResult> {
  return runQuery(ctx, 'tender', body);
}

export function contractQuery(ctx: RouteContext, body: ContractQueryRequest): Promise<ApiResult> {
  return runQuery(ctx, 'contract', body);
}

type AnyQuery = TenderQueryRequest | ContractQueryRequest;

function resolveSet(ctx: RouteContext, kind: FeedKind, body: AnyQuery): Resolved {
  const { svc } = ctx;
  const supplierGiven = 'supplier' in body && body.supplier !== undefined;
  if (kind === 'tender' && supplierGiven) {
    throw validationError('"supplier" is not valid for tenders: a supplier exists only in a contract (use /contracts/query).');
  }
  const supplier = kind === 'contract' ? ((body as ContractQueryRequest).supplier ?? null) : null;
  if (supplier && !supplier.inn?.length && !supplier.name) throw validationError('SupplierFilter needs "inn" or "name".');

  // One way to give the set (4.5 rule 1, 4.7 rule 1), judged by the very union the document shows as oneOf;
  // with a cursor too, so that a body the document refuses is never taken.
  if (!(kind === 'tender' ? TenderQueryBody : ContractQueryBody).safeParse(body).success) {
    throw validationError(
      kind === 'tender'
        ? 'The set is given in exactly one way: criteria, or filter_id, or list_id.'
        : 'The set is given in exactly one way: procurement criteria, filter_id, list_id, tender_ids or supplier.',
    );
  }

  if (body.cursor !== undefined) {
    const cursor = svc.signer.verify(body.cursor);
    if (!cursor) throw new ApiError(400, 'invalid_cursor', 'The cursor signature does not match: send the cursor exactly as it was received.');
    if (cursor.kind !== kind) {
      throw validationError(`This cursor belongs to the ${cursor.kind} feed; send it to /${cursor.kind}s/query.`);
    }
    const filter = svc.feeds.filter(cursor.filterId);
    if (!filter) throw new ApiError(400, 'invalid_cursor', 'The cursor refers to a filter this service does not know.');
    return { filter, events: cursor.events, cursor, postSupplier: supplier ? (normalizeSupplier(supplier) as SupplierCriteria) : null };
  }

  const criteriaKeys: readonly string[] = (kind === 'tender' ? TENDER_SET_WAYS : CONTRACT_SET_WAYS).criteria;
  const b = body as Record<string, unknown>;
  const hasCriteria = criteriaKeys.some((k) => b[k] !== undefined);
  const tenderIds = kind === 'contract' ? (body as ContractQueryRequest).tender_ids : undefined;
  const ids = kind === 'tender' ? (body as TenderQueryRequest).ids : tenderIds;
  if (ids && ids.length > MAX_QUERY_IDS) throw validationError(`At most ${MAX_QUERY_IDS} ids per request.`);
  if (tenderIds && tenderIds.length === 0) throw validationError('"tender_ids" must not be empty.');
  const events = body.events ? EVENT_ORDER.filter((e) => body.events!.includes(e)) : ['created' as const];
  const owner = ctx.principal.accountId;
  let filter: FilterRow;
  let postSupplier: SupplierCriteria | null = null;

  if (body.filter_id !== undefined) {
    const found = svc.feeds.filter(body.filter_id);
    if (!found || (found.way === 'list' && found.owner_account_id !== owner)) throw notFound(`Filter ${body.filter_id} does not exist.`);
    if (kind === 'tender' && (found.way === 'supplier' || found.way === 'tender_ids')) {
      throw validationError('This filter is a contract-only set (a supplier subscription or tender_ids); it has no tender feed.');
    }
    filter = found;
    postSupplier = supplier;
  } else if (body.list_id !== undefined) {
    if (!svc.lists.ownList(owner, body.list_id)) throw notFound(`List ${body.list_id} does not exist.`);
    filter = svc.feeds.ensureFilter({ way: 'list', params: { list_id: body.list_id } }, owner);
    postSupplier = supplier;
  } else if (tenderIds !== undefined) {
    filter = svc.feeds.ensureFilter({ way: 'tender_ids', params: { tender_ids: tenderIds } }, null);
    postSupplier = supplier;
  } else if (kind === 'contract' && supplier && !hasCriteria) {
    filter = svc.feeds.ensureFilter({ way: 'supplier', params: { supplier } }, null);
  } else {
    const criteria: Criteria = {};
    for (const k of criteriaKeys) if (b[k] !== undefined) (criteria as Record<string, unknown>)[k] = b[k];
    if (kind === 'contract') delete criteria.status;
    filter = svc.feeds.ensureFilter({ way: 'criteria', params: criteria }, null);
    postSupplier = supplier;
  }
  return { filter, events, cursor: null, postSupplier: postSupplier ? (normalizeSupplier(postSupplier) as SupplierCriteria) : null };
}

type Subscription = { expires_ms: number; active: number; confirmed: number; contracts_projection: number; created_at: string };

/** Activates or extends the caller's subscription; true when this request must answer `preparing`. */
function touchSubscription(ctx: RouteContext, filter: FilterRow, kind: FeedKind): { mustPrepare: boolean; expiresMs: number } {
  const { svc } = ctx;
  const db = svc.db;
  const now = svc.clock.nowMs();
  const accountId = ctx.principal.accountId;
  const expiresMs = now + svc.subscriptionTtlMs;
  const collected = filter.way !== 'list';
  const sub = db.prepare('SELECT * FROM subscriptions WHERE account_id = ? AND filter_id = ?').get(accountId, filter.filter_id) as
    | Subscription
    | undefined;
  if (!sub) {
    const unconfirmed = (
      db.prepare('SELECT created_at FROM subscriptions WHERE account_id = ? AND confirmed = 0 AND active = 1').all(accountId) as { created_at: string }[]
    ).filter((s) => Date.parse(s.created_at) > now - UNCONFIRMED_TTL_MS).length;
    if (unconfirmed >= MAX_UNCONFIRMED) {
      throw rateLimited(60, `Too many new filters not read yet (${MAX_UNCONFIRMED}); read the ones you created or wait.`);
    }
    db.prepare(
      'INSERT INTO subscriptions(account_id, filter_id, created_at, expires_ms, confirmed, active, contracts_projection) VALUES (?, ?, ?, ?, 0, 1, ?)',
    ).run(accountId, filter.filter_id, moscowIso(now), expiresMs, kind === 'contract' ? 1 : 0);
    return { mustPrepare: collected, expiresMs };
  }
  const lapsed = !sub.active || sub.expires_ms <= now;
  db.prepare(
    'UPDATE subscriptions SET expires_ms = ?, active = 1, contracts_projection = max(contracts_projection, ?) WHERE account_id = ? AND filter_id = ?',
  ).run(expiresMs, kind === 'contract' ? 1 : 0, accountId, filter.filter_id);
  return { mustPrepare: lapsed && collected, expiresMs };
}

function preparing(ctx: RouteContext, filter: FilterRow, events: EventName[], kind: FeedKind): ApiResult {
  return {
    status: 202,
    body: {
      filter_id: filter.filter_id,
      state: 'preparing',
      retry_after: RETRY_AFTER_S,
      applied: applied(kind, filter, events),
      request_id: ctx.requestId,
    },
    headers: { 'retry-after': String(RETRY_AFTER_S) },
  };
}

function applied(kind: FeedKind, filter: FilterRow, events: EventName[]): Record<string, unknown> {
  if (kind === 'contract') return { events };
  const params = JSON.parse(filter.params) as { status?: string[] };
  return { events, status: filter.way === 'criteria' ? (params.status ?? ['active']) : ['active', 'cancelled', 'completed'] };
}

async function runQuery(ctx: RouteContext, kind: FeedKind, body: AnyQuery): Promise<ApiResult> {
  const { svc } = ctx;
  const resolved = resolveSet(ctx, kind, body);
  const { filter, events } = resolved;
  const sub = touchSubscription(ctx, filter, kind);
  const feed = svc.feeds.ensureFeed(filter, kind);
  if (ctx.forcePreparing || sub.mustPrepare) return preparing(ctx, filter, events, kind);
  if (feed.state === 'collecting' && feed.next_pos === 1) return preparing(ctx, filter, events, kind);

  const limit = svc.pageSize(body.limit ?? 100);
  const expired = resolved.cursor !== null && resolved.cursor.generation !== feed.generation;
  const startPos = expired || !resolved.cursor ? 0 : resolved.cursor.position;
  const deadline = Date.now() + (body.wait ?? 0) * 1000;

  for (;;) {
    const page = readAndBill(ctx, feed.id, kind, filter, events, startPos, limit, resolved.postSupplier);
    const current = svc.feeds.feedById(feed.id);
    const waitMore = page.results.length === 0 && current.state === 'ready' && Date.now() < deadline && !expired && page.advancedTo === startPos;
    if (waitMore) {
      await waitForChange(svc.feeds.events, feed.id, deadline - Date.now());
      // A reset while this request waited closed the state it was reading.
      if (!svc.db.open) throw new ApiError(503, 'internal_error', 'The sandbox was reset while this request waited; repeat it.');
      continue;
    }
    if (page.nothingAffordable) {
      throw new ApiError(402, 'balance_exhausted', `The ${kind === 'tender' ? 'tenders' : 'contracts'} balance is exhausted; top up to continue from the same cursor.`);
    }
    svc.db.prepare('UPDATE subscriptions SET confirmed = 1 WHERE account_id = ? AND filter_id = ?').run(ctx.principal.accountId, filter.filter_id);
    const envelope: Record<string, unknown> = {
      filter_id: filter.filter_id,
      state: current.state === 'ready' ? 'ready' : 'partial',
      applied: applied(kind, filter, events),
      results: page.results,
      next_cursor: svc.signer.sign({ filterId: filter.filter_id, kind, events, generation: current.generation, position: page.advancedTo }),
    };
    if (current.state === 'ready') {
      envelope.total = resolved.postSupplier ? svc.feeds.countMembersBySupplier(feed.id, resolved.postSupplier) : current.members;
    }
    envelope.billed = page.billed;
    envelope.expires_at = moscowIso(sub.expiresMs);
    if (kind === 'contract') envelope.freshness = { last_polled_at: moscowIso(svc.lastContractPollMs) };
    envelope.request_id = ctx.requestId;
    if (expired) {
      throw new ApiError(409, 'cursor_expired', 'The feed was rebuilt; continue from the fresh slice and its next_cursor (objects you already have are free).', {
        body: envelope,
      });
    }
    return ok(envelope);
  }
}

function waitForChange(events: NodeJS.EventEmitter, feedId: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const onChange = (id: number): void => {
      if (id === feedId) done();
    };
    const timer = setTimeout(() => done(), Math.max(0, ms));
    function done(): void {
      clearTimeout(timer);
      events.off('changed', onChange);
      resolve();
    }
    events.on('changed', onChange);
  });
}

function readAndBill(
  ctx: RouteContext,
  feedId: number,
  kind: FeedKind,
  filter: FilterRow,
  events: EventName[],
  startPos: number,
  limit: number,
  postSupplier: SupplierCriteria | null,
): { results: Record<string, unknown>[]; advancedTo: number; billed: Record<string, unknown>; nothingAffordable: boolean } {
  const { svc } = ctx;
  const nowMs = svc.clock.nowMs();
  return svc.db.transaction(() => {
    let items: FeedItem[];
    let scannedTo = startPos;
    if (postSupplier) {
      const scanned = svc.feeds.readItems(feedId, startPos, events, POST_FILTER_SCAN);
      items = [];
      for (const it of scanned) {
        if (items.length === limit) break;
        scannedTo = it.pos;
        if (svc.feeds.contractMatchesSupplier(it.object_id, postSupplier)) items.push(it);
      }
    } else {
      items = svc.feeds.readItems(feedId, startPos, events, limit);
      scannedTo = items.length ? items[items.length - 1]!.pos : startPos;
    }
    const balanceType = kind === 'tender' ? 'tenders' : 'contracts';
    const bill = billPage(
      svc.db,
      { accountId: ctx.principal.accountId, isTest: ctx.principal.isTest, balanceType, filterId: filter.filter_id, requestId: ctx.requestId, nowMs },
      items,
    );
    // Cut page: the cursor points before the first unpaid object (2.6 rule 7).
    const advancedTo = bill.exhausted ? (bill.delivered.length ? bill.delivered[bill.delivered.length - 1]!.pos : startPos) : scannedTo;
    const results = bill.delivered.map((d) => ({
      event: d.event,
      version: d.version,
      billed: d.billed,
      [kind]: kind === 'tender' ? svc.render.tenderSummary(d.object_id, d.version) : svc.render.contractSummary(d.object_id, d.version),
    }));
    return {
      results,
      advancedTo,
      nothingAffordable: bill.exhausted && bill.delivered.length === 0,
      billed: {
        created: bill.created,
        updated: bill.updated,
        free: bill.free,
        period_total: ctx.principal.isTest ? 0 : periodTotal(svc.db, ctx.principal.accountId, balanceType, nowMs),
        balance_exhausted: bill.exhausted,
      },
    };
  })();
}

export type { FeedRow };
