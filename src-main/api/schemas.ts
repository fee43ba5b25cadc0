/**
 * Schemas of every answer of the current generation (reference sections 2.3-2.6a, 7). They are the client's
 * boundary: what passes is trusted inside the app.
 *
 * Two rules ("build for the reference, not for our sandbox"):
 * - Every object is a loose object: fields we do not know are KEPT, so a newer service that adds fields does
 *   not break us and the cache can store the whole object.
 * - A field is required only when the reference states it AND the client cannot work without it. Everything
 *   our sandbox merely chose to send (docs/api-decisions.md, "Client dependencies") is optional, and the
 *   client takes a missing value from where the reference does put it: a tender's `version` from its result
 *   item (2.4), `billed` counts from the items' flags, the request id from the `X-Request-Id` header.
 */
import { z } from 'zod';

const int = z.number().int();
const nonNegativeInt = z.number().int().nonnegative();

// --- Errors (section 7) ------------------------------------------------------------------------------------

export const ErrorDetail = z.looseObject({ path: z.string().optional(), message: z.string().optional() });

export const ErrorObject = z.looseObject({
  code: z.string(),
  message: z.string().optional(),
  request_id: z.string().optional(),
  details: z.array(ErrorDetail).optional(),
});

export const ErrorBody = z.looseObject({ error: ErrorObject });

// --- QUERY (2.3-2.5, 3) ------------------------------------------------------------------------------------

/**
 * A tender or contract as a feed item or a card carries it. The reference promises `id` (and `etp_id` for a
 * tender, which nothing here needs); `version` is on the result item, and inside the object only when a
 * server chooses to put it there.
 */
export const TenderObject = z.looseObject({ id: int, version: int.optional() });
export const ContractObject = z.looseObject({ id: int, version: int.optional() });

/**
 * A result item before its object is found: the reference names `event`, `version`, `billed` and, for a
 * tender, the key `tender`; the key that holds a contract is "not shown" (see `objectOfItem`). `version` may
 * be missing here only when the object carries it; `event` other than `updated` is read as `created`.
 */
export const ResultItem = z.looseObject({
  event: z.string(),
  version: int.optional(),
  billed: z.boolean(),
});

export const Applied = z.looseObject({
  events: z.array(z.string()).optional(),
  status: z.array(z.string()).optional(),
});

/** Stated by the reference, but each count can be recounted from the items: all optional. */
export const BilledSummary = z.looseObject({
  created: nonNegativeInt.optional(),
  updated: nonNegativeInt.optional(),
  free: nonNegativeInt.optional(),
  period_total: nonNegativeInt.nullish(),
  balance_exhausted: z.boolean().optional(),
});

export const Freshness = z.looseObject({ last_polled_at: z.string().nullish() });

/**
 * What the client cannot do without: the filter, the items and the cursor to store. `state` is read as
 * `ready` or not (anything else continues by cursor like `partial`).
 */
const envelopeShape = {
  filter_id: z.string(),
  state: z.string().optional(),
  applied: Applied.nullish(),
  next_cursor: z.string().min(1),
  /** May be absent or null (state `partial`, peak load). */
  total: nonNegativeInt.nullish(),
  billed: BilledSummary.nullish(),
  expires_at: z.string().nullish(),
  freshness: Freshness.nullish(),
  request_id: z.string().optional(),
  results: z.array(ResultItem),
};

export const QueryEnvelope = z.looseObject(envelopeShape);

/** 409 `cursor_expired`: a whole fresh slice plus the error object. */
export const ExpiredSlice = QueryEnvelope.extend({ error: ErrorObject });

/**
 * 202 `preparing`: nothing to read yet; repeat the same body after `retry_after` seconds. Nothing of the
 * body is required: a 202 is a 202 whatever it says.
 */
export const PreparingBody = z.looseObject({
  state: z.string().optional(),
  retry_after: z.number().nonnegative().optional(),
  filter_id: z.string().optional(),
  applied: Applied.optional(),
  request_id: z.string().optional(),
});

// --- Cards (4.6, 4.8) --------------------------------------------------------------------------------------

/**
 * A card is "as in the tender detail of document 2": `id` is all a card can be stored by; `version`,
 * `billed` and `request_id` are kept when a server sends them (cards/cardVersion.ts decides the rest).
 */
const cardShape = {
  positions: z.array(z.unknown()).nullish(),
  positions_total: nonNegativeInt.nullish(),
  billed: z.boolean().optional(),
  request_id: z.string().optional(),
};
export const TenderCard = TenderObject.extend(cardShape);
export const ContractCard = ContractObject.extend(cardShape);

// --- Lists (4.9-4.13) -------------------------------------------------------------------------------------

/** `POST /lists` promises only `list_id` ("other response fields: not shown"); `GET /lists` items add `name`. */
export const ListObject = z.looseObject({
  list_id: z.string(),
  name: z.string().optional(),
  description: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created_at: z.string().nullish(),
  items_count: nonNegativeInt.nullish(),
});

/**
 * Collection envelopes (2.6a): `data`, `has_more`, `next_cursor` (string, integer for the ledger, or null).
 * A missing `has_more` reads as "no more"; a missing cursor is taken from the last item (see mirrors).
 */
const cursorValue = z.union([z.string(), int]).nullish();

export const ListPage = z.looseObject({
  data: z.array(ListObject),
  has_more: z.boolean().optional(),
  next_cursor: cursorValue,
});

/** List detail: `list_id`, `name`, `data` (tender ids), `has_more`; the next page starts after the last id. */
export const ListDetail = z.looseObject({
  list_id: z.string().optional(),
  name: z.string().optional(),
  data: z.array(int),
  has_more: z.boolean().optional(),
  next_cursor: cursorValue,
});

/** Response bodies of adding and removing items are "not shown" in the reference: everything optional. */
export const ListItemsResult = z.looseObject({
  list_id: z.string().optional(),
  added: nonNegativeInt.optional(),
  already_present: nonNegativeInt.optional(),
  removed: nonNegativeInt.optional(),
  not_present: nonNegativeInt.optional(),
  items_count: nonNegativeInt.optional(),
});

// --- Filters (4.14, 4.15) ----------------------------------------------------------------------------------

export const FilterRecord = z.looseObject({
  filter_id: z.string(),
  params: z.record(z.string(), z.unknown()).nullish(),
  expires_at: z.string().nullish(),
  contracts_projection: z.boolean().optional(),
  created_at: z.string().nullish(),
});

export const FilterPage = z.looseObject({
  data: z.array(FilterRecord),
  has_more: z.boolean().optional(),
  next_cursor: cursorValue,
});

/** "Response body: not shown" (4.15): all optional. */
export const FilterDeletion = z.looseObject({
  success: z.boolean().optional(),
  filter_id: z.string().optional(),
  message: z.string().optional(),
});

// --- Balance and ledger (4.16, 4.17) -----------------------------------------------------------------------

const perBalance = z.looseObject({ tenders: int, contracts: int });

export const Balance = z.looseObject({
  balance: perBalance,
  /** Informational (2.6a); a server without it still has a balance. */
  usage_today: perBalance.nullish(),
  last_updated: z.string().nullish(),
});

/** The row the audit matches: which balance, which object version, and the request that charged it. */
export const LedgerRow = z.looseObject({
  id: int,
  balance_type: z.string(),
  amount: int,
  object_id: int,
  version: int,
  filter_id: z.string().nullish(),
  request_id: z.string().nullish(),
  created_at: z.string().nullish(),
});

export const LedgerPage = z.looseObject({
  data: z.array(LedgerRow),
  has_more: z.boolean().optional(),
  next_cursor: cursorValue,
});

// --- Tokens (4.1-4.4, 2.6a) --------------------------------------------------------------------------------

export const TokenInfo = z.looseObject({
  id: int,
  name: z.string(),
  token_preview: z.string().nullish(),
  is_active: z.boolean().optional(),
  created_at: z.string().nullish(),
  last_used_at: z.string().nullish(),
});

export const TokenList = z.looseObject({ tokens: z.array(TokenInfo), total: nonNegativeInt.optional() });

/** The secret is shown once: the caller must store it (in the vault) before doing anything else. */
export const TokenResponse = z.looseObject({
  id: int,
  name: z.string().optional(),
  token: z.string().min(1),
  created_at: z.string().nullish(),
});

export const TokenDeletion = z.looseObject({ success: z.boolean().optional(), message: z.string().optional() });
