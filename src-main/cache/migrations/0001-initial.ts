/**
 * The first schema of the local cache.
 *
 * Codes used instead of repeated text (they are in the biggest tables):
 *   kind   1 tender, 2 contract
 *   event  1 created, 2 updated, NULL for a card (a card is not an event of a feed)
 *   codec  0 UTF-8 JSON as is, 1 raw DEFLATE of it
 *
 * Layout, and why:
 * - Every delivered version is kept (`object_version`, key kind + id + version). Its JSON lives in a pack:
 *   the texts of the versions one page delivered for the first time, concatenated and compressed once
 *   (compressing each ~1.6 KB object alone costs ~30 us per call in Node and saves half as much).
 * - Every delivery is logged (`delivery`), also a repeat of a version already held; the request it came
 *   with (`delivery_request`) is stored once per page, not per item.
 * - `tender` holds one row per tender: the latest version and the few fields a result row shows. Its `seq`
 *   grows with discovery here and is the rowid of `tender_fts`, so "newest first" is rowid order, which
 *   FTS5 walks without sorting. The title is stored here once (not also in a second text column) and the
 *   description only inside the compressed JSON.
 * - `tender_fts` is contentless (it stores the index, not the text) with `contentless_delete=1`, one row per
 *   tender (the latest version). Besides the words it holds tags for the structured filters that rarely
 *   change (region, law, OKPD2 prefixes, price band, publication and closing month) spelled with a leading
 *   `ʘ`, which no word of a query can produce, so that filters are intersected inside FTS5 in rowid order.
 *   `detail=full` because phrases need positions.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

const SCHEMA = `
CREATE TABLE delivery_request (
  request_seq   INTEGER PRIMARY KEY,
  via           TEXT NOT NULL CHECK (via IN ('feed', 'card')),
  request_id    TEXT,
  filter_id     TEXT,
  feed          TEXT CHECK (feed IN ('tender', 'contract')),
  stream        TEXT,
  received_at   TEXT NOT NULL,
  items         INTEGER NOT NULL,
  billed        INTEGER NOT NULL,
  new_versions  INTEGER NOT NULL,
  created       INTEGER NOT NULL,  -- items of event created that this filter had not delivered before
  updated       INTEGER NOT NULL   -- the same for updated
);
CREATE INDEX delivery_request_filter ON delivery_request (filter_id, request_seq) WHERE filter_id IS NOT NULL;

CREATE TABLE version_pack (
  pack_id    INTEGER PRIMARY KEY,
  codec      INTEGER NOT NULL CHECK (codec IN (0, 1)),
  raw_bytes  INTEGER NOT NULL,
  body       BLOB NOT NULL
);

CREATE TABLE object_version (
  kind               INTEGER NOT NULL CHECK (kind IN (1, 2)),
  id                 INTEGER NOT NULL,
  version            INTEGER NOT NULL,
  pack_id            INTEGER NOT NULL REFERENCES version_pack (pack_id),
  pack_offset        INTEGER NOT NULL,
  byte_length        INTEGER NOT NULL,
  first_request_seq  INTEGER NOT NULL REFERENCES delivery_request (request_seq),
  PRIMARY KEY (kind, id, version)
) WITHOUT ROWID;

CREATE TABLE delivery (
  kind         INTEGER NOT NULL,
  id           INTEGER NOT NULL,
  version      INTEGER NOT NULL,
  request_seq  INTEGER NOT NULL REFERENCES delivery_request (request_seq),
  ordinal      INTEGER NOT NULL,  -- position of the item in its page
  event        INTEGER CHECK (event IN (1, 2)),
  billed       INTEGER NOT NULL CHECK (billed IN (0, 1)),
  PRIMARY KEY (kind, id, version, request_seq, ordinal),
  FOREIGN KEY (kind, id, version) REFERENCES object_version (kind, id, version)
) WITHOUT ROWID;

CREATE TABLE customer_name (
  ref   INTEGER PRIMARY KEY,
  name  TEXT NOT NULL UNIQUE
);

CREATE TABLE tender (
  seq           INTEGER PRIMARY KEY,
  id            INTEGER NOT NULL UNIQUE,
  version       INTEGER NOT NULL,
  name          TEXT,
  customer_ref  INTEGER REFERENCES customer_name (ref),
  price         REAL,
  publish_at    INTEGER,  -- Unix seconds
  end_at        INTEGER,  -- Unix seconds
  region        INTEGER,
  status        TEXT,
  law           TEXT,
  indexed_hash  INTEGER NOT NULL  -- fingerprint of what tender_fts holds for this row
);

CREATE TABLE contract (
  id         INTEGER PRIMARY KEY,
  version    INTEGER NOT NULL,
  tender_id  INTEGER
);
CREATE INDEX contract_tender ON contract (tender_id);

CREATE TABLE tender_positions_text (
  tender_id  INTEGER PRIMARY KEY,
  version    INTEGER NOT NULL,  -- the card version the titles come from
  titles     TEXT NOT NULL      -- position titles, one per line, from every cached page of that version
);

CREATE VIRTUAL TABLE tender_fts USING fts5 (
  body,
  content = '',
  contentless_delete = 1,
  detail = full,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE tender_fts_vocab USING fts5vocab (tender_fts, 'row');

CREATE TABLE card (
  kind             INTEGER NOT NULL CHECK (kind IN (1, 2)),
  id               INTEGER NOT NULL,
  version          INTEGER NOT NULL,
  positions_page   INTEGER NOT NULL,
  positions_limit  INTEGER NOT NULL,
  codec            INTEGER NOT NULL CHECK (codec IN (0, 1)),
  raw_bytes        INTEGER NOT NULL,
  body             BLOB NOT NULL,
  request_seq      INTEGER NOT NULL REFERENCES delivery_request (request_seq),
  PRIMARY KEY (kind, id, version, positions_page, positions_limit),
  FOREIGN KEY (kind, id, version) REFERENCES object_version (kind, id, version)
) WITHOUT ROWID;

CREATE TABLE feed_cursor (
  filter_id         TEXT NOT NULL,
  feed              TEXT NOT NULL CHECK (feed IN ('tender', 'contract')),
  stream            TEXT NOT NULL,
  cursor            TEXT NOT NULL,
  last_request_id   TEXT,             -- of the last page, also an empty one
  last_page_at      TEXT NOT NULL,    -- received_at of the last page, also an empty one
  last_request_seq  INTEGER REFERENCES delivery_request (request_seq),  -- last page that delivered items
  pages             INTEGER NOT NULL,
  items             INTEGER NOT NULL,
  billed            INTEGER NOT NULL,
  new_versions      INTEGER NOT NULL,
  PRIMARY KEY (filter_id, feed, stream)
) WITHOUT ROWID;

CREATE TABLE saved_search (
  filter_id              TEXT PRIMARY KEY,
  params                 TEXT NOT NULL,  -- JSON
  label                  TEXT UNIQUE,
  events                 TEXT NOT NULL,  -- JSON array of 'created' / 'updated'
  created_at             TEXT NOT NULL,
  last_seen_at           TEXT,
  last_seen_request_seq  INTEGER NOT NULL DEFAULT 0,
  expires_at             TEXT
) WITHOUT ROWID;

CREATE TABLE list (
  list_id      TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  metadata     TEXT NOT NULL DEFAULT '{}',  -- JSON object
  created_at   TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE list_item (
  list_id    TEXT NOT NULL REFERENCES list (list_id) ON DELETE CASCADE,
  tender_id  INTEGER NOT NULL,
  added_at   TEXT NOT NULL,
  PRIMARY KEY (list_id, tender_id)
) WITHOUT ROWID;
CREATE INDEX list_item_tender ON list_item (tender_id);

CREATE TABLE ledger_row (
  id            INTEGER PRIMARY KEY,
  balance_type  TEXT NOT NULL CHECK (balance_type IN ('tenders', 'contracts')),
  amount        INTEGER NOT NULL,
  object_id     INTEGER NOT NULL,
  version       INTEGER NOT NULL,
  filter_id     TEXT,
  request_id    TEXT,
  created_at    TEXT
);
CREATE INDEX ledger_row_object ON ledger_row (object_id, version);

CREATE TABLE balance_mirror (
  singleton              INTEGER PRIMARY KEY CHECK (singleton = 1),
  tenders                INTEGER NOT NULL,
  contracts              INTEGER NOT NULL,
  usage_today_tenders    INTEGER NOT NULL,
  usage_today_contracts  INTEGER NOT NULL,
  last_updated           TEXT,
  fetched_at             TEXT NOT NULL
);

CREATE TABLE outbox (
  id               INTEGER PRIMARY KEY,
  op               TEXT NOT NULL,
  payload          TEXT NOT NULL,  -- JSON
  idempotency_key  TEXT NOT NULL UNIQUE,
  state            TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  result           TEXT,           -- JSON
  last_error       TEXT,
  retryable        INTEGER CHECK (retryable IN (0, 1))
);
CREATE INDEX outbox_state ON outbox (state, id);
`;

export const migration0001: Migration = {
  version: 1,
  name: 'initial',
  up(db: Database.Database): void {
    db.exec(SCHEMA);
  },
};
