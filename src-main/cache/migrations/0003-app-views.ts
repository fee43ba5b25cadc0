/**
 * What the desktop app's views read besides the search index:
 * - `filter_member`: which objects each filter's feeds delivered (a saved search's result table is
 *   "members of the filter, sorted", paged; reading it through `delivery` would scan the delivery log);
 * - `filter_total`: the server's last `total` of a filter's feed (shown next to the cached count);
 * - `external_id`: a tender's `etp_id` and a contract's `reestr_number`, so a card asked for by its
 *   platform or registry number opens from the cache with no request;
 * - `contract_party`: the customer and suppliers of each contract's latest version, so the Contracts view
 *   filters by INN or supplier name without decoding every stored contract;
 * - `tender_view`: the fields of a result row that `tender` does not hold, so a page of 100 rows sorted by
 *   price reads 100 small rows instead of inflating ~100 compressed packs (~1 ms each).
 * Existing files are filled from what they already hold.
 */
import type Database from 'better-sqlite3';
import { decodeBlob } from '../packCodec';
import { storedJson } from '../storedJson';
import { contractParty, externalIdOf, tenderView } from '../appIndex';
import type { Migration } from './types';

const SCHEMA = `
CREATE TABLE filter_member (
  filter_id  TEXT NOT NULL,
  kind       INTEGER NOT NULL CHECK (kind IN (1, 2)),
  id         INTEGER NOT NULL,
  PRIMARY KEY (filter_id, kind, id)
) WITHOUT ROWID;

CREATE TABLE filter_total (
  filter_id   TEXT NOT NULL,
  feed        TEXT NOT NULL CHECK (feed IN ('tender', 'contract')),
  total       INTEGER NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (filter_id, feed)
) WITHOUT ROWID;

CREATE TABLE external_id (
  kind         INTEGER NOT NULL CHECK (kind IN (1, 2)),
  external_id  TEXT NOT NULL,
  id           INTEGER NOT NULL,
  PRIMARY KEY (kind, external_id)
) WITHOUT ROWID;

CREATE TABLE contract_party (
  id             INTEGER PRIMARY KEY,
  version        INTEGER NOT NULL,
  customer_inn   TEXT,
  customer_name  TEXT,
  supplier_inns  TEXT NOT NULL,  -- ' inn1 inn2 ' (spaces around each, for an exact LIKE)
  supplier_text  TEXT NOT NULL   -- supplier names, lower case, one per line
);
CREATE INDEX contract_party_customer ON contract_party (customer_inn);

CREATE TABLE tender_view (
  id            INTEGER PRIMARY KEY,
  version       INTEGER NOT NULL,
  etp_id        TEXT,
  currency      TEXT,
  region_name   TEXT,
  customer_inn  TEXT,
  publish_date  TEXT,
  end_date      TEXT
);
`;

export const migration0003: Migration = {
  version: 3,
  name: 'app-views',
  up(db: Database.Database): void {
    db.exec(SCHEMA);
    db.exec(`INSERT OR IGNORE INTO filter_member (filter_id, kind, id)
      SELECT r.filter_id, d.kind, d.id FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq
      WHERE r.filter_id IS NOT NULL AND d.event IS NOT NULL`);
    backfill(db);
  },
};

/** External ids of every held version and the parties of every contract's latest version. */
function backfill(db: Database.Database): void {
  const rows = db.prepare<[], { kind: number; id: number; version: number; pack_id: number; pack_offset: number; byte_length: number; latest: number | null }>(
    `SELECT v.kind, v.id, v.version, v.pack_id, v.pack_offset, v.byte_length, coalesce(c.version, t.version) AS latest
     FROM object_version v LEFT JOIN contract c ON v.kind = 2 AND c.id = v.id LEFT JOIN tender t ON v.kind = 1 AND t.id = v.id
     ORDER BY v.pack_id, v.pack_offset`,
  );
  const view = db.prepare(
    'INSERT OR REPLACE INTO tender_view (id, version, etp_id, currency, region_name, customer_inn, publish_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const pack = db.prepare<[number], { codec: number; body: Buffer }>('SELECT codec, body FROM version_pack WHERE pack_id = ?');
  const ext = db.prepare('INSERT OR IGNORE INTO external_id (kind, external_id, id) VALUES (?, ?, ?)');
  const party = db.prepare(
    'INSERT OR REPLACE INTO contract_party (id, version, customer_inn, customer_name, supplier_inns, supplier_text) VALUES (?, ?, ?, ?, ?, ?)',
  );
  let lastPack = -1;
  let raw: Buffer = Buffer.alloc(0);
  for (const r of rows.all()) {
    if (r.pack_id !== lastPack) {
      const p = pack.get(r.pack_id)!;
      raw = decodeBlob(p.codec, p.body);
      lastPack = r.pack_id;
    }
    const object = storedJson(raw.toString('utf8', r.pack_offset, r.pack_offset + r.byte_length), `pack ${r.pack_id}`);
    const kind = r.kind === 1 ? 'tender' : 'contract';
    const external = externalIdOf(kind, object);
    if (external) ext.run(r.kind, external, r.id);
    if (r.kind === 1 && r.latest === r.version) {
      const v = tenderView(object);
      view.run(r.id, r.version, v.etpId, v.currency, v.regionName, v.customerInn, v.publishDate, v.endDate);
    }
    if (r.kind === 2 && r.latest === r.version) {
      const p = contractParty(object);
      party.run(r.id, r.version, p.customerInn, p.customerName, p.supplierInns, p.supplierText);
    }
  }
}
