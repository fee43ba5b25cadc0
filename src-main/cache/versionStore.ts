/**
 * Every delivered version of every tender and contract, kept as history, and the log of every delivery.
 *
 * A version is stored once, whatever delivered it and however often; each delivery adds a row to the log
 * (with its request, `billed` flag and event). The latest version of an object is the highest version
 * held, not the last one delivered, except that a teammate's version without delivery evidence never is the
 * latest over one the API delivered (cache/deliveryWriter.ts). Feed pages go through feedStore (their cursor commits with them) and
 * cards through cardStore; `record` is for anything else that delivers objects.
 */
import type Database from 'better-sqlite3';
import { perCache, type CacheDb } from './database';
import { deliveryWriter, type DeliveredItem, type DeliverySummary } from './deliveryWriter';
import { StoredDataDamageError } from './damage';
import { decodePack, packDictionary, PackCache, packMember, SELECT_PACK, type StoredPack } from './packCodec';
import { storedJson } from './storedJson';
import { EVENT_OF_CODE, KIND_CODE, KIND_OF_CODE, type DeliveryEvent, type DeliveryVia, type FeedKind, type ObjectKind, type VersionKey } from './types';

export type { DeliveredItem, DeliverySummary } from './deliveryWriter';

export interface StoredVersion extends VersionKey {
  /** The object as delivered, parsed. */
  object: unknown;
  /** Its JSON text as stored (compact JSON of the delivered object). */
  json: string;
  /** When and how this version was first delivered. */
  firstReceivedAt: string;
  firstVia: DeliveryVia;
}

export interface DeliveryRecord extends VersionKey {
  via: DeliveryVia;
  requestId: string | null;
  filterId: string | null;
  feed: FeedKind | null;
  stream: string | null;
  event: DeliveryEvent | null;
  billed: boolean;
  receivedAt: string;
}

export interface RecordRequest {
  via: DeliveryVia;
  requestId: string | null;
  filterId?: string | null;
  receivedAt: string;
}

export interface VersionStore {
  /** Stores delivered items outside a feed page or a card, in one transaction. */
  record(request: RecordRequest, items: readonly DeliveredItem[]): DeliverySummary;
  has(kind: ObjectKind, id: number, version: number): boolean;
  get(kind: ObjectKind, id: number, version: number): StoredVersion | undefined;
  /** The stored JSON text only (no parsing). */
  getJson(kind: ObjectKind, id: number, version: number): string | undefined;
  latest(kind: ObjectKind, id: number): StoredVersion | undefined;
  latestVersion(kind: ObjectKind, id: number): number | undefined;
  /** Every held version of the object, oldest first. */
  history(kind: ObjectKind, id: number): StoredVersion[];
  /** Every delivery of the object (or of one version), in version then arrival order. */
  deliveries(kind: ObjectKind, id: number, version?: number): DeliveryRecord[];
  /** Every held version key, by kind, id and version; streams (for `cache versions --json`). */
  allVersions(): IterableIterator<VersionKey>;
  /**
   * Where each held version of the object first came from: `api` (this machine's request), `team` (a
   * teammate's row with the API's delivery evidence) or `team_unproven` (a teammate's row without it).
   */
  origins(kind: ObjectKind, id: number): Map<number, VersionOrigin>;
}

export type VersionOrigin = 'api' | 'team' | 'team_unproven';

/** A held version's row with its first request's time and way (VERSION_COLUMNS below; the team push reads the same). */
export interface VersionRow {
  kind: number;
  id: number;
  version: number;
  pack_id: number;
  pack_offset: number;
  byte_length: number;
  received_at: string;
  via: DeliveryVia;
}

interface DeliveryRow {
  kind: number;
  id: number;
  version: number;
  event: number | null;
  billed: number;
  via: DeliveryVia;
  request_id: string | null;
  filter_id: string | null;
  feed: FeedKind | null;
  stream: string | null;
  received_at: string;
}

const VERSION_COLUMNS = `v.kind, v.id, v.version, v.pack_id, v.pack_offset, v.byte_length, r.received_at, r.via
  FROM object_version v JOIN delivery_request r ON r.request_seq = v.first_request_seq`;
const DELIVERY_COLUMNS = `d.kind, d.id, d.version, d.event, d.billed, r.via, r.request_id, r.filter_id, r.feed, r.stream, r.received_at
  FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq`;

function createVersionStore(cache: CacheDb): VersionStore {
  const { db } = cache;
  const writer = deliveryWriter(cache);
  const dictionary = packDictionary(db);
  const packs = new PackCache(32, dictionary);
  const s = {
    one: db.prepare<[number, number, number], VersionRow>(`SELECT ${VERSION_COLUMNS} WHERE v.kind = ? AND v.id = ? AND v.version = ?`),
    all: db.prepare<[number, number], VersionRow>(`SELECT ${VERSION_COLUMNS} WHERE v.kind = ? AND v.id = ? ORDER BY v.version`),
    pack: db.prepare<[number], StoredPack>(SELECT_PACK),
    latestTender: db.prepare<[number], number>('SELECT version FROM tender WHERE id = ?').pluck(),
    latestContract: db.prepare<[number], number>('SELECT version FROM contract WHERE id = ?').pluck(),
    deliveries: db.prepare<[number, number], DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} WHERE d.kind = ? AND d.id = ? ORDER BY d.version, d.request_seq, d.ordinal`,
    ),
    versionDeliveries: db.prepare<[number, number, number], DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} WHERE d.kind = ? AND d.id = ? AND d.version = ? ORDER BY d.request_seq, d.ordinal`,
    ),
    keys: db.prepare<[], { kind: number; id: number; version: number }>('SELECT kind, id, version FROM object_version ORDER BY kind, id, version'),
    held: db.prepare<[number, number, number], number>('SELECT 1 FROM object_version WHERE kind = ? AND id = ? AND version = ?').pluck(),
    origins: undefined as Database.Statement<[number, number], { version: number; team_machine: string | null; team_evidence: number | null }> | undefined,
  };

  const loadPack = (packId: number, row: VersionRow): StoredPack => {
    const pack = s.pack.get(packId);
    if (!pack) throw new StoredDataDamageError(`pack ${packId}`, `missing (version ${row.id} v${row.version})`);
    return pack;
  };

  const jsonOf = (row: VersionRow): string => {
    // Inside a transaction the pack may be one that a rollback takes back (and its id reused): not cached.
    let raw: Buffer;
    if (db.inTransaction) {
      raw = decodePack(row.pack_id, loadPack(row.pack_id, row), dictionary);
    } else raw = packs.get(row.pack_id, () => loadPack(row.pack_id, row));
    return packMember(raw, row.pack_offset, row.byte_length, row.pack_id);
  };

  const toStored = (row: VersionRow): StoredVersion => {
    const json = jsonOf(row);
    return {
      kind: KIND_OF_CODE[row.kind]!,
      id: row.id,
      version: row.version,
      object: storedJson(json, `pack ${row.pack_id}`),
      json,
      firstReceivedAt: row.received_at,
      firstVia: row.via,
    };
  };

  const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
    kind: KIND_OF_CODE[row.kind]!,
    id: row.id,
    version: row.version,
    via: row.via,
    requestId: row.request_id,
    filterId: row.filter_id,
    feed: row.feed,
    stream: row.stream,
    event: row.event === null ? null : EVENT_OF_CODE[row.event]!,
    billed: row.billed === 1,
    receivedAt: row.received_at,
  });

  const latestVersion = (kind: ObjectKind, id: number): number | undefined =>
    kind === 'tender' ? s.latestTender.get(id) : s.latestContract.get(id);

  const record = db.transaction((request: RecordRequest, prepared: ReturnType<typeof writer.prepare>) =>
    writer.write({ via: request.via, requestId: request.requestId, filterId: request.filterId ?? null, feed: null, stream: null, receivedAt: request.receivedAt }, prepared),
  );

  return {
    record(request, items) {
      const prepared = writer.prepare(items);
      return writer.transact(() => record.immediate(request, prepared));
    },
    has(kind, id, version) {
      return s.held.get(KIND_CODE[kind], id, version) !== undefined;
    },
    get(kind, id, version) {
      const row = s.one.get(KIND_CODE[kind], id, version);
      return row ? toStored(row) : undefined;
    },
    getJson(kind, id, version) {
      const row = s.one.get(KIND_CODE[kind], id, version);
      return row ? jsonOf(row) : undefined;
    },
    latest(kind, id) {
      const version = latestVersion(kind, id);
      if (version === undefined) return undefined;
      const row = s.one.get(KIND_CODE[kind], id, version);
      return row ? toStored(row) : undefined;
    },
    latestVersion,
    history(kind, id) {
      return s.all.all(KIND_CODE[kind], id).map(toStored);
    },
    deliveries(kind, id, version) {
      const rows = version === undefined ? s.deliveries.all(KIND_CODE[kind], id) : s.versionDeliveries.all(KIND_CODE[kind], id, version);
      return rows.map(toDelivery);
    },
    origins(kind, id) {
      // Prepared when asked: migration 0022's column is not there in a file opened at an older migration (tests).
      s.origins ??= db.prepare<[number, number], { version: number; team_machine: string | null; team_evidence: number | null }>(
        `SELECT v.version, r.team_machine, r.team_evidence FROM object_version v JOIN delivery_request r ON r.request_seq = v.first_request_seq
         WHERE v.kind = ? AND v.id = ?`,
      );
      return new Map(
        s.origins.all(KIND_CODE[kind], id).map((r) => [r.version, r.team_machine === null ? 'api' : r.team_evidence === 1 ? 'team' : 'team_unproven'] as const),
      );
    },
    *allVersions() {
      for (const row of s.keys.iterate()) yield { kind: KIND_OF_CODE[row.kind]!, id: row.id, version: row.version };
    },
  };
}

export const versionStore = perCache(createVersionStore);
