/**
 * Leaner tender insight tables (the size goal, ≤ 1.0 GB per 1,000,000 tenders). Measured with dbstat at 50,000
 * tenders, `insight_tender` (45.9 bytes a tender) and `insight_tender_by_customer` (22.2) said again what the
 * `tender` row holds:
 * - `insight_tender.customer_inn` copied `tender.customer_inn` (the same tenderView of the same latest version): gone;
 *   readers join `tender` by id, which every reader of a tender fact already did for its name and price, and the
 *   write path learns the INN before a new version from tenderIndex.ts (the row it reads before writing).
 * - `insight_tender.law` copied the known law of `tender.law` (tenderLaw, of which the facts keep the known laws
 *   only): it now holds only a law a card stated where the tender's row knows none (insightUpkeep.ts), NULL
 *   otherwise; readers take coalesce(law, the row's known law) (knownLawSql).
 * - `insight_tender_by_customer` repeated each tender's customer INN as text in its key: the key is now a ref into
 *   `insight_customer` (one row an INN, refs given in INN order here and by the lazy flush after:
 *   partyIndexQueue.ts), so the index sorts the same tenders together in fewer bytes.
 * The queue of the lazy index keeps INNs as text (`insight_pending.old`), so what was queued before this migration
 * is moved by the new flush. Both tables are copied in key order; no view, trigger or index names them.
 */
import type Database from 'better-sqlite3';
import { knownLawSql } from '../insightUpkeep';
import type { Migration, MigrationProgress } from './types';

export const migration0036: Migration = {
  version: 36,
  name: 'lean-tender-insight',
  fills: true,
  up(db: Database.Database, progress: MigrationProgress = () => {}): void {
    progress(0, 3);
    db.exec(`
      CREATE TABLE insight_customer (
        ref  INTEGER PRIMARY KEY,
        inn  TEXT NOT NULL UNIQUE
      );
      INSERT INTO insight_customer (inn) SELECT DISTINCT customer_inn FROM insight_tender_by_customer ORDER BY 1;
      CREATE TABLE insight_tender_by_customer_new (
        customer_ref     INTEGER NOT NULL,  -- insight_customer (ref) of the tender's customer INN
        tender_id        INTEGER NOT NULL,
        single_supplier  INTEGER,
        PRIMARY KEY (customer_ref, tender_id)
      ) WITHOUT ROWID;
      INSERT INTO insight_tender_by_customer_new (customer_ref, tender_id, single_supplier)
        SELECT r.ref, c.tender_id, c.single_supplier FROM insight_tender_by_customer c JOIN insight_customer r ON r.inn = c.customer_inn ORDER BY 1, 2;
      DROP TABLE insight_tender_by_customer;
      ALTER TABLE insight_tender_by_customer_new RENAME TO insight_tender_by_customer;
    `);
    progress(1, 3);
    db.exec(`
      CREATE TABLE insight_tender_new (
        id               INTEGER PRIMARY KEY,
        law              TEXT,     -- a law a card stated where tender.law knows none (readers: coalesce with tender.law's known law)
        placement_type   INTEGER,
        placement_ref    INTEGER,
        single_supplier  INTEGER CHECK (single_supplier IN (0, 1)),
        okpd2            TEXT NOT NULL DEFAULT ''
      );
      INSERT INTO insight_tender_new (id, law, placement_type, placement_ref, single_supplier, okpd2)
        SELECT i.id, CASE WHEN i.law IS NOT ${knownLawSql('t.law')} THEN i.law END, i.placement_type, i.placement_ref, i.single_supplier, i.okpd2
          FROM insight_tender i LEFT JOIN tender t ON t.id = i.id ORDER BY i.id;
      DROP TABLE insight_tender;
      ALTER TABLE insight_tender_new RENAME TO insight_tender;
    `);
    progress(3, 3);
  },
};
