/**
 * Leaner per-object rows (the size goal, ≤ 1.0 GB per 1,000,000 tenders). Measured with dbstat at 50,000
 * tenders, two tables said again what another table already held:
 * - `filter_member` (56 bytes a tender): the filter id's text (`flt_` and 22 characters) repeated in the key of
 *   every member. Members now live in `filter_member_ref` keyed by a small number (`filter_ref`, one row per
 *   filter id), in the same order as before (filter, kind, id), so every reader's plan is the same walk.
 *   `filter_member` stays as a view of the same columns, so every reader's SQL is unchanged; an INSTEAD OF
 *   trigger takes inserts through it (the write path writes the ref table directly, appIndex.ts).
 * - `tender_view` (63 bytes a tender): a second rowid table keyed by tender id beside `tender`, whose version and
 *   instants (`publish_at`, `end_at`) are `tender`'s own. Its texts (platform number, currency, region label,
 *   customer INN, a date text that is not its Moscow rendering) become columns of `tender`, written by the same
 *   INSERT or UPDATE that writes the tender row (tenderIndex.ts): one b-tree less to write per version, and a
 *   page of 100 versions touches ~40-50 fewer random pages. `tender_view` stays as a view of the old columns.
 * `tender` is copied in seq order (its seq is `tender_fts`'s rowid and is kept), so the new table is as dense as a
 * fresh one; its indexes are made again.
 */
import type Database from 'better-sqlite3';
import type { Migration, MigrationProgress } from './types';

/** The columns of `tender` (migration 0001) and the ones it takes over from `tender_view`. */
export const LEAN_TENDER_COLUMNS = ['etp_id', 'currency', 'region_ref', 'customer_inn', 'publish_date', 'end_date'] as const;

/**
 * The text of a date that `tender`'s instant does not give back: what the reader showed before (the kept text,
 * else the Moscow rendering of the view's instant), unless rendering the tender's instant shows the same.
 */
const keptText = (name: 'publish' | 'end'): string => {
  const render = (column: string): string => `strftime('%Y-%m-%dT%H:%M:%S', ${column} + 10800, 'unixepoch') || '+03:00'`;
  const shown = `coalesce(v.${name}_date, ${render(`v.${name}_at`)})`;
  return `CASE WHEN ${shown} IS ${render(`t.${name}_at`)} THEN NULL ELSE ${shown} END`;
};

export const migration0026: Migration = {
  version: 26,
  name: 'lean-members-and-rows',
  fills: true,
  up(db: Database.Database, progress: MigrationProgress = () => {}): void {
    const total = (db.prepare('SELECT count(*) FROM tender').pluck().get() as number) + 1;
    progress(0, total);
    db.exec(`
      CREATE TABLE filter_ref (
        ref        INTEGER PRIMARY KEY,
        filter_id  TEXT NOT NULL UNIQUE
      );
      INSERT INTO filter_ref (filter_id) SELECT DISTINCT filter_id FROM filter_member ORDER BY filter_id;
      CREATE TABLE filter_member_ref (
        filter_ref  INTEGER NOT NULL,
        kind        INTEGER NOT NULL CHECK (kind IN (1, 2)),
        id          INTEGER NOT NULL,
        PRIMARY KEY (filter_ref, kind, id)
      ) WITHOUT ROWID;
      INSERT INTO filter_member_ref (filter_ref, kind, id)
        SELECT r.ref, m.kind, m.id FROM filter_member m JOIN filter_ref r ON r.filter_id = m.filter_id ORDER BY 1, 2, 3;
      DROP TABLE filter_member;
      CREATE VIEW filter_member AS
        SELECT r.filter_id AS filter_id, m.kind AS kind, m.id AS id FROM filter_member_ref m JOIN filter_ref r ON r.ref = m.filter_ref;
      CREATE TRIGGER filter_member_insert INSTEAD OF INSERT ON filter_member
      BEGIN
        INSERT OR IGNORE INTO filter_ref (filter_id) VALUES (new.filter_id);
        INSERT OR IGNORE INTO filter_member_ref (filter_ref, kind, id)
          SELECT ref, new.kind, new.id FROM filter_ref WHERE filter_id = new.filter_id;
      END;

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
        status        TEXT,
        law           TEXT,
        indexed_hash  INTEGER NOT NULL,  -- fingerprint of what tender_fts holds for this row
        etp_id        TEXT,
        currency      TEXT,
        region_ref    INTEGER,  -- label ref of the region's name (migration 0024)
        customer_inn  TEXT,
        publish_date  TEXT,     -- the delivered text when it is not the Moscow rendering of publish_at (viewDates.ts)
        end_date      TEXT
      );
      INSERT INTO tender_new (seq, id, version, name, customer_ref, price, publish_at, end_at, region, status, law, indexed_hash,
                              etp_id, currency, region_ref, customer_inn, publish_date, end_date)
        SELECT t.seq, t.id, t.version, t.name, t.customer_ref, t.price, t.publish_at, t.end_at, t.region, t.status, t.law, t.indexed_hash,
               v.etp_id, v.currency, v.region_ref, v.customer_inn, ${keptText('publish')}, ${keptText('end')}
          FROM tender t LEFT JOIN tender_view v ON v.id = t.id ORDER BY t.seq;
      DROP TABLE tender;
      DROP TABLE tender_view;
      ALTER TABLE tender_new RENAME TO tender;
      CREATE INDEX tender_publish_order ON tender (publish_at, id);
      CREATE VIEW tender_view AS
        SELECT id, version, etp_id, currency, region_ref, customer_inn,
               CASE WHEN publish_date IS NULL THEN publish_at END AS publish_at, publish_date,
               CASE WHEN end_date IS NULL THEN end_at END AS end_at, end_date
          FROM tender;
    `);
    progress(total, total);
  },
};
