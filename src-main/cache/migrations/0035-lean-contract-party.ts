/**
 * A leaner `contract_party` (the size goal, ≤ 1.0 GB per 1,000,000 tenders). Measured with dbstat at 50,000
 * tenders, about 40 of its bytes a tender said again what the cache already held:
 * - `customer_name`, the contract's customer's name as text (~70 bytes a contract), becomes `customer_ref`, a ref
 *   into `customer_name`, where the tenders' customer names already are (one way a name becomes a ref for both:
 *   labelRefs.ts); `resolved_name`, the name of its tender's customer, becomes `resolved_ref` the same way.
 * - `supplier_inns` (' inn1 inn2 ') and `supplier_text` (the names, lower case) repeated `suppliers` (`inn<TAB>name`
 *   lines, migration 0012, written in the same transaction): the contract search reads `suppliers` now
 *   (viewQueries.ts). The names `suppliers` did not show (a supplier without an INN, a second name under an INN) follow
 *   its lines as `<TAB>name` lines, folded (partyIndexQueue.ts), so every contract is found by the names it was before.
 * - `resolved_inn` copied `customer_inn` for every contract that names its own customer: it is NULL there now, and
 *   readers take `customer_inn` (insightStore.ts).
 * The table is copied in id order (as dense as a fresh one) and its two indexes are made again; no view or trigger
 * names it.
 */
import type Database from 'better-sqlite3';
import { searchOnlyNames, suppliersOf, suppliersText } from '../supplierLines';
import type { Migration, MigrationProgress } from './types';

export const migration0035: Migration = {
  version: 35,
  name: 'lean-contract-party',
  fills: true,
  up(db: Database.Database, progress: MigrationProgress = () => {}): void {
    const total = (db.prepare('SELECT count(*) FROM contract_party').pluck().get() as number) + 1;
    progress(0, total);
    db.exec(`
      INSERT OR IGNORE INTO customer_name (name)
        SELECT name FROM (
          SELECT id, 1 AS k, customer_name AS name FROM contract_party WHERE customer_name IS NOT NULL
          UNION ALL SELECT id, 2, resolved_name FROM contract_party WHERE resolved_name IS NOT NULL
        ) ORDER BY id, k;
      CREATE TABLE contract_party_new (
        id               INTEGER PRIMARY KEY,
        version          INTEGER NOT NULL,
        customer_inn     TEXT,
        customer_ref     INTEGER,  -- customer_name (ref) of the contract's own customer's name (no REFERENCES: appIndex.ts)
        reestr_number    TEXT,
        price            REAL,
        paid             REAL,
        stage            TEXT,
        sign_at          INTEGER,
        region           INTEGER,
        law              TEXT,
        suppliers        TEXT,     -- inn<TAB>name lines, then <TAB>name lines the search by name reads too (partyIndexQueue.ts)
        attributed_inn   TEXT,
        resolved_inn     TEXT,     -- the customer's INN when the contract does not name its own (customer_inn when it does)
        resolved_ref     INTEGER,  -- customer_name (ref) of the name of its tender's customer
        customer_source  TEXT CHECK (customer_source IN ('contract', 'tender', 'attribution'))
      );
      INSERT INTO contract_party_new (id, version, customer_inn, customer_ref, reestr_number, price, paid, stage, sign_at, region, law,
                                      suppliers, attributed_inn, resolved_inn, resolved_ref, customer_source)
        SELECT p.id, p.version, p.customer_inn, c.ref, p.reestr_number, p.price, p.paid, p.stage, p.sign_at, p.region, p.law,
               p.suppliers, p.attributed_inn, CASE WHEN p.customer_source = 'contract' THEN NULL ELSE p.resolved_inn END, r.ref, p.customer_source
          FROM contract_party p LEFT JOIN customer_name c ON c.name = p.customer_name LEFT JOIN customer_name r ON r.name = p.resolved_name
          ORDER BY p.id;
    `);
    // The names a search found in `supplier_text` that `suppliers` does not show (rare: read here, written after).
    const extra: [string | null, number][] = [];
    let done = 0;
    for (const row of db
      .prepare<[], { id: number; suppliers: string | null; supplier_text: string }>("SELECT id, suppliers, supplier_text FROM contract_party WHERE supplier_text <> ''")
      .iterate()) {
      const kept = suppliersOf(row.suppliers);
      const names = searchOnlyNames(row.supplier_text.split('\n'), kept);
      if (names.length > 0) extra.push([suppliersText(kept, names), row.id]);
      if (++done % 50_000 === 0) progress(done, total);
    }
    const setSuppliers = db.prepare('UPDATE contract_party_new SET suppliers = ? WHERE id = ?');
    for (const [suppliers, id] of extra) setSuppliers.run(suppliers, id);
    db.exec(`
      DROP TABLE contract_party;
      ALTER TABLE contract_party_new RENAME TO contract_party;
      CREATE INDEX contract_party_customer ON contract_party (customer_inn);
      CREATE INDEX contract_party_resolved ON contract_party (resolved_inn) WHERE customer_source <> 'contract';
    `);
    progress(total, total);
  },
};
