/**
 * What the intelligence's fetching jobs read of the cache (current/enrich.ts, current/backfill.ts): which cached
 * objects still lack positions, and which contracts a backfill's feed delivered.
 *
 * An object is complete when the card of its newest held version (or a provisional card received after it,
 * cardStore.cardVersionToShow) is cached at the enrichment's positions limit for every positions page:
 * `positions_total` of page 1 (the reference guarantees it for tender cards) says how many pages there are;
 * where a server does not send it, a full last page means one more page may follow. Everything is derived
 * from the card table, so a job that stops anywhere resumes by asking again.
 */
import { positionsTotalOf } from './cardFacts';
import { cardStore } from './cardStore';
import { perCache, type CacheDb } from './database';
import type { ObjectKind } from './types';

/** An object whose card is not cached whole: the pages known to be missing (`[1]` when no card is cached). */
export interface PositionsGap {
  kind: ObjectKind;
  id: number;
  /** The held version whose card is wanted (or the provisional card version shown after it). */
  version: number;
  pages: number[];
}

export interface EnrichStore {
  /** Every cached object of these kinds whose newest card is not cached whole, by kind then id. */
  gaps(kinds: readonly ObjectKind[], positionsLimit: number): PositionsGap[];
  /** One object's gap now, or null when its card is cached whole (or it is not cached at all). */
  gapOf(kind: ObjectKind, id: number, positionsLimit: number): PositionsGap | null;
  /** The contracts a contract feed of this filter delivered (a backfill's set), ascending ids. */
  contractIdsDeliveredBy(filterId: string): number[];
}

type Row = { id: number; version: number; pages: string | null };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function createEnrichStore(cache: CacheDb): EnrichStore {
  const { db } = cache;
  const cards = cardStore(cache);
  // The latest version of each object is the row of `tender` / `contract` (kept by the one write path).
  const pagesOf = (table: 'tender' | 'contract', kind: number) =>
    `SELECT o.id AS id, o.version AS version,
       (SELECT group_concat(c.positions_page) FROM card c
         WHERE c.kind = ${kind} AND c.id = o.id AND c.version = o.version AND c.positions_limit = ?) AS pages
     FROM ${table} o`;
  const s = {
    all: {
      tender: db.prepare<[number], Row>(`${pagesOf('tender', 1)} ORDER BY o.id`),
      contract: db.prepare<[number], Row>(`${pagesOf('contract', 2)} ORDER BY o.id`),
    },
    one: {
      tender: db.prepare<[number, number], Row>(`${pagesOf('tender', 1)} WHERE o.id = ?`),
      contract: db.prepare<[number, number], Row>(`${pagesOf('contract', 2)} WHERE o.id = ?`),
    },
    delivered: db.prepare<[string], number>('SELECT id FROM filter_member WHERE kind = 2 AND filter_id = ? ORDER BY id').pluck(),
  };

  // A cached page of a version does not change, so what it says is read once per session: the preview, the
  // start and the job each ask again. `positions_total` is cut out of the page's bytes (cardFacts.ts), not
  // parsed out of the whole text; the page is parsed only where its count of positions is needed (no total).
  type PageFacts = { total: number | null; count: number | null };
  const known = new Map<string, PageFacts>();
  const positionsOf = (kind: ObjectKind, id: number, version: number, page: number, limit: number, counted = false): PageFacts | null => {
    const key = `${kind}:${id}:${version}:${page}:${limit}`;
    let facts = known.get(key);
    if (!facts) {
      const text = cards.getCardBytes(kind, id, version, page, limit);
      const total = text === undefined ? undefined : positionsTotalOf(text);
      if (total === undefined) return null;
      facts = { total, count: null };
      known.set(key, facts);
    }
    if (counted && facts.count === null) {
      const card = cards.getCard(kind, id, version, page, limit);
      facts.count = isRecord(card) && Array.isArray(card.positions) ? card.positions.length : 0;
    }
    return facts;
  };

  /** The pages still missing of a version whose cached pages are `held` (page 1 among them). */
  const missingPages = (kind: ObjectKind, id: number, version: number, held: Set<number>, limit: number): number[] => {
    const first = positionsOf(kind, id, version, 1, limit);
    if (!first) return [1];
    if (first.total !== null) {
      const pages = Math.max(1, Math.ceil(first.total / limit));
      const missing: number[] = [];
      for (let p = 2; p <= pages; p++) if (!held.has(p)) missing.push(p);
      return missing;
    }
    // No positions_total: pages follow one another until one is not full.
    let p = 1;
    while (held.has(p + 1)) p++;
    const last = positionsOf(kind, id, version, p, limit, true);
    return last && (last.count ?? 0) >= limit ? [p + 1] : [];
  };

  const gapOfRow = (kind: ObjectKind, row: Row, limit: number): PositionsGap | null => {
    let version = row.version;
    let held = new Set((row.pages ?? '').split(',').filter(Boolean).map(Number));
    if (!held.has(1)) {
      // A newer card whose version the server did not state is shown after the held version (D-CLIENT-CARD).
      const shown = cards.cardVersionToShow(kind, row.id, row.version, 1, limit);
      if (shown === undefined) return { kind, id: row.id, version, pages: [1] };
      version = shown;
      held = new Set(cards.cachedPages(kind, row.id, shown).filter((p) => p.positionsLimit === limit).map((p) => p.positionsPage));
    }
    const pages = missingPages(kind, row.id, version, held, limit);
    return pages.length ? { kind, id: row.id, version, pages } : null;
  };

  return {
    gaps(kinds, limit) {
      const out: PositionsGap[] = [];
      for (const kind of kinds) {
        // all(), not iterate(): reading a card while a statement iterates is refused by the connection.
        for (const row of s.all[kind].all(limit)) {
          const gap = gapOfRow(kind, row, limit);
          if (gap) out.push(gap);
        }
      }
      return out;
    },
    gapOf(kind, id, limit) {
      const row = s.one[kind].get(limit, id);
      return row ? gapOfRow(kind, row, limit) : null;
    },
    contractIdsDeliveredBy(filterId) {
      return s.delivered.all(filterId);
    },
  };
}

export const enrichStore = perCache(createEnrichStore);
