/**
 * "Was this object delivered by that request?" — for the audit. A card without a version is stored under a
 * provisional version or under the held version it matches (migration 0006), so a ledger row of a card is
 * explained by the delivery its request made, not by the (kind, id, version) of the row.
 *
 * The lookup walks the delivery key's (kind, id) prefix and joins each delivery's request by its primary
 * key: no index on request ids is needed, and an object has few deliveries.
 */
import { perCache, type CacheDb } from './database';
import { KIND_CODE, type ObjectKind } from './types';

export interface RequestDeliveries {
  deliveredIn(kind: ObjectKind, id: number, requestId: string): boolean;
  /** When that request's delivery of the object arrived: the date of a ledger row that has none (2.6a). */
  receivedIn(kind: ObjectKind, id: number, requestId: string): string | undefined;
}

function createRequestDeliveries(cache: CacheDb): RequestDeliveries {
  const byRequest = cache.db
    .prepare<[number, number, string], number>(
      `SELECT 1 FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq
       WHERE d.kind = ? AND d.id = ? AND r.request_id = ? LIMIT 1`,
    )
    .pluck();
  const receivedAt = cache.db
    .prepare<[number, number, string], string>(
      `SELECT r.received_at FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq
       WHERE d.kind = ? AND d.id = ? AND r.request_id = ? LIMIT 1`,
    )
    .pluck();
  return {
    deliveredIn: (kind, id, requestId) => byRequest.get(KIND_CODE[kind], id, requestId) !== undefined,
    receivedIn: (kind, id, requestId) => receivedAt.get(KIND_CODE[kind], id, requestId),
  };
}

export const requestDeliveries = perCache(createRequestDeliveries);
