/**
 * Intelligence from the cache: summary tables of the facts the dossiers, the price benchmark and
 * the red flags read (src-main/domain/insights.ts), kept by the one write path (insightUpkeep.ts), so an
 * answer over a customer's or a code's objects reads a few index ranges instead of decoding packs.
 * What the cache already keeps is not kept twice, since every page's transaction pays for each byte and
 * index entry (the ingest goal: within 10 % of the rate before): the readers join `tender` (name, price, dates,
 * region, status), `tender_view` (notice number), `customer_name` and `contract` (tender of each contract).
 * - `insight_tender`: what a TenderFact adds to them, per tender: its customer's INN (indexed), the law (also
 *   from the notice number), placement type, `single_supplier` (1/0 when the placement type is known: its
 *   name says «единственн…», else null; with the customer in one index, the peers' single-supplier shares
 *   come from the index alone) and the OKPD2 codes (space separated). Rewritten only when one of these changes.
 * - `contract_party` (migration 0003: each contract's latest version's own customer and suppliers) gains the
 *   rest of a ContractFact, in the row the write path rewrites for every contract version anyway (a table of
 *   its own cost one more random page per version): registry number, price, paid, stage, signing, region,
 *   law, the suppliers as `inn<TAB>name` lines, and the customer resolved (`resolved_inn`: the contract's own,
 *   else its tender's with `resolved_name`, else the attribution after a backfill by customer INN,
 *   `attributed_inn`) with where it came from (`customer_source`). Contracts that name their customer are
 *   found by the existing index on it; the others by a partial index that stays near empty when they do.
 * - `insight_contract_supplier`: which contracts each supplier INN is on (latest versions).
 * - `insight_contract_price`: the contract's price history: the first version's price and each version whose
 *   price differs from the step before it (a version that repeats the price adds no step).
 * - `insight_position`: the positions of each object's newest cached card version (all cached pages).
 * - `flag_dismissal`: red flags the analyst dismissed as false positives, with a note.
 * An existing file is filled from what it holds (latest versions decoded from packs, then cached cards), in
 * batches so no large result is held in memory.
 */
import type Database from 'better-sqlite3';
import { decodeBlob } from '../packCodec';
import { storedJson } from '../storedJson';
import { createInsightUpkeep, type InsightUpkeep } from '../insightUpkeep';
import type { Migration, MigrationProgress } from './types';

const SCHEMA = `
CREATE TABLE insight_tender (
  id               INTEGER PRIMARY KEY,
  customer_inn     TEXT,
  law              TEXT,
  placement_type   INTEGER,
  placement_name   TEXT,
  single_supplier  INTEGER CHECK (single_supplier IN (0, 1)),
  okpd2            TEXT NOT NULL DEFAULT ''
);
CREATE INDEX insight_tender_customer ON insight_tender (customer_inn, single_supplier);

ALTER TABLE contract_party ADD COLUMN reestr_number TEXT;
ALTER TABLE contract_party ADD COLUMN price REAL;
ALTER TABLE contract_party ADD COLUMN paid REAL;
ALTER TABLE contract_party ADD COLUMN stage TEXT;
ALTER TABLE contract_party ADD COLUMN sign_at INTEGER;
ALTER TABLE contract_party ADD COLUMN region INTEGER;
ALTER TABLE contract_party ADD COLUMN law TEXT;
ALTER TABLE contract_party ADD COLUMN suppliers TEXT;
ALTER TABLE contract_party ADD COLUMN attributed_inn TEXT;
ALTER TABLE contract_party ADD COLUMN resolved_inn TEXT;
ALTER TABLE contract_party ADD COLUMN resolved_name TEXT;
ALTER TABLE contract_party ADD COLUMN customer_source TEXT CHECK (customer_source IN ('contract', 'tender', 'attribution'));
CREATE INDEX contract_party_resolved ON contract_party (resolved_inn) WHERE customer_source <> 'contract';

CREATE TABLE insight_contract_supplier (
  supplier_inn  TEXT NOT NULL,
  contract_id   INTEGER NOT NULL,
  PRIMARY KEY (supplier_inn, contract_id)
) WITHOUT ROWID;

CREATE TABLE insight_contract_price (
  contract_id  INTEGER NOT NULL,
  version      INTEGER NOT NULL,
  price        REAL NOT NULL,
  PRIMARY KEY (contract_id, version)
) WITHOUT ROWID;

CREATE TABLE insight_position (
  kind        INTEGER NOT NULL CHECK (kind IN (1, 2)),
  object_id   INTEGER NOT NULL,
  ordinal     INTEGER NOT NULL,
  version     INTEGER NOT NULL,
  okpd2       TEXT,
  ktru        TEXT,
  title       TEXT,
  unit        TEXT,
  quantity    REAL,
  unit_price  REAL,
  amount      REAL,
  PRIMARY KEY (kind, object_id, ordinal)
) WITHOUT ROWID;
CREATE INDEX insight_position_okpd2 ON insight_position (okpd2) WHERE okpd2 IS NOT NULL;
CREATE INDEX insight_position_ktru ON insight_position (ktru) WHERE ktru IS NOT NULL;

CREATE TABLE flag_dismissal (
  code          TEXT NOT NULL,
  object_kind   TEXT NOT NULL,
  object_id     TEXT NOT NULL,
  note          TEXT,
  dismissed_at  TEXT NOT NULL,
  PRIMARY KEY (code, object_kind, object_id)
) WITHOUT ROWID;
`;

const BATCH = 1000;

type Decode = (packId: number, offset: number, length: number) => unknown;

/** Objects out of packs, decoding each pack once while consecutive rows share it. */
function packReader(db: Database.Database): Decode {
  const pack = db.prepare<[number], { codec: number; body: Buffer }>('SELECT codec, body FROM version_pack WHERE pack_id = ?');
  let lastPack = -1;
  let raw: Buffer = Buffer.alloc(0);
  return (packId, offset, length) => {
    if (packId !== lastPack) {
      const p = pack.get(packId)!;
      raw = decodeBlob(p.codec, p.body);
      lastPack = packId;
    }
    return storedJson(raw.toString('utf8', offset, offset + length), 'pack');
  };
}

interface VersionRow {
  id: number;
  version: number;
  pack_id: number;
  pack_offset: number;
  byte_length: number;
}

/**
 * Rows of a keyset query in pack order, batch by batch (a statement is never left open across writes). In pack
 * order each pack is decoded once for all the versions it holds (in key order, nearly once a version: a
 * tender's latest version sits in a later page than its neighbours'), and contracts come in the order they
 * were delivered, the order the write path saw them in.
 */
function eachInPackOrder(batch: Database.Statement<[number, number], VersionRow>, visit: (row: VersionRow) => void, read: (rows: number) => void): void {
  for (let pack = -1, offset = -1; ; ) {
    const rows = batch.all(pack, offset);
    if (rows.length === 0) return;
    for (const r of rows) visit(r);
    read(rows.length);
    ({ pack_id: pack, pack_offset: offset } = rows[rows.length - 1]!);
  }
}

function fill(db: Database.Database, upkeep: InsightUpkeep, progress: MigrationProgress): void {
  const decode = packReader(db);
  // The work is one row per latest tender version, per contract version and per card: counted first (index
  // reads, well under a second at 1,000,000 tenders) so opening a large cache can say how far it is.
  const count = (sql: string): number => db.prepare(sql).pluck().get() as number;
  const total = count('SELECT count(*) FROM tender') + count('SELECT count(*) FROM object_version WHERE kind = 2') + count('SELECT count(*) FROM card');
  let done = 0;
  const read = (rows: number): void => {
    done += rows;
    progress(done, total);
  };
  // An index for the fill's order only, dropped again at the end (a pack's versions have distinct offsets).
  db.exec('CREATE INDEX insight_fill_order ON object_version (pack_id, pack_offset)');
  // Tenders first (their latest versions, as the write path keeps them), so contracts that do not name their
  // customer find their tender's; then every contract version (the price history).
  const tenders = db.prepare<[number, number], VersionRow>(
    `SELECT v.id, v.version, v.pack_id, v.pack_offset, v.byte_length FROM object_version v INDEXED BY insight_fill_order
     JOIN tender t ON t.id = v.id AND t.version = v.version
     WHERE v.kind = 1 AND (v.pack_id, v.pack_offset) > (?, ?) ORDER BY v.pack_id, v.pack_offset LIMIT ${BATCH}`,
  );
  const contracts = db.prepare<[number, number], VersionRow>(
    `SELECT id, version, pack_id, pack_offset, byte_length FROM object_version INDEXED BY insight_fill_order
     WHERE kind = 2 AND (pack_id, pack_offset) > (?, ?) ORDER BY pack_id, pack_offset LIMIT ${BATCH}`,
  );
  eachInPackOrder(tenders, (r) => {
    upkeep.tenderVersion(r.id, r.version, decode(r.pack_id, r.pack_offset, r.byte_length));
    upkeep.writeQueued(); // the fill has no pages: each tender's contracts at once, nothing left queued
  }, read);
  eachInPackOrder(contracts, (r) => upkeep.contractVersion(r.id, r.version, decode(r.pack_id, r.pack_offset, r.byte_length)), read);
  db.exec('DROP INDEX insight_fill_order');
  // Cards oldest request first: the upkeep keeps the newest version's positions, as it does when they arrive.
  const cards = db.prepare<[number], { request_seq: number; kind: number; id: number; version: number; positions_page: number; positions_limit: number; codec: number; body: Buffer }>(
    `SELECT request_seq, kind, id, version, positions_page, positions_limit, codec, body FROM card
     WHERE request_seq > ? ORDER BY request_seq LIMIT ${BATCH}`,
  );
  // Several pages of one request cannot happen (a card is one request), so request_seq is a strict cursor.
  for (let after = -1; ; ) {
    const rows = cards.all(after);
    if (rows.length === 0) return;
    for (const c of rows) {
      const card = storedJson(decodeBlob(c.codec, c.body).toString('utf8'), 'card');
      upkeep.card(c.kind === 1 ? 'tender' : 'contract', c.id, c.version, card, c.positions_page, c.positions_limit);
    }
    read(rows.length);
    after = rows[rows.length - 1]!.request_seq;
  }
}

export const migration0012: Migration = {
  version: 12,
  name: 'insights',
  fills: true,
  up(db: Database.Database, progress: MigrationProgress = () => {}): void {
    db.exec(SCHEMA);
    fill(db, createInsightUpkeep(db), progress);
  },
};
