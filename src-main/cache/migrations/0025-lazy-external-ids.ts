/**
 * The external-id index written lazily (the ingest goal; cache/externalIdQueue.ts): a page's transaction
 * appends each new version's notice or registry number to `external_id_pending` instead of writing its random
 * entry in `external_id`, and the queue is moved into the index in sorted batches (idle maintenance, a bound).
 * Nothing to fill: the index holds every number delivered before.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0025: Migration = {
  version: 25,
  name: 'lazy-external-ids',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE external_id_pending (
        seq          INTEGER PRIMARY KEY,
        kind         INTEGER NOT NULL CHECK (kind IN (1, 2)),
        external_id  TEXT NOT NULL,
        id           INTEGER NOT NULL
      );
    `);
  },
};
