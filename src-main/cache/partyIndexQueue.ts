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

/**
 * A contract's suppliers as its `contract_party.suppliers` column holds them: `inn<TAB>name` lines, null when none.
 * From migration 0035 the column is also what a search by supplier INN or name reads (viewQueries.ts), so it ends
 * with `<TAB>name` lines (no INN) of `searchNames`: the names the contract states that its INN lines do not show
 * (searchOnlyNames). The readers of suppliers (suppliersOf) skip those lines.
 */
export const suppliersText = (suppliers: readonly { inn: string; name: string | null }[], searchNames: readonly string[] = []): string | null =>
  suppliers.length === 0 && searchNames.length === 0
    ? null
    : [...suppliers.map((p) => `${p.inn}\t${p.name ?? ''}`), ...searchNames.map((name) => `\t${name}`)].join('\n');

/** The suppliers of a `contract_party.suppliers` text (its name-only search lines are no suppliers). */
export function suppliersOf(text: string | null): { inn: string; name: string | null }[] {
  if (text === null || text === '') return [];
  const suppliers: { inn: string; name: string | null }[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab === 0) continue;
    const name = line.slice(tab + 1);
    suppliers.push({ inn: line.slice(0, tab), name: name === '' ? null : name });
  }
  return suppliers;
}

/** How a supplier's name is compared in a search by name: lower case, as `supplier_text` held it before 0035. */
export const foldSupplierName = (name: string): string => name.toLowerCase();

/**
 * The names (`names`: every non-empty name the contract states, in order) that a supplier lookup by INN leaves out:
 * a supplier without an INN, or a second name under an INN already listed (contractInsight keeps the first).
 * Folded and distinct, so a contract's search lines are the same however they were made (the migration 0035 had
 * only the folded `supplier_text`).
 */
export function searchOnlyNames(names: readonly string[], suppliers: readonly { name: string | null }[]): string[] {
  const shown = new Set(suppliers.flatMap((p) => (p.name === null ? [] : [foldSupplierName(p.name)])));
  const extra: string[] = [];
  for (const name of names) {
    const folded = foldSupplierName(name);
    if (shown.has(folded)) continue;
    shown.add(folded);
    extra.push(folded);
  }
  return extra;
}

/**
 * Whether `folded` (a typed name, foldSupplierName'd) is part of one of the supplier names of a `contract_party.suppliers`
 * text, as typed (no wildcards) and never of an INN. The text is folded once and searched in place: this runs once a
 * contract in a search by name (viewQueries.ts), where splitting it into names cost 3 times the old LIKE.
 */
export function supplierNameIn(text: string | null, folded: string): boolean {
  if (text === null || folded === '') return false;
  const lower = foldSupplierName(text);
  for (let at = lower.indexOf(folded); at !== -1; at = lower.indexOf(folded, at + 1)) {
    const lineStart = at === 0 ? 0 : lower.lastIndexOf('\n', at - 1) + 1;
    const tab = lower.indexOf('\t', lineStart);
    const lineEnd = lower.indexOf('\n', at);
    if (tab !== -1 && tab < at && (lineEnd === -1 || at + folded.length <= lineEnd)) return true;
  }
  return false;
}

/** Letters other than their own capital that fold to an ASCII letter (U+0130 «İ» → «i̇», U+212A Kelvin sign → «k»). */
const OTHER_CAPITALS: Readonly<Record<string, string>> = { i: '\u0130', k: '\u212a' };

/**
 * A GLOB pattern that every `suppliers` text matching `folded` (supplierNameIn) also matches, for SQLite to try
 * first in its own code: a JavaScript function called once a contract cost a name search 3 times the old LIKE.
 * Each ASCII or basic Cyrillic letter stands for itself and its capitals; a character that is no letter, no mark and
 * has no capital folds only from itself (checked over every code point with Node 24's toLowerCase). Null when `folded` has another letter or mark (whose capitals are not all known here): the
 * function alone decides then.
 */
export function supplierNameGlob(folded: string): string | null {
  let pattern = '*';
  for (const ch of folded) {
    if (/[a-z\u0430-\u044f\u0451]/.test(ch)) pattern += `[${ch}${ch.toUpperCase()}${OTHER_CAPITALS[ch] ?? ''}]`;
    else if (/[\p{L}\p{M}]/u.test(ch) || ch.toUpperCase() !== ch) return null; // Ⅰ and Ⓐ have case and are no letters
    else pattern += ch === '*' || ch === '?' || ch === '[' ? `[${ch}]` : ch;
  }
  return `${pattern}*`;
}

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
