/**
 * The export history's `format` column takes the deadlines calendar's ICS files too: 0015 knew only
 * the table formats (csv, xlsx). SQLite cannot change a CHECK in place, so the table is rebuilt with the same rows
 * and ids (a few hundred rows at most: the history keeps HISTORY_KEEP); rows written before this migration kept an
 * ICS under 'csv' with the true format in their provenance JSON, and take it back from there.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0019: Migration = {
  version: 19,
  name: 'export-history-formats',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE export_history_new (
        id          INTEGER PRIMARY KEY,
        made_at     TEXT NOT NULL,
        file_name   TEXT NOT NULL,
        path        TEXT,
        format      TEXT NOT NULL CHECK (format IN ('csv', 'xlsx', 'ics')),
        rows        INTEGER NOT NULL,
        units       INTEGER NOT NULL,
        provenance  TEXT NOT NULL
      );
      INSERT INTO export_history_new (id, made_at, file_name, path, format, rows, units, provenance)
        SELECT id, made_at, file_name, path,
               CASE WHEN json_valid(provenance) AND json_extract(provenance, '$.format') = 'ics' THEN 'ics' ELSE format END,
               rows, units, provenance
          FROM export_history;
      DROP TABLE export_history;
      ALTER TABLE export_history_new RENAME TO export_history;
    `);
  },
};
