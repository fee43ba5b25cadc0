/**
 * The lazy party indexes of the insight tables (the ingest goal, migration 0013): which tenders each
 * customer INN placed (`insight_tender_by_customer`, with the single-supplier mark the peers' shares count) and
 * which contracts each supplier INN is on (`insight_contract_supplier`). Internal to src-main/cache.
 *
 * Why lazy: customer and supplier INNs are spread over the whole index, so writing each new object's entry in
 * its page's transaction dirtied about one random 4 KB page per object, written by every commit and again at
 * every checkpoint (the measured remainder of the upkeep's cost, BENCHMARKS.md). Instead the page's
 * transaction appends the object's id to `insight_pending` (ids appended: the queue's last page stays hot, and
 * it commits with its page, so a crash loses nothing), with what the index may hold for it (`old`: the
 * tender's customer INN, the contract's `inn<TAB>name` supplier lines, before the change). A flush moves the
 * whole queue in ONE sorted batch: the entries of `old` are deleted, then the current ones inserted in key
 * order (each index page touched once per flush instead of once per object and commit).
 *
 * When: before a reader that uses these indexes (insightStore.ts, so a dossier right after a page sees it),
 * at the idle maintenance step (maintenance.ts), and in a page's transaction once the queue passes
 * QUEUE_BOUND (a long sync without reads keeps each flush bounded). Migration 0013 rebuilds both at once.
 */
import type Database from 'better-sqlite3';
import { suppliersOf } from './supplierLines';
import { writeTransaction } from './writeRetry';

/**
 * Queue length at which a page's transaction flushes (500 feed pages of new objects). A batch pays per index
 * page it touches, so it must be large against the index (1,000,000 customer entries are ~8,000 pages): 50,000
 * sorted entries touch about each page once, where 5,000 would still touch ~4,000. The flush then costs that
 * one page about a second, and the queue (a few MB) stays small.
 */
export const QUEUE_BOUND = 50_000;

/**
 * The schema whose `insight_tender` keeps no customer INN (its `tender` row's is read) and whose
 * `insight_tender_by_customer` is keyed by `insight_customer` refs instead of the INN's text (migration 0036).
 */
export const LEAN_TENDER_INSIGHT_SCHEMA = 36;

const TENDER = 1;
const CONTRACT = 2;

const supplierInns = (text: string | null): string[] => suppliersOf(text).map((p) => p.inn);

export interface PartyIndexQueue {
  /** A tender's customer or single-supplier mark is new or changed; `oldInn` is its customer before (null when new). */
  tenderChanged(id: number, oldInn: string | null): void;
  /** A contract's suppliers are new or changed; `oldSuppliers` its `inn<TAB>name` lines before (null when none). */
  contractChanged(id: number, oldSuppliers: string | null): void;
  /** Objects queued and not yet in the indexes (the queue appends, and a flush empties it: the last seq). */
  size(): number;
  /** Moves the queue into the indexes (its own transaction, or a savepoint of the caller's). */
  flush(): void;
  /** Flushes when something is queued (a reader's cheap check: one look at the queue's last page). */
  flushIfPending(): void;
  /** Flushes when the queue passed QUEUE_BOUND (the end of a page, in its transaction). */
  flushIfFull(): void;
}

const NO_QUEUE: PartyIndexQueue = {
  tenderChanged() {},
  contractChanged() {},
  size: () => 0,
  flush() {},
  flushIfPending() {},
  flushIfFull() {},
};

export function createPartyIndexQueue(db: Database.Database): PartyIndexQueue {
  // A file migrated with a shorter registry (migration 0012's fill, the migration tests) has no queue yet:
  // nothing is queued, and 0013 builds both indexes from the rows (`rebuildPartyIndexes`).
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'insight_pending'").get() === undefined) return NO_QUEUE;
  // From migration 0036 the index names a customer by its `insight_customer` ref (a new INN gets one here, in the
  // batch, not in the page's transaction) and the current INN is the `tender` row's; the queue keeps INNs as text.
  const lean = (db.pragma('user_version', { simple: true }) as number) >= LEAN_TENDER_INSIGHT_SCHEMA;
  const queuedTenders = `SELECT id FROM insight_pending WHERE kind = ${TENDER}`;
  const s = {
    enqueue: db.prepare('INSERT INTO insight_pending (kind, id, old) VALUES (?, ?, ?)'),
    last: db.prepare<[], number | null>('SELECT max(seq) FROM insight_pending').pluck(),
    dropCustomers: db.prepare(
      lean
        ? `DELETE FROM insight_tender_by_customer WHERE (customer_ref, tender_id) IN
             (SELECT r.ref, p.id FROM insight_pending p JOIN insight_customer r ON r.inn = p.old WHERE p.kind = ${TENDER} AND p.old IS NOT NULL)`
        : `DELETE FROM insight_tender_by_customer WHERE (customer_inn, tender_id) IN
             (SELECT old, id FROM insight_pending WHERE kind = ${TENDER} AND old IS NOT NULL)`,
    ),
    addInns: lean
      ? db.prepare(
          `INSERT OR IGNORE INTO insight_customer (inn)
           SELECT DISTINCT customer_inn FROM tender WHERE id IN (${queuedTenders}) AND customer_inn IS NOT NULL ORDER BY 1`,
        )
      : null,
    // Sorted, so the batch walks the index once in key order.
    addCustomers: db.prepare(
      lean
        ? `INSERT OR REPLACE INTO insight_tender_by_customer (customer_ref, tender_id, single_supplier)
           SELECT r.ref, i.id, i.single_supplier FROM insight_tender i JOIN tender t ON t.id = i.id JOIN insight_customer r ON r.inn = t.customer_inn
           WHERE i.id IN (${queuedTenders}) ORDER BY 1, 2`
        : `INSERT OR REPLACE INTO insight_tender_by_customer (customer_inn, tender_id, single_supplier)
           SELECT customer_inn, id, single_supplier FROM insight_tender
           WHERE id IN (${queuedTenders}) AND customer_inn IS NOT NULL ORDER BY 1, 2`,
    ),
    oldSuppliers: db.prepare<[], { id: number; old: string }>(`SELECT id, old FROM insight_pending WHERE kind = ${CONTRACT} AND old IS NOT NULL`),
    newSuppliers: db.prepare<[], { id: number; suppliers: string | null }>(
      `SELECT id, suppliers FROM contract_party WHERE id IN (SELECT id FROM insight_pending WHERE kind = ${CONTRACT})`,
    ),
    dropSupplier: db.prepare('DELETE FROM insight_contract_supplier WHERE supplier_inn = ? AND contract_id = ?'),
    addSupplier: db.prepare('INSERT OR IGNORE INTO insight_contract_supplier (supplier_inn, contract_id) VALUES (?, ?)'),
    clear: db.prepare('DELETE FROM insight_pending'),
  };

  const flush = writeTransaction(db, () => {
    s.dropCustomers.run();
    s.addInns?.run();
    s.addCustomers.run();
    // Every change was queued with what it replaced, so deleting all the old entries first and then adding
    // the current ones leaves exactly the current ones, however often an object changed while queued.
    for (const { id, old } of s.oldSuppliers.all()) for (const inn of supplierInns(old)) s.dropSupplier.run(inn, id);
    const entries: [string, number][] = [];
    for (const { id, suppliers } of s.newSuppliers.all()) for (const inn of supplierInns(suppliers)) entries.push([inn, id]);
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    for (const [inn, id] of entries) s.addSupplier.run(inn, id);
    s.clear.run();
  });

  const size = (): number => s.last.get() ?? 0;
  return {
    tenderChanged: (id, oldInn) => void s.enqueue.run(TENDER, id, oldInn),
    contractChanged: (id, oldSuppliers) => void s.enqueue.run(CONTRACT, id, oldSuppliers),
    size,
    flush: () => flush(),
    flushIfPending() {
      if (size() > 0) flush();
    },
    flushIfFull() {
      if (size() >= QUEUE_BOUND) flush();
    },
  };
}

/** Migration 0013: both indexes built from the rows the upkeep keeps (`insight_tender`, `contract_party`), sorted. */
export function rebuildPartyIndexes(db: Database.Database): void {
  db.exec('DELETE FROM insight_tender_by_customer; DELETE FROM insight_contract_supplier; DELETE FROM insight_pending');
  db.exec(
    `INSERT INTO insight_tender_by_customer (customer_inn, tender_id, single_supplier)
     SELECT customer_inn, id, single_supplier FROM insight_tender WHERE customer_inn IS NOT NULL ORDER BY 1, 2`,
  );
  db.exec(`INSERT INTO insight_pending (kind, id) SELECT ${CONTRACT}, id FROM contract_party WHERE suppliers IS NOT NULL`);
  createPartyIndexQueue(db).flush();
}
