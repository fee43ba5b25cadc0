/**
 * The text extracted from each stored document, per sha256: the same bytes are read once whatever
 * URL they came under. `state`: text, scan (a PDF with no text layer), failed (with the reason) or
 * unsupported. A row is written whole after its extraction, so a crash during one leaves no row, and the next
 * run extracts that document again.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0029: Migration = {
  version: 29,
  name: 'document-text',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE document_text (
        -- A rowid of its own: the full-text index (migration 0030) keeps its content here, by this id.
        id            INTEGER PRIMARY KEY,
        sha256        TEXT NOT NULL UNIQUE REFERENCES document_blob (sha256),
        state         TEXT NOT NULL CHECK (state IN ('text', 'scan', 'failed', 'unsupported')),
        format        TEXT NOT NULL,
        text          TEXT NOT NULL,
        reason_ru     TEXT,
        reason_en     TEXT,
        members       TEXT NOT NULL DEFAULT '[]',
        extracted_at  TEXT NOT NULL
      );
    `);
  },
};
