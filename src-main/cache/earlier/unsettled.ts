/**
 * Charging requests of the earlier generation whose answer the cache has not stored (table
 * `earlier_unsettled`, migration 0004), and the one rule that keeps the delivery log's `billed` right
 * when an answer is lost.
 *
 * Why: the earlier generation charges a tender once per account (D-E-BILL-1), and a repeat shows
 * `is_new: false`. If an answer that charged tenders never reaches the cache (the process is killed after
 * the server answered, the connection drops after the charge and the client retries, a sync is
 * cancelled mid-request), the next answer with those tenders says `is_new: false` although they were
 * paid for. Without a record of the lost answer the log would say "free" for a tender the account paid
 * for. So before a charging request is sent its key is marked `in_flight`; the transaction that stores
 * the answer removes the mark. A mark left behind (or an answer the client reports lost) becomes `lost`,
 * and while it is there a tender arriving in this cache for the first time with `is_new: false` is logged
 * as charged — the lost answer paid for it. A `lost` mark is resolved once everything it could have
 * charged is held: a filter's next complete sync, the next complete read of favorites updates, the card of
 * that tender.
 *
 * One process per profile is assumed: `promoteLeftovers` at start turns every `in_flight` mark into
 * `lost`, which is right when the marks were left by a process that ended.
 */
import { perCache, type CacheDb } from '../database';
import { nowIso } from '../types';
import { writeTransaction } from '../writeRetry';

export type UnsettledKey = `filter:${number}` | `tender:${number}` | 'favorites-updates';

export const filterUnsettled = (filterId: number): UnsettledKey => `filter:${filterId}`;
export const tenderUnsettled = (tenderId: number): UnsettledKey => `tender:${tenderId}`;
export const FAVORITES_UPDATES_UNSETTLED: UnsettledKey = 'favorites-updates';

export interface UnsettledMark {
  what: string;
  state: 'in_flight' | 'lost';
  since: string;
}

export interface UnsettledStore {
  /** Before sending a charging request. A `lost` mark stays lost (what it charged is still unknown). */
  begin(what: UnsettledKey): void;
  /** In the transaction that stores the answer: an `in_flight` mark goes; a `lost` one stays until resolved. */
  settle(what: UnsettledKey): void;
  /** Everything a lost answer of `what` could have charged is held now: forget the mark. */
  resolve(what: UnsettledKey): void;
  /** The client reported that an answer of `what` was lost and repeated. */
  markLost(what: UnsettledKey): void;
  /** Marks left `in_flight` by a process that ended become `lost`; marks of tenders now held go. Returns the lost count. */
  promoteLeftovers(): number;
  /** One key's `in_flight` mark becomes `lost` (nothing of that key is running in this process). */
  promote(what: UnsettledKey): void;
  /**
   * Whether tender `tenderId`, reaching this cache for the first time with `is_new: false`, was paid for
   * by a lost answer: a lost mark of that tender, of any filter, or of favorites updates.
   */
  recovering(tenderId: number): boolean;
  marks(): UnsettledMark[];
}

function createUnsettledStore(cache: CacheDb): UnsettledStore {
  const { db } = cache;
  const s = {
    begin: db.prepare("INSERT INTO earlier_unsettled (what, state, since) VALUES (?, 'in_flight', ?) ON CONFLICT (what) DO NOTHING"),
    settle: db.prepare("DELETE FROM earlier_unsettled WHERE what = ? AND state = 'in_flight'"),
    resolve: db.prepare('DELETE FROM earlier_unsettled WHERE what = ?'),
    lost: db.prepare(
      "INSERT INTO earlier_unsettled (what, state, since) VALUES (?, 'lost', ?) ON CONFLICT (what) DO UPDATE SET state = 'lost'",
    ),
    promoteAll: db.prepare("UPDATE earlier_unsettled SET state = 'lost' WHERE state = 'in_flight'"),
    promoteOne: db.prepare("UPDATE earlier_unsettled SET state = 'lost' WHERE what = ? AND state = 'in_flight'"),
    dropHeldTenders: db.prepare(
      "DELETE FROM earlier_unsettled WHERE what LIKE 'tender:%' AND EXISTS (SELECT 1 FROM tender t WHERE t.id = CAST(substr(what, 8) AS INTEGER))",
    ),
    lostCount: db.prepare<[], number>("SELECT count(*) FROM earlier_unsettled WHERE state = 'lost'").pluck(),
    recovering: db
      .prepare<[string], number>("SELECT 1 FROM earlier_unsettled WHERE state = 'lost' AND (what = ? OR what NOT LIKE 'tender:%') LIMIT 1")
      .pluck(),
    marks: db.prepare<[], UnsettledMark>('SELECT what, state, since FROM earlier_unsettled ORDER BY since, what'),
  };
  const promoteLeftovers = writeTransaction(db, (): number => {
    s.promoteAll.run();
    s.dropHeldTenders.run();
    return s.lostCount.get() ?? 0;
  });
  return {
    begin: (what) => void s.begin.run(what, nowIso()),
    settle: (what) => void s.settle.run(what),
    resolve: (what) => void s.resolve.run(what),
    markLost: (what) => void s.lost.run(what, nowIso()),
    promoteLeftovers: () => promoteLeftovers(),
    promote: (what) => void s.promoteOne.run(what),
    recovering: (tenderId) => s.recovering.get(tenderUnsettled(tenderId)) !== undefined,
    marks: () => s.marks.all(),
  };
}

export const unsettledStore = perCache(createUnsettledStore);
