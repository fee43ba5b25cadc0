/**
 * How an earlier-generation tender becomes a delivery of the shared cache (the same write path as the
 * current generation: deliveryWriter, so history, the delivery log, the `tender` rows, offline search and
 * CSV export need nothing of their own).
 *
 * - Version: the earlier API has no version numbers. A tender's version here is the whole seconds since
 *   the epoch of its `update_date`: deterministic (the same update_date is the same version, so a re-read
 *   is a repeat, not a new version), and a later update is a higher version. Without an `update_date` the
 *   `publish_date` stands in, else 0. Timestamps "may carry a time zone offset" (document 2, 2.1): the
 *   seconds are those of the instant, so `…T09:00:00+03:00` and `…T06:00:00Z` are one version, and one
 *   written without an offset is Moscow time (`timestampMs`), not the machine's.
 * - Billed: the item's `is_new` (true exactly when this answer charged it, D-E-BILL-1) — or, for a tender
 *   reaching this cache for the first time as not new while a lost answer is unsettled, true: the lost
 *   answer paid for it (see unsettled.ts).
 * - Where from: a filter page is a delivery of filter `efl_<id>` (never a current-generation `flt_` id);
 *   its event is `created` the first time the filter delivers a tender and `updated` afterwards, so the
 *   request row's `created` counts the tenders new to the filter. Favorites updates are deliveries of
 *   `efav`, with no event (they make no filter membership).
 */
import { perCache, type CacheDb } from '../database';
import type { DeliveredItem } from '../deliveryWriter';
import { timestampMs } from '../../api/earlier/limits';
import { unsettledStore } from './unsettled';

/** The delivery `filter_id` of an earlier filter's pages. */
export const earlierFilterKey = (filterId: number): string => `efl_${filterId}`;
/** The delivery `filter_id` of `GET /favorites/updates` pages. */
export const FAVORITES_UPDATES_KEY = 'efav';

/** A tender as the earlier API delivers it (list item 2.1, favorites update 2.6 or detail 2.3). */
export interface EarlierTenderObject {
  id: number;
  is_new: boolean;
  update_date?: string | null;
  publish_date?: string | null;
  [field: string]: unknown;
}

/** The cache version of an earlier tender: whole seconds of the instant of its `update_date`. */
export function earlierVersion(t: { update_date?: unknown; publish_date?: unknown }): number {
  const ms = timestampMs(t.update_date) ?? timestampMs(t.publish_date) ?? 0;
  return Math.max(0, Math.floor(ms / 1000));
}

export interface EarlierItems {
  items: DeliveredItem[];
  /** Tenders logged as charged although the answer said `is_new: false` (a lost answer paid for them). */
  recovered: number;
}

export interface EarlierDeliveryRules {
  /**
   * Deliveries of one answer. `filterKey` null: no filter (favorites updates). `answerLost`: the client
   * repeated this request after an answer that never arrived, so `is_new` under-reports.
   * Reads only; call it before the write transaction (and before anything of the same answer is stored).
   */
  itemsOf(objects: readonly EarlierTenderObject[], opts: { filterKey: string | null; answerLost: boolean }): EarlierItems;
  /** The tender has a version in this cache. */
  held(tenderId: number): boolean;
  /** The billed flag of one tender arriving now (a card). */
  billedOf(object: EarlierTenderObject, answerLost: boolean): boolean;
}

function createRules(cache: CacheDb): EarlierDeliveryRules {
  const { db } = cache;
  const unsettled = unsettledStore(cache);
  const s = {
    held: db.prepare<[number], number>('SELECT 1 FROM tender WHERE id = ?').pluck(),
    member: db.prepare<[string, number], number>('SELECT 1 FROM filter_member WHERE filter_id = ? AND kind = 1 AND id = ?').pluck(),
  };
  const held = (id: number): boolean => s.held.get(id) !== undefined;
  const billedOf = (o: EarlierTenderObject, answerLost: boolean): boolean =>
    o.is_new === true || (!held(o.id) && (answerLost || unsettled.recovering(o.id)));
  return {
    held,
    billedOf,
    itemsOf(objects, opts) {
      let recovered = 0;
      const items = objects.map((o): DeliveredItem => {
        const billed = billedOf(o, opts.answerLost);
        if (billed && o.is_new !== true) recovered++;
        const event = opts.filterKey === null ? null : s.member.get(opts.filterKey, o.id) === undefined ? 'created' : 'updated';
        return { kind: 'tender', id: o.id, version: earlierVersion(o), billed, event, object: o };
      });
      return { items, recovered };
    },
  };
}

export const earlierDeliveryRules = perCache(createRules);
