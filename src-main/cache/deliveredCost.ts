/**
 * What exported rows cost when they were delivered, for an export's provenance (domain/provenance.ts): for
 * each tender (or contract: a dossier's), the newest version held (the one an export writes), its newest delivery time and the units its
 * billed deliveries cost (feed pages and cards alike: both write `delivery` rows). Asked a batch at a time, so
 * an export of any length keeps flat memory.
 */
import { perCache, type CacheDb } from './database';

export interface DeliveredCost {
  /** ISO instant of the newest delivery among these objects' newest versions; null when none was delivered. */
  newest: string | null;
  units: number;
}

/** `object_version.kind`: 1 tenders, 2 contracts. */
const KIND = { tender: 1, contract: 2 } as const;

const statements = perCache((cache: CacheDb) => ({
  newestVersions: cache.db.prepare<[{ kind: number; ids: string }], { newest: string | null; units: number | null }>(
    // CROSS JOIN fixes the order (the batch's ids first, then their keys): left to itself the planner scanned
    // every tender delivery for each batch (a 20,000-row export took minutes instead of a second).
    `SELECT max(r.received_at) AS newest, sum(d.billed) AS units
       FROM (SELECT DISTINCT value AS id FROM json_each(@ids)) j
       CROSS JOIN object_version v
       CROSS JOIN delivery d
       CROSS JOIN delivery_request r
      WHERE v.kind = @kind AND v.id = j.id
        AND v.version = (SELECT max(version) FROM object_version WHERE kind = @kind AND id = j.id)
        AND d.kind = v.kind AND d.id = v.id AND d.version = v.version
        AND r.request_seq = d.request_seq`,
  ),
}));

/** The newest delivery and the units of the newest held versions of these tenders (or contracts). */
export function deliveredCost(cache: CacheDb, ids: readonly number[], kind: keyof typeof KIND = 'tender'): DeliveredCost {
  if (ids.length === 0) return { newest: null, units: 0 };
  const row = statements(cache).newestVersions.get({ kind: KIND[kind], ids: JSON.stringify(ids) });
  return { newest: row?.newest ?? null, units: row?.units ?? 0 };
}

export const tenderDeliveredCost = (cache: CacheDb, ids: readonly number[]): DeliveredCost => deliveredCost(cache, ids, 'tender');
