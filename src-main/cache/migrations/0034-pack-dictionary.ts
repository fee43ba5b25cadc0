/**
 * Packs compressed with Zstandard against a dictionary learned from this cache's own delivered JSON
 * (packDictionary.ts): `version_pack.codec` takes 3, and `pack_dictionary` keeps the one dictionary those packs
 * need. A pack's dictionary is part of its bytes: it is written once, in its own transaction before the first pack
 * that uses it, and never changed or deleted. Packs written before keep their codec and bytes.
 * The CHECK is widened in the schema text, as migration 0023 did (version_pack is the largest table).
 */
import type Database from 'better-sqlite3';
import { replaceInTableSql } from './schemaText';
import type { Migration } from './types';

export const migration0034: Migration = {
  version: 34,
  name: 'pack-dictionary',
  up(db: Database.Database): void {
    replaceInTableSql(db, 'version_pack', 'CHECK (codec IN (0, 1, 2))', 'CHECK (codec IN (0, 1, 2, 3))', 'migration 0034');
    db.exec(`
      CREATE TABLE pack_dictionary (
        dict_id     INTEGER PRIMARY KEY CHECK (dict_id = 1),
        created_at  INTEGER NOT NULL,  -- Unix seconds
        body        BLOB NOT NULL
      );
    `);
  },
};
