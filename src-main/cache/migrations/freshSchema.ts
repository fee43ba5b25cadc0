/**
 * A new cache file starts from a snapshot of the schema instead of replaying every migration.
 *
 * Why: replaying the thirty migrations' DDL on an empty database takes about 135 ms on a quiet machine (a table
 * rebuild's rename re-parses every trigger and view; several migrations make a table and then rebuild it), and
 * much more on a loaded one; the final schema executed once takes about 20 ms. Paid at the app's first start, at
 * the first command in a new CLI data folder, and by every test that opens a fresh cache (bench/freshCache.ts
 * measures a whole new file both ways).
 *
 * The migrations stay the only source of the schema: the snapshot is generated from them
 * (`npx tsx scripts/cache-schema/snapshot.ts` writes schemaSnapshot.ts), a test fails when it is behind the
 * registry, and another proves that a file made from it is the same, table by table and row by row, as one
 * made by the migrations. A snapshot that is behind still works: the migrations after it run as usual.
 */
import type Database from 'better-sqlite3';

export interface SchemaSnapshot {
  /** The migration the snapshot was taken after (`PRAGMA user_version`). */
  readonly version: number;
  /** `PRAGMA application_id`, which a migration stamps in the file header (outside sqlite_master). */
  readonly applicationId: number;
  /** sqlite_master's statements in the order the migrations created them (shadow tables excluded). */
  readonly statements: readonly string[];
  /** FTS5 settings the migrations made (`INSERT INTO t(t, rank) VALUES (key, value)`): [table, key, value]. */
  readonly ftsConfig: readonly (readonly [string, string, string | number])[];
}

/**
 * The rows a migration puts into an empty cache, by table. team_self's machine id is random per data folder
 * (migration 0017), so it is made the way 0017 makes it rather than copied from the snapshot's source.
 */
const SEEDS: Readonly<Record<string, string>> = {
  team_self: `INSERT INTO team_self (singleton, machine_id) VALUES (1,
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
              substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))))`,
};

type MasterRow = { type: string; name: string; sql: string | null };
type TableListRow = { name: string; type: string; schema: string };

/** Tables SQLite or a virtual table makes by itself: created again by their CREATE, never by the snapshot. */
function builtInTables(db: Database.Database): Set<string> {
  const rows = db.prepare('PRAGMA main.table_list').all() as TableListRow[];
  return new Set(rows.filter((r) => r.type === 'shadow' || r.name.startsWith('sqlite_')).map((r) => r.name));
}

const FTS5 = /^CREATE VIRTUAL TABLE\s+"?(\w+)"?\s+USING\s+fts5\b/i;

/** Takes the snapshot of a file that the migrations made from empty (the generator and the tests use it). */
export function captureSnapshot(db: Database.Database): SchemaSnapshot {
  const builtIn = builtInTables(db);
  const rows = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid").all() as MasterRow[];
  const statements: string[] = [];
  const ftsConfig: [string, string, string | number][] = [];
  for (const row of rows) {
    if (builtIn.has(row.name) || row.name.startsWith('sqlite_')) continue;
    statements.push(row.sql!);
    const fts = FTS5.exec(row.sql!);
    if (fts !== null) {
      const config = db.prepare(`SELECT k, v FROM "${fts[1]}_config" WHERE k <> 'version' ORDER BY k`).all() as { k: string; v: string | number }[];
      for (const { k, v } of config) ftsConfig.push([fts[1]!, k, v]);
    }
    // A migration that leaves rows in a new file must have them made here too, or the snapshot would lose them.
    if (row.type === 'table' && !/^CREATE VIRTUAL TABLE/i.test(row.sql!)) {
      const count = (db.prepare(`SELECT count(*) AS n FROM "${row.name}"`).get() as { n: number }).n;
      if (count > 0 && SEEDS[row.name] === undefined) {
        throw new Error(`A migration leaves ${count} row(s) in the new table ${row.name}: add how to make them to SEEDS in freshSchema.ts.`);
      }
    }
  }
  return {
    version: db.pragma('user_version', { simple: true }) as number,
    applicationId: db.pragma('application_id', { simple: true }) as number,
    statements,
    ftsConfig,
  };
}

/** Makes an empty file's schema from the snapshot (inside the caller's transaction) and sets its version. */
export function applySnapshot(db: Database.Database, snapshot: SchemaSnapshot): void {
  for (const statement of snapshot.statements) db.exec(statement);
  // FTS5's configuration commands refuse bound parameters («SQL logic error»): the values are written as SQL
  // literals, from the checked-in snapshot only.
  const literal = (value: string | number): string => (typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);
  for (const [table, key, value] of snapshot.ftsConfig) {
    db.exec(`INSERT INTO "${table}" ("${table}", rank) VALUES (${literal(key)}, ${literal(value)})`);
  }
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
  for (const [table, seed] of Object.entries(SEEDS)) if (tables.has(table)) db.exec(seed);
  db.pragma(`application_id = ${snapshot.applicationId}`);
  db.pragma(`user_version = ${snapshot.version}`);
}
