/**
 * The push's PostgreSQL side: rows this machine holds, written into the team schema in bulk.
 *
 * One batch is one transaction: each table's rows are COPYed (text format, pg-copy-streams) into a temporary
 * staging table dropped at commit, then moved with `INSERT INTO S.x SELECT ... ON CONFLICT DO NOTHING`, whose
 * row count is what the team did not have yet. So a batch sent twice (a rerun after kill -9, two machines with the
 * same versions) inserts nothing the second time, and readers never see half a batch. Rows are inserted in key
 * order (and the tables in a fixed order): two pushes that overlap then wait for each other's keys in the same
 * order and cannot deadlock (the secondary indexes are not unique, so they make no waits).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import type { LedgerRow } from '../cache/ledgerStore';
import type { ContractColumns, FirstDelivery, OutgoingCard, OutgoingSavedSearch, TenderColumns } from '../cache/teamOutgoing';
import { inSchema } from './schemaName';
import { teamJson, teamText } from './teamText';

/** A version row as the push sends it: the cache's reading of it (cache/teamOutgoing.ts) with its columns spread. */
export type TenderVersionRow = FirstDelivery & TenderColumns & { id: number; version: number; json: string };
export type ContractVersionRow = FirstDelivery & ContractColumns & { id: number; version: number; json: string };

/** Rows of one batch, by table (factories, so the caller's rows are read only when their table's turn comes). */
export interface PushBatch {
  tenderVersions?: () => Iterable<TenderVersionRow>;
  contractVersions?: () => Iterable<ContractVersionRow>;
  cards?: () => Iterable<OutgoingCard>;
  ledgerRows?: () => Iterable<LedgerRow>;
  savedSearches?: () => Iterable<OutgoingSavedSearch>;
}

export interface PushBatchCounts {
  tender_version: number;
  contract_version: number;
  card: number;
  ledger_row: number;
  saved_search: number;
}

/** Told how many rows of a table were streamed to the server so far in this batch (progress). */
export type OnStaged = (table: keyof PushBatchCounts, rows: number) => void;

// COPY's text format: a backslash, newline, carriage return and tab in a value are escaped; \N is NULL.
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;

function text(value: string | null): string {
  if (value === null) return '\\N';
  const held = teamText(value);
  return SPECIAL.test(held) ? held.replace(SPECIALS, (c) => ESCAPES[c]!) : held;
}

/** A JSON body or parameter text, as jsonb can hold it (teamText.ts: the team copy's one rule), escaped for COPY. */
const json = (value: string): string => text(teamJson(value));

const num = (value: number | null): string => (value === null ? '\\N' : String(value));
const bool = (value: boolean): string => (value ? 't' : 'f');

/** A text[] literal (`{"a","b"}`, each element quoted), itself escaped for COPY by the caller. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

const deliveryFields = (r: FirstDelivery): string[] => [text(r.deliveredAt), r.via, text(r.event), text(r.requestId), text(r.filterId), bool(r.billed)];

interface TableSpec<Row> {
  table: keyof PushBatchCounts;
  /** The staging table's columns (plain types; bodies as text, cast when moved). */
  staging: string;
  line(row: Row): string;
  /** Moves the staged rows into S.<table> ($1 = this machine's id); its row count is what was new. */
  move: string;
}

const DELIVERY_STAGING = 'delivered_at timestamptz, via text, event text, request_id text, filter_id text, billed boolean';
const DELIVERY_MOVED = 'delivered_at, via, event, request_id, filter_id, billed';

const TENDERS: TableSpec<TenderVersionRow> = {
  table: 'tender_version',
  staging: `id bigint, version integer, body text, notice_number text, name text, customer_inn text, customer_name text,
    price numeric, currency text, law text, status text, region integer, published_at timestamptz, end_at timestamptz, ${DELIVERY_STAGING}`,
  line: (r) =>
    [
      String(r.id), String(r.version), json(r.json), text(r.noticeNumber), text(r.name), text(r.customerInn), text(r.customerName),
      num(r.price), text(r.currency), text(r.law), text(r.status), num(r.region), text(r.publishedAt), text(r.endAt), ...deliveryFields(r),
    ].join('\t'),
  move: `INSERT INTO S.tender_version (id, version, body, notice_number, name, customer_inn, customer_name, price, currency, law, status,
      region, published_at, end_at, ${DELIVERY_MOVED}, machine_id)
    SELECT s.id, s.version, s.body::jsonb, s.notice_number, s.name, s.customer_inn, s.customer_name, s.price, s.currency, s.law, s.status,
      s.region, s.published_at, s.end_at, s.${DELIVERY_MOVED.split(', ').join(', s.')}, $1
    FROM staging s
    WHERE NOT EXISTS (SELECT 1 FROM S.tender_version t WHERE t.id = s.id AND t.version = s.version)
    ORDER BY s.id, s.version
    ON CONFLICT (id, version) DO NOTHING`,
};

const CONTRACTS: TableSpec<ContractVersionRow> = {
  table: 'contract_version',
  staging: `id bigint, version integer, body text, registry_number text, tender_id bigint, customer_inn text, customer_name text,
    supplier_inns text[], price numeric, signed_at timestamptz, ${DELIVERY_STAGING}`,
  line: (r) =>
    [
      String(r.id), String(r.version), json(r.json), text(r.registryNumber), num(r.tenderId), text(r.customerInn), text(r.customerName),
      text(textArray(r.supplierInns)), num(r.price), text(r.signedAt), ...deliveryFields(r),
    ].join('\t'),
  move: `INSERT INTO S.contract_version (id, version, body, registry_number, tender_id, customer_inn, customer_name, supplier_inns, price,
      signed_at, ${DELIVERY_MOVED}, machine_id)
    SELECT s.id, s.version, s.body::jsonb, s.registry_number, s.tender_id, s.customer_inn, s.customer_name, s.supplier_inns, s.price,
      s.signed_at, s.${DELIVERY_MOVED.split(', ').join(', s.')}, $1
    FROM staging s
    WHERE NOT EXISTS (SELECT 1 FROM S.contract_version t WHERE t.id = s.id AND t.version = s.version)
    ORDER BY s.id, s.version
    ON CONFLICT (id, version) DO NOTHING`,
};

const CARDS: TableSpec<OutgoingCard> = {
  table: 'card',
  staging: 'kind text, id bigint, version integer, positions_page integer, positions_limit integer, body text, delivered_at timestamptz, request_id text, billed boolean',
  line: (r) =>
    [r.kind, String(r.id), String(r.version), String(r.positionsPage), String(r.positionsLimit), json(r.json), text(r.deliveredAt), text(r.requestId), bool(r.billed)].join('\t'),
  move: `INSERT INTO S.card (kind, id, version, positions_page, positions_limit, body, delivered_at, request_id, billed, machine_id)
    SELECT s.kind, s.id, s.version, s.positions_page, s.positions_limit, s.body::jsonb, s.delivered_at, s.request_id, s.billed, $1
    FROM staging s
    WHERE NOT EXISTS (SELECT 1 FROM S.card t WHERE t.kind = s.kind AND t.id = s.id AND t.version = s.version
      AND t.positions_page = s.positions_page AND t.positions_limit = s.positions_limit)
    ORDER BY s.kind, s.id, s.version, s.positions_page, s.positions_limit
    ON CONFLICT (kind, id, version, positions_page, positions_limit) DO NOTHING`,
};

const LEDGER: TableSpec<LedgerRow> = {
  table: 'ledger_row',
  staging: 'id bigint, balance_type text, amount integer, object_id bigint, version integer, filter_id text, request_id text, created_at timestamptz',
  line: (r) =>
    [String(r.id), r.balanceType, String(r.amount), String(r.objectId), String(r.version), text(r.filterId), text(r.requestId), text(r.createdAt)].join('\t'),
  move: `INSERT INTO S.ledger_row (id, balance_type, amount, object_id, version, filter_id, request_id, created_at, machine_id)
    SELECT s.id, s.balance_type, s.amount, s.object_id, s.version, s.filter_id, s.request_id, s.created_at, $1
    FROM staging s ORDER BY s.id
    ON CONFLICT (id) DO NOTHING`,
};

// A saved search changes (label, params, events, expiry): a newer push replaces what differs and becomes the
// row's machine_id, so the teammates' pulls (which skip their own machine's rows) see the change.
const SEARCHES: TableSpec<OutgoingSavedSearch> = {
  table: 'saved_search',
  staging: 'filter_id text, label text, params text, events text, created_at timestamptz, expires_at timestamptz',
  line: (r) => [text(r.filterId), text(r.label), json(r.params), json(r.events), text(r.createdAt), text(r.expiresAt)].join('\t'),
  move: `INSERT INTO S.saved_search AS t (filter_id, label, params, events, created_at, expires_at, machine_id)
    SELECT s.filter_id, s.label, s.params::jsonb, s.events::jsonb, s.created_at, s.expires_at, $1
    FROM staging s ORDER BY s.filter_id
    ON CONFLICT (filter_id) DO UPDATE SET label = excluded.label, params = excluded.params, events = excluded.events,
      expires_at = excluded.expires_at, machine_id = excluded.machine_id, updated_at = now(), change_xid = pg_current_xact_id()
    WHERE (t.label, t.params, t.events, t.expires_at) IS DISTINCT FROM (excluded.label, excluded.params, excluded.events, excluded.expires_at)`,
};

/** Lines joined into pieces of about this many characters, so COPY gets few large writes. */
const PIECE_CHARS = 256 * 1024;

function* copyPieces<Row>(rows: Iterable<Row>, line: (row: Row) => string, counted: (n: number) => void): Generator<string> {
  let piece = '';
  let n = 0;
  for (const row of rows) {
    piece += `${line(row)}\n`;
    n += 1;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      counted(n);
      piece = '';
    }
  }
  if (piece !== '') yield piece;
  counted(n);
}

async function stageAndMove<Row>(
  client: PoolClient,
  schema: string,
  machineId: string,
  spec: TableSpec<Row>,
  rows: Iterable<Row>,
  onStaged: OnStaged | undefined,
): Promise<number> {
  await client.query(`CREATE TEMP TABLE staging (${spec.staging}) ON COMMIT DROP`);
  let staged = 0;
  const { from: copyFrom } = await import('pg-copy-streams'); // loaded by a push only
  const copy = client.query(copyFrom('COPY staging FROM STDIN'));
  await pipeline(
    Readable.from(copyPieces(rows, spec.line, (n) => {
      staged = n;
      onStaged?.(spec.table, n);
    })),
    copy,
  );
  if (staged === 0) {
    await client.query('DROP TABLE staging');
    return 0;
  }
  const moved = await client.query(inSchema(schema, spec.move), [machineId]);
  await client.query('DROP TABLE staging');
  return moved.rowCount ?? 0;
}

/**
 * Writes one batch in one transaction; answers how many rows of each table were new in the team database. On any
 * failure the transaction rolls back whole and the error is thrown: the caller's cursor has not moved, so the
 * next run sends the batch again.
 */
export async function pushBatch(pool: Pool, schema: string, machineId: string, batch: PushBatch, onStaged?: OnStaged): Promise<PushBatchCounts> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const counts: PushBatchCounts = { tender_version: 0, contract_version: 0, card: 0, ledger_row: 0, saved_search: 0 };
    // Table order is fixed too (with the key order inside each), for the same reason as the ORDER BY.
    if (batch.tenderVersions) counts.tender_version = await stageAndMove(client, schema, machineId, TENDERS, batch.tenderVersions(), onStaged);
    if (batch.contractVersions) counts.contract_version = await stageAndMove(client, schema, machineId, CONTRACTS, batch.contractVersions(), onStaged);
    if (batch.cards) counts.card = await stageAndMove(client, schema, machineId, CARDS, batch.cards(), onStaged);
    if (batch.ledgerRows) counts.ledger_row = await stageAndMove(client, schema, machineId, LEDGER, batch.ledgerRows(), onStaged);
    if (batch.savedSearches) counts.saved_search = await stageAndMove(client, schema, machineId, SEARCHES, batch.savedSearches(), onStaged);
    await client.query('COMMIT');
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection whose rollback failed (the server went away) is not given back to the pool.
    client.release(broken);
  }
}
