/** Ways to damage a cache file for the damaged-cache tests (the app's and the cache's). */
import Database from 'better-sqlite3';

/**
 * An index that disagrees with its table: what `quick_check` at open does not see and the full check does.
 * The index is hidden from the schema while rows change, then put back as it was.
 */
export function staleIndex(file: string): void {
  const raw = new Database(file);
  raw.exec("INSERT INTO list (list_id, name, created_at) VALUES ('lst_stale', 'Список', '2026-11-25T10:00:00Z')");
  for (let i = 1; i <= 50; i++) raw.prepare("INSERT INTO list_item (list_id, tender_id, added_at) VALUES ('lst_stale', ?, '2026-11-25T10:00:00Z')").run(i);
  const index = raw.prepare("SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema WHERE name = 'list_item_tender'").get() as Record<string, unknown>;
  raw.unsafeMode(true); // lifts SQLite's defensive mode, which forbids writing the schema table
  raw.pragma('writable_schema = ON');
  raw.prepare("DELETE FROM sqlite_schema WHERE name = 'list_item_tender'").run();
  raw.close();
  const change = new Database(file);
  change.exec('UPDATE list_item SET tender_id = tender_id + 1000');
  change.unsafeMode(true);
  change.pragma('writable_schema = ON');
  change.prepare('INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES (?, ?, ?, ?, ?)').run(index.type, index.name, index.tbl_name, index.rootpage, index.sql);
  change.pragma('wal_checkpoint(TRUNCATE)');
  change.close();
}
