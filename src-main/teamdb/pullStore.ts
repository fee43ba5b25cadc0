/**
 * The pull's read side: one window of the team database, read page by page.
 *
 * A window is ONE `REPEATABLE READ READ ONLY` transaction on one pool client. Its first statement fixes the
 * snapshot and reads `to = pg_snapshot_xmin(pg_current_snapshot())`: every transaction below `to` had ended when
 * the snapshot was taken, so the rows with `from <= change_xid < to` are exactly the changes that can never
 * appear behind the next cursor (`to`). A row of a transaction still running then (even one that started before
 * the last pull) has `change_xid >= to` and comes with a later pull. Rows this machine pushed itself are skipped.
 *
 * Pages come from a server-side cursor (DECLARE ... / FETCH) inside that transaction rather than keyset queries:
 * one push transaction gives tens of thousands of rows the same `change_xid`, and a keyset on
 * (change_xid, key) would re-sort all of them for every page; the snapshot already makes the cursor stable.
 * Bodies come back as text (`body::text`) and times as ISO-8601 UTC text, so no driver conversion touches them;
 * bigint columns come back as decimal text and stay text until team/pulledRows.ts checks them (an id past 2^53
 * is refused there, never rounded to a neighbour).
 */
import type { PoolClient } from 'pg';
import type { LedgerRow } from '../cache/ledgerStore';
import type { OutgoingSavedSearch } from '../cache/teamOutgoing';
import type { TeamConnection } from './connection';
import { inSchema } from './schemaName';

export type PullTable = 'tender_version' | 'contract_version' | 'card' | 'ledger_row' | 'saved_search' | 'shared_change';

/*
 * A window yields rows as the team database holds them, before any check (one bad row stopped every
 * teammate's pull): bigint columns as their decimal text (9007199254740993 must not become …992 on the way),
 * JSON as text, times as ISO-8601 UTC text (a year past 9999 comes as five digits and is refused by the check,
 * not by a Date that throws). team/pulledRows.ts turns each into the typed row below or a refusal.
 */

export interface RawVersionRow {
  kind: 'tender' | 'contract';
  id: string;
  version: number;
  body: string;
  deliveredAt: string;
  via: string;
  event: string | null;
  requestId: string | null;
  filterId: string | null;
  billed: boolean;
  machineId: string;
}

export interface RawCardRow {
  kind: string;
  id: string;
  version: number;
  positionsPage: number;
  positionsLimit: number;
  body: string;
  deliveredAt: string;
  requestId: string | null;
  billed: boolean;
  machineId: string;
}

export interface RawLedgerRow {
  id: string;
  balanceType: string;
  amount: number;
  objectId: string;
  version: number;
  filterId: string | null;
  requestId: string | null;
  createdAt: string | null;
  machineId: string;
}

export interface RawChangeRow {
  machineId: string;
  localSeq: string;
  entity: string;
  key: string;
  field: string;
  /** JSON text; null when the field was cleared. */
  value: string | null;
  at: string;
  author: string;
}

export interface RawPullRows {
  tender_version: RawVersionRow;
  contract_version: RawVersionRow;
  card: RawCardRow;
  ledger_row: RawLedgerRow;
  /** Its columns are already text as the push wrote them: the row as it is taken. */
  saved_search: PulledSavedSearchRow;
  shared_change: RawChangeRow;
}

/** A version as checked (team/pulledRows.ts): a safe id, a version not below 0, its body an object that names it. */
export interface PulledVersionRow {
  kind: 'tender' | 'contract';
  id: number;
  version: number;
  /** The object's JSON as the team database holds it, parsed. */
  object: Record<string, unknown>;
  deliveredAt: string;
  via: 'feed' | 'card';
  event: 'created' | 'updated' | null;
  requestId: string | null;
  filterId: string | null;
  billed: boolean;
  machineId: string;
}

export interface PulledCardRow {
  kind: 'tender' | 'contract';
  id: number;
  version: number;
  positionsPage: number;
  positionsLimit: number;
  card: Record<string, unknown>;
  deliveredAt: string;
  requestId: string | null;
  billed: boolean;
  machineId: string;
}

/** A ledger row as the cache's mirror holds it, with the machine that pushed it. */
export type PulledLedgerRow = LedgerRow & { machineId: string };

/** A saved search with its JSON as text, as the push reads it from the cache, with the machine that pushed it. */
export type PulledSavedSearchRow = OutgoingSavedSearch & { machineId: string };

export interface PulledChangeRow {
  machineId: string;
  localSeq: number;
  entity: 'mark' | 'tag' | 'list';
  key: string;
  field: string;
  /** The value, parsed; null when the field was cleared. */
  value: unknown;
  at: string;
  author: string;
}

export interface PullRows {
  tender_version: PulledVersionRow;
  contract_version: PulledVersionRow;
  card: PulledCardRow;
  ledger_row: PulledLedgerRow;
  saved_search: PulledSavedSearchRow;
  shared_change: PulledChangeRow;
}

export interface PullWindow {
  /** The cursor this window starts from ('0' before the first pull). */
  readonly from: string;
  /** The watermark: the next pull's cursor once every page is written locally. */
  readonly to: string;
  /** Rows of the table in this window (for progress). */
  count(table: PullTable): Promise<number>;
  /** The table's rows in this window, `pageSize` at a time, as the database holds them. */
  pages<T extends PullTable>(table: T, pageSize: number): AsyncGenerator<RawPullRows[T][]>;
  /** Ends the read transaction and gives the client back; safe to call more than once. */
  close(): Promise<void>;
}

const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const nullable = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

type Row = Record<string, unknown>;

interface TableRead<T> {
  columns: string;
  map(row: Row): T;
}

const versionRead = (kind: 'tender' | 'contract'): TableRead<RawVersionRow> => ({
  columns: `id::text AS id, version, body::text AS body, ${iso('delivered_at')} AS delivered_at, via, event, request_id, filter_id, billed, machine_id::text AS machine_id`,
  map: (r) => ({
    kind,
    id: String(r.id),
    version: Number(r.version),
    body: String(r.body),
    deliveredAt: String(r.delivered_at),
    via: String(r.via),
    event: nullable(r.event),
    requestId: nullable(r.request_id),
    filterId: nullable(r.filter_id),
    billed: r.billed === true,
    machineId: String(r.machine_id),
  }),
});

const READS: { [T in PullTable]: TableRead<RawPullRows[T]> } = {
  tender_version: versionRead('tender'),
  contract_version: versionRead('contract'),
  card: {
    columns: `kind, id::text AS id, version, positions_page, positions_limit, body::text AS body, ${iso('delivered_at')} AS delivered_at, request_id, billed, machine_id::text AS machine_id`,
    map: (r) => ({
      kind: String(r.kind),
      id: String(r.id),
      version: Number(r.version),
      positionsPage: Number(r.positions_page),
      positionsLimit: Number(r.positions_limit),
      body: String(r.body),
      deliveredAt: String(r.delivered_at),
      requestId: nullable(r.request_id),
      billed: r.billed === true,
      machineId: String(r.machine_id),
    }),
  },
  ledger_row: {
    columns: `id::text AS id, balance_type, amount, object_id::text AS object_id, version, filter_id, request_id, ${iso('created_at')} AS created_at, machine_id::text AS machine_id`,
    map: (r) => ({
      id: String(r.id),
      balanceType: String(r.balance_type),
      amount: Number(r.amount),
      objectId: String(r.object_id),
      version: Number(r.version),
      filterId: nullable(r.filter_id),
      requestId: nullable(r.request_id),
      createdAt: nullable(r.created_at),
      machineId: String(r.machine_id),
    }),
  },
  saved_search: {
    columns: `filter_id, label, params::text AS params, events::text AS events, ${iso('created_at')} AS created_at, ${iso('expires_at')} AS expires_at, machine_id::text AS machine_id`,
    map: (r) => ({
      filterId: String(r.filter_id),
      label: nullable(r.label),
      params: String(r.params),
      events: String(r.events),
      createdAt: String(r.created_at),
      expiresAt: nullable(r.expires_at),
      machineId: String(r.machine_id),
    }),
  },
  shared_change: {
    columns: `machine_id::text AS machine_id, local_seq::text AS local_seq, entity, key, field, value::text AS value, ${iso('at')} AS at, author`,
    map: (r) => ({
      machineId: String(r.machine_id),
      localSeq: String(r.local_seq),
      entity: String(r.entity),
      key: String(r.key),
      field: String(r.field),
      value: nullable(r.value),
      at: String(r.at),
      author: String(r.author),
    }),
  },
};

const WINDOW = 'change_xid >= $1::xid8 AND change_xid < $2::xid8 AND machine_id <> $3::uuid';

/**
 * Opens a window from `from` (null: everything) for the machine `machineId` (its own rows are skipped).
 * The caller must `close()` it, on success and on failure alike.
 */
export async function openPullWindow(team: TeamConnection, from: string | null, machineId: string): Promise<PullWindow> {
  const client: PoolClient = await team.pool.connect();
  let open = true;
  let cursors = 0;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const mark = await client.query<{ to: string; next: string }>(
      'SELECT pg_snapshot_xmin(s)::text AS to, pg_snapshot_xmax(s)::text AS next FROM pg_current_snapshot() s',
    );
    const { to, next } = mark.rows[0]!;
    // A cursor past every transaction id this server has given belongs to another server (the team database
    // restored elsewhere keeps its team id, not its transaction ids): read it all again; what is here is skipped.
    const start = from !== null && BigInt(from) <= BigInt(next) ? from : '0';
    const params = [start, to, machineId];
    return {
      from: start,
      to,
      async count(table) {
        const r = await client.query<{ n: string }>(inSchema(team.schema, `SELECT count(*)::text AS n FROM S.${table} WHERE ${WINDOW}`), params);
        return Number(r.rows[0]!.n);
      },
      async *pages<T extends PullTable>(table: T, pageSize: number): AsyncGenerator<RawPullRows[T][]> {
        const read = READS[table] as TableRead<RawPullRows[T]>;
        const name = `pull_${table}_${(cursors += 1)}`;
        await client.query(inSchema(team.schema, `DECLARE ${name} NO SCROLL CURSOR FOR SELECT ${read.columns} FROM S.${table} WHERE ${WINDOW}`), params);
        try {
          for (;;) {
            const page = await client.query<Row>(`FETCH FORWARD ${Math.max(1, Math.floor(pageSize))} FROM ${name}`);
            if (page.rows.length === 0) return;
            yield page.rows.map(read.map);
          }
        } finally {
          if (open) await client.query(`CLOSE ${name}`).catch(() => undefined);
        }
      },
      async close() {
        if (!open) return;
        open = false;
        try {
          await client.query('COMMIT');
          client.release();
        } catch (error) {
          client.release(error as Error);
        }
      },
    };
  } catch (error) {
    open = false;
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    throw error;
  }
}
