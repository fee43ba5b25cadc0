/**
 * What "build for the reference, not for our sandbox" needs the cache to remember:
 * - `response_charge`: every charge a response told of (a QUERY page's `billed.created + billed.updated`, a
 *   card with `billed: true`), with `period_total` when stated. It is the client's own side of the ledger:
 *   the audit checks the server's ledger against it in both directions, so an audit over an empty ledger
 *   while responses showed charges fails instead of passing vacuously. Written in the transaction that
 *   stores the page or card it came with.
 * - `quarantine`: a 200 (or 409 slice) of a charging route that the client could not interpret, kept raw
 *   with what is needed to process it again after an upgrade (route, request body or query, status,
 *   request id, when it came). A paid response is never thrown away.
 * - Cards without a version (reference: a card is "as in the tender detail of document 2", which has no
 *   version) are stored under the version they match, or under a provisional version below every real one
 *   (cards/cardVersion.ts); no schema change is needed for that, only this note: versions below 0 are
 *   provisional and are adopted by the real version that matches them when it arrives.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0006: Migration = {
  version: 6,
  name: 'reference-fidelity',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE response_charge (
        seq           INTEGER PRIMARY KEY,
        request_id    TEXT,
        via           TEXT NOT NULL CHECK (via IN ('feed', 'card')),
        balance_type  TEXT NOT NULL CHECK (balance_type IN ('tenders', 'contracts')),
        filter_id     TEXT,
        charged       INTEGER NOT NULL CHECK (charged >= 0),
        -- 1 when the response stated it (the envelope's billed object, a card's billed flag), 0 when recounted
        stated        INTEGER NOT NULL CHECK (stated IN (0, 1)),
        period_total  INTEGER,
        received_at   TEXT NOT NULL
      );
      CREATE INDEX response_charge_request ON response_charge (request_id) WHERE request_id IS NOT NULL;

      CREATE TABLE quarantine (
        quarantine_id  INTEGER PRIMARY KEY,
        route          TEXT NOT NULL,
        path           TEXT NOT NULL,
        query          TEXT NOT NULL,     -- JSON object of the query parameters (never a secret)
        request_body   TEXT,              -- the JSON request body (a QUERY's), never a secret
        balance_type   TEXT NOT NULL CHECK (balance_type IN ('tenders', 'contracts')),
        status         INTEGER NOT NULL,
        request_id     TEXT,
        received_at    TEXT NOT NULL,
        reason         TEXT NOT NULL,
        body           BLOB NOT NULL,     -- the body exactly as received
        processed_at   TEXT,
        outcome        TEXT               -- what processing it again did, or why it is still not understood
      );
      CREATE INDEX quarantine_pending ON quarantine (quarantine_id) WHERE processed_at IS NULL;
    `);
  },
};
