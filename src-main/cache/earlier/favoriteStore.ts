/**
 * The earlier generation's favorites: the mirror of `GET /favorites` (`earlier_favorite`) and the storing
 * of `GET /favorites/updates` answers, which deliver (and charge, D-E-FAV-3) tenders like a filter page.
 *
 * An updates item carries fewer fields than a filter's list item (no organization). Stored as is, it would
 * become the tender's newest version and drop the customer from the search index and the CSV. So the
 * caller reads the changed tenders' details (free: the updates answer has just made them "received",
 * D-E-BILL-1), and `saveUpdates` logs each updates delivery with the detail of the same version as the
 * stored object (the same tender at the same `update_date`, with every field), in ONE transaction with
 * what each favorite showed and the settling of the read's unsettled mark. The details are then cached as
 * cards (cardStore, their own free deliveries). A crash between the two loses only the card cache, never a
 * charge: the charges are in the first transaction.
 */
import { cardStore, type CardInput } from '../cardStore';
import { perCache, type CacheDb } from '../database';
import { deliveryWriter, type DeliveredItem } from '../deliveryWriter';
import { nowIso } from '../types';
import { earlierDeliveryRules, earlierVersion, FAVORITES_UPDATES_KEY, type EarlierTenderObject } from './delivered';
import { FAVORITES_UPDATES_UNSETTLED, tenderUnsettled, unsettledStore } from './unsettled';
import { writeTransaction } from '../writeRetry';

/** A `GET /favorites` item (2.6): `id` is the internal tender id, `tender_id` the platform id. */
export interface FavoriteItemInput {
  id: number;
  tender_id: string;
  favorited_at: string;
  [field: string]: unknown;
}

export interface EarlierFavorite {
  tenderId: number;
  etpId: string;
  favoritedAt: string;
  listedAt: string;
  /** The newest `update_date` that `GET /favorites/updates` showed for it (it changed after being added). */
  updateDate: string | null;
  updateSeenAt: string | null;
  /** The `GET /favorites` item as delivered. */
  item: Record<string, unknown>;
}

export interface FavoriteUpdatesPage {
  requestId: string | null;
  page: number;
  pageSize: number;
  items: readonly EarlierTenderObject[];
  answerLost: boolean;
}

export interface FavoriteUpdatesSaved {
  items: number;
  /** Tenders logged as charged (`is_new`, plus those a lost answer paid for). */
  billed: number;
  recovered: number;
  /** Per tender id: whether this read charged it. */
  billedIds: Set<number>;
}

export interface EarlierFavoriteStore {
  /** The server's whole list: favorites not in it are removed from the mirror. */
  replaceAll(items: readonly FavoriteItemInput[], listedAt?: string): void;
  removeByEtpId(etpId: string): boolean;
  /** Newest favorite first (as the server lists them). */
  list(): EarlierFavorite[];
  byEtpId(etpId: string): EarlierFavorite | undefined;
  /**
   * Stores a read of `GET /favorites/updates`: every updates item as a delivery of `efav` (with the
   * detail of the same version as its object when one was read) and what each favorite showed, in one
   * transaction; then the details as cards. `complete`: every page was read, so whatever a lost earlier
   * read charged is held now and the unsettled mark of favorites updates is resolved; otherwise only this
   * read's own mark is settled.
   * `billed` is decided from the cache as it was before this call (call it before anything of this read is
   * stored).
   */
  saveUpdates(pages: readonly FavoriteUpdatesPage[], details: readonly CardInput[], receivedAt: string, complete: boolean): FavoriteUpdatesSaved;
}

interface FavoriteRow {
  tender_id: number;
  etp_id: string;
  favorited_at: string;
  json: string;
  listed_at: string;
  update_date: string | null;
  update_seen_at: string | null;
}

const toFavorite = (r: FavoriteRow): EarlierFavorite => ({
  tenderId: r.tender_id,
  etpId: r.etp_id,
  favoritedAt: r.favorited_at,
  listedAt: r.listed_at,
  updateDate: r.update_date,
  updateSeenAt: r.update_seen_at,
  item: JSON.parse(r.json) as Record<string, unknown>,
});

function createFavoriteStore(cache: CacheDb): EarlierFavoriteStore {
  const { db } = cache;
  const writer = deliveryWriter(cache);
  const cards = cardStore(cache);
  const rules = earlierDeliveryRules(cache);
  const unsettled = unsettledStore(cache);
  const s = {
    upsert: db.prepare(
      `INSERT INTO earlier_favorite (tender_id, etp_id, favorited_at, json, listed_at) VALUES (@id, @etpId, @favoritedAt, @json, @listedAt)
       ON CONFLICT (tender_id) DO UPDATE SET etp_id = excluded.etp_id, json = excluded.json, listed_at = excluded.listed_at,
         favorited_at = excluded.favorited_at,
         -- Removed and added again: a new favorited_at, and what updates showed before no longer counts (D-E-FAV-2).
         update_date = CASE WHEN excluded.favorited_at = earlier_favorite.favorited_at THEN earlier_favorite.update_date END,
         update_seen_at = CASE WHEN excluded.favorited_at = earlier_favorite.favorited_at THEN earlier_favorite.update_seen_at END`,
    ),
    dropEtpClash: db.prepare('DELETE FROM earlier_favorite WHERE etp_id = ? AND tender_id <> ?'),
    dropUnlisted: db.prepare('DELETE FROM earlier_favorite WHERE listed_at <> ?'),
    remove: db.prepare('DELETE FROM earlier_favorite WHERE etp_id = ?'),
    list: db.prepare<[], FavoriteRow>('SELECT * FROM earlier_favorite ORDER BY favorited_at DESC, tender_id DESC'),
    byEtp: db.prepare<[string], FavoriteRow>('SELECT * FROM earlier_favorite WHERE etp_id = ?'),
    update: db.prepare(
      `UPDATE earlier_favorite SET update_date = @updateDate, update_seen_at = @seenAt
       WHERE tender_id = @id AND (update_date IS NULL OR update_date <> @updateDate)`,
    ),
  };

  const replace = writeTransaction(db, (items: readonly FavoriteItemInput[], listedAt: string) => {
    for (const f of items) {
      s.dropEtpClash.run(f.tender_id, f.id);
      s.upsert.run({ id: f.id, etpId: f.tender_id, favoritedAt: f.favorited_at, json: JSON.stringify(f), listedAt });
    }
    s.dropUnlisted.run(listedAt);
  });

  const save = db.transaction(
    (pages: readonly FavoriteUpdatesPage[], billedOf: readonly boolean[][], details: readonly CardInput[], receivedAt: string, complete: boolean): number => {
      // The detail of the same version stands in for the slimmer updates item (see the top of this file).
      const detailOf = new Map(details.map((d) => [d.id, d]));
      let items = 0;
      pages.forEach((page, p) => {
        const delivered = page.items.map((o, i): DeliveredItem => {
          const version = earlierVersion(o);
          const detail = detailOf.get(o.id);
          const object = detail && detail.version === version ? detail.card : o;
          return { kind: 'tender', id: o.id, version, billed: billedOf[p]![i]!, event: null, object };
        });
        const summary = writer.write(
          {
            via: 'feed',
            requestId: page.requestId,
            filterId: FAVORITES_UPDATES_KEY,
            feed: 'tender',
            stream: `page=${page.page}&page_size=${page.pageSize}`,
            receivedAt,
          },
          writer.prepare(delivered),
        );
        items += summary.items;
        for (const o of page.items) {
          if (typeof o.update_date === 'string') s.update.run({ id: o.id, updateDate: o.update_date, seenAt: receivedAt });
        }
      });
      if (complete) unsettled.resolve(FAVORITES_UPDATES_UNSETTLED);
      else unsettled.settle(FAVORITES_UPDATES_UNSETTLED);
      return items;
    },
  );

  return {
    replaceAll(items, listedAt = nowIso()) {
      replace(items, listedAt);
    },
    removeByEtpId(etpId) {
      return s.remove.run(etpId).changes > 0;
    },
    list() {
      return s.list.all().map(toFavorite);
    },
    byEtpId(etpId) {
      const r = s.byEtp.get(etpId);
      return r ? toFavorite(r) : undefined;
    },
    saveUpdates(pages, details, receivedAt, complete) {
      // The charge of each item is decided against the cache as it was before this read.
      const billedOf = pages.map((page) => rules.itemsOf(page.items, { filterKey: null, answerLost: page.answerLost }).items.map((i) => i.billed));
      const billedIds = new Set<number>();
      let recovered = 0;
      pages.forEach((page, p) =>
        page.items.forEach((o, i) => {
          if (!billedOf[p]![i]) return;
          billedIds.add(o.id);
          if (o.is_new !== true) recovered++;
        }),
      );
      const items = writer.transact(() => save.immediate(pages, billedOf, details, receivedAt, complete));
      // The charges are stored; now the details as cards (free deliveries), each in its own transaction.
      for (const card of details) {
        cards.saveCard(card);
        unsettled.resolve(tenderUnsettled(card.id));
      }
      return { items, billed: billedIds.size, recovered, billedIds };
    },
  };
}

export const earlierFavoriteStore = perCache(createFavoriteStore);
