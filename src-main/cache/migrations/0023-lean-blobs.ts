/**
 * A leaner cache: blobs in Brotli, and cards in a table whose pages they fill.
 * - `version_pack.codec` and `card.codec` take 2, Brotli (packCodec.ts): about a fifth fewer bytes than DEFLATE
 *   level 3 for the same pages. Blobs written before keep their codec and bytes (nothing is recompressed: a paid
 *   body is never rewritten); new ones are Brotli from this migration on.
 * - `card` was a WITHOUT ROWID table. Such a table is an index b-tree, whose cells spill past ~1,000 bytes on a 4 KB
 *   page: a card of ~1.75 KB compressed kept ~500 bytes in a leaf and the rest alone on an overflow page of its
 *   own, ~4.7 KB of pages per card (69 % of the overflow pages unused). As a rowid table a card up to ~4 KB sits
 *   whole in its leaf, two or more to a page; its key is a unique index, so every reader's SQL is unchanged. The
 *   body is the last column, so what is read beside it (request_seq, raw_bytes) never walks an overflow chain.
 *
 * SQLite cannot change a CHECK in place. The card table is small (a card per tender opened or enriched) and is
 * copied; `version_pack` is the largest table of the cache (every delivered body), and copying it would need as
 * much free disk again inside the migration's transaction, so its CHECK is widened in the schema text itself, by
 * the procedure SQLite documents for loosening a constraint (ALTER TABLE, "Making Other Kinds Of Table Schema
 * Changes": writable_schema, the new text, schema_version + 1): every row already satisfies the wider rule.
 */
import type Database from 'better-sqlite3';
import { replaceInTableSql } from './schemaText';
import type { Migration } from './types';

const OLD_CHECK = 'CHECK (codec IN (0, 1))';
const NEW_CHECK = 'CHECK (codec IN (0, 1, 2))';

export const migration0023: Migration = {
  version: 23,
  name: 'lean-blobs',
  up(db: Database.Database): void {
    replaceInTableSql(db, 'version_pack', OLD_CHECK, NEW_CHECK, 'migration 0023');
    db.exec(`
      CREATE TABLE card_new (
        card_id          INTEGER PRIMARY KEY,
        kind             INTEGER NOT NULL CHECK (kind IN (1, 2)),
        id               INTEGER NOT NULL,
        version          INTEGER NOT NULL,
        positions_page   INTEGER NOT NULL,
        positions_limit  INTEGER NOT NULL,
        codec            INTEGER NOT NULL ${NEW_CHECK},
        raw_bytes        INTEGER NOT NULL,
        request_seq      INTEGER NOT NULL REFERENCES delivery_request (request_seq),
        body             BLOB NOT NULL,
        FOREIGN KEY (kind, id, version) REFERENCES object_version (kind, id, version)
      );
      INSERT INTO card_new (kind, id, version, positions_page, positions_limit, codec, raw_bytes, request_seq, body)
        SELECT kind, id, version, positions_page, positions_limit, codec, raw_bytes, request_seq, body FROM card ORDER BY request_seq, kind, id, version, positions_page, positions_limit;
      DROP TABLE card;
      ALTER TABLE card_new RENAME TO card;
      CREATE UNIQUE INDEX card_key ON card (kind, id, version, positions_page, positions_limit);
    `);
  },
};
