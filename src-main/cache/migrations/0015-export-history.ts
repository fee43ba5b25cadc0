/**
 * The export history: one row per file an export wrote, with its provenance (domain/provenance.ts)
 * as JSON, so the app can list past exports (what, when, file, rows, units) and the file's own «Источник» can
 * be told again. The few fields the list shows and sorts by are columns; the rest stays in the JSON.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0015: Migration = {
  version: 15,
  name: 'export-history',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE export_history (
        id          INTEGER PRIMARY KEY,
        made_at     TEXT NOT NULL,
        file_name   TEXT NOT NULL,
        path        TEXT,
        format      TEXT NOT NULL CHECK (format IN ('csv', 'xlsx')),
        rows        INTEGER NOT NULL,
        units       INTEGER NOT NULL,
        provenance  TEXT NOT NULL
      );
    `);
  },
};
