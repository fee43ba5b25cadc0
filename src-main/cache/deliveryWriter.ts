/**
 * The one write path for delivered objects, shared by feed pages, cards and direct recording: request row,
 * pack, versions, deliveries, latest pointers and the tender search index. Internal to src-main/cache.
 *
 * Two halves so that the write transaction stays short: `prepare` (reads and CPU only: which versions are
 * new, their JSON, the compressed pack) runs before the transaction; `write` runs inside it and re-checks
 * everything it relies on, so a version that `prepare` believed held but is not gets stored anyway.
 *
 * A teammate's word is not the API's. A version first delivered by a team pull without delivery
 * evidence (domain/teamRows.ts) is held as history but never becomes an object's latest (the row shown, searched
 * and exported) over a version the API delivered or a teammate proved; a trusted version becomes the latest over
 * such a one even when its number is lower (a made-up v999 cannot pin a tender). And the API's answer wins over a
 * teammate's row of the same key: when the API delivers a version first held from the team, its body replaces
 * the teammate's (when they differ) and the version counts as delivered here from then on.
 */
import type Database from 'better-sqlite3';
import { hasDeliveryEvidence } from '../domain/teamRows';
import { perCache } from './database';
import { CacheInputError } from './errors';
import { decodePack, packDictionary, packEncoder, packMember, type EncodedBlob } from './packCodec';
import { storedJson } from './storedJson';
import { showsSameVersion } from './versionMatch';
import { createTenderIndexer, type TenderIndexer } from './tenderIndex';
import { createAppIndexer } from './appIndex';
import { createInsightUpkeep, type InsightUpkeep } from './insightUpkeep';
import { createCustomerRefs } from './labelRefs';
import { createWriteUpkeep, type WriteUpkeep } from './writeUpkeep';
import {
  EVENT_CODE,
  KIND_CODE,
  type DeliveryEvent,
  type DeliveryVia,
  type FeedKind,
  type ObjectKind,
} from './types';
import { retryBusy } from './writeRetry';

export interface DeliveredItem {
  kind: ObjectKind;
  id: number;
  version: number;
  /** The API's `billed` flag of this delivery. */
  billed: boolean;
  /** Feed event; null for a card. */
  event: DeliveryEvent | null;
  /** The object exactly as parsed from the response (unknown fields included). */
  object: unknown;
}

export interface DeliveryRequestInfo {
  via: DeliveryVia;
  requestId: string | null;
  filterId: string | null;
  feed: FeedKind | null;
  stream: string | null;
  /** ISO-8601. */
  receivedAt: string;
  /**
   * Set for what a team pull brings: the id of the machine that pushed it, kept in
   * `delivery_request.team_machine` so that a push skips it and the cache tells pulled from delivered here.
   */
  teamMachine?: string | null;
}

export interface DeliverySummary {
  /** Local number of the request row; null when nothing was delivered (an empty page). */
  requestSeq: number | null;
  items: number;
  billed: number;
  /** Versions stored for the first time. */
  newVersions: number;
  /** Deliveries of versions already held (logged, not stored again). */
  repeats: number;
  /** Items of event created / updated that this filter had not delivered before. */
  created: number;
  updated: number;
}

export interface PreparedDelivery {
  readonly items: readonly DeliveredItem[];
  /** Per item: offset of its JSON in the pack, or -1 when it was believed held (or a duplicate in the page). */
  readonly offsets: readonly number[];
  readonly lengths: readonly number[];
  readonly pack: EncodedBlob | null;
}

export interface DeliveryWriter {
  prepare(items: readonly DeliveredItem[]): PreparedDelivery;
  /** Must run inside a transaction started through `transact`. */
  write(request: DeliveryRequestInfo, prepared: PreparedDelivery): DeliverySummary;
  /**
   * Runs a store's write transaction and tells the indexer whether it committed; after a top-level commit,
   * the upkeep that must stay out of write transactions (writeUpkeep.ts).
   */
  transact<T>(run: () => T): T;
  readonly tenders: TenderIndexer;
  readonly upkeep: WriteUpkeep;
  /** The insight tables, kept in the same transactions; cardStore adds a card's positions. */
  readonly insights: InsightUpkeep;
}

/** A held version's place and its first delivery's origin (migration 0017's `team_machine`, 0021's evidence). */
interface FirstDelivery {
  pack_id: number;
  pack_offset: number;
  byte_length: number;
  team_machine: string | null;
  team_evidence: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function checkItem(item: DeliveredItem, index: number): void {
  const fail = (rule: string): never => {
    throw new CacheInputError(`item ${index} (${String(item?.kind)} ${String(item?.id)} v${String(item?.version)}): ${rule}`);
  };
  if (item.kind !== 'tender' && item.kind !== 'contract') fail('kind must be tender or contract.');
  if (!isCount(item.id) || item.id === 0) fail('id must be a positive integer.');
  // Below 0 only for a card whose version the server did not state (versionMatch.ts: provisional).
  if (!isCount(item.version) && !(item.event === null && Number.isSafeInteger(item.version))) fail('version must be a non-negative integer.');
  if (typeof item.billed !== 'boolean') fail('billed must be true or false.');
  if (item.event !== null && item.event !== 'created' && item.event !== 'updated') fail('event must be created, updated or null.');
  if (!isRecord(item.object)) fail('the object must be a JSON object.');
  const { id, version } = item.object as Record<string, unknown>;
  if (typeof id === 'number' && id !== item.id) fail(`the object's id is ${id}.`);
  if (typeof version === 'number' && version !== item.version) fail(`the object's version is ${version}.`);
}

export function createDeliveryWriter(db: Database.Database): DeliveryWriter {
  // Tenders and contracts name their customers from one table (migration 0035): one memory of its refs.
  const customers = createCustomerRefs(db);
  const tenders = createTenderIndexer(db, customers);
  const upkeep = createWriteUpkeep(db);
  const views = createAppIndexer(db, customers);
  const insights = createInsightUpkeep(db);
  const encode = packEncoder(db);
  const dictionary = packDictionary(db);
  const s = {
    held: db.prepare<[number, number, number], number>('SELECT 1 FROM object_version WHERE kind = ? AND id = ? AND version = ?').pluck(),
    request: db.prepare(
      `INSERT INTO delivery_request (via, request_id, filter_id, feed, stream, received_at, items, billed, new_versions, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0)`,
    ),
    // Prepared on first use: a file at a schema before migration 0017 (migration tests) has no team_machine.
    teamRequest: null as Database.Statement | null,
    requestCounts: db.prepare(
      'UPDATE delivery_request SET items = ?, billed = ?, new_versions = ?, created = ?, updated = ? WHERE request_seq = ?',
    ),
    pack: db.prepare('INSERT INTO version_pack (codec, raw_bytes, body) VALUES (?, ?, ?)'),
    version: db.prepare(
      `INSERT INTO object_version (kind, id, version, pack_id, pack_offset, byte_length, first_request_seq)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    delivery: db.prepare('INSERT INTO delivery (kind, id, version, request_seq, ordinal, event, billed) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    seenByFilter: db
      .prepare<[number, number, number, string, number], number>(
        `SELECT 1 FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq
         WHERE d.kind = ? AND d.id = ? AND d.version = ? AND r.filter_id = ? AND d.request_seq <> ? LIMIT 1`,
      )
      .pluck(),
    provisional: db.prepare<[number, number], { version: number; pack_id: number; pack_offset: number; byte_length: number; codec: number; raw_bytes: number; body: Buffer }>(
      `SELECT v.version, v.pack_id, v.pack_offset, v.byte_length, p.codec, p.raw_bytes, p.body
       FROM object_version v JOIN version_pack p ON p.pack_id = v.pack_id
       WHERE v.kind = ? AND v.id = ? AND v.version < 0`,
    ),
    adoptCard: db.prepare('UPDATE OR IGNORE card SET version = ? WHERE kind = ? AND id = ? AND version = ?'),
    dropCard: db.prepare('DELETE FROM card WHERE kind = ? AND id = ? AND version = ?'),
    adoptDeliveries: db.prepare('UPDATE delivery SET version = ? WHERE kind = ? AND id = ? AND version = ?'),
    adoptTitles: db.prepare('UPDATE tender_positions_text SET version = ? WHERE tender_id = ? AND version = ?'),
    dropVersion: db.prepare('DELETE FROM object_version WHERE kind = ? AND id = ? AND version = ?'),
    // The tender id (index contract_tender) is set apart, only when it changed: SQLite rewrites an index entry
    // for every column a SET names, even to the same value (~15 random index pages a feed page).
    contract: db.prepare(
      `INSERT INTO contract (id, version, tender_id) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version
       WHERE excluded.version > contract.version`,
    ),
    contractForced: db.prepare(
      `INSERT INTO contract (id, version, tender_id) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version`,
    ),
    contractTender: db.prepare('UPDATE contract SET tender_id = ? WHERE id = ? AND tender_id IS NOT ?'),
    latestTender: db.prepare<[number], number>('SELECT version FROM tender WHERE id = ?').pluck(),
    latestContract: db.prepare<[number], number>('SELECT version FROM contract WHERE id = ?').pluck(),
    packOf: db.prepare<[number], { codec: number; raw_bytes: number; body: Buffer }>('SELECT codec, raw_bytes, body FROM version_pack WHERE pack_id = ?'),
  };

  /**
   * The statements of team trust (migration 0021), prepared on first use; null on a file from before it (the
   * migration tests' old schemas), which holds nothing pulled with evidence to judge.
   */
  let trustStatements:
    | {
        anyPulled: Database.Statement<[], number>;
        first: Database.Statement<[number, number, number], FirstDelivery>;
        takeOver: Database.Statement<[number, number, number, number, number, number, number]>;
      }
    | null
    | undefined;
  const trust = () => {
    if (trustStatements !== undefined) return trustStatements;
    const has = db.prepare("SELECT 1 FROM pragma_table_info('delivery_request') WHERE name = 'team_evidence'").get() !== undefined;
    trustStatements = has
      ? {
          anyPulled: db.prepare<[], number>('SELECT 1 FROM delivery_request WHERE team_machine IS NOT NULL LIMIT 1').pluck(),
          first: db.prepare<[number, number, number], FirstDelivery>(
            `SELECT v.pack_id, v.pack_offset, v.byte_length, r.team_machine, r.team_evidence
             FROM object_version v JOIN delivery_request r ON r.request_seq = v.first_request_seq
             WHERE v.kind = ? AND v.id = ? AND v.version = ?`,
          ),
          takeOver: db.prepare(
            'UPDATE object_version SET pack_id = ?, pack_offset = ?, byte_length = ?, first_request_seq = ? WHERE kind = ? AND id = ? AND version = ?',
          ),
        }
      : null;
    return trustStatements;
  };
  /** A held version is trusted unless its first delivery was a teammate's row without delivery evidence. */
  const trusted = (f: FirstDelivery): boolean => f.team_machine === null || f.team_evidence === 1;

  /** The object's latest version and whether it is trusted; null when none is held. */
  const latestOf = (item: DeliveredItem): { version: number; trusted: boolean } | null => {
    const version = item.kind === 'tender' ? s.latestTender.get(item.id) : s.latestContract.get(item.id);
    if (version === undefined) return null;
    const first = trust()!.first.get(KIND_CODE[item.kind], item.id, version);
    return { version, trusted: first === undefined || trusted(first) };
  };

  const insertRequest = (r: DeliveryRequestInfo): Database.RunResult => {
    if (r.teamMachine === undefined || r.teamMachine === null) return s.request.run(r.via, r.requestId, r.filterId, r.feed, r.stream, r.receivedAt);
    s.teamRequest ??= db.prepare(
      `INSERT INTO delivery_request (via, request_id, filter_id, feed, stream, received_at, items, billed, new_versions, created, updated, team_machine, team_evidence)
       VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, ?, ?)`,
    );
    return s.teamRequest.run(r.via, r.requestId, r.filterId, r.feed, r.stream, r.receivedAt, r.teamMachine, hasDeliveryEvidence(r) ? 1 : 0);
  };

  const storePack = (pack: EncodedBlob): number => Number(s.pack.run(pack.codec, pack.rawBytes, pack.body).lastInsertRowid);

  /**
   * A real version that a provisional card version shows (versionMatch.ts) takes over its cards and
   * deliveries, and the provisional version goes: the history then has each version once.
   */
  const adoptProvisional = (item: DeliveredItem): void => {
    if (item.version < 0) return;
    const kind = KIND_CODE[item.kind];
    for (const p of s.provisional.all(kind, item.id)) {
      const text = packMember(decodePack(p.pack_id, p, dictionary), p.pack_offset, p.byte_length, p.pack_id);
      if (!showsSameVersion(item.object, storedJson(text, `pack ${p.pack_id}`))) continue;
      s.adoptCard.run(item.version, kind, item.id, p.version);
      s.dropCard.run(kind, item.id, p.version);
      s.adoptDeliveries.run(item.version, kind, item.id, p.version);
      if (item.kind === 'tender') s.adoptTitles.run(item.version, item.id, p.version);
      insights.adoptVersion(item.kind, item.id, p.version, item.version);
      s.dropVersion.run(kind, item.id, p.version);
    }
  };

  /**
   * A version stored (or taken over from the team) is indexed: it becomes the object's latest when newer, or
   * whatever its number when `forced` (a trusted version over an untrusted latest, the API's body of the latest).
   */
  const onNewVersion = (item: DeliveredItem, forced = false): void => {
    adoptProvisional(item);
    views.newVersion(item.kind, item.id, item.version, item.object, forced);
    if (item.kind === 'tender') {
      const indexed = tenders.indexVersion(item.id, item.version, item.object, forced);
      if (indexed) insights.tenderVersion(item.id, item.version, item.object, indexed.fields, indexed.isNew, indexed.innBefore);
    } else {
      const tenderId = isRecord(item.object) && isCount(item.object.tender_id) ? item.object.tender_id : null;
      if ((forced ? s.contractForced : s.contract).run(item.id, item.version, tenderId).changes > 0) s.contractTender.run(tenderId, item.id, tenderId);
      insights.contractVersion(item.id, item.version, item.object);
    }
  };

  /**
   * How a new version of a cache that holds teammates' rows is indexed: as usual, forced over an untrusted latest
   * (a trusted version, whatever its number), or not at all (an untrusted one while the latest is trusted: history).
   */
  const indexNew = (item: DeliveredItem, requestTrusted: boolean): void => {
    const latest = latestOf(item);
    if (latest === null || latest.version === item.version) onNewVersion(item);
    else if (requestTrusted) onNewVersion(item, item.version < latest.version && !latest.trusted);
    else if (!latest.trusted) onNewVersion(item);
  };

  /**
   * The API delivered a version first held from a teammate: its body replaces the teammate's when they differ,
   * the version counts as delivered here (its first request is this one), and it is indexed as a trusted version.
   */
  const takeOver = (item: DeliveredItem, first: FirstDelivery, requestSeq: number): void => {
    const t = trust()!;
    const kind = KIND_CODE[item.kind];
    const held = s.packOf.get(first.pack_id);
    const heldJson = held ? packMember(decodePack(first.pack_id, held, dictionary), first.pack_offset, first.byte_length, first.pack_id) : null;
    const apiJson = JSON.stringify(item.object);
    const replaced = heldJson !== apiJson;
    if (replaced) {
      const bytes = Buffer.from(apiJson, 'utf8');
      t.takeOver.run(storePack(encode(bytes)), 0, bytes.length, requestSeq, kind, item.id, item.version);
    } else t.takeOver.run(first.pack_id, first.pack_offset, first.byte_length, requestSeq, kind, item.id, item.version);
    const latest = latestOf(item);
    if (latest === null) onNewVersion(item);
    else if (latest.version === item.version) {
      if (replaced) onNewVersion(item, true);
    } else if (item.version > latest.version || !latest.trusted) onNewVersion(item, item.version < latest.version);
  };

  return {
    tenders,
    upkeep,
    insights,

    transact(run) {
      const topLevel = !db.inTransaction;
      const attempt = (): ReturnType<typeof run> => {
        let committed = false;
        const started = performance.now();
        try {
          const result = run();
          committed = topLevel;
          return result;
        } finally {
          tenders.transactionEnded(committed);
          views.transactionEnded(committed);
          insights.transactionEnded(committed);
          if (committed) upkeep.committed(performance.now() - started);
        }
      };
      // A page waits behind another process's transaction and is stored then (writeRetry.ts); each attempt ends
      // with the indexers reset, so one run again starts clean.
      return topLevel ? retryBusy(db, attempt) : attempt();
    },

    prepare(items) {
      items.forEach(checkItem);
      const offsets: number[] = [];
      const lengths: number[] = [];
      const parts: Buffer[] = [];
      const inPage = new Set<string>();
      let offset = 0;
      for (const item of items) {
        const key = `${item.kind}:${item.id}:${item.version}`;
        if (inPage.has(key) || s.held.get(KIND_CODE[item.kind], item.id, item.version) !== undefined) {
          offsets.push(-1);
          lengths.push(0);
          continue;
        }
        inPage.add(key);
        const bytes = Buffer.from(JSON.stringify(item.object), 'utf8');
        parts.push(bytes);
        offsets.push(offset);
        lengths.push(bytes.length);
        offset += bytes.length;
      }
      const pack = parts.length > 0 ? encode(parts.length === 1 ? parts[0]! : Buffer.concat(parts, offset)) : null;
      return { items, offsets, lengths, pack };
    },

    write(request, prepared) {
      const summary: DeliverySummary = { requestSeq: null, items: 0, billed: 0, newVersions: 0, repeats: 0, created: 0, updated: 0 };
      if (prepared.items.length === 0) return summary;
      const requestSeq = Number(insertRequest(request).lastInsertRowid);
      summary.requestSeq = requestSeq;
      const packId = prepared.pack ? storePack(prepared.pack) : null;
      const countedInPage = new Set<string>();
      // Teammates' rows are judged only where there are some (a cache never pulled into writes as it always did).
      const pulled = request.teamMachine !== undefined && request.teamMachine !== null;
      const judged = trust() !== null && (pulled || trust()!.anyPulled.get() !== undefined);
      const requestTrusted = !pulled || hasDeliveryEvidence(request);

      prepared.items.forEach((item, ordinal) => {
        const kind = KIND_CODE[item.kind];
        let stored = false;
        const offset = prepared.offsets[ordinal]!;
        if (offset >= 0 && packId !== null) {
          stored = s.version.run(kind, item.id, item.version, packId, offset, prepared.lengths[ordinal]!, requestSeq).changes === 1;
        } else if (s.held.get(kind, item.id, item.version) === undefined) {
          // Believed held before the transaction but not there: store it on its own, never lose it.
          const bytes = Buffer.from(JSON.stringify(item.object), 'utf8');
          const own = storePack(encode(bytes));
          stored = s.version.run(kind, item.id, item.version, own, 0, bytes.length, requestSeq).changes === 1;
        }
        s.delivery.run(kind, item.id, item.version, requestSeq, ordinal, item.event === null ? null : EVENT_CODE[item.event], item.billed ? 1 : 0);

        summary.items++;
        if (item.billed) summary.billed++;
        if (stored) {
          summary.newVersions++;
          if (judged) indexNew(item, requestTrusted);
          else onNewVersion(item);
        } else {
          summary.repeats++;
          if (judged && !pulled) {
            const first = trust()!.first.get(kind, item.id, item.version);
            if (first !== undefined && first.team_machine !== null) takeOver(item, first, requestSeq);
          }
        }
        if (item.event !== null && request.filterId !== null) {
          views.member(request.filterId, item.kind, item.id);
          const key = `${kind}:${item.id}:${item.version}`;
          const freshToFilter =
            !countedInPage.has(key) &&
            (stored || s.seenByFilter.get(kind, item.id, item.version, request.filterId, requestSeq) === undefined);
          countedInPage.add(key);
          if (freshToFilter) summary[item.event]++;
        }
      });

      tenders.writeQueued();
      insights.writeQueued();
      views.writeQueued();
      s.requestCounts.run(summary.items, summary.billed, summary.newVersions, summary.created, summary.updated, requestSeq);
      return summary;
    },
  };
}

/** The writer of an open cache (statements prepared once per cache). */
export const deliveryWriter = perCache((cache) => createDeliveryWriter(cache.db));
