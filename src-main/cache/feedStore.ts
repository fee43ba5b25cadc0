/**
 * Feed pages and their cursors. A page is stored with its cursor in ONE transaction: the versions, the
 * deliveries, the latest pointers, the search index and the new cursor are either all written or none
 * (the cursor is saved only once the objects are; a page applied twice changes nothing but the log).
 */
import { perCache, type CacheDb } from './database';
import { deliveryWriter, type DeliverySummary, type PreparedDelivery } from './deliveryWriter';
import { CacheInputError } from './errors';
import type { DeliveryEvent, FeedKind, ObjectKind } from './types';
import { chargeLog } from './chargeLog';

export interface FeedItem {
  kind: ObjectKind;
  id: number;
  version: number;
  billed: boolean;
  event: DeliveryEvent;
  object: unknown;
}

export interface FeedPage {
  filterId: string;
  feed: FeedKind;
  /** The streams this cursor covers: 'created', 'updated' or 'created,updated' (order does not matter). */
  stream: string;
  /** `next_cursor` of the response, to send next. */
  cursor: string;
  requestId: string | null;
  /** ISO-8601. */
  receivedAt: string;
  items: readonly FeedItem[];
  /**
   * What the response said the page charged (`billed.created + billed.updated`, `period_total`); logged in
   * the page's transaction for the audit (chargeLog.ts). Absent for pages that are not responses.
   */
  charge?: { charged: number; stated: boolean; periodTotal: number | null };
}

export interface FeedState {
  filterId: string;
  feed: FeedKind;
  stream: string;
  cursor: string;
  lastRequestId: string | null;
  /** received_at of the last page stored, also an empty one. */
  lastPageAt: string;
  pages: number;
  items: number;
  billed: number;
  newVersions: number;
}

export interface FeedStore {
  saveFeedPage(page: FeedPage): DeliverySummary;
  getCursor(filterId: string, feed: FeedKind, stream: string): string | undefined;
  feedState(filterId: string, feed: FeedKind, stream: string): FeedState | undefined;
  /** Every feed with a stored cursor, or those of one filter. */
  feedStates(filterId?: string): FeedState[];
}

const STREAMS: readonly DeliveryEvent[] = ['created', 'updated'];

/** 'updated, created' -> 'created,updated'; throws on anything but those two words. */
export function normalizeStream(stream: string): string {
  const parts = [...new Set(stream.split(',').map((p) => p.trim()).filter(Boolean))];
  if (parts.length === 0 || parts.some((p) => !STREAMS.includes(p as DeliveryEvent))) {
    throw new CacheInputError(`Feed stream must be created, updated or both, got "${stream}".`);
  }
  return STREAMS.filter((p) => parts.includes(p)).join(',');
}

interface FeedStateRow {
  filter_id: string;
  feed: FeedKind;
  stream: string;
  cursor: string;
  last_request_id: string | null;
  last_page_at: string;
  pages: number;
  items: number;
  billed: number;
  new_versions: number;
}

const toState = (r: FeedStateRow): FeedState => ({
  filterId: r.filter_id,
  feed: r.feed,
  stream: r.stream,
  cursor: r.cursor,
  lastRequestId: r.last_request_id,
  lastPageAt: r.last_page_at,
  pages: r.pages,
  items: r.items,
  billed: r.billed,
  newVersions: r.new_versions,
});

function createFeedStore(cache: CacheDb): FeedStore {
  const { db } = cache;
  const writer = deliveryWriter(cache);
  // Looked up on first use: a file opened at an older schema (migration tests) has no response_charge yet.
  const charges = (): ReturnType<typeof chargeLog> => chargeLog(cache);
  const s = {
    saveCursor: db.prepare(
      `INSERT INTO feed_cursor (filter_id, feed, stream, cursor, last_request_id, last_page_at, last_request_seq, pages, items, billed, new_versions)
       VALUES (@filterId, @feed, @stream, @cursor, @requestId, @receivedAt, @requestSeq, 1, @items, @billed, @newVersions)
       ON CONFLICT (filter_id, feed, stream) DO UPDATE SET
         cursor = excluded.cursor,
         last_request_id = excluded.last_request_id,
         last_page_at = excluded.last_page_at,
         last_request_seq = coalesce(excluded.last_request_seq, feed_cursor.last_request_seq),
         pages = feed_cursor.pages + 1,
         items = feed_cursor.items + excluded.items,
         billed = feed_cursor.billed + excluded.billed,
         new_versions = feed_cursor.new_versions + excluded.new_versions`,
    ),
    cursor: db.prepare<[string, string, string], string>('SELECT cursor FROM feed_cursor WHERE filter_id = ? AND feed = ? AND stream = ?').pluck(),
    state: db.prepare<[string, string, string], FeedStateRow>('SELECT * FROM feed_cursor WHERE filter_id = ? AND feed = ? AND stream = ?'),
    statesOf: db.prepare<[string], FeedStateRow>('SELECT * FROM feed_cursor WHERE filter_id = ? ORDER BY feed, stream'),
    states: db.prepare<[], FeedStateRow>('SELECT * FROM feed_cursor ORDER BY filter_id, feed, stream'),
  };

  const save = db.transaction((page: FeedPage, stream: string, prepared: PreparedDelivery): DeliverySummary => {
    const summary = writer.write(
      { via: 'feed', requestId: page.requestId, filterId: page.filterId, feed: page.feed, stream, receivedAt: page.receivedAt },
      prepared,
    );
    s.saveCursor.run({
      filterId: page.filterId,
      feed: page.feed,
      stream,
      cursor: page.cursor,
      requestId: page.requestId,
      receivedAt: page.receivedAt,
      requestSeq: summary.requestSeq,
      items: summary.items,
      billed: summary.billed,
      newVersions: summary.newVersions,
    });
    if (page.charge) {
      charges().add({
        requestId: page.requestId,
        via: 'feed',
        balanceType: page.feed === 'tender' ? 'tenders' : 'contracts',
        filterId: page.filterId,
        charged: page.charge.charged,
        stated: page.charge.stated,
        periodTotal: page.charge.periodTotal,
        receivedAt: page.receivedAt,
      });
    }
    return summary;
  });

  return {
    saveFeedPage(page) {
      if (!page.filterId) throw new CacheInputError('A feed page needs its filter_id.');
      if (page.feed !== 'tender' && page.feed !== 'contract') throw new CacheInputError(`Unknown feed "${String(page.feed)}".`);
      if (typeof page.cursor !== 'string' || page.cursor === '') throw new CacheInputError('A feed page needs the next cursor to store.');
      const stream = normalizeStream(page.stream);
      page.items.forEach((item, i) => {
        if (item.kind !== page.feed) throw new CacheInputError(`Item ${i} is a ${item.kind} in the ${page.feed} feed.`);
        if (item.event !== 'created' && item.event !== 'updated') throw new CacheInputError(`Item ${i} has no feed event.`);
      });
      // Reads and compression first; the write transaction then only writes.
      const prepared = writer.prepare(page.items);
      return writer.transact(() => save.immediate(page, stream, prepared));
    },
    getCursor(filterId, feed, stream) {
      return s.cursor.get(filterId, feed, normalizeStream(stream));
    },
    feedState(filterId, feed, stream) {
      const row = s.state.get(filterId, feed, normalizeStream(stream));
      return row ? toState(row) : undefined;
    },
    feedStates(filterId) {
      return (filterId === undefined ? s.states.all() : s.statesOf.all(filterId)).map(toState);
    },
  };
}

export const feedStore = perCache(createFeedStore);
