/**
 * Lazy customer and supplier indexes of the insight store (the ingest goal: within 10 % of the rate
 * before 0012). Customer and supplier INNs are spread over the whole index, so an entry written per new object
 * in its page's transaction dirtied about one random page per object in every commit and checkpoint; the
 * page's transaction now appends the object's id to a queue instead, and the queue is moved into the indexes
 * in one sorted batch (src-main/cache/partyIndexQueue.ts: before a reader, at idle maintenance, at a bound).
 * - `insight_tender_by_customer` replaces 0012's index `insight_tender_customer` on `insight_tender` (customer
 *   INN, single-supplier mark): a table of its own, so its entries can be written later than the row.
 * - `insight_contract_supplier` (0012) keeps its shape; only its writes move to the queue.
 * - `insight_pending`: the queue. `seq` appends; `kind` 1 tender, 2 contract; `old` what the index may hold for
 *   the object before the change (the tender's customer INN, the contract's `inn<TAB>name` supplier lines).
 * Both indexes are rebuilt from the rows here (`insight_tender`, `contract_party.suppliers`), so a file that
 * 0012 filled with this build's upkeep (which queues nothing before this table exists) gets them too.
 */
import type Database from 'better-sqlite3';
import { rebuildPartyIndexes } from '../partyIndexQueue';
import type { Migration } from './types';

const SCHEMA = `
DROP INDEX insight_tender_customer;
CREATE TABLE insight_tender_by_customer (
  customer_inn     TEXT NOT NULL,
  tender_id        INTEGER NOT NULL,
  single_supplier  INTEGER,
  PRIMARY KEY (customer_inn, tender_id)
) WITHOUT ROWID;
CREATE TABLE insight_pending (
  seq   INTEGER PRIMARY KEY,
  kind  INTEGER NOT NULL CHECK (kind IN (1, 2)),
  id    INTEGER NOT NULL,
  old   TEXT
);
`;

export const migration0013: Migration = {
  version: 13,
  name: 'lazy-party-indexes',
  up(db: Database.Database): void {
    db.exec(SCHEMA);
    rebuildPartyIndexes(db);
  },
};
