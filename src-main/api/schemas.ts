/**
 * Schemas of every answer of the current generation (reference sections 2.3-2.6a, 7; decisions D-LIST-1,
 * D-FLT-1, D-BILL-4). They are the client's boundary: what passes is trusted inside the app.
 *
 * Every object is a loose object: fields we do not know are KEPT, so a newer service that adds fields does
 * not break us and the cache can store the whole object. We require only what the app relies on; tender and
 * contract objects require just `id` (integer) and `version` (the deduplication key, section 6 rule 6).
 */
import { z } from 'zod';

const int = z.number().int();
const nonNegativeInt = z.number().int().nonnegative();

// --- Errors (section 7, D-ERR-2) ---------------------------------------------------------------------------

export const ErrorDetail = z.looseObject({ path: z.string().optional(), message: z.string().optional() });

export const ErrorObject = z.looseObject({
  code: z.string(),
  message: z.string().optional(),
  request_id: z.string().optional(),
  details: z.array(ErrorDetail).optional(),
});

export const ErrorBody = z.looseObject({ error: ErrorObject });

// --- QUERY (2.3-2.5, 3) ------------------------------------------------------------------------------------

/** A tender as a feed item or a card carries it: `id` and `version` are required, the rest is kept. */
export const TenderObject = z.looseObject({ id: int, version: int });
/** A contract (D-Q-16): same rule. */
export const ContractObject = z.looseObject({ id: int, version: int });

const resultItemCore = {
  event: z.string(),
  version: int,
  billed: z.boolean(),
};

export const TenderResultItem = z.looseObject({ ...resultItemCore, tender: TenderObject });
export const ContractResultItem = z.looseObject({ ...resultItemCore, contract: ContractObject });

export const Applied = z.looseObject({
  events: z.array(z.string()).optional(),
  status: z.array(z.string()).optional(),
});

export const BilledSummary = z.looseObject({
  created: nonNegativeInt,
  updated: nonNegativeInt,
  free: nonNegativeInt,
  period_total: nonNegativeInt,
  balance_exhausted: z.boolean(),
});

export const Freshness = z.looseObject({ last_polled_at: z.string().nullish() });

const envelopeShape = {
  filter_id: z.string(),
  state: z.enum(['ready', 'partial']),
  applied: Applied,
  next_cursor: z.string(),
  /** May be absent or null (state `partial`, peak load). */
  total: nonNegativeInt.nullish(),
  billed: BilledSummary,
  expires_at: z.string(),
  freshness: Freshness.nullish(),
  request_id: z.string().optional(),
};

export const TenderQueryEnvelope = z.looseObject({ ...envelopeShape, results: z.array(TenderResultItem) });
export const ContractQueryEnvelope = z.looseObject({ ...envelopeShape, results: z.array(ContractResultItem) });

/** 409 `cursor_expired`: a whole fresh slice plus the error object (D-Q-11). */
export const TenderExpiredSlice = TenderQueryEnvelope.extend({ error: ErrorObject });
export const ContractExpiredSlice = ContractQueryEnvelope.extend({ error: ErrorObject });

/** 202 `preparing`: nothing to read yet; repeat the same body after `retry_after` seconds. */
export const PreparingBody = z.looseObject({
  state: z.literal('preparing'),
  retry_after: z.number().nonnegative().optional(),
  filter_id: z.string().optional(),
  applied: Applied.optional(),
  request_id: z.string().optional(),
});

// --- Cards (4.6, 4.8) --------------------------------------------------------------------------------------

const cardShape = {
  positions: z.array(z.looseObject({})).optional(),
  positions_total: nonNegativeInt.optional(),
  billed: z.boolean().optional(),
  request_id: z.string().optional(),
};
export const TenderCard = TenderObject.extend(cardShape);
export const ContractCard = ContractObject.extend(cardShape);

// --- Lists (4.9-4.13, D-LIST-1) ----------------------------------------------------------------------------

export const ListObject = z.looseObject({
  list_id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: z.string().optional(),
  items_count: nonNegativeInt.optional(),
});

export const ListPage = z.looseObject({
  data: z.array(ListObject),
  has_more: z.boolean(),
  next_cursor: z.string().nullish(),
});

export const ListDetail = z.looseObject({
  list_id: z.string(),
  name: z.string(),
  data: z.array(int),
  has_more: z.boolean(),
  next_cursor: int.nullish(),
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

// --- Filters (4.14, 4.15, D-FLT-1) -------------------------------------------------------------------------

export const FilterRecord = z.looseObject({
  filter_id: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  expires_at: z.string(),
  contracts_projection: z.boolean(),
  created_at: z.string().optional(),
});

export const FilterPage = z.looseObject({
  data: z.array(FilterRecord),
  has_more: z.boolean(),
  next_cursor: z.string().nullish(),
});

/** "Response body: not shown" (4.15): all optional. */
export const FilterDeletion = z.looseObject({
  success: z.boolean().optional(),
  filter_id: z.string().optional(),
  message: z.string().optional(),
});

// --- Balance and ledger (4.16, 4.17, D-BILL-4) -------------------------------------------------------------

const perBalance = z.looseObject({ tenders: int, contracts: int });

export const Balance = z.looseObject({
  balance: perBalance,
  usage_today: perBalance,
  last_updated: z.string(),
});

export const LedgerRow = z.looseObject({
  id: int,
  balance_type: z.string(),
  amount: int,
  object_id: int,
  version: int,
  filter_id: z.string().nullable(),
  request_id: z.string(),
  created_at: z.string().optional(),
});

export const LedgerPage = z.looseObject({
  data: z.array(LedgerRow),
  has_more: z.boolean(),
  next_cursor: int.nullish(),
});

// --- Tokens (4.1-4.4, 2.6a) --------------------------------------------------------------------------------

export const TokenInfo = z.looseObject({
  id: int,
  name: z.string(),
  token_preview: z.string().optional(),
  is_active: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const TokenList = z.looseObject({ tokens: z.array(TokenInfo), total: nonNegativeInt });

/** The secret is shown once: the caller must store it (in the vault) before doing anything else. */
export const TokenResponse = z.looseObject({
  id: int,
  name: z.string(),
  token: z.string().min(1),
  created_at: z.string(),
});

export const TokenDeletion = z.looseObject({ success: z.boolean(), message: z.string() });
