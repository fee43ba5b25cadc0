import type Database from 'better-sqlite3';

/**
 * One schema step. `version` is its number in the registry (1, 2, 3, ...) and becomes `PRAGMA user_version`
 * once it has run; `up` runs inside the transaction that applies every pending migration at once.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}
