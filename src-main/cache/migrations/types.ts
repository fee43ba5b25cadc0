import type Database from 'better-sqlite3';

/** How far a long migration is: `done` of `total` units of its own work (rows read, say). */
export type MigrationProgress = (done: number, total: number) => void;

/**
 * One schema step. `version` is its number in the registry (1, 2, 3, ...) and becomes `PRAGMA user_version`
 * once it has run; `up` runs inside the transaction that applies every pending migration at once.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /**
   * A migration that fills its tables from what the file already holds (slow on a large cache: 0012 takes
   * about 11 s per 100,000 tenders) says so and calls `progress` as it goes, so opening an existing cache can
   * show how far it is. Schema-only steps take milliseconds and leave it out.
   */
  readonly fills?: boolean;
  up(db: Database.Database, progress?: MigrationProgress): void;
}
