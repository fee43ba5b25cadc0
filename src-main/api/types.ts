/**
 * Request bodies of the current generation (reference 2.2, 4.5, 4.7, 4.9, 4.12) and the result types the
 * client returns, inferred from the response schemas.
 */
import type { z } from 'zod';
import type * as S from './schemas';
import type { FeedItem, PageCharges } from './queryPage';

export type { FeedItem, PageCharges } from './queryPage';

// --- Request bodies ----------------------------------------------------------------------------------------

export type EventName = 'created' | 'updated';
export type TenderStatus = 'active' | 'completed' | 'cancelled';

export type RangeFilter = { from?: number; to?: number };
/** ISO-8601 dates or timestamps; a date-only value means the whole day in Moscow time (D-Q-3). */
export type DateRangeFilter = { from?: string; to?: string };

/** Unknown fields (e.g. `kpp`) are rejected by the service with 422. */
export type CustomerFilter = { inn?: string[]; ogrn?: string; name?: string };
/** Contracts only; at least one of `inn`, `name`. */
export type SupplierFilter = { inn?: string[]; name?: string };

/** Fields of a feed request common to both routes. With `cursor`, set-defining fields and `events` are ignored. */
export type FeedRequestFields = {
  events?: EventName[];
  cursor?: string;
  /** 1-100, default 100. */
  limit?: number;
  /** 0-25 seconds, default 0: hold an empty page of a ready feed until an event arrives (D-Q-13). */
  wait?: number;
  filter_id?: string;
  list_id?: string;
};

export type ProcurementCriteria = {
  keywords?: string[];
  exception_keywords?: string[];
  regions?: number[];
  platforms?: number[];
  placement_types?: number[];
  purchase_types?: number[];
  okpd2?: string[];
  price?: RangeFilter;
  publish_date?: DateRangeFilter;
  start_date?: DateRangeFilter;
  end_date?: DateRangeFilter;
  customer?: CustomerFilter;
};

/** `POST /tenders/query`. The set is given in exactly one way: criteria, `filter_id`, or `list_id`. */
export type TenderQueryBody = FeedRequestFields &
  ProcurementCriteria & {
    status?: TenderStatus[];
    /** At most 1000 (D-IDS-1). */
    ids?: number[];
  };

/**
 * `POST /contracts/query`. The set: criteria, `filter_id`, `list_id`, `tender_ids` or `supplier`; a
 * `supplier` next to another way is a post-filter and must be repeated in every request (4.7 rule 2).
 */
export type ContractQueryBody = FeedRequestFields &
  ProcurementCriteria & {
    tender_ids?: number[];
    supplier?: SupplierFilter;
  };

export type ListCreateBody = {
  /** 1-255 characters. */
  name: string;
  /** 0-2000 characters. */
  description?: string;
  /** At most 2048 bytes of compact JSON (D-LIST-4). */
  metadata?: Record<string, unknown>;
};

export type PageParams = { limit?: number; startingAfter?: string };
export type NumericPageParams = { limit?: number; startingAfter?: number };

export type CardParams = {
  positionsPage?: number;
  /** 1-100, default 20 (D-LIM-2). */
  positionsLimit?: number;
};
export type TenderCardParams = CardParams & { idType?: 'internal' | 'external' };
export type ContractCardParams = CardParams & { idType?: 'internal' | 'reestr' };

export type QueryOptions = { signal?: AbortSignal };

/** A card as answered, with the request id that delivered it (the ledger names it). */
export type CardAnswer<C> = { card: C; requestId: string | null };

// --- Results -----------------------------------------------------------------------------------------------

export type TenderObject = z.infer<typeof S.TenderObject>;
export type ContractObject = z.infer<typeof S.ContractObject>;
export type ResultItem = z.infer<typeof S.ResultItem>;
export type BilledSummary = z.infer<typeof S.BilledSummary>;
export type Applied = z.infer<typeof S.Applied>;
export type Freshness = z.infer<typeof S.Freshness>;
export type QueryEnvelope = z.infer<typeof S.QueryEnvelope>;
export type PreparingBody = z.infer<typeof S.PreparingBody>;
export type ErrorBody = z.infer<typeof S.ErrorBody>;

export type TenderCard = z.infer<typeof S.TenderCard>;
export type ContractCard = z.infer<typeof S.ContractCard>;
export type ListObject = z.infer<typeof S.ListObject>;
export type ListPage = z.infer<typeof S.ListPage>;
export type ListDetail = z.infer<typeof S.ListDetail>;
export type ListItemsResult = z.infer<typeof S.ListItemsResult>;
export type FilterRecord = z.infer<typeof S.FilterRecord>;
export type FilterPage = z.infer<typeof S.FilterPage>;
export type FilterDeletion = z.infer<typeof S.FilterDeletion>;
export type Balance = z.infer<typeof S.Balance>;
export type LedgerRow = z.infer<typeof S.LedgerRow>;
export type LedgerPage = z.infer<typeof S.LedgerPage>;
export type TokenInfo = z.infer<typeof S.TokenInfo>;
export type TokenList = z.infer<typeof S.TokenList>;
export type TokenResponse = z.infer<typeof S.TokenResponse>;
export type TokenDeletion = z.infer<typeof S.TokenDeletion>;

/**
 * One page of a feed, as the sync engine consumes it, read by `readQueryPage` (queryPage.ts). A 409
 * `cursor_expired` is returned as a page too (`cursorExpired: true`): its results are a fresh slice from the
 * start of the rebuilt feed and `nextCursor` is the cursor to store; repeated objects in it are free.
 */
export type QueryPage = {
  filterId: string;
  state: 'ready' | 'partial';
  applied: Applied | null;
  /** Each with the object found under its key and the version from the item (2.4). */
  results: FeedItem[];
  /** Always replace the stored cursor with it, also when `results` is empty. */
  nextCursor: string;
  /** Absent (undefined) or null while `partial` or under peak load. */
  total: number | null | undefined;
  charges: PageCharges;
  expiresAt: string | null;
  /** Contract feed only. */
  freshness: Freshness | null | undefined;
  requestId: string | null;
  cursorExpired: boolean;
  /** The whole validated body, unknown fields included. */
  raw: QueryEnvelope;
};

export type TenderQueryPage = QueryPage;
export type ContractQueryPage = QueryPage;

/** Progress notifications for UIs. They never carry a secret. */
export type ClientEvent =
  | {
      type: 'retry';
      /** `POST /tenders/query`, without the query string. */
      route: string;
      /** The attempt that failed (1-based). */
      attempt: number;
      delayMs: number;
      /** `http_500`, `network`, `truncated`, `timeout`, `bad_json`, ... */
      reason: string;
      requestId: string | null;
    }
  | { type: 'preparing'; route: string; retryAfterMs: number; filterId: string | null; waitedMs: number; requestId: string | null }
  | { type: 'rate_limited'; route: string; retryAfterMs: number; requestId: string | null };

/**
 * An answer of a route that may charge (QUERY, cards) that the client could not interpret. It may have been
 * paid for, so it is kept raw with what is needed to process it again later: the route, the request body or
 * query (never a secret) and the body as received.
 */
export type UnreadableAnswer = {
  /** `POST /tenders/query`, `GET /tenders/{tender_id}`, ... */
  route: string;
  /** The encoded path below the base URL (`/tenders/123`). */
  path: string;
  query: Record<string, string | number>;
  requestBody: string | null;
  status: number;
  requestId: string | null;
  /** ISO-8601. */
  receivedAt: string;
  body: string;
  reason: string;
  balance: 'tenders' | 'contracts';
};
