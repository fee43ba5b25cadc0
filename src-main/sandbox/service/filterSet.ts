/**
 * What set of procurements a request means: its normalized form, its `filter_id`, and the SQL that finds
 * its members. One definition serves the snapshot collection and the live matching of new versions, so
 * the two can never disagree about membership.
 */
import { sha256Hex } from './secrets';
import type { Criteria } from '../api/schemas';
import { stemRussian } from '../../domain/russianStem';

export type SupplierCriteria = { inn?: string[]; name?: string };

export type SetDefinition =
  | { way: 'criteria'; params: Criteria }
  | { way: 'list'; params: { list_id: string } }
  | { way: 'tender_ids'; params: { tender_ids: number[] } }
  | { way: 'supplier'; params: { supplier: SupplierCriteria } };

export type Way = SetDefinition['way'];

const STATUS_CODES = { active: 1, completed: 2, cancelled: 3 } as const;

/** Folding used by matching and by filter identity alike: case and ё do not make another filter. */
export const foldText = (s: string): string => s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

const sortedUnique = <T extends string | number>(xs: readonly T[]): T[] =>
  [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function normalizeCriteria(c: Criteria): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value) && value.length === 0) return;
    if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return;
    out[key] = value;
  };
  put('keywords', c.keywords && sortedUnique(c.keywords.map(foldText)));
  put('exception_keywords', c.exception_keywords && sortedUnique(c.exception_keywords.map(foldText)));
  for (const key of ['regions', 'platforms', 'placement_types', 'purchase_types', 'ids'] as const) put(key, c[key] && sortedUnique(c[key]));
  put('okpd2', c.okpd2 && sortedUnique(c.okpd2));
  for (const key of ['price', 'publish_date', 'start_date', 'end_date'] as const) {
    const range = c[key];
    if (range) put(key, dropUndefined({ from: range.from, to: range.to }));
  }
  if (c.customer) {
    put('customer', dropUndefined({
      inn: c.customer.inn && c.customer.inn.length ? sortedUnique(c.customer.inn) : undefined,
      ogrn: c.customer.ogrn,
      name: c.customer.name && foldText(c.customer.name),
    }));
  }
  const status = c.status && sortedUnique(c.status);
  // The default status is not part of the identity, so that contract queries (which have no status) and
  // tender queries with the same criteria share the filter (4.7 rule 4).
  if (status && !(status.length === 1 && status[0] === 'active')) put('status', status);
  return out;
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return '{' + entries.map(([k, v]) => JSON.stringify(k) + ':' + canonicalJson(v)).join(',') + '}';
  }
  return JSON.stringify(value);
}

/** The set in its normal form; `params` is what `GET /filters` shows and what the filter row stores. */
export function normalizeSet(def: SetDefinition): { filterId: string; params: Record<string, unknown> } {
  let params: Record<string, unknown>;
  switch (def.way) {
    case 'criteria': params = normalizeCriteria(def.params); break;
    case 'list': params = { list_id: def.params.list_id }; break;
    case 'tender_ids': params = { tender_ids: sortedUnique(def.params.tender_ids) }; break;
    case 'supplier': params = { supplier: normalizeSupplier(def.params.supplier) }; break;
  }
  return { filterId: 'flt_' + sha256Hex(canonicalJson(params)).slice(0, 24), params };
}

export function normalizeSupplier(s: SupplierCriteria): Record<string, unknown> {
  return dropUndefined({ inn: s.inn && s.inn.length ? sortedUnique(s.inn) : undefined, name: s.name && foldText(s.name) });
}

export function wayOfParams(params: Record<string, unknown>): Way {
  if ('list_id' in params) return 'list';
  if ('tender_ids' in params) return 'tender_ids';
  if ('supplier' in params) return 'supplier';
  return 'criteria';
}

// ---------------------------------------------------------------------------------------------------------
// Keyword matching (decision D-Q-2)

const WORD = /[\p{L}\p{N}]+/gu;

/** FTS5 query for one keyword item: its words as an adjacent phrase, each word by its stem. */
function phraseQuery(item: string): string | null {
  const words = foldText(item).match(WORD);
  if (!words) return null;
  // й is folded to и by the index's tokenizer (remove_diacritics), so the query must fold it the same way.
  return words
    .map((w) => stemRussian(w.replace(/й/g, 'и')))
    .map(({ term, prefix }) => `"${term}"${prefix ? ' *' : ''}`)
    .join(' + ');
}

export function ftsQuery(items: readonly string[]): string | null {
  const phrases = items.map(phraseQuery).filter((q): q is string => q !== null);
  return phrases.length ? phrases.map((p) => `(${p})`).join(' OR ') : null;
}

// ---------------------------------------------------------------------------------------------------------
// Membership SQL

export type MatchSql = {
  /** FTS5 MATCH expression that drives the scan, when keywords are given. */
  match: string | null;
  /** Conditions over `t` (tenders) and `c` (the customer organization), joined with AND. */
  where: string[];
  params: unknown[];
};

function toMoscowBound(value: string, edge: 'from' | 'to'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${edge === 'from' ? '00:00:00' : '23:59:59'}+03:00`;
  const ms = Date.parse(value.replace(' ', 'T'));
  const shifted = new Date((edge === 'from' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000)) * 1000 + 3 * 3600 * 1000);
  return shifted.toISOString().replace(/\.\d{3}Z$/, '+03:00');
}

/**
 * SQL conditions for the procurement criteria. `forContracts` builds the set over completed procurements
 * whatever status was sent (4.7 rule 5).
 */
export function criteriaSql(c: Criteria, forContracts: boolean): MatchSql {
  const where: string[] = [];
  const params: unknown[] = [];
  const inList = (column: string, values: readonly unknown[]): void => {
    where.push(`${column} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  };
  const match = c.keywords?.length ? ftsQuery(c.keywords) : null;
  if (c.keywords?.length && !match) where.push('0'); // keywords with no word in them match nothing
  const minus = c.exception_keywords?.length ? ftsQuery(c.exception_keywords) : null;
  if (minus) {
    where.push('t.id NOT IN (SELECT rowid FROM tender_fts WHERE tender_fts MATCH ?)');
    params.push(minus);
  }
  if (c.regions?.length) inList('t.region', c.regions);
  if (c.platforms?.length) inList('t.platform', c.platforms);
  if (c.placement_types?.length) inList('t.placement_type', c.placement_types);
  if (c.purchase_types?.length) inList('t.purchase_type', c.purchase_types);
  if (c.ids?.length) inList('t.id', c.ids);
  if (c.okpd2?.length) {
    where.push('(' + c.okpd2.map(() => `instr(' ' || t.okpd2, ' ' || ?) > 0`).join(' OR ') + ')');
    params.push(...c.okpd2);
  }
  if (c.price?.from !== undefined) { where.push('t.price >= ?'); params.push(c.price.from); }
  if (c.price?.to !== undefined) { where.push('t.price <= ?'); params.push(c.price.to); }
  for (const key of ['publish_date', 'start_date', 'end_date'] as const) {
    const range = c[key];
    if (range?.from) { where.push(`t.${key} >= ?`); params.push(toMoscowBound(range.from, 'from')); }
    if (range?.to) { where.push(`t.${key} <= ?`); params.push(toMoscowBound(range.to, 'to')); }
  }
  if (c.customer?.inn?.length) inList('c.inn', c.customer.inn);
  if (c.customer?.ogrn) { where.push('c.ogrn = ?'); params.push(c.customer.ogrn); }
  if (c.customer?.name) { where.push('instr(casefold(c.name), ?) > 0'); params.push(foldText(c.customer.name)); }
  if (forContracts) where.push('t.status = 2');
  else inList('t.status', (c.status?.length ? c.status : (['active'] as const)).map((s) => STATUS_CODES[s]));
  return { match, where, params };
}

export function supplierSql(s: SupplierCriteria): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (s.inn?.length) { where.push(`s.inn IN (${s.inn.map(() => '?').join(',')})`); params.push(...s.inn); }
  if (s.name) { where.push('instr(casefold(s.name), ?) > 0'); params.push(foldText(s.name)); }
  return { where, params };
}
