/**
 * The sandbox's world: one SQLite file per (seed, size, Moscow day).
 *
 * Two parts live in the same file. The *catalogue* (organizations, tenders, contracts, their versions and
 * the discovery log) is written once by the generator and cached per seed, size and day, because a million
 * tenders take minutes to make. The *service state* (accounts, tokens, feeds, deliveries, ledger, lists,
 * idempotency) is what the running service changes; a sandbox works on a private copy of the cached file,
 * so `reset` is "copy the cached file again".
 *
 * Bulky parts of a tender (lots, positions, documents, contact person) are not stored: they are derived
 * deterministically from (seed, tender id) when a card is rendered, which keeps a million tenders small.
 */

/**
 * Bumped whenever the catalogue layout or the generator's output changes, so stale cached files are rebuilt.
 * 3: made for the Moscow day of its start (the file name carries the day), `world_time` in meta, prices
 * from the items bought, tenders in their customer's region.
 * 4: the archive (D-WORLD-7): a catalogue anchored after it holds a fixed tender of early 2026 as tender 1.
 */
export const CATALOGUE_FORMAT = 4;

export const catalogueSchema = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

-- Customers and suppliers. inn/ogrn carry valid checksums; kpp is null for sole traders (12-digit INN).
CREATE TABLE organizations (
  id INTEGER PRIMARY KEY,
  inn TEXT NOT NULL,
  kpp TEXT,
  ogrn TEXT NOT NULL,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  region INTEGER NOT NULL
);
CREATE INDEX organizations_inn ON organizations(inn);
CREATE INDEX organizations_ogrn ON organizations(ogrn);

-- Every version of every object, in the order the service discovered it. seq is the discovery axis.
CREATE TABLE discovery_log (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('tender','contract')),
  object_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  discovered_at TEXT NOT NULL
);

-- A tender's immutable part plus its current version (the mutable columns are copied from tender_versions
-- so that matching a filter reads one row). id order is the order the objects were discovered.
CREATE TABLE tenders (
  id INTEGER PRIMARY KEY,
  etp_id TEXT NOT NULL UNIQUE,
  purchase_type INTEGER NOT NULL,      -- 1 44-FZ, 2 223-FZ, 3 commercial
  placement_type INTEGER NOT NULL,
  platform INTEGER NOT NULL,
  region INTEGER NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES organizations(id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  okpd2 TEXT NOT NULL,                  -- the positions' OKPD2 codes, space separated, e.g. '26.20.11.110 26.20.15.000'
  publish_date TEXT NOT NULL,           -- ISO-8601 with +03:00
  start_date TEXT NOT NULL,
  positions_count INTEGER NOT NULL,
  lots_count INTEGER NOT NULL,
  version INTEGER NOT NULL,
  status INTEGER NOT NULL,              -- 1 active, 2 completed, 3 cancelled
  price REAL NOT NULL,                  -- initial (maximum) price, rubles
  end_date TEXT NOT NULL,
  update_date TEXT NOT NULL
);
CREATE INDEX tenders_customer ON tenders(customer_id);

CREATE TABLE tender_versions (
  tender_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  status INTEGER NOT NULL,
  price REAL NOT NULL,
  end_date TEXT NOT NULL,
  update_date TEXT NOT NULL,
  PRIMARY KEY (tender_id, version)
) WITHOUT ROWID;

-- Words a keyword query matches: title, description and the customer's name. Contentless: the text is in
-- tenders/organizations, the index only answers MATCH by rowid (= tender id).
CREATE VIRTUAL TABLE tender_fts USING fts5(
  title, description, customer,
  content='', tokenize='unicode61 remove_diacritics 2'
);

-- Contracts exist for completed tenders. The current version's columns are copied like for tenders.
CREATE TABLE contracts (
  id INTEGER PRIMARY KEY,
  tender_id INTEGER NOT NULL,
  reestr_number TEXT NOT NULL UNIQUE,   -- 19 digits
  supplier_id INTEGER NOT NULL REFERENCES organizations(id),
  price REAL NOT NULL,                  -- contract price (after the reduction at the auction)
  sign_date TEXT NOT NULL,
  positions_count INTEGER NOT NULL,
  version INTEGER NOT NULL,
  stage INTEGER NOT NULL,               -- 1 executing, 2 executed, 3 terminated
  paid REAL NOT NULL,
  update_date TEXT NOT NULL
);
CREATE INDEX contracts_tender ON contracts(tender_id);
CREATE INDEX contracts_supplier ON contracts(supplier_id);

CREATE TABLE contract_versions (
  contract_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  paid REAL NOT NULL,
  update_date TEXT NOT NULL,
  PRIMARY KEY (contract_id, version)
) WITHOUT ROWID;
`;

/** The running service's state. Created in the working copy, emptied by `reset` (which copies the catalogue again). */
export const serviceSchema = `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  login TEXT NOT NULL UNIQUE,
  password_sha256 TEXT NOT NULL,
  is_test INTEGER NOT NULL,
  balance_tenders INTEGER NOT NULL,
  balance_contracts INTEGER NOT NULL
);

CREATE TABLE tokens (
  id INTEGER PRIMARY KEY,                  -- sessions are stored too but are shown with id 0
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  kind TEXT NOT NULL CHECK (kind IN ('api','session')),
  name TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL UNIQUE,      -- of the random part, so both brand forms find it
  preview TEXT NOT NULL,
  is_active INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  expires_at TEXT                          -- sessions only
);
CREATE INDEX tokens_account ON tokens(account_id, kind, is_active);

CREATE TABLE token_issues (account_id INTEGER NOT NULL, at_ms INTEGER NOT NULL);
CREATE INDEX token_issues_account ON token_issues(account_id, at_ms);

CREATE TABLE idempotency (
  account_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,               -- method, path and body hash of the first request
  status INTEGER NOT NULL,
  body BLOB NOT NULL,
  created_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, key)
) WITHOUT ROWID;

CREATE TABLE filters (
  filter_id TEXT PRIMARY KEY,
  way TEXT NOT NULL CHECK (way IN ('criteria','list','tender_ids','supplier')),
  params TEXT NOT NULL,                    -- canonical JSON
  owner_account_id INTEGER,                -- for list feeds: the list's owner
  created_at TEXT NOT NULL
) WITHOUT ROWID;

-- One feed per (filter, kind). Items of the current generation only; a rebuild empties them.
CREATE TABLE feeds (
  id INTEGER PRIMARY KEY,
  filter_id TEXT NOT NULL REFERENCES filters(filter_id),
  kind TEXT NOT NULL CHECK (kind IN ('tender','contract')),
  generation INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('collecting','ready')),
  boundary_seq INTEGER NOT NULL,           -- discovery_log head the snapshot was taken at
  live_seq INTEGER NOT NULL,               -- discovery_log entries up to here are applied to the feed
  next_pos INTEGER NOT NULL,
  members INTEGER NOT NULL,
  UNIQUE (filter_id, kind)
);
CREATE TABLE feed_members (feed_id INTEGER NOT NULL, object_id INTEGER NOT NULL, PRIMARY KEY (feed_id, object_id)) WITHOUT ROWID;
CREATE TABLE feed_items (
  feed_id INTEGER NOT NULL,
  pos INTEGER NOT NULL,
  object_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('created','updated')),
  PRIMARY KEY (feed_id, pos)
) WITHOUT ROWID;
-- Reading one stream of a big feed must not scan the other stream's items.
CREATE INDEX feed_items_event ON feed_items(feed_id, event, pos);

-- A rowid table: the rowid orders subscriptions by creation for GET /filters (newest first).
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  filter_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  confirmed INTEGER NOT NULL,
  active INTEGER NOT NULL,                 -- 0 after DELETE /filters or expiry: the next read re-activates with 202
  contracts_projection INTEGER NOT NULL,
  UNIQUE (account_id, filter_id)
);

-- What each account has been delivered: the key of "never charge a version twice".
CREATE TABLE deliveries (
  account_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  object_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (account_id, kind, object_id, version)
) WITHOUT ROWID;

CREATE TABLE ledger (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  balance_type TEXT NOT NULL,
  amount INTEGER NOT NULL,
  object_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  filter_id TEXT,
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX ledger_account ON ledger(account_id, id);
CREATE INDEX ledger_account_time ON ledger(account_id, balance_type, created_ms);

CREATE TABLE lists (
  id INTEGER PRIMARY KEY,
  list_id TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX lists_account ON lists(account_id, id);
CREATE TABLE list_items (list_id INTEGER NOT NULL, tender_id INTEGER NOT NULL, PRIMARY KEY (list_id, tender_id)) WITHOUT ROWID;
CREATE INDEX list_items_tender ON list_items(tender_id);
`;

/**
 * The earlier generation's state (`/legacy/api/v2`, decisions D-E-*). `IF NOT EXISTS` throughout: it is
 * created in every working copy when it is opened, including state files made before this generation was
 * served, and seeded by `sandbox/earlier/service.ts` on first use.
 */
export const earlierServiceSchema = `
-- Per live account: the protocols balance (tenders and contracts are the account's own balances) and the license.
CREATE TABLE IF NOT EXISTS earlier_accounts (
  account_id INTEGER PRIMARY KEY,
  balance_protocols INTEGER NOT NULL,
  license_active INTEGER NOT NULL,
  license_end_ms INTEGER NOT NULL
);

-- Filters are made in the web interface; the API reads them. criteria is the current generation's
-- criteria JSON that decides membership (not shown through the API, D-E-FLT-1).
CREATE TABLE IF NOT EXISTS earlier_filters (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  created_date TEXT NOT NULL,
  autosearch INTEGER NOT NULL,
  criteria TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS earlier_filters_account ON earlier_filters(account_id, id);

-- "Received before": one row per (account, tender), the key of "one unit per tender, once" (D-E-BILL-1).
CREATE TABLE IF NOT EXISTS earlier_receipts (
  account_id INTEGER NOT NULL,
  tender_id INTEGER NOT NULL,
  received_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, tender_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS earlier_receipts_day ON earlier_receipts(account_id, received_ms);

CREATE TABLE IF NOT EXISTS earlier_transactions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  transaction_type TEXT NOT NULL CHECK (transaction_type IN ('debit','credit')),
  description TEXT NOT NULL,
  balance_type TEXT NOT NULL CHECK (balance_type IN ('tenders','contracts','protocols')),
  entity_id INTEGER,
  entity_type TEXT,
  filter_id INTEGER,
  has_entity INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS earlier_transactions_account ON earlier_transactions(account_id, id);

CREATE TABLE IF NOT EXISTS earlier_favorites (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  tender_id INTEGER NOT NULL,
  favorited_at TEXT NOT NULL,
  UNIQUE (account_id, tender_id)
);
`;
