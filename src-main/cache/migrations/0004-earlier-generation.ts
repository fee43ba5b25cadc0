/**
 * What only the earlier API generation has (reference document 2, decisions D-E-*). Its tenders are NOT
 * here: they go through the same tables as the current generation's (`object_version`, `delivery`,
 * `tender`, the search index, `card`), so history, the delivery log, offline search and CSV export work
 * unchanged. A filter page is a delivery whose `filter_id` is `efl_<id>`; `favorites/updates` pages are
 * deliveries of `efav` (see src-main/cache/earlier/).
 *
 * - `earlier_filter`: the read-only filters mirrored (they are made in the web interface), with the last
 *   time the user looked at each (`last_seen_request_seq`) for "new since seen".
 * - `earlier_filter_sync`: per filter, how the last sync run ended and where an unfinished one resumes.
 *   Updated in the transaction that stores each page, so it never runs ahead of the stored tenders.
 * - `earlier_unsettled`: charging requests sent whose answer was not stored (a crash, a kill, a cancel, or
 *   an answer lost and retried): while one is unsettled, a tender that reaches this cache for the first
 *   time marked `is_new: false` was paid for by the lost answer, and its delivery is logged as charged.
 * - `earlier_favorite`: the favorites mirrored (`GET /favorites`), with what `GET /favorites/updates`
 *   last showed of each.
 * - `earlier_account`: balances, the three daily limits and the license as last read (`GET /balance`).
 * - `earlier_transaction`, `earlier_history_state`: the balance history mirrored (`GET /balance/history`);
 *   transactions never change, so a row is written once; `complete_through_id` is the id below which every
 *   transaction is held (a mirror run cut short does not leave a gap that a later run would skip).
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

const SCHEMA = `
CREATE TABLE earlier_filter (
  filter_id              INTEGER PRIMARY KEY,  -- the API's filter id
  name                   TEXT NOT NULL,
  description            TEXT,
  created_date           TEXT,
  autosearch             INTEGER NOT NULL CHECK (autosearch IN (0, 1)),
  json                   TEXT NOT NULL,        -- the filter as delivered (unknown fields kept)
  listed_at              TEXT NOT NULL,        -- when the server last returned it
  gone_at                TEXT,                 -- the server stopped listing it (its cached tenders stay)
  last_seen_request_seq  INTEGER NOT NULL DEFAULT 0,
  last_seen_at           TEXT
);

CREATE TABLE earlier_filter_sync (
  filter_id          INTEGER PRIMARY KEY,
  last_run_complete  INTEGER NOT NULL CHECK (last_run_complete IN (0, 1)),
  resume_offset      INTEGER NOT NULL,  -- items from the top an unfinished run has read (0 when complete)
  run_started_seq    INTEGER NOT NULL,  -- max(request_seq) when the unfinished (or last) run began
  run_started_at     TEXT NOT NULL,
  run_pages          INTEGER NOT NULL,
  run_items          INTEGER NOT NULL,
  run_charged        INTEGER NOT NULL,
  total              INTEGER,           -- the server's last total for the filter
  last_page_at       TEXT,
  last_stop          TEXT,              -- how the last run ended (done, spend_cap, balance_exhausted, ...)
  last_complete_at   TEXT
);

CREATE TABLE earlier_unsettled (
  what   TEXT PRIMARY KEY,  -- filter:<id>, tender:<id> or favorites-updates
  state  TEXT NOT NULL CHECK (state IN ('in_flight', 'lost')),
  since  TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE earlier_favorite (
  tender_id       INTEGER PRIMARY KEY,     -- internal tender id (\`id\` of GET /favorites)
  etp_id          TEXT NOT NULL UNIQUE,    -- the platform id (\`tender_id\` of GET /favorites)
  favorited_at    TEXT NOT NULL,
  json            TEXT NOT NULL,           -- the GET /favorites item as delivered
  listed_at       TEXT NOT NULL,
  update_date     TEXT,                    -- the newest update_date GET /favorites/updates showed
  update_seen_at  TEXT
);

CREATE TABLE earlier_account (
  singleton          INTEGER PRIMARY KEY CHECK (singleton = 1),
  balance_tenders    INTEGER NOT NULL,
  balance_contracts  INTEGER NOT NULL,
  balance_protocols  INTEGER NOT NULL,
  limits             TEXT NOT NULL,  -- JSON: limits.tenders / contracts / protocols as delivered
  license_active     INTEGER NOT NULL CHECK (license_active IN (0, 1)),
  license_end_date   TEXT,
  last_updated       TEXT,
  fetched_at         TEXT NOT NULL,
  json               TEXT NOT NULL
);

CREATE TABLE earlier_transaction (
  id                INTEGER PRIMARY KEY,
  amount            INTEGER NOT NULL,
  transaction_type  TEXT NOT NULL,
  description       TEXT,
  balance_type      TEXT NOT NULL,
  entity_id         INTEGER,
  entity_type       TEXT,
  filter_id         INTEGER,
  created_at        TEXT NOT NULL,
  json              TEXT NOT NULL
);
CREATE INDEX earlier_transaction_entity ON earlier_transaction (entity_type, entity_id) WHERE entity_id IS NOT NULL;

CREATE TABLE earlier_history_state (
  singleton            INTEGER PRIMARY KEY CHECK (singleton = 1),
  complete_through_id  INTEGER NOT NULL,
  total                INTEGER,
  fetched_at           TEXT NOT NULL
);
`;

export const migration0004: Migration = {
  version: 4,
  name: 'earlier-generation',
  up(db: Database.Database): void {
    db.exec(SCHEMA);
  },
};
