/**
 * Loosening a table's CHECK in place, by the procedure SQLite documents for it (ALTER TABLE, "Making Other Kinds
 * Of Table Schema Changes": writable_schema, the new text, schema_version + 1). Only for a rule every row already
 * satisfies when widened (a CHECK taking one more value): copying a large table instead would need as much free
 * disk again inside the migration's transaction.
 */
import type Database from 'better-sqlite3';

export function replaceInTableSql(db: Database.Database, table: string, from: string, to: string, migration: string): void {
  const sql = db.prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck().get(table);
  if (sql === undefined || sql.split(from).length !== 2) throw new Error(`${migration}: unexpected ${table} schema: ${String(sql)}`);
  const version = db.pragma('schema_version', { simple: true }) as number;
  // better-sqlite3 opens connections in SQLite's defensive mode, which refuses writable_schema: lifted for these
  // three statements only.
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.prepare("UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?").run(sql.replace(from, to), table);
    db.pragma(`schema_version = ${version + 1}`);
  } finally {
    db.pragma('writable_schema = OFF');
    db.unsafeMode(false);
  }
}
