/**
 * Reading another profile's cache without taking it as ours (one account through two API
 * generations): read-only, no migration, no upkeep, closed at once. That profile may be open in another process
 * or written by a newer app; a file that cannot be read now answers null and the caller leaves its figure out.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

export type ChargesByBalance = { balanceType: string; movements: number; units: number }[];

function readOnly<T>(file: string, read: (db: Database.Database) => T): T | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return read(db);
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** How many distinct tenders that cache holds (0 for a profile never opened, null when it cannot be read). */
export function heldTenderCount(file: string): number | null {
  if (!existsSync(file)) return 0;
  return readOnly(file, (db) => db.prepare<[], number>('SELECT count(DISTINCT id) FROM object_version WHERE kind = 1').pluck().get() ?? 0);
}

/**
 * What that profile's mirror says the account spent, per balance type: a current-generation cache's ledger,
 * or an earlier-generation cache's balance history debits ([] for a profile never opened, null when unreadable).
 */
export function chargesByBalanceType(file: string, generation: 'current' | 'earlier'): ChargesByBalance | null {
  if (!existsSync(file)) return [];
  return readOnly(file, (db) => {
    // A teammate's claimed ledger rows (migration 0022's team_machine) are not this account's charges; a file from
    // before that migration (read here without migrating) holds none.
    const apiOnly = generation === 'current' && db.prepare("SELECT 1 FROM pragma_table_info('ledger_row') WHERE name = 'team_machine'").get() !== undefined;
    const sql =
      generation === 'current'
        ? `SELECT balance_type AS balanceType, count(*) AS movements, sum(amount) AS units FROM ledger_row ${apiOnly ? 'WHERE team_machine IS NULL' : ''} GROUP BY balance_type ORDER BY balance_type`
        : 'SELECT balance_type AS balanceType, count(*) AS movements, -sum(amount) AS units FROM earlier_transaction WHERE amount < 0 GROUP BY balance_type ORDER BY balance_type';
    return db.prepare<[], ChargesByBalance[number]>(sql).all();
  });
}
