/**
 * What a team push reads from the cache (team/push.ts sends it): read-only.
 *
 * Versions and cards are found by the request that delivered them (`object_version.first_request_seq`,
 * `card.request_seq`), so the push cursor is a request sequence: a chunk is a range of requests, and the cursor
 * moves to a chunk's end only after the team database committed all it holds. Requests whose
 * `team_machine` is set were pulled from the team and are skipped. The cache has no index on those columns (one
 * would cost every page's write); a chunk's rows come from one scan of `object_version`'s narrow rows (well under
 * a second at 1,000,000 versions), so chunks are large. Bodies are decoded one at a time as the push streams them
 * (rows in pack order, the last packs kept inflated), so a chunk's JSON is never all in memory.
 *
 * Ledger rows and saved searches come from `team_outgoing` (migration 0017's triggers) in its `seq` order.
 * The BI columns beside each body are read with the cache's own field readers, so the team database says
 * what the local views say.
 */
import { contractParty, externalIdOf, tenderView } from './appIndex';
import { perCache, type CacheDb } from './database';
import { contractInsight } from './insightUpkeep';
import { ledgerRowOf, type LedgerDbRow, type LedgerRow } from './ledgerStore';
import { decodeBlob, packDictionary, PackCache, packMember, SELECT_PACK, type StoredPack } from './packCodec';
import { storedJson } from './storedJson';
import { StoredDataDamageError } from './damage';
import { tenderFields } from './tenderIndex';
import type { VersionRow } from './versionStore';
import { EVENT_OF_CODE, KIND_CODE, KIND_OF_CODE, type DeliveryEvent, type DeliveryVia, type ObjectKind } from './types';

/** A range of requests `(afterSeq, toSeq]` a push sends in one team transaction. */
export interface RequestChunk {
  afterSeq: number;
  toSeq: number;
}

/** How a version or card was first delivered here. */
export interface FirstDelivery {
  deliveredAt: string;
  via: DeliveryVia;
  event: DeliveryEvent | null;
  requestId: string | null;
  filterId: string | null;
  billed: boolean;
}

export interface TenderColumns {
  noticeNumber: string | null;
  name: string | null;
  customerInn: string | null;
  customerName: string | null;
  price: number | null;
  currency: string | null;
  law: string | null;
  status: string | null;
  region: number | null;
  /** ISO-8601 (UTC). */
  publishedAt: string | null;
  endAt: string | null;
}

export interface ContractColumns {
  registryNumber: string | null;
  tenderId: number | null;
  customerInn: string | null;
  customerName: string | null;
  supplierInns: string[];
  price: number | null;
  signedAt: string | null;
}

/** A version's place in the cache (small: a chunk's keys are all read at once, the bodies one by one). */
export interface OutgoingVersionKey extends FirstDelivery {
  kind: ObjectKind;
  id: number;
  version: number;
  packId: number;
  packOffset: number;
  byteLength: number;
}

export type OutgoingVersion =
  | (FirstDelivery & { kind: 'tender'; id: number; version: number; json: string; columns: TenderColumns })
  | (FirstDelivery & { kind: 'contract'; id: number; version: number; json: string; columns: ContractColumns });

export interface OutgoingCardKey {
  kind: ObjectKind;
  id: number;
  version: number;
  positionsPage: number;
  positionsLimit: number;
  deliveredAt: string;
  requestId: string | null;
  billed: boolean;
}

export interface OutgoingCard extends OutgoingCardKey {
  json: string;
}

export interface OutgoingSavedSearch {
  filterId: string;
  label: string | null;
  /** JSON texts as stored. */
  params: string;
  events: string;
  createdAt: string;
  expiresAt: string | null;
}

/** One `team_outgoing` range read: its end (the cursor to store once sent) and what it names, each once. */
export interface OutgoingLog {
  toSeq: number;
  ledgerRows: LedgerRow[];
  savedSearches: OutgoingSavedSearch[];
}

export interface TeamOutgoing {
  /** The newest request now: a push goes no further, so what arrives while it runs waits for the next one. */
  requestHighWater(): number;
  /** Requests past `afterSeq` up to `upTo`, cut into ranges each delivering about `rows` versions and cards. */
  requestChunks(afterSeq: number, upTo: number, rows: number): RequestChunk[];
  /** How many versions of each kind and cards the requests in `(afterSeq, upTo]` delivered first (not pulled). */
  pending(afterSeq: number, upTo: number): { tender: number; contract: number; card: number };
  versionKeys(chunk: RequestChunk): OutgoingVersionKey[];
  /** The keys' bodies and BI columns, decoded as the caller iterates. */
  versions(keys: readonly OutgoingVersionKey[]): Generator<OutgoingVersion>;
  cardKeys(chunk: RequestChunk): OutgoingCardKey[];
  cards(keys: readonly OutgoingCardKey[]): Generator<OutgoingCard>;
  outgoingHighWater(): number;
  /** How many log entries wait in `(afterSeq, upTo]`. */
  outgoingPending(afterSeq: number, upTo: number): number;
  /** The next at most `rows` log entries past `afterSeq` (up to `upTo`); null when none is left. */
  outgoingLog(afterSeq: number, upTo: number, rows: number): OutgoingLog | null;
}

interface VersionKeyRow extends VersionRow {
  request_id: string | null;
  filter_id: string | null;
  /** The first delivery row of the version in its first request: event code * 2 + billed (null: no row). */
  first: number | null;
}

interface CardKeyRow {
  kind: number;
  id: number;
  version: number;
  positions_page: number;
  positions_limit: number;
  received_at: string;
  request_id: string | null;
  billed: number;
}

interface SearchDbRow {
  filter_id: string;
  label: string | null;
  params: string;
  events: string;
  created_at: string;
  expires_at: string | null;
}

/** A reader's Unix seconds as the ISO instant PostgreSQL's timestamptz takes. */
const isoOf = (seconds: number | null): string | null => (seconds === null ? null : new Date(seconds * 1000).toISOString());

export function tenderColumns(object: unknown): TenderColumns {
  const f = tenderFields(object);
  const view = tenderView(object);
  return {
    noticeNumber: externalIdOf('tender', object),
    name: f.name,
    customerInn: view.customerInn,
    customerName: f.customer,
    price: f.price,
    currency: view.currency,
    law: f.law,
    status: f.status,
    region: f.region,
    publishedAt: isoOf(f.publishAt),
    endAt: isoOf(f.endAt),
  };
}

export function contractColumns(object: unknown): ContractColumns {
  const fact = contractInsight(object);
  const party = contractParty(object);
  return {
    registryNumber: externalIdOf('contract', object),
    tenderId: fact.tender_id,
    customerInn: party.customerInn,
    customerName: party.customerName,
    supplierInns: fact.suppliers.map((s) => s.inn),
    price: fact.price,
    signedAt: isoOf(fact.sign_at),
  };
}

function createTeamOutgoing(cache: CacheDb): TeamOutgoing {
  const { db } = cache;
  const s = {
    requestHigh: db.prepare<[], number>('SELECT coalesce(max(request_seq), 0) FROM delivery_request').pluck(),
    requests: db.prepare<[number, number], { request_seq: number; weight: number }>(
      `SELECT request_seq, max(items, new_versions) + 1 AS weight FROM delivery_request
       WHERE request_seq > ? AND request_seq <= ? AND team_machine IS NULL ORDER BY request_seq`,
    ),
    pendingVersions: db.prepare<[number, number], { kind: number; n: number }>(
      `SELECT v.kind, count(*) AS n FROM object_version v JOIN delivery_request r ON r.request_seq = v.first_request_seq
       WHERE v.first_request_seq > ? AND v.first_request_seq <= ? AND r.team_machine IS NULL GROUP BY v.kind`,
    ),
    pendingCards: db.prepare<[number, number], number>(
      `SELECT count(*) FROM card c JOIN delivery_request r ON r.request_seq = c.request_seq
       WHERE c.request_seq > ? AND c.request_seq <= ? AND r.team_machine IS NULL`,
    ).pluck(),
    versionKeys: db.prepare<[number, number], VersionKeyRow>(
      `SELECT v.kind, v.id, v.version, v.pack_id, v.pack_offset, v.byte_length, r.received_at, r.via, r.request_id, r.filter_id,
         (SELECT coalesce(d.event, 0) * 2 + d.billed FROM delivery d
          WHERE d.kind = v.kind AND d.id = v.id AND d.version = v.version AND d.request_seq = v.first_request_seq
          ORDER BY d.ordinal LIMIT 1) AS first
       FROM object_version v JOIN delivery_request r ON r.request_seq = v.first_request_seq
       WHERE v.first_request_seq > ? AND v.first_request_seq <= ? AND r.team_machine IS NULL
       ORDER BY v.pack_id, v.pack_offset`,
    ),
    pack: db.prepare<[number], StoredPack>(SELECT_PACK),
    cardKeys: db.prepare<[number, number], CardKeyRow>(
      `SELECT c.kind, c.id, c.version, c.positions_page, c.positions_limit, r.received_at, r.request_id, r.billed
       FROM card c JOIN delivery_request r ON r.request_seq = c.request_seq
       WHERE c.request_seq > ? AND c.request_seq <= ? AND r.team_machine IS NULL
       ORDER BY c.kind, c.id, c.version, c.positions_page, c.positions_limit`,
    ),
    card: db.prepare<[number, number, number, number, number], StoredPack>(
      'SELECT codec, raw_bytes, body FROM card WHERE kind = ? AND id = ? AND version = ? AND positions_page = ? AND positions_limit = ?',
    ),
    outgoingHigh: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM team_outgoing').pluck(),
    outgoingCount: db.prepare<[number, number], number>('SELECT count(*) FROM team_outgoing WHERE seq > ? AND seq <= ?').pluck(),
    outgoing: db.prepare<[number, number, number], { seq: number; entity: 'ledger_row' | 'saved_search'; key: string }>(
      'SELECT seq, entity, key FROM team_outgoing WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?',
    ),
    ledgerRow: db.prepare<[number], LedgerDbRow>('SELECT * FROM ledger_row WHERE id = ?'),
    search: db.prepare<[string], SearchDbRow>(
      'SELECT filter_id, label, params, events, created_at, expires_at FROM saved_search WHERE filter_id = ?',
    ),
  };
  const KIND = (code: number): ObjectKind => KIND_OF_CODE[code]!;

  return {
    requestHighWater: () => s.requestHigh.get()!,
    requestChunks(afterSeq, upTo, rows) {
      const chunks: RequestChunk[] = [];
      let start = afterSeq;
      let weight = 0;
      for (const r of s.requests.iterate(afterSeq, upTo)) {
        weight += r.weight;
        if (weight >= rows) {
          chunks.push({ afterSeq: start, toSeq: r.request_seq });
          start = r.request_seq;
          weight = 0;
        }
      }
      // The tail runs to `upTo`, so the cursor also passes pulled requests after the last own one.
      if (upTo > start) chunks.push({ afterSeq: start, toSeq: upTo });
      return chunks;
    },
    pending(afterSeq, upTo) {
      const out = { tender: 0, contract: 0, card: s.pendingCards.get(afterSeq, upTo)! };
      for (const r of s.pendingVersions.all(afterSeq, upTo)) out[KIND(r.kind)] = r.n;
      return out;
    },
    versionKeys(chunk) {
      return s.versionKeys.all(chunk.afterSeq, chunk.toSeq).map((r) => ({
        kind: KIND(r.kind),
        id: r.id,
        version: r.version,
        packId: r.pack_id,
        packOffset: r.pack_offset,
        byteLength: r.byte_length,
        deliveredAt: r.received_at,
        via: r.via,
        event: r.first === null || r.first < 2 ? null : EVENT_OF_CODE[r.first >> 1] ?? null,
        requestId: r.request_id,
        filterId: r.filter_id,
        billed: r.first !== null && (r.first & 1) === 1,
      }));
    },
    *versions(keys) {
      const packs = new PackCache(8, packDictionary(db));
      for (const k of keys) {
        const raw = packs.get(k.packId, () => {
          const pack = s.pack.get(k.packId);
          if (!pack) throw new StoredDataDamageError(`pack ${k.packId}`, `missing (version ${k.id} v${k.version})`);
          return pack;
        });
        const json = packMember(raw, k.packOffset, k.byteLength, k.packId);
        const object = storedJson(json, `pack ${k.packId}`);
        const { packId: _p, packOffset: _o, byteLength: _l, ...rest } = k;
        if (k.kind === 'tender') yield { ...rest, kind: 'tender', json, columns: tenderColumns(object) };
        else yield { ...rest, kind: 'contract', json, columns: contractColumns(object) };
      }
    },
    cardKeys(chunk) {
      return s.cardKeys.all(chunk.afterSeq, chunk.toSeq).map((r) => ({
        kind: KIND(r.kind),
        id: r.id,
        version: r.version,
        positionsPage: r.positions_page,
        positionsLimit: r.positions_limit,
        deliveredAt: r.received_at,
        requestId: r.request_id,
        billed: r.billed > 0,
      }));
    },
    *cards(keys) {
      for (const k of keys) {
        // A card re-read since the keys were listed is still there (cards are replaced, never deleted).
        const row = s.card.get(KIND_CODE[k.kind], k.id, k.version, k.positionsPage, k.positionsLimit);
        if (row) yield { ...k, json: decodeBlob(row.codec, row.body, row.raw_bytes, 'card').toString('utf8') };
      }
    },
    outgoingHighWater: () => s.outgoingHigh.get()!,
    outgoingPending: (afterSeq, upTo) => s.outgoingCount.get(afterSeq, upTo)!,
    outgoingLog(afterSeq, upTo, rows) {
      const entries = s.outgoing.all(afterSeq, upTo, rows);
      if (entries.length === 0) return null;
      const ledger = new Map<number, LedgerRow>();
      const searches = new Map<string, OutgoingSavedSearch>();
      for (const e of entries) {
        if (e.entity === 'ledger_row') {
          const id = Number(e.key);
          const r = ledger.has(id) ? undefined : s.ledgerRow.get(id);
          if (r) ledger.set(id, ledgerRowOf(r));
        } else if (!searches.has(e.key)) {
          // The search as it is now (a later change in the log is the same row); a deleted one is not sent.
          const r = s.search.get(e.key);
          if (r) {
            searches.set(e.key, {
              filterId: r.filter_id,
              label: r.label,
              params: r.params,
              events: r.events,
              createdAt: r.created_at,
              expiresAt: r.expires_at,
            });
          }
        }
      }
      const toSeq = entries.length < rows ? upTo : entries[entries.length - 1]!.seq;
      return { toSeq, ledgerRows: [...ledger.values()], savedSearches: [...searches.values()] };
    },
  };
}

export const teamOutgoing = perCache(createTeamOutgoing);
