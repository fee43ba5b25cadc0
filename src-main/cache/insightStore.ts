/**
 * The read side of the insight tables (migration 0012; kept by insightUpkeep.ts in the write path):
 * facts about tenders, contracts and positions (src-main/domain/insights.ts) for the dossiers, the price
 * benchmark and the red flags (src-main/insights/), the local dismissals of red flags, and the attribution of
 * contracts to the customer whose backfill found them. Prepared statements, one set per open cache.
 *
 * Every fact is the latest cached version of its object; a contract's law and region fall back to its cached
 * tender's when the contract does not state them (the strict reference sends neither).
 *
 * The tenders of a customer INN and the contracts of a supplier INN come from lazy indexes (migration 0013,
 * partyIndexQueue.ts): every reader that uses them first moves what the write path queued (`fresh`), so an
 * answer read right after a page already counts it.
 */
import { perCache, type CacheDb } from './database';
import { createInsightUpkeep, knownLawSql, okpd2List, suppliersOf, type CustomerSource } from './insightUpkeep';
import { createPartyIndexQueue } from './partyIndexQueue';
import { listStore } from './listStore';
import { customerNameText, labelText } from './labelRefs';
import { viewDateSql } from './viewDates';
import type { ContractFact, ContractPriceStep, ContractStage, Law, PositionFact, PriceQuery, TenderFact } from '../domain/insights';
import { writeTransaction } from './writeRetry';
import { lawSql, statusSql } from './tenderRowCodes';

export type FlagObjectKind = 'tender' | 'contract' | 'customer';

export interface CustomerPlacementCount {
  customer_inn: string;
  /** Tenders whose placement type is known. */
  known: number;
  /** Of those, single-supplier purchases. */
  single: number;
}

/** Where a contract fact's customer came from (see "Customer of a contract" in domain/insights.ts). */
export type { CustomerSource };

export interface InsightStore {
  tenderFactsByCustomer(inn: string): TenderFact[];
  contractFactsByCustomer(inn: string): ContractFact[];
  contractFactsBySupplier(inn: string): ContractFact[];
  tenderFactsByIds(ids: readonly number[]): TenderFact[];
  contractFactsByIds(ids: readonly number[]): ContractFact[];
  /** Every tender and contract fact of the cache (the red flags' "all" scope). */
  allTenderFacts(): TenderFact[];
  allContractFacts(): ContractFact[];
  contractFactsByTenderIds(ids: readonly number[]): ContractFact[];
  tenderIdsOfSavedSearch(filterId: string): number[];
  /** The contracts a saved search's own contract feed delivered (strict contracts name no tender: D-Q-16). */
  contractIdsOfSavedSearch(filterId: string): number[];
  tenderIdsOfList(listId: string): number[];
  positionFacts(q: PriceQuery): PositionFact[];
  contractPriceSteps(contractIds: readonly number[]): ContractPriceStep[];
  customerPlacementCounts(): CustomerPlacementCount[];
  partyName(inn: string): string | null;
  /**
   * Contracts whose customer is not known that a saved search's own contract feed delivered beside a tender of
   * this customer: they may be its own (a strict server names no customer or tender on a contract).
   */
  untiedContractsNearCustomer(inn: string): number;
  /**
   * The one party a contract feed's every delivered contract shares, customer first (a backfill's or a
   * customer set's feed: its contracts all resolve to that customer), else supplier (a supplier subscription);
   * null when the feed delivered nothing or no one party covers it.
   */
  contractFeedParty(filterId: string): { kind: 'customer' | 'supplier'; inn: string } | null;
  customerSourceOf(contractId: number): CustomerSource | null;
  dismissFlag(code: string, kind: FlagObjectKind, id: string, note: string | null, at?: string): void;
  restoreFlag(code: string, kind: FlagObjectKind, id: string): boolean;
  dismissedFlags(): Set<string>;
  attributeContractsToCustomer(contractIds: readonly number[], inn: string): number;
  /**
   * Moves what the write path queued into the customer and supplier indexes (the readers do it themselves;
   * for the idle maintenance step and tools that read the tables directly).
   */
  flushQueued(): void;
}

/** The key of a dismissal in `dismissedFlags`. */
export const dismissalKey = (code: string, kind: FlagObjectKind, id: string): string => `${code}|${kind}|${id}`;

/** A tender fact as SQLite returns it: the law as text, the codes space separated. */
type TenderRow = Omit<TenderFact, 'law' | 'okpd2'> & { law: string | null; okpd2: string };

/** A contract fact as SQLite returns it: the suppliers as `inn<TAB>name` lines. */
type ContractRow = Omit<ContractFact, 'suppliers' | 'stage' | 'law'> & { stage: string | null; law: string | null; suppliers: string | null };

/** A position fact as SQLite returns it: the kind as its code. */
type PositionRow = Omit<PositionFact, 'kind'> & { kind: number };

/** A tender fact's law: a card's the tender row does not know (the insight row's, migration 0036), else the row's known law. */
const tenderLawOf = (i: string, t: string): string => `coalesce(${i}.law, ${knownLawSql(lawSql(`${t}.law`))})`;

/**
 * Tender facts: what the insight row adds (placement, codes, a card's law) joined with what the cache already keeps
 * per tender (`tender`, whose result-row columns were `tender_view`'s before migration 0026, with the customer INN
 * and law, and `customer_name`). Callers add WHERE and ORDER BY on `i`.
 */
const TENDER_SELECT = `SELECT t.id, t.version, t.etp_id, t.name, t.customer_inn, n.name AS customer_name, ${tenderLawOf('i', 't')} AS law, ${statusSql('t.status')} AS status,
    i.placement_type, ${labelText('i.placement_ref')} AS placement_name, t.price, t.publish_at, t.end_at, ${viewDateSql('t', 'end')} AS end_date,
    t.region, i.okpd2
  FROM insight_tender i JOIN tender t ON t.id = i.id LEFT JOIN customer_name n ON n.ref = t.customer_ref`;

/** The ref that keys a customer INN's tenders in `insight_tender_by_customer` (migration 0036). */
const CUSTOMER_REF_OF = 'SELECT ref FROM insight_customer WHERE inn = ?';

/** The name the cache's tenders give a customer INN (an attributed contract names none): its first tender's. */
const CUSTOMER_NAME_OF = `SELECT n.name FROM insight_tender_by_customer c2 JOIN tender t2 ON t2.id = c2.tender_id JOIN customer_name n ON n.ref = t2.customer_ref
  WHERE c2.customer_ref = (${CUSTOMER_REF_OF}) LIMIT 1`;

/**
 * A contract's customer INN as resolved (its own, else its tender's or the attribution's): from migration 0035
 * `resolved_inn` is kept only when the contract does not name its own, which is `customer_inn`.
 */
const contractCustomerInn = (p: string): string => `CASE ${p}.customer_source WHEN 'contract' THEN ${p}.customer_inn ELSE ${p}.resolved_inn END`;

/** The resolved customer's name: the contract's own (a `customer_name` ref from 0035), else its tender's, else its INN's. */
const contractCustomerName = (p: string): string => `CASE ${p}.customer_source WHEN 'contract' THEN ${customerNameText(`${p}.customer_ref`)}
      ELSE coalesce(${customerNameText(`${p}.resolved_ref`)}, (${CUSTOMER_NAME_OF.replace('?', `${p}.resolved_inn`)})) END`;

/**
 * Contract facts from the contract's `contract_party` row (migration 0003, completed by 0012), with the tender's
 * law and region where the contract states none. Callers add WHERE and ORDER BY on `p`.
 */
const CONTRACT_SELECT = `SELECT p.id, p.version, p.reestr_number, k.tender_id, ${contractCustomerInn('p')} AS customer_inn,
    ${contractCustomerName('p')} AS customer_name,
    p.price, p.paid, p.stage, p.sign_at, coalesce(p.region, t.region) AS region, coalesce(p.law, ${tenderLawOf('i', 't')}) AS law, p.suppliers
  FROM contract_party p JOIN contract k ON k.id = p.id LEFT JOIN tender t ON t.id = k.tender_id LEFT JOIN insight_tender i ON i.id = k.tender_id`;

const IDS = 'SELECT value FROM json_each(?)';

const toTender = (r: TenderRow): TenderFact => ({ ...r, law: r.law as Law | null, okpd2: okpd2List(r.okpd2) });

function toContract(r: ContractRow): ContractFact {
  const suppliers = suppliersOf(r.suppliers);
  return {
    id: r.id,
    version: r.version,
    reestr_number: r.reestr_number,
    tender_id: r.tender_id,
    customer_inn: r.customer_inn,
    customer_name: r.customer_name,
    suppliers,
    price: r.price,
    paid: r.paid,
    stage: r.stage as ContractStage | null,
    sign_at: r.sign_at,
    region: r.region,
    law: r.law as Law | null,
  };
}

const toPosition = (r: PositionRow): PositionFact => ({ ...r, kind: r.kind === 1 ? 'tender' : 'contract' });

const MSK = '+03:00';
/** Unix seconds at the start of a Moscow calendar day `YYYY-MM-DD`. */
const moscowDayStart = (date: string): number => Date.parse(`${date}T00:00:00${MSK}`) / 1000;

/** The smallest string above every string that starts with `prefix` (for an index range). */
const prefixEnd = (prefix: string): string => prefix + '\u{10FFFF}';

function createInsightStore(cache: CacheDb): InsightStore {
  const { db } = cache;
  const upkeep = createInsightUpkeep(db);
  const queue = createPartyIndexQueue(db);
  /** A reader of the customer or supplier index: what was queued first (a look at the queue when empty). */
  const fresh =
    <A extends unknown[], R>(read: (...args: A) => R) =>
    (...args: A): R => {
      queue.flushIfPending();
      return read(...args);
    };
  const lists = listStore(cache);
  const s = {
    tendersByCustomer: db.prepare<[string], TenderRow>(
      `${TENDER_SELECT} WHERE i.id IN (SELECT tender_id FROM insight_tender_by_customer WHERE customer_ref = (${CUSTOMER_REF_OF})) ORDER BY i.id`,
    ),
    tendersByIds: db.prepare<[string], TenderRow>(`${TENDER_SELECT} WHERE i.id IN (${IDS}) ORDER BY i.id`),
    // The contracts that name their customer through 0003's index on it, the others through 0012's partial one.
    contractsByCustomer: db.prepare<[string, string], ContractRow>(
      `${CONTRACT_SELECT} WHERE p.customer_inn = ? AND p.customer_source = 'contract'
       UNION ALL ${CONTRACT_SELECT} WHERE p.resolved_inn = ? AND p.customer_source <> 'contract' ORDER BY 1`,
    ),
    contractsBySupplier: db.prepare<[string], ContractRow>(
      `${CONTRACT_SELECT} WHERE p.id IN (SELECT contract_id FROM insight_contract_supplier WHERE supplier_inn = ?) ORDER BY p.id`,
    ),
    contractsByIds: db.prepare<[string], ContractRow>(`${CONTRACT_SELECT} WHERE p.id IN (${IDS}) ORDER BY p.id`),
    // Through the cache's own index of contracts by tender (`contract.tender_id`, the same field).
    contractsByTenderIds: db.prepare<[string], ContractRow>(
      `${CONTRACT_SELECT} WHERE p.id IN (SELECT id FROM contract WHERE tender_id IN (${IDS})) ORDER BY p.id`,
    ),
    allTenders: db.prepare<[], TenderRow>(`${TENDER_SELECT} ORDER BY i.id`),
    allContracts: db.prepare<[], ContractRow>(`${CONTRACT_SELECT} ORDER BY p.id`),
    membersOfSearch: db.prepare<[string], number>('SELECT id FROM filter_member WHERE filter_id = ? AND kind = 1 ORDER BY id').pluck(),
    contractsOfSearch: db.prepare<[string], number>('SELECT id FROM filter_member WHERE filter_id = ? AND kind = 2 ORDER BY id').pluck(),
    priceSteps: db.prepare<[string], ContractPriceStep>(
      `SELECT contract_id, version, price FROM insight_contract_price WHERE contract_id IN (${IDS}) ORDER BY contract_id, version`,
    ),
    placementCounts: db.prepare<[], CustomerPlacementCount>(
      `SELECT r.inn AS customer_inn, count(c.single_supplier) AS known, coalesce(sum(c.single_supplier), 0) AS single
       FROM insight_tender_by_customer c JOIN insight_customer r ON r.ref = c.customer_ref GROUP BY c.customer_ref ORDER BY r.inn`,
    ),
    customerName: db.prepare<[string], string>(CUSTOMER_NAME_OF).pluck(),
    contractCustomerName: db
      .prepare<[string], string>('SELECT n.name FROM contract_party p JOIN customer_name n ON n.ref = p.customer_ref WHERE p.customer_inn = ? LIMIT 1')
      .pluck(),
    supplierLines: db
      .prepare<[string], string | null>(
        'SELECT c.suppliers FROM insight_contract_supplier s JOIN contract_party c ON c.id = s.contract_id WHERE s.supplier_inn = ? LIMIT 20',
      )
      .pluck(),
    untiedNear: db
      .prepare<[string], number>(
        `SELECT count(DISTINCT m2.id) FROM saved_search s
           JOIN filter_member m2 ON m2.filter_id = s.filter_id AND m2.kind = 2
           JOIN contract_party p ON p.id = m2.id AND p.customer_source IS NULL
         WHERE EXISTS (SELECT 1 FROM insight_tender_by_customer c JOIN filter_member m1 ON m1.filter_id = s.filter_id AND m1.kind = 1 AND m1.id = c.tender_id
                       WHERE c.customer_ref = (${CUSTOMER_REF_OF}))`,
      )
      .pluck(),
    feedCustomers: db.prepare<[string], { n: number; known: number; low: string | null; high: string | null }>(
      `SELECT count(*) AS n, count(inn) AS known, min(inn) AS low, max(inn) AS high
       FROM (SELECT ${contractCustomerInn('p')} AS inn FROM filter_member m JOIN contract_party p ON p.id = m.id WHERE m.filter_id = ? AND m.kind = 2)`,
    ),
    feedSuppliers: db
      .prepare<[string, number], string>(
        `SELECT s.supplier_inn FROM filter_member m JOIN insight_contract_supplier s ON s.contract_id = m.id
         WHERE m.filter_id = ? AND m.kind = 2 GROUP BY s.supplier_inn HAVING count(DISTINCT m.id) = ? LIMIT 2`,
      )
      .pluck(),
    source: db.prepare<[number], CustomerSource | null>('SELECT customer_source FROM contract_party WHERE id = ?').pluck(),
    dismiss: db.prepare(
      `INSERT INTO flag_dismissal (code, object_kind, object_id, note, dismissed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET note = excluded.note, dismissed_at = excluded.dismissed_at`,
    ),
    restore: db.prepare('DELETE FROM flag_dismissal WHERE code = ? AND object_kind = ? AND object_id = ?'),
    dismissed: db.prepare<[], { code: string; object_kind: FlagObjectKind; object_id: string }>(
      'SELECT code, object_kind, object_id FROM flag_dismissal',
    ),
  };

  // Positions joined with their object's number, date, customer and region; the code matches OKPD2 or KTRU
  // by prefix through the two partial indexes (an OR of two index ranges).
  const positionSql = (q: PriceQuery): { sql: string; params: unknown[] } => {
    const inner: string[] = ['((p.okpd2 >= ? AND p.okpd2 < ?) OR (p.ktru >= ? AND p.ktru < ?))'];
    const params: unknown[] = [q.code, prefixEnd(q.code), q.code, prefixEnd(q.code)];
    if (q.unit !== undefined) {
      inner.push('p.unit = ?');
      params.push(q.unit);
    }
    const outer: string[] = [];
    if (q.region !== undefined) {
      outer.push('region = ?');
      params.push(q.region);
    }
    if (q.from !== undefined) {
      outer.push('date_at >= ?');
      params.push(moscowDayStart(q.from));
    }
    if (q.to !== undefined) {
      outer.push('date_at < ?');
      params.push(moscowDayStart(q.to) + 86_400);
    }
    const sql = `SELECT * FROM (
        SELECT p.kind, p.object_id, p.version, p.ordinal, p.okpd2, p.ktru, p.title, p.unit, p.quantity, p.unit_price, p.amount,
          CASE p.kind WHEN 1 THEN t.etp_id ELSE c.reestr_number END AS number,
          CASE p.kind WHEN 1 THEN t.publish_at ELSE c.sign_at END AS date_at,
          CASE p.kind WHEN 1 THEN t.customer_inn ELSE ${contractCustomerInn('c')} END AS customer_inn,
          CASE p.kind WHEN 1 THEN n.name ELSE ${contractCustomerName('c')} END AS customer_name,
          CASE p.kind WHEN 1 THEN t.region ELSE coalesce(c.region, ct.region) END AS region
        FROM insight_position p
        LEFT JOIN tender t ON p.kind = 1 AND t.id = p.object_id
        LEFT JOIN customer_name n ON n.ref = t.customer_ref
        LEFT JOIN contract_party c ON p.kind = 2 AND c.id = p.object_id
        LEFT JOIN contract k ON p.kind = 2 AND k.id = p.object_id
        LEFT JOIN tender ct ON p.kind = 2 AND ct.id = k.tender_id
        WHERE ${inner.join(' AND ')}
      )${outer.length > 0 ? ` WHERE ${outer.join(' AND ')}` : ''}
      ORDER BY kind, object_id, ordinal`;
    return { sql, params };
  };
  const positionStatements = new Map<string, ReturnType<typeof db.prepare<unknown[], PositionRow>>>();

  const supplierName = (inn: string): string | null => {
    for (const text of s.supplierLines.all(inn)) {
      const name = suppliersOf(text).find((p) => p.inn === inn)?.name;
      if (name) return name;
    }
    return null;
  };

  return {
    // Contract facts name an attributed customer through the customer index (CUSTOMER_NAME_OF): fresh too.
    tenderFactsByCustomer: fresh((inn: string) => s.tendersByCustomer.all(inn).map(toTender)),
    contractFactsByCustomer: fresh((inn: string) => s.contractsByCustomer.all(inn, inn).map(toContract)),
    contractFactsBySupplier: fresh((inn: string) => s.contractsBySupplier.all(inn).map(toContract)),
    tenderFactsByIds: (ids) => (ids.length === 0 ? [] : s.tendersByIds.all(JSON.stringify(ids)).map(toTender)),
    contractFactsByIds: fresh((ids: readonly number[]) => (ids.length === 0 ? [] : s.contractsByIds.all(JSON.stringify(ids)).map(toContract))),
    allTenderFacts: () => s.allTenders.all().map(toTender),
    allContractFacts: fresh(() => s.allContracts.all().map(toContract)),
    contractFactsByTenderIds: fresh((ids: readonly number[]) =>
      ids.length === 0 ? [] : s.contractsByTenderIds.all(JSON.stringify(ids)).map(toContract),
    ),
    tenderIdsOfSavedSearch: (filterId) => s.membersOfSearch.all(filterId),
    contractIdsOfSavedSearch: (filterId) => s.contractsOfSearch.all(filterId),
    tenderIdsOfList: (listId) => lists.items(listId).map((m) => m.tenderId),

    positionFacts(q) {
      queue.flushIfPending(); // a contract position's attributed customer is named through the customer index
      const { sql, params } = positionSql(q);
      let statement = positionStatements.get(sql);
      if (!statement) {
        statement = db.prepare<unknown[], PositionRow>(sql);
        positionStatements.set(sql, statement);
      }
      return statement.all(...params).map(toPosition);
    },

    contractPriceSteps: (ids) => (ids.length === 0 ? [] : s.priceSteps.all(JSON.stringify(ids))),
    customerPlacementCounts: fresh(() => s.placementCounts.all()),
    partyName: fresh((inn: string) => s.customerName.get(inn) ?? s.contractCustomerName.get(inn) ?? supplierName(inn)),
    untiedContractsNearCustomer: fresh((inn: string) => s.untiedNear.get(inn) ?? 0),
    contractFeedParty(filterId) {
      queue.flushIfPending(); // the supplier index
      const c = s.feedCustomers.get(filterId);
      if (!c || c.n === 0) return null;
      if (c.known === c.n && c.low !== null && c.low === c.high) return { kind: 'customer', inn: c.low };
      const suppliers = s.feedSuppliers.all(filterId, c.n);
      return suppliers.length === 1 ? { kind: 'supplier', inn: suppliers[0]! } : null;
    },
    customerSourceOf: (id) => s.source.get(id) ?? null,

    dismissFlag(code, kind, id, note, at = new Date().toISOString()) {
      s.dismiss.run(code, kind, id, note, at);
    },
    restoreFlag: (code, kind, id) => s.restore.run(code, kind, id).changes > 0,
    dismissedFlags: () => new Set(s.dismissed.all().map((r) => dismissalKey(r.code, r.object_kind, r.object_id))),

    attributeContractsToCustomer(contractIds, inn) {
      return writeTransaction(db, () => upkeep.attribute(contractIds, inn))();
    },

    flushQueued: () => queue.flushIfPending(),
  };
}

/** The insight store of an open cache (statements prepared once per cache). */
export const insightStore = perCache(createInsightStore);

// The agreed free-function names (the intelligence design): each calls the cache's store.
export const tenderFactsByCustomer = (cache: CacheDb, inn: string): TenderFact[] => insightStore(cache).tenderFactsByCustomer(inn);
export const contractFactsByCustomer = (cache: CacheDb, inn: string): ContractFact[] => insightStore(cache).contractFactsByCustomer(inn);
export const contractFactsBySupplier = (cache: CacheDb, inn: string): ContractFact[] => insightStore(cache).contractFactsBySupplier(inn);
export const tenderFactsByIds = (cache: CacheDb, ids: readonly number[]): TenderFact[] => insightStore(cache).tenderFactsByIds(ids);
export const contractFactsByIds = (cache: CacheDb, ids: readonly number[]): ContractFact[] => insightStore(cache).contractFactsByIds(ids);
export const allTenderFacts = (cache: CacheDb): TenderFact[] => insightStore(cache).allTenderFacts();
export const allContractFacts = (cache: CacheDb): ContractFact[] => insightStore(cache).allContractFacts();
export const contractFactsByTenderIds = (cache: CacheDb, ids: readonly number[]): ContractFact[] =>
  insightStore(cache).contractFactsByTenderIds(ids);
export const tenderIdsOfSavedSearch = (cache: CacheDb, filterId: string): number[] => insightStore(cache).tenderIdsOfSavedSearch(filterId);
export const contractIdsOfSavedSearch = (cache: CacheDb, filterId: string): number[] => insightStore(cache).contractIdsOfSavedSearch(filterId);
export const tenderIdsOfList = (cache: CacheDb, listId: string): number[] => insightStore(cache).tenderIdsOfList(listId);
export const positionFacts = (cache: CacheDb, q: PriceQuery): PositionFact[] => insightStore(cache).positionFacts(q);
export const contractPriceSteps = (cache: CacheDb, contractIds: readonly number[]): ContractPriceStep[] =>
  insightStore(cache).contractPriceSteps(contractIds);
export const customerPlacementCounts = (cache: CacheDb): CustomerPlacementCount[] => insightStore(cache).customerPlacementCounts();
export const partyName = (cache: CacheDb, inn: string): string | null => insightStore(cache).partyName(inn);
export const untiedContractsNearCustomer = (cache: CacheDb, inn: string): number => insightStore(cache).untiedContractsNearCustomer(inn);
export const contractFeedParty = (cache: CacheDb, filterId: string): { kind: 'customer' | 'supplier'; inn: string } | null =>
  insightStore(cache).contractFeedParty(filterId);
export const dismissFlag = (cache: CacheDb, code: string, kind: FlagObjectKind, id: string, note: string | null): void =>
  insightStore(cache).dismissFlag(code, kind, id, note);
export const restoreFlag = (cache: CacheDb, code: string, kind: FlagObjectKind, id: string): boolean =>
  insightStore(cache).restoreFlag(code, kind, id);
export const dismissedFlags = (cache: CacheDb): Set<string> => insightStore(cache).dismissedFlags();
/** What the write path queued moved into the customer and supplier indexes (idle maintenance). */
export const flushInsightQueue = (cache: CacheDb): void => insightStore(cache).flushQueued();
export const attributeContractsToCustomer = (cache: CacheDb, contractIds: readonly number[], inn: string): number =>
  insightStore(cache).attributeContractsToCustomer(contractIds, inn);
