/**
 * Read queries of the app's views (tables of a saved search, of a list, of contracts), over the tables of
 * migration 0003. A page is found in two steps: the ids of the page and then the stored JSON of just those
 * rows, each pack inflated once.
 *
 * A virtualized table asks for page after page of the same order. Sorting 100,000 members takes SQLite
 * 40-150 ms, and an OFFSET deep into them as long again for every page (measured: up to ~250 ms), so the
 * whole sorted id list of a (set, order) is kept until the cache changes (`max(request_seq)` moves with
 * every stored delivery; a list also by its members) and a page is then a slice of it. A saved search's first
 * page does not wait for that sort (cold start): see `indexOrderedPage` and the LIMIT read in
 * `tenderIds`.
 */
import { perCache, type CacheDb } from './database';
import { StoredDataDamageError } from './damage';
import { decodePack, packDictionary, packMember, SELECT_PACK, type StoredPack } from './packCodec';
import { KIND_CODE, type ObjectKind } from './types';
import { EXTERNAL_ID_LOOKUP } from './externalIdQueue';
import { labelText } from './labelRefs';
import { foldSupplierName, supplierNameGlob, supplierNameIn } from './supplierLines';
import { viewDateSql } from './viewDates';
import { currencySql, lawSql, statusSql } from './tenderRowCodes';

export type TenderSortColumn = 'receivedAt' | 'publishDate' | 'endDate' | 'price' | 'name' | 'region' | 'customerName' | 'id';
export interface TenderSort {
  column: TenderSortColumn;
  direction: 'asc' | 'desc';
}
/** A list's members also sort by the list's own order (`list_item.position`, the order its export keeps). */
export type ListSortColumn = TenderSortColumn | 'listOrder';
export interface ListSort {
  column: ListSortColumn;
  direction: 'asc' | 'desc';
}
/** A list member's row: its place in the list's order, 1 for the first member (held or not). */
export interface ListMemberViewRow extends TenderViewRow {
  listPosition: number;
}

/** The newest held version of an object as stored, with when this cache first received the object. */
export interface StoredObjectRow {
  id: number;
  version: number;
  json: string;
  receivedAt: string | null;
}

/** A tender as a result row shows it (its newest held version), read from tables with no JSON decoded. */
export interface TenderViewRow {
  id: number;
  version: number;
  etpId: string | null;
  name: string | null;
  price: number | null;
  currency: string | null;
  status: string | null;
  law: string | null;
  region: string | null;
  regionCode: number | null;
  customerName: string | null;
  customerInn: string | null;
  publishDate: string | null;
  endDate: string | null;
  receivedAt: string | null;
}

const SORT_SQL: Record<ListSortColumn, string> = {
  receivedAt: 't.seq',
  publishDate: 't.publish_at',
  endDate: 't.end_at',
  price: 't.price',
  name: 't.name',
  region: 't.region',
  customerName: 'c.name',
  id: 't.id',
  // Only over a list's members (the `m` of listTenders carries the position).
  listOrder: 'm.position',
};

/** ORDER BY for a sort: empty values last in both directions, ties broken by id. */
function orderBy(sort: ListSort | undefined): string {
  const s = sort ?? { column: 'receivedAt', direction: 'desc' };
  const col = SORT_SQL[s.column];
  const dir = s.direction === 'asc' ? 'ASC' : 'DESC';
  return s.column === 'id' ? `t.id ${dir}` : `${col} IS NULL, ${col} ${dir}, t.id ${dir}`;
}

const statements = perCache((cache: CacheDb) => {
  const { db } = cache;
  return {
    located: db.prepare<[number, number], { pack_id: number; pack_offset: number; byte_length: number; version: number; received_at: string | null }>(
      `SELECT v.pack_id, v.pack_offset, v.byte_length, v.version,
         (SELECT min(r.received_at) FROM object_version o JOIN delivery_request r ON r.request_seq = o.first_request_seq
          WHERE o.kind = v.kind AND o.id = v.id) AS received_at
       FROM object_version v WHERE v.kind = ? AND v.id = ? ORDER BY v.version DESC LIMIT 1`,
    ),
    pack: db.prepare<[number], StoredPack>(SELECT_PACK),
    tenderRow: db.prepare<[number], TenderViewRow>(
      // The row's columns are `tender`'s own from migration 0026 (`tender_view` before).
      `SELECT t.id, t.version, t.etp_id AS etpId, t.name, t.price, ${currencySql('t.currency')} AS currency, ${statusSql('t.status')} AS status,
         ${lawSql('t.law')} AS law, ${labelText('t.region_ref')} AS region,
         t.region AS regionCode, c.name AS customerName, t.customer_inn AS customerInn, ${viewDateSql('t', 'publish')} AS publishDate,
         ${viewDateSql('t', 'end')} AS endDate,
         (SELECT min(r.received_at) FROM object_version o JOIN delivery_request r ON r.request_seq = o.first_request_seq
          WHERE o.kind = 1 AND o.id = t.id) AS receivedAt
       FROM tender t LEFT JOIN customer_name c ON c.ref = t.customer_ref WHERE t.id = ?`,
    ),
    filterCount: db.prepare<[string], number>(
      'SELECT count(*) FROM filter_member m JOIN tender t ON t.id = m.id WHERE m.filter_id = ? AND m.kind = 1',
    ).pluck(),
    // Every tender member is held: a member is written only for a delivered version that is stored (or was),
    // tenderIndex writes the `tender` row with an object's first version, and no row of `tender` is ever
    // deleted. So the members' own key answers the count without a probe into `tender` per member (1,000,000
    // members: ~100 ms instead of ~230-380 ms on a cold start).
    memberCount: db.prepare<[string], number>('SELECT count(*) FROM filter_member WHERE filter_id = ? AND kind = 1').pluck(),
    membersOfKind: db.prepare<[string, number], number>('SELECT count(*) FROM filter_member WHERE filter_id = ? AND kind = ?').pluck(),
    notMembers: db.prepare<[string, string, number], number>(
      `SELECT count(*) FROM (SELECT DISTINCT value AS id FROM json_each(?)) j
       WHERE NOT EXISTS (SELECT 1 FROM filter_member m WHERE m.filter_id = ? AND m.kind = ? AND m.id = j.id)`,
    ).pluck(),
    listMissing: db.prepare<[string], number>(
      'SELECT i.tender_id FROM list_item i WHERE i.list_id = ? AND NOT EXISTS (SELECT 1 FROM tender t WHERE t.id = i.tender_id) ORDER BY i.tender_id',
    ).pluck(),
    setTotal: db.prepare(
      `INSERT INTO filter_total (filter_id, feed, total, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (filter_id, feed) DO UPDATE SET total = excluded.total, updated_at = excluded.updated_at`,
    ),
    total: db.prepare<[string, string], number>('SELECT total FROM filter_total WHERE filter_id = ? AND feed = ?').pluck(),
    // From migration 0025 the newest numbers may still be queued (externalIdQueue.ts).
    external: db
      .prepare<[{ kind: number; number: string }], number | null>(
        db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'external_id_pending'").get() === undefined
          ? 'SELECT id FROM external_id WHERE kind = @kind AND external_id = @number'
          : EXTERNAL_ID_LOOKUP,
      )
      .pluck(),
    lastPageAt: db.prepare<[string], string | null>('SELECT max(last_page_at) FROM feed_cursor WHERE filter_id = ?').pluck(),
    contractsOfTender: db.prepare<[number], number>('SELECT id FROM contract WHERE tender_id = ? ORDER BY id').pluck(),
  };
});

export interface ContractCriteria {
  customerInn?: string;
  supplierInn?: string;
  /** Substring of a supplier's name, any case. */
  supplierName?: string;
  /** Contracts of the tenders of this list. */
  listId?: string;
  tenderIds?: readonly number[];
  /**
   * Contract filters whose QUERY was exactly this set (the customer, the list or the tender ids above; with
   * none of those, the set is these feeds' members, e.g. a supplier subscription's). A
   * contract that does not state its customer or `tender_id` (the reference promises neither: 2.6a shows a
   * contract as `id, suppliers, execution`) matches the set when one of these feeds delivered it.
   */
  viaFilters?: readonly string[];
}

export interface ViewQueries {
  /**
   * One sorted page of the tenders a filter's feeds delivered (those held), and how many there are; `among`:
   * only these tenders (a marks filter's).
   */
  filterTenders(filterId: string, sort: TenderSort | undefined, offset: number, limit: number, among?: readonly number[]): { rows: TenderViewRow[]; count: number };
  filterTenderCount(filterId: string): number;
  /** Objects of `kind` the filter's feeds delivered, all held (a saved search's «в кэше» for tenders). */
  filterMemberCount(filterId: string, kind: ObjectKind): number;
  /** How many of these ids are not members of the filter yet: what a page about to be stored adds to it. */
  notMembers(filterId: string, kind: ObjectKind, ids: readonly number[]): number;
  /**
   * One sorted page of a list's members held in the cache (by default in the list's order); `missing`: members
   * never delivered.
   */
  listTenders(listId: string, sort: ListSort | undefined, offset: number, limit: number, among?: readonly number[]): { rows: ListMemberViewRow[]; count: number; missing: number[] };
  /** Result rows of tenders by id, in the order given (tenders not held are left out). */
  tenderRows(ids: readonly number[]): TenderViewRow[];
  /** The newest held version of each object, in the order given (absent ones left out). */
  objects(kind: ObjectKind, ids: readonly number[]): StoredObjectRow[];
  setFilterTotal(filterId: string, feed: 'tender' | 'contract', total: number): void;
  filterTotal(filterId: string, feed: 'tender' | 'contract'): number | null;
  /** Internal id of a tender by `etp_id` or a contract by `reestr_number`, when a version of it is held. */
  byExternalId(kind: ObjectKind, externalId: string): number | undefined;
  /** When a page of this filter last arrived. */
  lastPageAt(filterId: string): string | null;
  contracts(criteria: ContractCriteria, offset: number, limit: number): { rows: StoredObjectRow[]; count: number };
  contractIdsOfTender(tenderId: number): number[];
}

/** Sorted id lists kept per cache: a few orders of a few sets (100,000 ids are ~1 MB). */
const SORTED_KEEP = 8;

const FILTER_MEMBERS = 'filter_member m';
/** Early pages only: deeper ones are slices of the kept full order, built once. */
const INDEX_PAGE_MAX_END = 2_000;
/** Tenders looked at, at most, for an early page in `tender.seq` order before the full sort is taken instead. */
const SEQ_SCAN_BUDGET = 50_000;

/** The orders of `orderBy` an index over `tender` holds, as that index is walked (see `indexOrderedPage`). */
const INDEX_WALKS: Partial<Record<ListSortColumn, { key: string; where: string; order: (dir: string, p?: string) => string }>> = {
  receivedAt: { key: 'seq', where: '', order: (dir, p = '') => `${p}seq ${dir}` },
  // Undated tenders come last in `orderBy`; a page filled from the dated ones alone is exact.
  publishDate: { key: 'publish_at', where: 'WHERE publish_at IS NOT NULL', order: (dir, p = '') => `${p}publish_at ${dir}, ${p}id ${dir}` },
};

/**
 * One early page of a filter's held tenders read in the order of an index SQLite already keeps, or undefined
 * when that does not apply. Why: sorting every member (1,000,000 of them: ~0.9 s) before the first rows was
 * most of the cold start. The two orders served here are exactly those of `orderBy`:
 * - `id`: `filter_member`'s own key is (filter_id, kind, id), so the members come in id order;
 * - `receivedAt` (the default): `tender.seq` is the rowid (never NULL, unique, so `orderBy`'s NULL and id
 *   terms change nothing);
 * - `publishDate` (the saved-search view's order): the index `tender_publish_order (publish_at, id)`
 *   (migration 0011) gives `orderBy`'s order for the dated tenders, which come before the undated ones in
 *   both directions;
 * in both the first `SEQ_SCAN_BUDGET` tenders in that order are looked at with a membership probe. A set too
 * sparse among them to fill the page (or a small set) is left to the LIMIT sort, which is then cheap or no
 * slower than before. The other columns have no index over `tender` (each would be a cost on every write);
 * they keep the sort.
 */
function indexOrderedPage(prepared: (sql: string) => ReturnType<CacheDb['db']['prepare']>, filterId: string, sort: ListSort | undefined, offset: number, limit: number): number[] | undefined {
  const s = sort ?? { column: 'receivedAt', direction: 'desc' };
  const end = offset + limit;
  if (end > INDEX_PAGE_MAX_END || limit <= 0) return undefined;
  const dir = s.direction === 'asc' ? 'ASC' : 'DESC';
  if (s.column === 'id') {
    return prepared(
      `SELECT m.id FROM filter_member m WHERE m.filter_id = ? AND m.kind = 1 AND EXISTS (SELECT 1 FROM tender t WHERE t.id = m.id)
       ORDER BY m.id ${dir} LIMIT ? OFFSET ?`,
    )
      .pluck()
      .all(filterId, limit, offset) as number[];
  }
  const walk = INDEX_WALKS[s.column];
  if (!walk) return undefined;
  const hits = prepared(
    `SELECT t.id FROM (SELECT ${walk.key}, id FROM tender ${walk.where} ORDER BY ${walk.order(dir)} LIMIT ?) t
     WHERE EXISTS (SELECT 1 FROM filter_member m WHERE m.filter_id = ? AND m.kind = 1 AND m.id = t.id)
     ORDER BY ${walk.order(dir, 't.')} LIMIT ?`,
  )
    .pluck()
    .all(SEQ_SCAN_BUDGET, filterId, end) as number[];
  // Fewer than the page's end: the set may go on beyond the tenders looked at, so only the full order can say.
  return hits.length === end ? hits.slice(offset) : undefined;
}

function createViewQueries(cache: CacheDb): ViewQueries {
  const { db } = cache;
  // A search by supplier name reads the names of `contract_party.suppliers` folded as the typed name is (SQLite's
  // lower() and LIKE fold ASCII only), and not their INNs: a name search for «77» matches no INN (partyIndexQueue.ts).
  db.function('supplier_name_in', { deterministic: true }, (text: unknown, folded: unknown) =>
    supplierNameIn(typeof text === 'string' ? text : null, String(folded)) ? 1 : 0,
  );
  const s = statements(cache);
  const stamp = db.prepare<[], number | null>('SELECT max(request_seq) FROM delivery_request').pluck();
  // Positions too: a sync can reorder a list without changing its members.
  const listStamp = db.prepare<[string], string>("SELECT count(*) || ':' || total(tender_id) || ':' || total(position * tender_id) FROM list_item WHERE list_id = ?").pluck();
  const listOrder = db.prepare<[string], number>('SELECT tender_id FROM list_item WHERE list_id = ? ORDER BY position, tender_id').pluck();
  /** Each list's member → place (1-based, as its export numbers them), kept until the list changes. */
  const placesOf = new Map<string, { stamp: string; places: Map<number, number> }>();
  const places = (listId: string): Map<number, number> => {
    const now = listStamp.get(listId) ?? '';
    let entry = placesOf.get(listId);
    if (!entry || entry.stamp !== now) {
      entry = { stamp: now, places: new Map(listOrder.all(listId).map((id, i) => [id, i + 1])) };
      placesOf.delete(listId);
      placesOf.set(listId, entry);
      while (placesOf.size > SORTED_KEEP) placesOf.delete(placesOf.keys().next().value!);
    }
    return entry.places;
  };
  const sorted = new Map<string, { stamp: string; ids: number[] }>();
  const pageStatements = new Map<string, ReturnType<typeof db.prepare>>();
  const prepared = (sql: string): ReturnType<typeof db.prepare> => {
    let st = pageStatements.get(sql);
    if (!st) {
      st = db.prepare(sql);
      pageStatements.set(sql, st);
    }
    return st;
  };

  const objects = (kind: ObjectKind, ids: readonly number[]): StoredObjectRow[] => {
    const packs = new Map<number, Buffer>();
    const out: StoredObjectRow[] = [];
    for (const id of ids) {
      const loc = s.located.get(KIND_CODE[kind], id);
      if (!loc) continue;
      let raw = packs.get(loc.pack_id);
      if (!raw) {
        const p = s.pack.get(loc.pack_id);
        // A version whose pack is gone is damage, as in versionStore: not a tender quietly left out.
        if (!p) throw new StoredDataDamageError(`pack ${loc.pack_id}`, `missing (${kind} ${id})`);
        raw = decodePack(loc.pack_id, p, packDictionary(db));
        packs.set(loc.pack_id, raw);
      }
      out.push({ id, version: loc.version, json: packMember(raw, loc.pack_offset, loc.byte_length, loc.pack_id), receivedAt: loc.received_at });
    }
    return out;
  };

  const tenderRows = (ids: readonly number[]): TenderViewRow[] => {
    const out: TenderViewRow[] = [];
    for (const id of ids) {
      const row = s.tenderRow.get(id);
      if (row) out.push(row);
    }
    return out;
  };

  /** A filter's held-member count per cache stamp: the index-ordered pages below need it without the full sort. */
  const counted = new Map<string, { stamp: string; count: number }>();
  const filterCount = (filterId: string, now: string): number => {
    let entry = counted.get(filterId);
    if (!entry || entry.stamp !== now) {
      entry = { stamp: now, count: s.memberCount.get(filterId) ?? 0 };
      counted.delete(filterId);
      counted.set(filterId, entry);
      while (counted.size > SORTED_KEEP) counted.delete(counted.keys().next().value!);
    }
    return entry.count;
  };

  const tenderIds = (from: string, where: string, sort: ListSort | undefined, key: string, offset: number, limit: number): { ids: number[]; count: number } => {
    const joinCustomer = sort?.column === 'customerName' ? 'LEFT JOIN customer_name c ON c.ref = t.customer_ref' : '';
    const sql = `SELECT t.id FROM ${from} JOIN tender t ON t.id = m.id ${joinCustomer} WHERE ${where} ORDER BY ${orderBy(sort)}`;
    const memoKey = `${sql}\u0000${key}`;
    const now = `${stamp.get() ?? 0}${from.includes('list_item') ? `:${listStamp.get(key)}` : ''}`;
    let entry = sorted.get(memoKey);
    if ((!entry || entry.stamp !== now) && from === FILTER_MEMBERS && offset + limit <= INDEX_PAGE_MAX_END && limit > 0) {
      // No kept order yet: an early page of an order an index already holds is read in that order instead.
      const ids = indexOrderedPage(prepared, key, sort, offset, limit);
      if (ids) return { ids, count: filterCount(key, now) };
      // Any other order, or a set too sparse for the index walk: the same ORDER BY with a LIMIT, which
      // SQLite answers keeping only the page's end in its sorter instead of sorting every member (about half
      // the time at 1,000,000 members); the full order is built when a later page is asked for (once: a top-N
      // per page would cost nearly a full sort each).
      if (offset === 0) {
        return { ids: prepared(`${sql} LIMIT ?`).pluck().all(key, limit) as number[], count: filterCount(key, now) };
      }
    }
    if (!entry || entry.stamp !== now) {
      entry = { stamp: now, ids: prepared(sql).pluck().all(key) as number[] };
      sorted.delete(memoKey);
      sorted.set(memoKey, entry);
      while (sorted.size > SORTED_KEEP) sorted.delete(sorted.keys().next().value!);
    }
    return { ids: entry.ids.slice(offset, offset + limit), count: entry.ids.length };
  };

  /**
   * A page of a set's tenders limited to `among`: sorted afresh each time and not kept, since `among` (the
   * tenders a marks filter holds for) is small beside the set and changes with every mark.
   */
  const tenderIdsAmong = (from: string, where: string, sort: ListSort | undefined, key: string, among: readonly number[], offset: number, limit: number): { ids: number[]; count: number } => {
    const joinCustomer = sort?.column === 'customerName' ? 'LEFT JOIN customer_name c ON c.ref = t.customer_ref' : '';
    const sql = `SELECT t.id FROM ${from} JOIN tender t ON t.id = m.id ${joinCustomer} WHERE ${where} AND m.id IN (SELECT value FROM json_each(?)) ORDER BY ${orderBy(sort)}`;
    const ids = prepared(sql).pluck().all(key, JSON.stringify(among)) as number[];
    return { ids: ids.slice(offset, offset + limit), count: ids.length };
  };

  return {
    filterTenders(filterId, sort, offset, limit, among) {
      const where = 'm.filter_id = ? AND m.kind = 1';
      const { ids, count } = among === undefined ? tenderIds(FILTER_MEMBERS, where, sort, filterId, offset, limit) : tenderIdsAmong(FILTER_MEMBERS, where, sort, filterId, among, offset, limit);
      return { rows: tenderRows(ids), count };
    },
    filterTenderCount(filterId) {
      return s.filterCount.get(filterId) ?? 0;
    },
    filterMemberCount(filterId, kind) {
      return s.membersOfKind.get(filterId, KIND_CODE[kind]) ?? 0;
    },
    notMembers(filterId, kind, ids) {
      return ids.length === 0 ? 0 : (s.notMembers.get(JSON.stringify(ids), filterId, KIND_CODE[kind]) ?? 0);
    },
    listTenders(listId, sort, offset, limit, among) {
      const order = sort ?? { column: 'listOrder', direction: 'asc' };
      const from = '(SELECT list_id, tender_id AS id, position FROM list_item) m';
      const { ids, count } = among === undefined ? tenderIds(from, 'm.list_id = ?', order, listId, offset, limit) : tenderIdsAmong(from, 'm.list_id = ?', order, listId, among, offset, limit);
      const place = places(listId);
      const rows = tenderRows(ids).map((r) => ({ ...r, listPosition: place.get(r.id) ?? 0 }));
      const missing = s.listMissing.all(listId);
      if (among === undefined) return { rows, count, missing };
      const only = new Set(among);
      return { rows, count, missing: missing.filter((id) => only.has(id)) };
    },
    tenderRows(ids) {
      return tenderRows(ids);
    },
    objects,
    setFilterTotal(filterId, feed, total) {
      s.setTotal.run(filterId, feed, total, new Date().toISOString());
    },
    filterTotal(filterId, feed) {
      return s.total.get(filterId, feed) ?? null;
    },
    byExternalId(kind, externalId) {
      return s.external.get({ kind: KIND_CODE[kind], number: externalId }) ?? undefined;
    },
    lastPageAt(filterId) {
      return s.lastPageAt.get(filterId) ?? null;
    },
    contracts(criteria, offset, limit) {
      const where: string[] = [];
      const params: unknown[] = [];
      // Delivered by a feed of the set itself: what the stored object cannot say (see viaFilters).
      const via = criteria.viaFilters?.length ? JSON.stringify(criteria.viaFilters) : null;
      const viaMember = 'c.id IN (SELECT id FROM filter_member WHERE kind = 2 AND filter_id IN (SELECT value FROM json_each(?)))';
      if (criteria.customerInn) {
        where.push(via ? `(p.customer_inn = ? OR (p.customer_inn IS NULL AND ${viaMember}))` : 'p.customer_inn = ?');
        params.push(criteria.customerInn, ...(via ? [via] : []));
      }
      // Both read the suppliers' `inn<TAB>name` lines (partyIndexQueue.ts), as typed: `%` and `_` are characters.
      // An INN is a whole line's INN, never a part of a longer one.
      if (criteria.supplierInn) {
        where.push('instr(char(10) || p.suppliers, char(10) || ? || char(9)) > 0');
        params.push(criteria.supplierInn);
      }
      if (criteria.supplierName) {
        const folded = foldSupplierName(criteria.supplierName);
        const glob = supplierNameGlob(folded);
        where.push(glob === null ? 'supplier_name_in(p.suppliers, ?)' : 'p.suppliers GLOB ? AND supplier_name_in(p.suppliers, ?)');
        params.push(...(glob === null ? [] : [glob]), folded);
      }
      const ofTenders = (inTenders: string): string => (via ? `(c.tender_id IN ${inTenders} OR (c.tender_id IS NULL AND ${viaMember}))` : `c.tender_id IN ${inTenders}`);
      if (criteria.listId) {
        where.push(ofTenders('(SELECT tender_id FROM list_item WHERE list_id = ?)'));
        params.push(criteria.listId, ...(via ? [via] : []));
      }
      if (criteria.tenderIds) {
        where.push(ofTenders('(SELECT value FROM json_each(?))'));
        params.push(JSON.stringify(criteria.tenderIds), ...(via ? [via] : []));
      }
      // A set named by its feeds alone (a supplier subscription): its members are what the server selected.
      if (via && !criteria.customerInn && !criteria.listId && !criteria.tenderIds) {
        where.push(viaMember);
        params.push(via);
      }
      const from = `contract c LEFT JOIN contract_party p ON p.id = c.id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      const count = prepared(`SELECT count(*) FROM ${from}`).pluck().get(...params) as number;
      const ids = prepared(`SELECT c.id FROM ${from} ORDER BY c.id DESC LIMIT ? OFFSET ?`).pluck().all(...params, limit, offset) as number[];
      return { rows: objects('contract', ids), count };
    },
    contractIdsOfTender(tenderId) {
      return s.contractsOfTender.all(tenderId);
    },
  };
}

export const viewQueries = perCache(createViewQueries);
