/**
 * What triage knows of each held tender: its features (features.ts), name and publication date, read through
 * the cache's triage_features rows (migration 0027). A row made from the tender's current version and newest
 * card is used as is; a missing, stale or unreadable one is made again from the stored versions and saved, so
 * the first ranking of a feed pays the stemming once and every later one reads rows.
 */
import type { CacheDb } from '../cache/database';
import { triageStore, type FeatureRow } from '../cache/triageStore';
import { tenderLaw } from '../domain/laws';
import { tenderFeatures, timeMs, type Feature } from './features';

/**
 * Bumped whenever features.ts reads a tender differently: every stored row is then made again, and the stored
 * model too (triage.ts keys it by this revision: weights of the old features would score the new ones). f3: a
 * date given as a day alone is read (it gave no deadline band before).
 */
export const FEATURES_REVISION = 'f3';

export interface TenderFacts {
  id: number;
  features: Feature[];
  name: string | null;
  publish_date: string | null;
  /** Publication as ms, -Infinity when not stated (sorts last among the newest first). */
  published: number;
  /** What the «Разбор» view filters by: the deadline as stated, the law, the region. */
  end_date: string | null;
  law: string | null;
  region: { id: number; name: string | null } | null;
}

const sourceOf = (row: FeatureRow): string => `${FEATURES_REVISION}:${row.version}:${row.card_seq ?? ''}`;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const field = (o: unknown, k: string): unknown => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined);

interface Body {
  f: [string, string][];
  n: string | null;
  p: string | null;
  e: string | null;
  l: string | null;
  r: { id: number; name: string | null } | null;
}

const nullableString = (v: unknown): boolean => v === null || typeof v === 'string';

function parseBody(text: string | null): Body | null {
  if (text === null) return null;
  try {
    const b = JSON.parse(text) as Body;
    const ok =
      Array.isArray(b.f) &&
      b.f.every((x) => Array.isArray(x) && x.length === 2 && typeof x[0] === 'string' && typeof x[1] === 'string') &&
      nullableString(b.n) &&
      nullableString(b.p) &&
      nullableString(b.e) &&
      nullableString(b.l) &&
      (b.r === null || (typeof b.r === 'object' && typeof b.r.id === 'number' && nullableString(b.r.name)));
    return ok ? b : null;
  } catch {
    return null;
  }
}

const factsOf = (id: number, b: Body): TenderFacts => ({
  id,
  features: b.f.map(([key, words]) => ({ key, words })),
  name: b.n,
  publish_date: b.p,
  published: timeMs(b.p) ?? -Infinity,
  end_date: b.e,
  law: b.l,
  region: b.r,
});

function regionOf(o: unknown): { id: number; name: string | null } | null {
  const r = field(o, 'region');
  const id = typeof r === 'number' ? r : field(r, 'id');
  return typeof id === 'number' && Number.isFinite(id) ? { id, name: str(field(r, 'name')) } : null;
}

/** The facts of the held tenders among `ids` (ids not held are left out), in the order given. */
export function tenderFacts(cache: CacheDb, ids: readonly number[]): TenderFacts[] {
  const store = triageStore(cache);
  const rows = store.featureRows(ids);
  const byId = new Map<number, TenderFacts>();
  const stale: FeatureRow[] = [];
  for (const row of rows) {
    const body = row.source === sourceOf(row) ? parseBody(row.body) : null;
    if (body === null) stale.push(row);
    else byId.set(row.id, factsOf(row.id, body));
  }
  if (stale.length > 0) {
    const fresh: { tender_id: number; source: string; body: string }[] = [];
    const sources = new Map(stale.map((r) => [r.id, sourceOf(r)]));
    for (const t of store.held(stale.map((r) => r.id))) {
      const body: Body = {
        f: tenderFeatures(t.object, t.card).map((f) => [f.key, f.words]),
        n: str(field(t.object, 'name')) ?? str(field(t.object, 'title')),
        p: str(field(t.object, 'publish_date')),
        e: str(field(t.object, 'end_date')),
        l: tenderLaw(t.object),
        r: regionOf(t.object),
      };
      byId.set(t.id, factsOf(t.id, body));
      fresh.push({ tender_id: t.id, source: sources.get(t.id)!, body: JSON.stringify(body) });
    }
    store.saveFeatures(fresh);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
