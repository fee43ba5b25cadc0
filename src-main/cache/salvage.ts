/**
 * What a damaged cache file still gives, copied into the new cache: the user's own work, which
 * the server cannot give back by re-reading feeds — saved searches, lists with their members and local
 * names, pending edits in the outbox, and what each filter was (its name after its search was deleted: the
 * ledger the server gives back names filters by id only). Delivered versions, cursors and seen marks are not copied: they
 * are what the rebuild reads again from the server, and a damaged file's copies of them cannot be trusted.
 *
 * Best effort, row by row: the old file is opened read-only and read until a damaged page stops a table;
 * every row read before that is kept. Nothing in the old file is changed.
 */
import Database from 'better-sqlite3';
import type { CacheDb } from './database';

export interface Salvaged {
  savedSearches: number;
  lists: number;
  listItems: number;
  pendingEdits: number;
}

interface TablePlan {
  table: string;
  /** Columns that describe the old cache's contents (what was seen, at which delivery): left at their defaults. */
  skip: readonly string[];
  where?: string;
}

const PLANS: Record<keyof Salvaged, TablePlan> = {
  savedSearches: { table: 'saved_search', skip: ['last_seen_at', 'last_seen_request_seq', 'seen_marked_at'] },
  lists: { table: 'list', skip: [] },
  listItems: { table: 'list_item', skip: [] },
  pendingEdits: { table: 'outbox', skip: ['id'], where: "state = 'pending'" },
};

/** Copied too, not counted in what the user is told was recovered. */
const ALSO: readonly TablePlan[] = [{ table: 'filter_name', skip: [] }];

const columnsOf = (db: Database.Database, table: string): string[] =>
  (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter((c) => /^[a-z_]+$/.test(c));

/** Copies what can be read of the user's own work from `damagedFile` into `target`; counts what was copied. */
export function salvageInto(target: CacheDb, damagedFile: string): Salvaged {
  const done: Salvaged = { savedSearches: 0, lists: 0, listItems: 0, pendingEdits: 0 };
  let old: Database.Database;
  try {
    old = new Database(damagedFile, { readonly: true, fileMustExist: true });
  } catch {
    return done; // a folder, an empty or unreadable file: nothing to recover
  }
  try {
    for (const key of Object.keys(PLANS) as (keyof Salvaged)[]) done[key] += copyTable(old, target, PLANS[key]);
    for (const plan of ALSO) copyTable(old, target, plan);
  } finally {
    old.close();
  }
  return done;
}

/** Copies what can be read of one table, row by row; answers how many rows the new cache took. */
function copyTable(old: Database.Database, target: CacheDb, plan: TablePlan): number {
  let wanted: string[];
  try {
    const have = new Set(columnsOf(old, plan.table));
    wanted = columnsOf(target.db, plan.table).filter((c) => have.has(c) && !plan.skip.includes(c));
  } catch {
    return 0; // the schema itself cannot be read
  }
  if (wanted.length === 0) return 0;
  const list = wanted.map((c) => `"${c}"`).join(', ');
  const insert = target.db.prepare(`INSERT OR IGNORE INTO "${plan.table}" (${list}) VALUES (${wanted.map(() => '?').join(', ')})`);
  let copied = 0;
  try {
    const rows = old.prepare(`SELECT ${list} FROM "${plan.table}"${plan.where ? ` WHERE ${plan.where}` : ''}`).raw().iterate() as IterableIterator<unknown[]>;
    for (const row of rows) {
      try {
        copied += insert.run(...row).changes;
      } catch {
        // A row the new cache refuses (a list item whose list was lost): skipped, the rest copied.
      }
    }
  } catch {
    // A damaged page ends this table: what was read before it is kept.
  }
  return copied;
}

/**
 * Per saved search, how many tenders the damaged file held for it: versions this account was already
 * delivered, which a re-read gets again with `billed: false`. The rebuild's cost estimate subtracts them.
 * Best effort: an empty map when the file cannot be read.
 */
export function heldPerFilter(damagedFile: string): Map<string, number> {
  const held = new Map<string, number>();
  try {
    const old = new Database(damagedFile, { readonly: true, fileMustExist: true });
    try {
      const rows = old.prepare('SELECT filter_id, count(*) FROM filter_member WHERE kind = 1 GROUP BY filter_id').raw().iterate() as IterableIterator<[string, number]>;
      for (const [filterId, n] of rows) held.set(filterId, n);
    } finally {
      old.close();
    }
  } catch {
    // What was read before a damaged page is kept.
  }
  return held;
}
