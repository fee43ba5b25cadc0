/**
 * The `tender` row's status, law and currency as small codes (tenderRowCodes.ts says which and why; the size
 * goal, ≤ 1.0 GB per 1,000,000 tenders: 16-17 bytes of a ~215-byte row at 20,000 tenders). A column's affinity
 * cannot be changed in place, so `tender` is copied into a table whose three columns have no declared type (a
 * code stays an integer, another server's text stays text), in seq order (its seq is `tender_fts`'s rowid and is
 * kept), so the new table is as dense as a fresh one; its index and the `tender_view` view are made again, the
 * view giving the currency's text back as before.
 */
import type Database from 'better-sqlite3';
import { currencyCodeSql, currencySql, lawCodeSql, statusCodeSql } from '../tenderRowCodes';
import type { Migration, MigrationProgress } from './types';

export const migration0037: Migration = {
  version: 37,
  name: 'tender-row-codes',
  fills: true,
  up(db: Database.Database, progress: MigrationProgress = () => {}): void {
    progress(0, 2);
    db.exec(`
      DROP VIEW tender_view;
      CREATE TABLE tender_new (
        seq           INTEGER PRIMARY KEY,
        id            INTEGER NOT NULL UNIQUE,
        version       INTEGER NOT NULL,
        name          TEXT,
        customer_ref  INTEGER REFERENCES customer_name (ref),
        price         REAL,
        publish_at    INTEGER,  -- Unix seconds
        end_at        INTEGER,  -- Unix seconds
        region        INTEGER,
        status,                 -- a code (tenderRowCodes.ts), else the status as delivered (folded)
        law,                    -- a code (tenderRowCodes.ts), else the law as delivered
        indexed_hash  INTEGER NOT NULL,  -- fingerprint of what tender_fts holds for this row
        etp_id        TEXT,
        currency,               -- a code (tenderRowCodes.ts), else the currency as delivered
        region_ref    INTEGER,  -- label ref of the region's name (migration 0024)
        customer_inn  TEXT,
        publish_date  TEXT,     -- the delivered text when it is not the Moscow rendering of publish_at (viewDates.ts)
        end_date      TEXT
      );
      INSERT INTO tender_new (seq, id, version, name, customer_ref, price, publish_at, end_at, region, status, law, indexed_hash,
                              etp_id, currency, region_ref, customer_inn, publish_date, end_date)
        SELECT seq, id, version, name, customer_ref, price, publish_at, end_at, region, ${statusCodeSql('status')}, ${lawCodeSql('law')},
               indexed_hash, etp_id, ${currencyCodeSql('currency')}, region_ref, customer_inn, publish_date, end_date
          FROM tender ORDER BY seq;
    `);
    progress(1, 2);
    db.exec(`
      DROP TABLE tender;
      ALTER TABLE tender_new RENAME TO tender;
      CREATE INDEX tender_publish_order ON tender (publish_at, id);
      CREATE VIEW tender_view AS
        SELECT id, version, etp_id, ${currencySql('currency')} AS currency, region_ref, customer_inn,
               CASE WHEN publish_date IS NULL THEN publish_at END AS publish_at, publish_date,
               CASE WHEN end_date IS NULL THEN end_at END AS end_at, end_date
          FROM tender;
    `);
    progress(2, 2);
  },
};
