/**
 * Leaner per-tender rows. At 50,000 tenders `tender_view` took 135 bytes a tender and `insight_tender`
 * 92, most of it texts that repeat or that another column already says:
 * - `label`: a short text kept once (a region's name, a placement's name: a few dozen distinct values over a
 *   million tenders, ~35 bytes of UTF-8 each), referred to by `tender_view.region_ref` and
 *   `insight_tender.placement_ref` (cache/labelRefs.ts; readers join it).
 * - `tender_view.publish_at` / `end_at`: the date's instant (Unix seconds) when the delivered text is its Moscow
 *   rendering (`2026-02-02T10:12:00+03:00`), and `publish_date` / `end_date` only otherwise (cache/viewDates.ts);
 *   readers rebuild the text with the same rendering, so every row shows what was delivered, byte for byte.
 * Both tables are copied in id order into their new shape (the rows' content unchanged), then replace the old.
 */
import type Database from 'better-sqlite3';
import type { Migration, MigrationProgress } from './types';

const MOSCOW_TEXT = "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]+03:00'";

/** The instant of a Moscow-rendered date text, when rendering it again gives exactly the text (as viewDates.ts). */
const instant = (column: string): string =>
  `CASE WHEN ${column} GLOB ${MOSCOW_TEXT}
        AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', ${column}) AS INTEGER) + 10800, 'unixepoch') || '+03:00' = ${column}
   THEN CAST(strftime('%s', ${column}) AS INTEGER) END`;

const kept = (column: string): string => `CASE WHEN (${instant(column)}) IS NULL THEN ${column} END`;

export const migration0024: Migration = {
  version: 24,
  name: 'lean-tender-rows',
  fills: true,
  up(db: Database.Database, progress: MigrationProgress = () => {}): void {
    const total = (db.prepare('SELECT count(*) FROM tender_view').pluck().get() as number) + (db.prepare('SELECT count(*) FROM insight_tender').pluck().get() as number);
    progress(0, total);
    db.exec(`
      CREATE TABLE label (
        ref   INTEGER PRIMARY KEY,
        text  TEXT NOT NULL UNIQUE
      );
      INSERT OR IGNORE INTO label (text) SELECT region_name FROM tender_view WHERE region_name IS NOT NULL ORDER BY id;
      INSERT OR IGNORE INTO label (text) SELECT placement_name FROM insight_tender WHERE placement_name IS NOT NULL ORDER BY id;

      CREATE TABLE tender_view_new (
        id            INTEGER PRIMARY KEY,
        version       INTEGER NOT NULL,
        etp_id        TEXT,
        currency      TEXT,
        region_ref    INTEGER,
        customer_inn  TEXT,
        publish_at    INTEGER,
        publish_date  TEXT,
        end_at        INTEGER,
        end_date      TEXT
      );
      INSERT INTO tender_view_new (id, version, etp_id, currency, region_ref, customer_inn, publish_at, publish_date, end_at, end_date)
        SELECT id, version, etp_id, currency, (SELECT ref FROM label WHERE text = region_name), customer_inn,
               ${instant('publish_date')}, ${kept('publish_date')}, ${instant('end_date')}, ${kept('end_date')}
          FROM tender_view ORDER BY id;
      DROP TABLE tender_view;
      ALTER TABLE tender_view_new RENAME TO tender_view;
    `);
    progress(db.prepare('SELECT count(*) FROM tender_view').pluck().get() as number, total);
    db.exec(`
      CREATE TABLE insight_tender_new (
        id               INTEGER PRIMARY KEY,
        customer_inn     TEXT,
        law              TEXT,
        placement_type   INTEGER,
        placement_ref    INTEGER,
        single_supplier  INTEGER CHECK (single_supplier IN (0, 1)),
        okpd2            TEXT NOT NULL DEFAULT ''
      );
      INSERT INTO insight_tender_new (id, customer_inn, law, placement_type, placement_ref, single_supplier, okpd2)
        SELECT id, customer_inn, law, placement_type, (SELECT ref FROM label WHERE text = placement_name), single_supplier, okpd2
          FROM insight_tender ORDER BY id;
      DROP TABLE insight_tender;
      ALTER TABLE insight_tender_new RENAME TO insight_tender;
    `);
    progress(total, total);
  },
};
