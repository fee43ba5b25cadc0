/**
 * Lists: what the app keeps about a list that the server does not (reference 2.6a: a list's fields are
 * immutable after creation, and deleting or renaming a list is "not shown", so there is no route for either).
 * - `list.local_name`: the name the user gave the list here; the server's `name` stays as the server says.
 * - `list.hidden_at`: when the user deleted the list here. The server keeps it (no delete route), so the
 *   mirror of GET /lists would bring it back; the flag keeps it out of every view instead.
 * - `list_item.position`: the list's own order (the server's order of its members, then local additions in
 *   the order they were made), which the CSV export follows. Existing members are numbered by when they
 *   were added, then by id.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0007: Migration = {
  version: 7,
  name: 'list-local-fields',
  up(db: Database.Database): void {
    db.exec(`
      ALTER TABLE list ADD COLUMN local_name TEXT;
      ALTER TABLE list ADD COLUMN hidden_at TEXT;
      ALTER TABLE list_item ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
      UPDATE list_item SET position = r.pos
        FROM (SELECT list_id, tender_id, row_number() OVER (PARTITION BY list_id ORDER BY added_at, tender_id) AS pos FROM list_item) AS r
        WHERE r.list_id = list_item.list_id AND r.tender_id = list_item.tender_id;
      CREATE INDEX list_item_position ON list_item (list_id, position);
    `);
  },
};
