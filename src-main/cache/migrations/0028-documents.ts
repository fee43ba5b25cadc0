/**
 * Tender documentation offline: what was fetched from each document URL and which stored bytes it
 * gave. The bytes themselves live beside the cache, one file per sha256 (docfiles/blobStore.ts); a URL's row
 * says which hash it gave, or why it failed. The same bytes under several URLs (a document unchanged between
 * versions, the same form in two tenders) are one blob row and one file.
 *
 * Numbered 30, not 26: another branch adds migrations at the same time (checkRegistry allows the gap).
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0028: Migration = {
  version: 28,
  name: 'documents',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE document_blob (
        sha256     TEXT PRIMARY KEY CHECK (length(sha256) = 64),
        bytes      INTEGER NOT NULL CHECK (bytes > 0),
        stored_at  TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE document_fetch (
        url         TEXT PRIMARY KEY,
        sha256      TEXT REFERENCES document_blob (sha256),
        fetched_at  TEXT NOT NULL,
        error_code  TEXT,
        error_ru    TEXT,
        error_en    TEXT,
        CHECK ((sha256 IS NULL) <> (error_code IS NULL))
      ) WITHOUT ROWID;
      CREATE INDEX document_fetch_sha ON document_fetch (sha256) WHERE sha256 IS NOT NULL;
    `);
  },
};
