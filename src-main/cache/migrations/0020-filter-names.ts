/**
 * What each filter was, kept after its saved search is deleted: a ledger row and the spend by search
 * name a filter by its id only, and once the saved search was deleted its label went with it — the biggest
 * spend of a trial read «погашенный поиск». `filter_name` remembers, per filter id:
 * - `feed` and `criteria`: the QUERY body that first named the filter (a search's criteria, or a contract set:
 *   a customer, a supplier, a list, tender ids, a saved filter), as the core sent it; NULL when only known as
 *   a saved search;
 * - `label`, `saved`: the saved search's label as last known, and whether it ever was a saved search;
 * - `deleted_at`: when the saved search was deleted here (NULL while it exists, or when it never was one).
 * Triggers on `saved_search` keep it whatever writes the search (the app, the CLI, a team pull, a salvage), so
 * no path can forget a name; nothing deletes from it. The saved searches of the cache are copied in now.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0020: Migration = {
  version: 20,
  name: 'filter-names',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE filter_name (
        filter_id      TEXT PRIMARY KEY,
        feed           TEXT CHECK (feed IN ('tender', 'contract')),
        criteria       TEXT,                          -- JSON object: the QUERY body without events, limit, cursor
        label          TEXT,
        saved          INTEGER NOT NULL DEFAULT 0 CHECK (saved IN (0, 1)),
        deleted_at     TEXT,
        first_seen_at  TEXT NOT NULL
      ) WITHOUT ROWID;

      INSERT INTO filter_name (filter_id, feed, criteria, label, saved, deleted_at, first_seen_at)
        SELECT filter_id, 'tender', params, label, 1, NULL, created_at FROM saved_search;

      CREATE TRIGGER filter_name_saved AFTER INSERT ON saved_search
      BEGIN
        INSERT OR IGNORE INTO filter_name (filter_id, first_seen_at) VALUES (new.filter_id, new.created_at);
        UPDATE filter_name SET feed = 'tender', criteria = new.params, label = new.label, saved = 1, deleted_at = NULL
         WHERE filter_id = new.filter_id;
      END;
      CREATE TRIGGER filter_name_changed AFTER UPDATE OF params, label ON saved_search
      BEGIN
        UPDATE filter_name SET feed = 'tender', criteria = new.params, label = new.label WHERE filter_id = new.filter_id;
      END;
      CREATE TRIGGER filter_name_deleted AFTER DELETE ON saved_search
      BEGIN
        UPDATE filter_name SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE filter_id = old.filter_id;
      END;
    `);
  },
};
