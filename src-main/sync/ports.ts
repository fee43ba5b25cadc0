/**
 * What the sync engine needs from the outside world, as narrow interfaces: one QUERY call and one place
 * to store a page with its cursor. The engine itself is pure control flow, so it is tested with the real
 * client and cache, and reasoned about without either.
 */
import type { PageCharges } from '../api/queryPage';

export type FeedName = 'tender' | 'contract';
export type StreamName = 'created' | 'updated';

export type DeliveredItem = {
  event: StreamName;
  version: number;
  billed: boolean;
  /** The tender or contract object as delivered (unknown fields kept). */
  object: { id: number } & Record<string, unknown>;
};

export type QueryPage = {
  filterId: string;
  state: 'ready' | 'partial';
  results: DeliveredItem[];
  nextCursor: string;
  total: number | null | undefined;
  /** What the page charged, as the envelope stated it or recounted from the items (api/queryPage.ts). */
  charges: PageCharges;
  requestId: string | null;
  cursorExpired: boolean;
  /** When the caller's subscription to the filter lapses unless read again. */
  expiresAt?: string | null;
};

export interface QueryPort {
  /** One QUERY; preparing, 409, 429 and transient faults are the port's business. */
  query(feed: FeedName, body: Record<string, unknown>, signal?: AbortSignal): Promise<QueryPage>;
}

export type StoredPage = {
  filterId: string;
  feed: FeedName;
  stream: StreamName;
  cursor: string;
  requestId: string | null;
  receivedAt: string;
  items: { kind: FeedName; id: number; version: number; billed: boolean; event: StreamName; object: unknown }[];
  /** What the response said the page charged (logged with the page for the audit). */
  charge?: { charged: number; stated: boolean; periodTotal: number | null };
};

export interface FeedSink {
  getCursor(filterId: string, feed: FeedName, stream: StreamName): string | null;
  /** Must store the items and the cursor in one transaction: all or nothing. */
  savePage(page: StoredPage): void;
  /** Remembers when the subscription lapses (shown next to the saved search). */
  noteExpiry?(filterId: string, expiresAt: string): void;
  /** Remembers the body the server named a filter for, so a charge of it is named after the search is gone. */
  noteFilter?(filterId: string, feed: FeedName, body: Record<string, unknown>): void;
}
