/**
 * Paid answers the client could not read: kept raw in the cache's quarantine by the
 * client's `onUnreadable` hook, and processed again by a later client that can read them.
 *
 * Processing a QUERY page stores its items as the deliveries they were. The page's cursor is stored too,
 * but only when the feed's stored cursor is still the one the page was asked with (nothing read the feed
 * since); otherwise the items are stored under the stored cursor, which stays where it is. A card is
 * stored like any fetched card (its version decided by cards/cardVersion.ts). Nothing is requested: all of
 * this runs offline, at the start of a session.
 */
import type { z } from 'zod';
import * as S from '../api/schemas';
import { readQueryPage, type FeedKind, type ReadPage } from '../api/queryPage';
import type { UnreadableAnswer } from '../api/types';
import type { CacheDb } from '../cache/database';
import { cardStore } from '../cache/cardStore';
import { feedStore } from '../cache/feedStore';
import { quarantineStore, type QuarantinedAnswer } from '../cache/quarantineStore';
import { versionStore } from '../cache/versionStore';
import { resolveCardVersion } from '../cards/cardVersion';

/** The client's `onUnreadable` hook over the cache: keeps the answer raw. */
export function quarantineSink(cache: CacheDb): (answer: UnreadableAnswer) => void {
  const store = quarantineStore(cache);
  return (a) => {
    store.add({
      route: a.route,
      path: a.path,
      query: a.query,
      requestBody: a.requestBody,
      balance: a.balance,
      status: a.status,
      requestId: a.requestId,
      receivedAt: a.receivedAt,
      reason: a.reason,
      body: a.body,
    });
  };
}

/** How this client reads a quarantined body; a test passes a reader "from after the fix". */
export type QuarantineReaders = {
  queryPage(json: unknown, kind: FeedKind, status: number): { env: z.infer<typeof S.QueryEnvelope>; page: ReadPage };
  card(json: unknown, kind: FeedKind): Record<string, unknown> & { id: number };
};

export const currentReaders: QuarantineReaders = {
  queryPage(json, kind, status) {
    const env = (status === 409 ? S.ExpiredSlice : S.QueryEnvelope).parse(json);
    return { env, page: readQueryPage(env, kind) };
  },
  card: (json, kind) => (kind === 'tender' ? S.TenderCard : S.ContractCard).parse(json),
};

export type ReprocessOutcome = { processed: number; stillUnread: number };

const kindOfRoute = (route: string): FeedKind => (route.includes('/contracts') ? 'contract' : 'tender');
const isQuery = (route: string): boolean => route.endsWith('/query');
const positiveInt = (v: unknown, fallback: number): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** Processes every pending quarantined answer this client can now read; the rest stay, with the reason. */
export function reprocessQuarantine(cache: CacheDb, readers: QuarantineReaders = currentReaders): ReprocessOutcome {
  const store = quarantineStore(cache);
  const outcome: ReprocessOutcome = { processed: 0, stillUnread: 0 };
  for (const entry of store.pending()) {
    try {
      const json = JSON.parse(entry.body) as unknown;
      const done = isQuery(entry.route) ? storePage(cache, entry, json, readers) : storeCard(cache, entry, json, readers);
      store.markProcessed(entry.quarantineId, done);
      outcome.processed += 1;
    } catch (e) {
      store.noteAttempt(entry.quarantineId, `still not understood: ${e instanceof Error ? e.message.slice(0, 500) : String(e)}`);
      outcome.stillUnread += 1;
    }
  }
  return outcome;
}

function storePage(cache: CacheDb, entry: QuarantinedAnswer, json: unknown, readers: QuarantineReaders): string {
  const feed = kindOfRoute(entry.route);
  const { env, page } = readers.queryPage(json, feed, entry.status);
  const sent = entry.requestBody ? (JSON.parse(entry.requestBody) as Record<string, unknown>) : {};
  const feeds = feedStore(cache);
  const sentCursor = typeof sent.cursor === 'string' ? sent.cursor : null;
  // The stream the page belongs to: the feed whose stored cursor it was asked with, else the streams asked for.
  const asked = sentCursor === null ? null : feeds.feedStates(env.filter_id).find((f) => f.feed === feed && f.cursor === sentCursor);
  const events = Array.isArray(sent.events) && sent.events.length > 0 ? sent.events.join(',') : 'created';
  const stream = asked?.stream ?? events;
  const stored = feeds.getCursor(env.filter_id, feed, stream);
  const current = (sentCursor === null && stored === undefined) || (sentCursor !== null && stored === sentCursor);
  feeds.saveFeedPage({
    filterId: env.filter_id,
    feed,
    stream,
    cursor: current ? env.next_cursor : (stored ?? env.next_cursor),
    requestId: entry.requestId,
    receivedAt: entry.receivedAt,
    items: page.items.map((i) => ({ kind: feed, id: i.object.id, version: i.version, billed: i.billed, event: i.event, object: i.object })),
    charge: { charged: page.charges.created + page.charges.updated, stated: page.charges.stated, periodTotal: page.charges.periodTotal },
  });
  return `stored ${page.items.length} item(s) of ${env.filter_id}${current ? ', cursor advanced' : ''}`;
}

function storeCard(cache: CacheDb, entry: QuarantinedAnswer, json: unknown, readers: QuarantineReaders): string {
  const kind = kindOfRoute(entry.route);
  const card = readers.card(json, kind);
  const { version } = resolveCardVersion(card, versionStore(cache).history(kind, card.id));
  cardStore(cache).saveCard({
    kind,
    id: card.id,
    version,
    positionsPage: positiveInt(entry.query.positions_page, 1),
    positionsLimit: positiveInt(entry.query.positions_limit, 20),
    requestId: entry.requestId,
    receivedAt: entry.receivedAt,
    billed: card.billed === true,
    billedStated: typeof card.billed === 'boolean',
    card,
  });
  return `stored ${kind} card ${card.id}`;
}
