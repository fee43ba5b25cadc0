/**
 * Cards (GET /tenders/{id}, GET /contracts/{id}) cached per kind, id, version, positions page and positions
 * limit, so that re-opening a cached version makes no request. Saving a card is a delivery like any other
 * (logged, its version stored if new); a tender card's position titles join the offline search index.
 */
import type { Statement } from 'better-sqlite3';
import { perCache, type CacheDb } from './database';
import { deliveryWriter, type DeliverySummary, type PreparedDelivery } from './deliveryWriter';
import { CacheInputError } from './errors';
import { decodeBlob, encodeBlob, writeCodecOf, type EncodedBlob } from './packCodec';
import { storedJson } from './storedJson';
import { KIND_CODE, type ObjectKind } from './types';
import { versionStore } from './versionStore';
import { chargeLog } from './chargeLog';

export interface CardInput {
  kind: ObjectKind;
  id: number;
  version: number;
  positionsPage: number;
  positionsLimit: number;
  requestId: string | null;
  /** ISO-8601. */
  receivedAt: string;
  billed: boolean;
  /** The card as parsed from the response. */
  card: unknown;
  /** True when the response stated `billed` (a server may not); a stated charge is logged for the audit. */
  billedStated?: boolean;
  /**
   * Set for a card a team pull brings: the machine that pushed it. No charge is logged (no response
   * told this machine of one), and when the pull already wrote this version's delivery by the same request (its
   * version row), the card joins that delivery instead of logging it twice.
   */
  teamMachine?: string;
}

export interface CachedPage {
  positionsPage: number;
  positionsLimit: number;
}

export interface CardStore {
  saveCard(input: CardInput): DeliverySummary;
  /** The cached card, parsed; undefined when that page of that version was never fetched. */
  getCard(kind: ObjectKind, id: number, version: number, positionsPage: number, positionsLimit: number): unknown;
  getCardJson(kind: ObjectKind, id: number, version: number, positionsPage: number, positionsLimit: number): string | undefined;
  /** The page's JSON as bytes (for a reader that scans rather than parses it: enrichment's plan). */
  getCardBytes(kind: ObjectKind, id: number, version: number, positionsPage: number, positionsLimit: number): Buffer | undefined;
  /** The newest version of the object with a cached card. */
  latestCardVersion(kind: ObjectKind, id: number): number | undefined;
  /**
   * The version whose card to show for an object whose newest held version is `latest`: `latest` itself,
   * or a provisional card version (below 0) first received after it (a newer card whose version the server
   * did not state). Undefined when neither has that positions page cached.
   */
  cardVersionToShow(kind: ObjectKind, id: number, latest: number, positionsPage: number, positionsLimit: number): number | undefined;
  /** The positions pages cached for one version. */
  cachedPages(kind: ObjectKind, id: number, version: number): CachedPage[];
  /**
   * The card of an object received last (whatever its version or positions page), as JSON text; undefined
   * when none is held or its bytes cannot be decoded (a codec of a newer app): for uses that can do without.
   */
  lastReceivedCardJson(kind: ObjectKind, id: number): string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPositive = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function positionTitles(card: Record<string, unknown>): string[] {
  if (!Array.isArray(card.positions)) return [];
  const titles: string[] = [];
  for (const p of card.positions) {
    if (isRecord(p) && typeof p.title === 'string') titles.push(p.title);
  }
  return titles;
}

function createCardStore(cache: CacheDb): CardStore {
  const { db } = cache;
  const codec = writeCodecOf(db);
  const writer = deliveryWriter(cache);
  const versions = versionStore(cache);
  // Looked up on first use: a file opened at an older schema (migration tests) has no response_charge yet.
  const charges = (): ReturnType<typeof chargeLog> => chargeLog(cache);
  const s = {
    put: db.prepare(
      `INSERT INTO card (kind, id, version, positions_page, positions_limit, codec, raw_bytes, body, request_seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET codec = excluded.codec, raw_bytes = excluded.raw_bytes, body = excluded.body,
         request_seq = excluded.request_seq`,
    ),
    get: db.prepare<[number, number, number, number, number], { codec: number; raw_bytes: number; body: Buffer }>(
      'SELECT codec, raw_bytes, body FROM card WHERE kind = ? AND id = ? AND version = ? AND positions_page = ? AND positions_limit = ?',
    ),
    latest: db.prepare<[number, number], number | null>('SELECT max(version) FROM card WHERE kind = ? AND id = ?').pluck(),
    toShow: db
      .prepare<[number, number, number, number, number, number, number, number], number>(
        `SELECT c.version FROM card c JOIN object_version v ON v.kind = c.kind AND v.id = c.id AND v.version = c.version
         WHERE c.kind = ? AND c.id = ? AND c.positions_page = ? AND c.positions_limit = ?
           AND (c.version = ? OR (c.version < 0 AND v.first_request_seq >
             coalesce((SELECT first_request_seq FROM object_version WHERE kind = ? AND id = ? AND version = ?), 0)))
         ORDER BY v.first_request_seq DESC LIMIT 1`,
      )
      .pluck(),
    pages: db.prepare<[number, number, number], { positions_page: number; positions_limit: number }>(
      'SELECT positions_page, positions_limit FROM card WHERE kind = ? AND id = ? AND version = ? ORDER BY positions_limit, positions_page',
    ),
    // Prepared on first use: a file at a schema before migration 0017 has no team_machine.
    pulledDelivery: null as Statement<[number, number, number, string | null, string], number> | null,
    lastReceived: db.prepare<[number, number], { codec: number; body: Buffer }>(
      'SELECT codec, body FROM card WHERE kind = ? AND id = ? ORDER BY request_seq DESC LIMIT 1',
    ),
  };

  const pulledDeliveryOf = (kind: number, input: CardInput): number | undefined => {
    s.pulledDelivery ??= db
      .prepare<[number, number, number, string | null, string], number>(
        `SELECT d.request_seq FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq
         WHERE d.kind = ? AND d.id = ? AND d.version = ? AND r.via = 'card' AND r.request_id IS ? AND r.team_machine = ? LIMIT 1`,
      )
      .pluck();
    return s.pulledDelivery.get(kind, input.id, input.version, input.requestId, input.teamMachine!);
  };

  const save = db.transaction((input: CardInput, card: Record<string, unknown>, prepared: PreparedDelivery, blob: EncodedBlob) => {
    const kind = KIND_CODE[input.kind];
    // Titles first, so that a version new to the cache is indexed with them.
    const titlesChanged = input.kind === 'tender' && writer.tenders.addPositionTitles(input.id, input.version, positionTitles(card));
    const pulledSeq = input.teamMachine === undefined ? undefined : pulledDeliveryOf(kind, input);
    const summary: DeliverySummary =
      pulledSeq !== undefined
        ? { requestSeq: pulledSeq, items: 0, billed: 0, newVersions: 0, repeats: 0, created: 0, updated: 0 }
        : writer.write(
            { via: 'card', requestId: input.requestId, filterId: null, feed: null, stream: null, receivedAt: input.receivedAt, teamMachine: input.teamMachine ?? null },
            prepared,
          );
    s.put.run(kind, input.id, input.version, input.positionsPage, input.positionsLimit, blob.codec, blob.rawBytes, blob.body, summary.requestSeq);
    writer.insights.card(input.kind, input.id, input.version, card, input.positionsPage, input.positionsLimit);
    if (input.billed && input.billedStated !== false && input.teamMachine === undefined) {
      charges().add({
        requestId: input.requestId,
        via: 'card',
        balanceType: input.kind === 'tender' ? 'tenders' : 'contracts',
        filterId: null,
        charged: 1,
        stated: true,
        periodTotal: null,
        receivedAt: input.receivedAt,
      });
    }
    if (titlesChanged) {
      // No-op when indexing the new version already took the titles in.
      const latest = versions.latest('tender', input.id);
      if (latest) writer.tenders.refresh(input.id, latest.object);
    }
    return summary;
  });

  const bytes = (kind: ObjectKind, id: number, version: number, page: number, limit: number): Buffer | undefined => {
    const row = s.get.get(KIND_CODE[kind], id, version, page, limit);
    return row ? decodeBlob(row.codec, row.body, row.raw_bytes, 'card') : undefined;
  };
  const json = (kind: ObjectKind, id: number, version: number, page: number, limit: number): string | undefined => bytes(kind, id, version, page, limit)?.toString('utf8');

  return {
    saveCard(input) {
      if (!isPositive(input.positionsPage) || !isPositive(input.positionsLimit)) {
        throw new CacheInputError('A card needs its positions page and limit (positive integers).');
      }
      const card = input.card;
      if (!isRecord(card)) throw new CacheInputError('A card must be a JSON object.');
      const prepared = writer.prepare([
        { kind: input.kind, id: input.id, version: input.version, billed: input.billed, event: null, object: card },
      ]);
      const blob = encodeBlob(Buffer.from(JSON.stringify(card), 'utf8'), codec);
      return writer.transact(() => save.immediate(input, card, prepared, blob));
    },
    getCard(kind, id, version, page, limit) {
      const text = json(kind, id, version, page, limit);
      return text === undefined ? undefined : storedJson(text, 'card');
    },
    getCardJson: json,
    getCardBytes: bytes,
    latestCardVersion(kind, id) {
      return s.latest.get(KIND_CODE[kind], id) ?? undefined;
    },
    cardVersionToShow(kind, id, latest, page, limit) {
      const k = KIND_CODE[kind];
      return s.toShow.get(k, id, page, limit, latest, k, id, latest);
    },
    cachedPages(kind, id, version) {
      return s.pages.all(KIND_CODE[kind], id, version).map((r) => ({ positionsPage: r.positions_page, positionsLimit: r.positions_limit }));
    },
    lastReceivedCardJson(kind, id) {
      const row = s.lastReceived.get(KIND_CODE[kind], id);
      if (!row) return undefined;
      try {
        return decodeBlob(row.codec, row.body).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

export const cardStore = perCache(createCardStore);
