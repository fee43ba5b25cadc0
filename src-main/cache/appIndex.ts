/**
 * The write side of the app's views (migration 0003): filter membership, external ids and contract
 * parties, kept in the transaction that stores a delivery (deliveryWriter), so they never disagree with
 * the versions held. The field readers are shared with the migration that fills existing files.
 */
import type Database from 'better-sqlite3';
import { createExternalIdQueue } from './externalIdQueue';
import { createCustomerRefs, createLabelRefs, type LabelRefs } from './labelRefs';
import { foldSupplierName } from './supplierLines';
import { KIND_CODE, type ObjectKind } from './types';
import { storedViewDate } from './viewDates';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A tender's `etp_id` or a contract's `reestr_number`. */
export function externalIdOf(kind: ObjectKind, object: unknown): string | null {
  if (!isRecord(object)) return null;
  return kind === 'tender' ? str(object.etp_id) : str(object.reestr_number);
}

export interface ContractParty {
  customerInn: string | null;
  customerName: string | null;
  supplierInns: string;
  supplierText: string;
}

const suppliersIn = (object: unknown): Record<string, unknown>[] =>
  isRecord(object) && Array.isArray(object.suppliers) ? object.suppliers.filter(isRecord) : [];

/** Every name a contract's suppliers go by, in order: what a search by supplier name matches. */
export const supplierNames = (object: unknown): string[] =>
  suppliersIn(object).map((s) => str(s.name)).filter((x): x is string => x !== null);

/** The customer a contract names itself (`contract_party.customer_inn`, and its name's ref from migration 0035). */
export function contractCustomer(object: unknown): { inn: string | null; name: string | null } {
  const customer = isRecord(object) && isRecord(object.customer) ? object.customer : {};
  return { inn: str(customer.inn), name: str(customer.name) };
}

/** A contract's party columns as migration 0003 keeps them (a file below migration 0035: appIndex, the migration tests). */
export function contractParty(object: unknown): ContractParty {
  const customer = contractCustomer(object);
  const inns = suppliersIn(object).map((s) => str(s.inn)).filter((x): x is string => x !== null);
  return {
    customerInn: customer.inn,
    customerName: customer.name,
    supplierInns: inns.length ? ` ${inns.join(' ')} ` : '',
    supplierText: supplierNames(object).map(foldSupplierName).join('\n'),
  };
}

/** What a result row shows of a tender beyond the `tender` table's columns. */
export interface TenderView {
  etpId: string | null;
  currency: string | null;
  regionName: string | null;
  customerInn: string | null;
  publishDate: string | null;
  endDate: string | null;
}

export function tenderView(object: unknown): TenderView {
  const o = isRecord(object) ? object : {};
  const org = isRecord(o.organization) ? o.organization : isRecord(o.customer) ? o.customer : {};
  return {
    etpId: str(o.etp_id),
    currency: str(o.currency),
    regionName: isRecord(o.region) ? str(o.region.name) : null,
    customerInn: str(org.inn),
    publishDate: str(o.publish_date),
    endDate: str(o.end_date),
  };
}

export interface AppIndexer {
  /** An item of a feed page of `filterId` (cards and direct records belong to no filter). */
  member(filterId: string, kind: ObjectKind, id: number): void;
  /** A version stored for the first time; `forced`: it is the latest whatever its number (deliveryWriter says when). */
  newVersion(kind: ObjectKind, id: number, version: number, object: unknown, forced?: boolean): void;
  /** The end of a page's writes (in its transaction): the external-id queue moved once past its bound. */
  writeQueued(): void;
  /** After each write transaction (the label refs it learned). */
  transactionEnded(committed: boolean): void;
}

const NO_VIEWS: AppIndexer = { member() {}, newVersion() {}, writeQueued() {}, transactionEnded() {} };

/** The schema whose external ids are queued and moved into their index in batches (migration 0025). */
const LAZY_EXTERNAL_SCHEMA = 25;

/** The schema whose `tender_view` keeps region names as label refs and dates compactly (migration 0024). */
const LEAN_VIEW_SCHEMA = 24;

/**
 * The schema whose members are keyed by a filter's number (`filter_member_ref`) and whose result-row columns are
 * `tender`'s own, written by tenderIndex.ts (migration 0026).
 */
const LEAN_MEMBER_SCHEMA = 26;

/**
 * The schema whose `contract_party` names the customer by its `customer_name` ref and keeps no supplier columns of
 * its own: the suppliers are insightUpkeep.ts's `suppliers` column, written in the same transaction (migration 0035).
 */
export const LEAN_PARTY_SCHEMA = 35;

/** `customers`: the customer-name refs, shared with the tenders' writer (tenderIndex.ts) in one delivery writer. */
export function createAppIndexer(db: Database.Database, customers?: LabelRefs): AppIndexer {
  // A file migrated with a shorter registry (the migration tests open schema-1 files) has no view tables.
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = 'tender_view'").get() === undefined) return NO_VIEWS;
  const schema = db.pragma('user_version', { simple: true }) as number;
  const lean = schema >= LEAN_VIEW_SCHEMA;
  const leanMembers = schema >= LEAN_MEMBER_SCHEMA;
  const leanParty = schema >= LEAN_PARTY_SCHEMA;
  const customerRefs = leanParty ? (customers ?? createCustomerRefs(db)) : null;
  const externalQueue = schema >= LAZY_EXTERNAL_SCHEMA ? createExternalIdQueue(db) : null;
  const s = {
    member: leanMembers
      ? db.prepare('INSERT OR IGNORE INTO filter_member_ref (filter_ref, kind, id) VALUES (?, ?, ?)')
      : db.prepare('INSERT OR IGNORE INTO filter_member (filter_id, kind, id) VALUES (?, ?, ?)'),
    filterRef: leanMembers ? db.prepare<[string], number>('SELECT ref FROM filter_ref WHERE filter_id = ?').pluck() : null,
    addFilterRef: leanMembers ? db.prepare('INSERT INTO filter_ref (filter_id) VALUES (?)') : null,
    external: db.prepare('INSERT OR IGNORE INTO external_id (kind, external_id, id) VALUES (?, ?, ?)'),
    // SQLite rewrites an index entry for every column a SET names, even to the same value: the customer's INN
    // (index contract_party_customer, in no order of the contracts' ids) is set apart, only when it changed
    // (~50 random index pages a feed page of contract versions otherwise).
    // From migration 0035 the name is a ref (no REFERENCES: a SET that names a foreign-key column runs the check,
    // tenderIndex.ts), and the suppliers are written by insightUpkeep.ts.
    party: leanParty
      ? db.prepare(
          `INSERT INTO contract_party (id, version, customer_inn, customer_ref) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET version = excluded.version, customer_ref = excluded.customer_ref
           WHERE excluded.version > contract_party.version OR ? = 1`,
        )
      : db.prepare(
          `INSERT INTO contract_party (id, version, customer_inn, customer_name, supplier_inns, supplier_text) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET version = excluded.version,
             customer_name = excluded.customer_name, supplier_inns = excluded.supplier_inns, supplier_text = excluded.supplier_text
           WHERE excluded.version > contract_party.version OR ? = 1`,
        ),
    partyCustomer: db.prepare('UPDATE contract_party SET customer_inn = ? WHERE id = ? AND customer_inn IS NOT ?'),
    // A file migrated with a shorter registry (migration tests) has the row of migration 0003; from 0026 it is no table.
    view: leanMembers
      ? null
      : lean
      ? db.prepare(
          `INSERT INTO tender_view (id, version, etp_id, currency, region_ref, customer_inn, publish_at, publish_date, end_at, end_date)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET version = excluded.version, etp_id = excluded.etp_id, currency = excluded.currency,
             region_ref = excluded.region_ref, customer_inn = excluded.customer_inn, publish_at = excluded.publish_at,
             publish_date = excluded.publish_date, end_at = excluded.end_at, end_date = excluded.end_date
           WHERE excluded.version > tender_view.version OR ? = 1`,
        )
      : db.prepare(
          `INSERT INTO tender_view (id, version, etp_id, currency, region_name, customer_inn, publish_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET version = excluded.version, etp_id = excluded.etp_id, currency = excluded.currency,
             region_name = excluded.region_name, customer_inn = excluded.customer_inn, publish_date = excluded.publish_date, end_date = excluded.end_date
           WHERE excluded.version > tender_view.version OR ? = 1`,
        ),
  };
  const labels = lean && !leanMembers ? createLabelRefs(db) : null;
  // A filter's number, as label refs are kept: refs that committed stay right (a filter_ref row is never deleted).
  const knownFilters = new Map<string, number>();
  const learnedFilters = new Map<string, number>();
  const filterRef = (filterId: string): number => {
    let ref = knownFilters.get(filterId) ?? learnedFilters.get(filterId);
    if (ref === undefined) {
      ref = s.filterRef!.get(filterId) ?? Number(s.addFilterRef!.run(filterId).lastInsertRowid);
      learnedFilters.set(filterId, ref);
    }
    return ref;
  };
  return {
    member(filterId, kind, id) {
      s.member.run(leanMembers ? filterRef(filterId) : filterId, KIND_CODE[kind], id);
    },
    newVersion(kind, id, version, object, forced = false) {
      const external = externalIdOf(kind, object);
      if (external) {
        if (externalQueue) externalQueue.add(KIND_CODE[kind], external, id);
        else s.external.run(KIND_CODE[kind], external, id);
      }
      // From migration 0026 the tender row holds these columns and tenderIndex.ts writes them with it.
      if (kind === 'tender' && !leanMembers) {
        const v = tenderView(object);
        if (labels) {
          const publish = storedViewDate(v.publishDate);
          const end = storedViewDate(v.endDate);
          s.view!.run(id, version, v.etpId, v.currency, labels.ref(v.regionName), v.customerInn, publish.at, publish.text, end.at, end.text, forced ? 1 : 0);
        } else s.view!.run(id, version, v.etpId, v.currency, v.regionName, v.customerInn, v.publishDate, v.endDate, forced ? 1 : 0);
      }
      if (kind === 'contract') {
        const customer = contractCustomer(object);
        let written: boolean;
        if (customerRefs) written = s.party.run(id, version, customer.inn, customerRefs.ref(customer.name), forced ? 1 : 0).changes > 0;
        else {
          const p = contractParty(object);
          written = s.party.run(id, version, p.customerInn, p.customerName, p.supplierInns, p.supplierText, forced ? 1 : 0).changes > 0;
        }
        if (written) s.partyCustomer.run(customer.inn, id, customer.inn);
      }
    },
    writeQueued() {
      externalQueue?.flushIfFull();
    },
    transactionEnded(committed) {
      labels?.transactionEnded(committed);
      customerRefs?.transactionEnded(committed);
      if (committed) {
        if (knownFilters.size + learnedFilters.size > 10_000) knownFilters.clear();
        for (const [filterId, ref] of learnedFilters) knownFilters.set(filterId, ref);
      }
      learnedFilters.clear();
    },
  };
}
