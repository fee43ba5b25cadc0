/**
 * The strict sandbox's edge (docs/api-decisions.md, "Strict sandbox"). Every answer of
 * the current generation is reshaped here after the service built it, so that it carries only what the
 * reference states and makes the other plausible choice wherever the reference says "not shown". A client
 * that works against this and against the default sandbox leans on nothing the reference does not promise.
 * Choices that change behaviour rather than shape (page cap, `starting_after`, TTL, collection pace,
 * login) are the service's Conduct (service/conduct.ts).
 */
import type { ApiResult } from '../api/context';

/** What the edge knows of the request: its route (`POST /tenders/query`, null before routing) and parsed body. */
export type StrictRequest = { route: string | null; body: unknown };

type Json = Record<string, unknown>;
/** A projection: `true` keeps a value as it is, an object keeps only the keys it names, `[spec]` maps an array. */
type Spec = true | Fields | readonly [Spec];
type Fields = { readonly [key: string]: Spec };

const fields = (...names: string[]): Fields => Object.fromEntries(names.map((n) => [n, true as Spec]));

function project(value: unknown, spec: Spec): unknown {
  if (spec === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(spec)) return Array.isArray(value) ? value.map((v) => project(v, (spec as readonly [Spec])[0])) : value;
  const source = value as Json;
  const out: Json = {};
  for (const [key, inner] of Object.entries(spec as Fields)) if (key in source) out[key] = project(source[key], inner);
  return out;
}

const REF = fields('id', 'name');
/** Document 2's tender list item (2.1) without `is_new`: the only tender fields any document lists (d). */
const TENDER: Fields = {
  ...fields('id', 'etp_id', 'name', 'price', 'publish_date', 'end_date', 'update_date', 'end_date_computed'),
  region: REF,
  platform: REF,
  status: REF,
  organization: fields('name', 'inn'),
};
/** Document 2's tender detail (2.3): no version, no billed, no request_id (e). */
const TENDER_CARD: Fields = {
  ...TENDER,
  ...fields('start_date', 'advance', 'source_url', 'lots', 'documents'),
  placement_type: REF,
  purchase_type: REF,
  organization: { ...fields('name', 'inn', 'kpp', 'ogrn', 'address'), administrator: fields('name', 'phone', 'email') },
  positions: [
    fields('lot_ordinal', 'position_ordinal', 'title', 'characteristics', 'quantity', 'unit', 'price', 'amount', 'okpd2_code', 'okpd2_name', 'ktru_code'),
  ],
  ...fields('positions_total', 'positions_page', 'positions_page_size', 'positions_pages'),
};
/** What 2.6a names for a contract, and nothing else: no version, no tender_id (d). */
const CONTRACT = fields('id', 'suppliers', 'execution');
const CONTRACT_CARD = fields('id', 'suppliers', 'execution', 'positions', 'positions_total');
/** 2.3 without `freshness` (n) and `request_id` (k); `results` are shaped item by item. */
const FEED_PAGE = fields('filter_id', 'state', 'applied', 'results', 'next_cursor', 'total', 'billed', 'expires_at', 'retry_after');
const collection = (item: Spec): Spec => ({ data: [item], ...fields('has_more', 'next_cursor') });

/** The contract feed's item key (2.4: "not shown"); the default sandbox says `contract` (D-Q-16). */
const ITEM_KEY = { tender: 'tender', contract: 'object' } as const;

function feedPage(body: Json, req: StrictRequest, kind: 'tender' | 'contract'): Json {
  const page = project(body, FEED_PAGE) as Json;
  if (Array.isArray(body.results)) {
    page.results = (body.results as Json[]).map((item) => ({
      ...project(item, fields('event', 'version', 'billed')) as Json,
      [ITEM_KEY[kind]]: project(item[kind], kind === 'tender' ? TENDER : CONTRACT),
    }));
  }
  // 2.3: total "may be absent or null": absent on the first page of a partial feed, null on the next ones.
  const continued = typeof req.body === 'object' && req.body !== null && 'cursor' in req.body;
  if (page.state === 'partial' && continued) page.total = null;
  return page;
}

const noBody = (): Json => ({});

/** Per route, the body the reference states; routes not named here keep their fields (they state them all). */
const ROUTE_BODIES: Record<string, (body: Json, req: StrictRequest) => Json> = {
  'POST /tenders/query': (b, r) => feedPage(b, r, 'tender'),
  'POST /contracts/query': (b, r) => feedPage(b, r, 'contract'),
  'GET /tenders/:tender_id': (b) => project(b, TENDER_CARD) as Json,
  'GET /contracts/:contract_id': (b) => project(b, CONTRACT_CARD) as Json,
  'POST /lists': (b) => project(b, fields('list_id')) as Json,
  'GET /lists': (b) => project(b, collection(fields('list_id', 'name'))) as Json,
  // The reference lists no next_cursor here: a client continues with the last id of `data` (f).
  'GET /lists/:list_id': (b) => project(b, fields('list_id', 'name', 'data', 'has_more')) as Json,
  'POST /lists/:list_id/items': noBody,
  'DELETE /lists/:list_id/items': noBody,
  'DELETE /filters/:filter_id': noBody,
  'GET /filters': (b) => project(b, collection(fields('filter_id', 'params', 'expires_at', 'contracts_projection'))) as Json,
  'GET /balance/ledger': (b) => project(b, collection(fields('id', 'balance_type', 'amount', 'object_id', 'version', 'filter_id', 'request_id'))) as Json,
  'GET /auth/tokens': (b) => project(b, { tokens: [fields('id', 'name', 'is_active', 'created_at', 'last_used_at')], total: true }) as Json,
};

/** Unknown fields (c): deterministic, prefixed so that they never take a documented name. */
const SCALAR_EXTRAS = { x_server_node: 'strict-1', x_shard: 3, x_cached: false } as const;
const objectExtra = (): Json => ({ x_meta: { shard: 3, zone: 'strict' } });
/** What the user gave is given back as given: an extra inside it would change what the user saved or sent. */
const USER_DATA = new Set(['params', 'metadata']);

/**
 * Adds the extras to every object of a body. A result item gets scalar extras only, so its one object-valued
 * key is still the object it delivers.
 */
function withExtras(value: unknown, resultItem = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withExtras(v));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) {
    if (USER_DATA.has(key)) out[key] = inner;
    else if (key === 'results' && Array.isArray(inner)) out[key] = inner.map((item) => withExtras(item, true));
    else out[key] = withExtras(inner);
  }
  return { ...out, ...SCALAR_EXTRAS, ...(resultItem ? {} : objectExtra()) };
}

/** Where a 422 problem was found, FastAPI's first `loc` element. */
function locationOf(req: StrictRequest, firstSegment: string): string {
  const route = req.route ?? '';
  if (route.includes(`/:${firstSegment}`)) return 'path';
  return route.startsWith('GET ') || route === 'POST /auth/login' ? 'query' : 'body';
}

/** The 422 body (7: "not shown") in FastAPI's shape, with no `error` object (m). */
function validation422(body: Json, req: StrictRequest): Json {
  const error = body.error as { message: string; details?: { path: string; message: string }[] };
  const details = error.details ?? [{ path: '(body)', message: error.message }];
  return {
    detail: details.map((d) => {
      const path = d.path === '(body)' ? [] : d.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      return {
        loc: [locationOf(req, String(path[0] ?? '')), ...path],
        msg: d.message,
        type: d.message === 'unknown field' ? 'extra_forbidden' : 'value_error',
      };
    }),
  };
}

/** The strict form of one answer of the current generation. */
export function strictShape(answer: ApiResult, req: StrictRequest): ApiResult {
  const headers = { ...(answer.headers ?? {}) };
  // 202 preparing: the wait is stated in the body only (g).
  if (answer.status === 202) delete headers['retry-after'];
  if (answer.status === 422) return { status: 422, body: withExtras(validation422(answer.body, req)) as Json, headers };
  // request_id lives in X-Request-Id and in error objects only (k).
  const { error, request_id: _requestId, ...rest } = answer.body;
  const shape = req.route ? ROUTE_BODIES[req.route] : undefined;
  // An error body is its `error` alone, except a 409 cursor_expired, which carries a fresh slice too.
  const body = shape && (error === undefined || Object.keys(rest).length > 0) ? shape(rest, req) : rest;
  if (error !== undefined) body.error = error;
  // Where the reference shows no body the answer is `{}` (j): nothing a client could read, extras included.
  if (Object.keys(body).length === 0) return { status: answer.status, body, headers };
  return { status: answer.status, body: withExtras(body) as Json, headers };
}
