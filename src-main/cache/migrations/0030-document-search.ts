/**
 * Search inside tender documents: which tender and version listed a document URL under which name
 * (`document_ref`, written when the documents of a card are fetched), and an FTS5 index over the extracted
 * text, with the offline search's tokenizer (unicode61, diacritics removed: ё/е and й/и fold alike) so the
 * same Russian stemming applies to it. The index keeps no copy of the text: its content is document_text's,
 * kept in step by triggers.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0030: Migration = {
  version: 30,
  name: 'document-search',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE document_ref (
        tender_id  INTEGER NOT NULL,
        version    INTEGER NOT NULL,
        ordinal    INTEGER NOT NULL,
        url        TEXT NOT NULL,
        name       TEXT NOT NULL,
        extension  TEXT NOT NULL,
        PRIMARY KEY (tender_id, version, ordinal)
      ) WITHOUT ROWID;
      CREATE INDEX document_ref_url ON document_ref (url);
      CREATE VIRTUAL TABLE document_fts USING fts5 (
        text,
        content = 'document_text',
        content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      -- Its words, for expanding a stem to the forms the index holds (as the offline search does with tender_fts).
      CREATE VIRTUAL TABLE document_fts_instance USING fts5vocab (document_fts, 'instance');
      CREATE TRIGGER document_text_ai AFTER INSERT ON document_text BEGIN
        INSERT INTO document_fts (rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER document_text_ad AFTER DELETE ON document_text BEGIN
        INSERT INTO document_fts (document_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
      CREATE TRIGGER document_text_au AFTER UPDATE OF text ON document_text BEGIN
        INSERT INTO document_fts (document_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO document_fts (rowid, text) VALUES (new.id, new.text);
      END;
    `);
  },
};
