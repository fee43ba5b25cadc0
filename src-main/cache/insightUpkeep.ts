/**
 * The write side of the insight tables (migration 0012): the facts the dossiers, the price benchmark
 * and the red flags read (src-main/domain/insights.ts), kept in the transaction that stores a version or a card
 * (deliveryWriter, cardStore), so they never disagree with the versions held. Internal to src-main/cache; the
 * migration that fills an existing file runs the same upkeep over what the file holds.
 *
 * Every field is read defensively: the API reference guarantees little (a strict contract has only id,
 * suppliers and execution), so anything not sent is null and the answers count what is missing.
 * - A tender's law is its `law`, else read from its notice number (19 digits 44-FZ, 11 digits 223-FZ).
 * - A tender's status is what its `tender` row holds (tenderIndex.tenderFields: the code, else the id).
 * - Placement type and OKPD2 codes are kept from an earlier version or card when a newer feed version does
 *   not state them (the strict feed never does; the card does), since they do not change with a version.
 * - The customer of a contract is its own `customer.inn`, else its cached tender's customer (updated when
 *   that tender arrives later: once per page, `writeQueued`), else an attribution (`attribute`, after a backfill by customer INN); the
 *   source is stored beside it.
 * - Which tenders a customer INN placed and which contracts a supplier INN is on are not written here: a
 *   changed object is queued in the same transaction and moved in sorted batches (partyIndexQueue.ts, 0013).
 */
import type Database from 'better-sqlite3';
import { contractStageOf } from '../domain/contractStage';
import { isSingleSupplierPlacementName, type ContractFact, type PositionFact, type TenderFact } from '../domain/insights';
import { contractLaw, knownLaw, LAWS, tenderLaw } from '../domain/laws';
import { LEAN_PARTY_SCHEMA, supplierNames, tenderView } from './appIndex';
import { createLabelRefs, labelText } from './labelRefs';
import { createPartyIndexQueue, LEAN_TENDER_INSIGHT_SCHEMA } from './partyIndexQueue';
import { searchOnlyNames, suppliersOf, suppliersText } from './supplierLines';
import { isoSeconds, tenderFields, type TenderFields } from './tenderIndex';
import { KIND_CODE, type ObjectKind } from './types';
import { lawSql } from './tenderRowCodes';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** What a tender's object states of its TenderFact (the id and version are the item's). */
export type TenderInsightRow = Omit<TenderFact, 'id' | 'version'>;

/** `fields`: what tenderIndex already read from the same object (read again when not given). */
export function tenderInsight(object: unknown, fields?: TenderFields): TenderInsightRow {
  const o = isRecord(object) ? object : {};
  const f = fields ?? tenderFields(object);
  const v = tenderView(object);
  const placement = isRecord(o.placement_type) ? o.placement_type : null;
  return {
    etp_id: v.etpId,
    name: f.name,
    customer_inn: v.customerInn,
    customer_name: f.customer,
    law: knownLaw(tenderLaw(object)),
    status: f.status,
    placement_type: placement ? num(placement.id) : null,
    placement_name: placement ? str(placement.name) : null,
    price: f.price,
    publish_at: f.publishAt,
    end_at: f.endAt,
    region: f.region,
    okpd2: f.okpd2,
  };
}

/** What a contract's object states of its ContractFact (the customer is its own, not yet resolved). */
export type ContractInsightRow = Omit<ContractFact, 'id' | 'version'>;

export function contractInsight(object: unknown): ContractInsightRow {
  const o = isRecord(object) ? object : {};
  const customer = isRecord(o.customer) ? o.customer : {};
  const suppliers: { inn: string; name: string | null }[] = [];
  const seen = new Set<string>();
  for (const s of Array.isArray(o.suppliers) ? o.suppliers : []) {
    const inn = isRecord(s) ? str(s.inn) : null;
    if (inn === null || seen.has(inn)) continue; // a supplier without an INN cannot be told apart
    seen.add(inn);
    suppliers.push({ inn, name: str((s as Record<string, unknown>).name) });
  }
  const reestr = str(o.reestr_number);
  return {
    reestr_number: reestr,
    tender_id: isCount(o.tender_id) ? o.tender_id : null,
    customer_inn: str(customer.inn),
    customer_name: str(customer.name),
    suppliers,
    price: num(o.price),
    paid: isRecord(o.execution) ? num(o.execution.paid) : null,
    stage: contractStageOf(o.execution),
    sign_at: isoSeconds(o.sign_date),
    region: isRecord(o.region) ? num(o.region.id) : num(o.region),
    law: knownLaw(contractLaw(object)),
  };
}

/** What a card's position states of its PositionFact (the object's fields come from the object's row). */
export type PositionInsightRow = Pick<PositionFact, 'ordinal' | 'okpd2' | 'ktru' | 'title' | 'unit' | 'quantity' | 'unit_price' | 'amount'>;

/** A card page's positions; the ordinal is `position_ordinal`, else the place in the page's range. */
export function positionInsights(card: unknown, page: number, limit: number): PositionInsightRow[] {
  const o = isRecord(card) ? card : {};
  if (!Array.isArray(o.positions)) return [];
  const rows: PositionInsightRow[] = [];
  o.positions.forEach((p, i) => {
    if (!isRecord(p)) return;
    const ordinal = isCount(p.position_ordinal) ? p.position_ordinal : (page - 1) * limit + i + 1;
    const okpd2 = isRecord(p.okpd2) ? str(p.okpd2.code) : (str(p.okpd2_code) ?? str(p.okpd2));
    const ktru = isRecord(p.ktru) ? str(p.ktru.code) : (str(p.ktru_code) ?? str(p.ktru));
    const unit = isRecord(p.unit) ? str(p.unit.name) : str(p.unit);
    rows.push({ ordinal, okpd2, ktru, title: str(p.title), unit, quantity: num(p.quantity), unit_price: num(p.price), amount: num(p.amount) });
  });
  return rows;
}

/** OKPD2 codes as the `insight_tender.okpd2` column holds them: distinct, space separated. */
export const okpd2Text = (codes: readonly string[]): string => [...new Set(codes)].join(' ');
export const okpd2List = (text: string): string[] => (text === '' ? [] : text.split(' '));

export type CustomerSource = 'contract' | 'tender' | 'attribution';

export interface InsightUpkeep {
  /**
   * A tender's new latest version; `fields` as tenderIndex read them, `isNew` when it was the tender's first
   * (then there is no row to read), `innBefore` the customer INN its `tender` row held before (from migration 0036).
   */
  tenderVersion(id: number, version: number, object: unknown, fields?: TenderFields, isNew?: boolean, innBefore?: string | null): void;
  /** A version of a contract stored for the first time: a price step, and the latest when newer. */
  contractVersion(id: number, version: number, object: unknown): void;
  /** A card page saved: its positions (the newest card version's), and a tender's placement and codes. */
  card(kind: ObjectKind, id: number, version: number, card: unknown, page: number, limit: number): void;
  /** A provisional card version (below 0) was taken over by the real one (deliveryWriter.adoptProvisional). */
  adoptVersion(kind: ObjectKind, id: number, from: number, to: number): void;
  /** Contracts that do not name their customer are the customer `inn`'s (a backfill by customer INN found them). */
  attribute(contractIds: readonly number[], inn: string): number;
  /**
   * The end of a page's writes (in its transaction): contracts stored before their tender take the customers
   * of the page's tenders, in one statement for the page instead of one per tender (most find no contract);
   * the lazy party indexes are flushed when their queue passed its bound (partyIndexQueue.ts).
   */
  writeQueued(): void;
  /** The transaction ended (committed or not): what was queued and not written is forgotten. */
  transactionEnded(committed: boolean): void;
}

/** The schema whose `insight_tender` keeps the placement's name as a label ref (migration 0024). */
const LEAN_INSIGHT_SCHEMA = 24;

/**
 * SQL of the law a tender fact shows from a `tender.law` column: the known laws only (tenderLaw gives a known law in
 * its own spelling, else the text as sent, which the facts leave out as knownLaw does).
 */
export const knownLawSql = (lawColumn: string): string => `CASE WHEN ${lawColumn} IN (${LAWS.map((law) => `'${law}'`).join(', ')}) THEN ${lawColumn} END`;

const NO_UPKEEP: InsightUpkeep = {
  tenderVersion() {},
  contractVersion() {},
  card() {},
  adoptVersion() {},
  attribute: () => 0,
  writeQueued() {},
  transactionEnded() {},
};

interface TenderKept {
  customer_inn: string | null;
  law: string | null;
  /** From migration 0036: what the row's `law` column holds (a card's law the tender row does not know, or null). */
  own_law?: string | null;
  /** From migration 0036: the law the tender row knows (`law` is this unless a card said one where it knows none). */
  row_law?: string | null;
  placement_type: number | null;
  placement_name: string | null;
  single_supplier: number | null;
  okpd2: string;
}

/** A contract's `contract_party` row: its version and own customer already the new version's (appIndex wrote them first). */
interface ContractKept {
  version: number;
  /** The previous latest version's price (this upkeep's column: appIndex leaves it). */
  price: number | null;
  attributed_inn: string | null;
  /** `inn<TAB>name` lines in order (and `<TAB>name` search lines from migration 0035), as of the version before. */
  suppliers: string | null;
}

export { suppliersOf };

export function createInsightUpkeep(db: Database.Database): InsightUpkeep {
  // A file migrated with a shorter registry (the migration tests open older schemas) has no insight tables.
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'insight_tender'").get() === undefined) return NO_UPKEEP;
  const schema = db.pragma('user_version', { simple: true }) as number;
  const lean = schema >= LEAN_INSIGHT_SCHEMA;
  // From migration 0035 a contract's row names the resolved customer by its `customer_name` ref, keeps no
  // resolved INN when the contract names its own (readers take `customer_inn`), and its suppliers column is also
  // what a search by supplier reads. A file at an older schema (the migration tests) has the columns before.
  const leanParty = schema >= LEAN_PARTY_SCHEMA;
  const resolvedName = leanParty ? 'resolved_ref' : 'resolved_name';
  // From migration 0036 a tender's customer INN and law are its `tender` row's (written by tenderIndex.ts before
  // this upkeep, so the INN before a new version comes from tenderIndex: `tenderVersion`'s `innBefore`); the row
  // here keeps only a law a card stated that the tender row does not know.
  const leanTender = schema >= LEAN_TENDER_INSIGHT_SCHEMA;
  const placementColumn = lean ? 'placement_ref' : 'placement_name';
  const labels = lean ? createLabelRefs(db) : null;
  /** What the placement column stores for a name: its label ref, or the name on an older schema. */
  const placement = (name: string | null): string | number | null => (labels ? labels.ref(name) : name);
  const s = {
    // From migration 0024 the placement's name is a label ref; a file at an older schema (migration 0012's fill,
    // the migration tests) has the name itself.
    tender: db.prepare<[number], TenderKept>(
      leanTender
        ? `SELECT t.customer_inn, coalesce(i.law, ${knownLawSql(lawSql('t.law'))}) AS law, i.law AS own_law, ${knownLawSql(lawSql('t.law'))} AS row_law,
             i.placement_type, ${labelText('i.placement_ref')} AS placement_name, i.single_supplier, i.okpd2
           FROM insight_tender i JOIN tender t ON t.id = i.id WHERE i.id = ?`
        : `SELECT customer_inn, law, placement_type, ${lean ? labelText('placement_ref') : 'placement_name'} AS placement_name, single_supplier, okpd2
           FROM insight_tender WHERE id = ?`,
    ),
    // A new tender version (from 0036): its row alone, no join: the INN before is tenderIndex's `innBefore`, and
    // putTender compares only the row's own law (the joined `law`/`row_law` serve the card path).
    tenderOwn: leanTender
      ? db.prepare<[number], TenderKept>(
          `SELECT NULL AS customer_inn, NULL AS law, law AS own_law, placement_type, ${labelText('placement_ref')} AS placement_name, single_supplier, okpd2
           FROM insight_tender WHERE id = ?`,
        )
      : null,
    latestTender: db.prepare<[number], number>('SELECT version FROM tender WHERE id = ?').pluck(),
    addTender: leanTender
      ? db.prepare('INSERT INTO insight_tender (id, law, placement_type, placement_ref, single_supplier, okpd2) VALUES (?, ?, ?, ?, ?, ?)')
      : db.prepare(
          `INSERT INTO insight_tender (id, customer_inn, law, placement_type, ${placementColumn}, single_supplier, okpd2)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ),
    // The by-customer columns (customer, single-supplier) apart: only their change queues the tender for the
    // lazy customer index (partyIndexQueue.ts).
    tenderDetails: db.prepare(`UPDATE insight_tender SET law = ?, placement_type = ?, ${placementColumn} = ?, okpd2 = ? WHERE id = ?`),
    tenderIndexed: leanTender
      ? db.prepare('UPDATE insight_tender SET single_supplier = ? WHERE id = ?')
      : db.prepare('UPDATE insight_tender SET customer_inn = ?, single_supplier = ? WHERE id = ?'),
    // `?` is a JSON array of [tender id, customer INN, customer name]: one statement per page, since most
    // tenders have no contract yet and a statement per tender cost a few percent of the ingest.
    // The tender's name is its row's ref, written by tenderIndex.ts before this upkeep (0035); the text before.
    contractsOfTenders: db.prepare(
      `UPDATE contract_party SET resolved_inn = json_extract(q.value, '$[1]'),
         ${resolvedName} = ${leanParty ? '(SELECT customer_ref FROM tender WHERE id = k.tender_id)' : "json_extract(q.value, '$[2]')"}, customer_source = 'tender'
       FROM json_each(?) q JOIN contract k ON k.tender_id = json_extract(q.value, '$[0]')
       WHERE contract_party.id = k.id AND (contract_party.customer_source IS NULL OR contract_party.customer_source <> 'contract')`,
    ),
    contract: db.prepare<[number], ContractKept>('SELECT version, price, attributed_inn, suppliers FROM contract_party WHERE id = ?'),
    // The tender's customer name: its ref from migration 0035, its text before.
    tenderCustomer: db.prepare<[number], { customer_inn: string | null; name: string | number | null }>(
      leanTender
        ? 'SELECT customer_inn, customer_ref AS name FROM tender WHERE id = ?'
        : leanParty
        ? 'SELECT i.customer_inn, t.customer_ref AS name FROM insight_tender i JOIN tender t ON t.id = i.id WHERE i.id = ?'
        : `SELECT i.customer_inn, n.name FROM insight_tender i JOIN tender t ON t.id = i.id
           LEFT JOIN customer_name n ON n.ref = t.customer_ref WHERE i.id = ?`,
    ),
    // The row is the one appIndex just wrote for this version, so this UPDATE dirties no other page; the partial
    // index on `resolved_inn` holds only contracts that do not name their customer, so most rows stay out of it.
    putContract: db.prepare(
      `UPDATE contract_party SET reestr_number = ?, price = ?, paid = ?, stage = ?, sign_at = ?, region = ?, law = ?, suppliers = ?,
         resolved_inn = ?, ${resolvedName} = ?, customer_source = ? WHERE id = ?`,
    ),
    stepBefore: db
      .prepare<[number, number], number>('SELECT price FROM insight_contract_price WHERE contract_id = ? AND version < ? ORDER BY version DESC LIMIT 1')
      .pluck(),
    price: db.prepare('INSERT OR IGNORE INTO insight_contract_price (contract_id, version, price) VALUES (?, ?, ?)'),
    positionsVersion: db.prepare<[number, number], number>('SELECT version FROM insight_position WHERE kind = ? AND object_id = ? LIMIT 1').pluck(),
    dropPositions: db.prepare('DELETE FROM insight_position WHERE kind = ? AND object_id = ?'),
    position: db.prepare(
      `INSERT OR REPLACE INTO insight_position (kind, object_id, ordinal, version, okpd2, ktru, title, unit, quantity, unit_price, amount)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    adoptPositions: db.prepare('UPDATE insight_position SET version = ? WHERE kind = ? AND object_id = ? AND version = ?'),
    attribute: db.prepare(
      `UPDATE contract_party SET attributed_inn = @inn,
         resolved_inn = CASE WHEN customer_source IS NULL OR customer_source = 'attribution' THEN @inn ELSE resolved_inn END,
         ${resolvedName} = CASE WHEN customer_source IS NULL OR customer_source = 'attribution' THEN NULL ELSE ${resolvedName} END,
         customer_source = coalesce(customer_source, 'attribution')
       WHERE id = @id AND (customer_source IS NULL OR customer_source <> 'contract')`,
    ),
  };

  // The customer and supplier indexes are written lazily, in sorted batches (migration 0013).
  const partyIndexes = createPartyIndexQueue(db);

  /** Tenders of this transaction whose customer is new or changed: tender id -> [id, INN, name]. */
  const queuedCustomers = new Map<number, [number, string, string | null]>();

  const singleOf = (name: string | null): number | null => (name === null ? null : isSingleSupplierPlacementName(name) ? 1 : 0);

  /**
   * Writes a tender's row from what it states now over what was kept; only what changed is written. `rowLaw`: from
   * migration 0036, the law the tender row knows (the row's `law` column holds only a law that differs from it).
   */
  const putTender = (id: number, kept: TenderKept | undefined, next: Omit<TenderKept, 'single_supplier'>, rowLaw: string | null = null): void => {
    const single = singleOf(next.placement_name);
    const law = leanTender && next.law === rowLaw ? null : next.law;
    if (!kept) {
      if (leanTender) s.addTender.run(id, law, next.placement_type, placement(next.placement_name), single, next.okpd2);
      else s.addTender.run(id, next.customer_inn, law, next.placement_type, placement(next.placement_name), single, next.okpd2);
      if (next.customer_inn !== null) partyIndexes.tenderChanged(id, null);
      return;
    }
    const lawChanged = leanTender ? law !== kept.own_law : law !== kept.law;
    if (lawChanged || next.placement_type !== kept.placement_type || next.placement_name !== kept.placement_name || next.okpd2 !== kept.okpd2) {
      s.tenderDetails.run(law, next.placement_type, placement(next.placement_name), next.okpd2, id);
    }
    if (next.customer_inn !== kept.customer_inn || single !== kept.single_supplier) {
      if (leanTender) s.tenderIndexed.run(single, id);
      else s.tenderIndexed.run(next.customer_inn, single, id);
      partyIndexes.tenderChanged(id, kept.customer_inn);
    }
  };

  return {
    tenderVersion(id, version, object, fields, isNew = false, innBefore = null) {
      // Called for a tender's new latest version only (tenderIndex decided it); the migration's fill too.
      const read = isNew ? undefined : (s.tenderOwn ?? s.tender).get(id);
      // From 0036 the tender row is already the new version's: its customer before is what tenderIndex read.
      const kept = read && leanTender ? { ...read, customer_inn: innBefore } : read;
      const t = tenderInsight(object, fields);
      const placementKnown = t.placement_type !== null || t.placement_name !== null;
      putTender(id, kept, {
        customer_inn: t.customer_inn,
        law: t.law,
        placement_type: placementKnown ? t.placement_type : (kept?.placement_type ?? null),
        placement_name: placementKnown ? t.placement_name : (kept?.placement_name ?? null),
        okpd2: t.okpd2.length > 0 ? okpd2Text(t.okpd2) : (kept?.okpd2 ?? ''),
      }, t.law);
      // Contracts stored before their tender, or whose tender changed its customer, take the tender's customer.
      if (t.customer_inn !== null && kept?.customer_inn !== t.customer_inn) queuedCustomers.set(id, [id, t.customer_inn, t.customer_name]);
    },

    contractVersion(id, version, object) {
      const c = contractInsight(object);
      const kept = s.contract.get(id);
      // History: a step where the price changes (a late older version adds its own). Provisional versions
      // (a card without a stated version) are not steps of the contract's history. In order, the step before
      // is the price the row still holds (the previous latest version's); out of order it is looked up.
      if (c.price !== null && version >= 0) {
        const before = kept?.version === version && kept.price !== null ? kept.price : s.stepBefore.get(id, version);
        if (before !== c.price) s.price.run(id, version, c.price);
      }
      // appIndex keeps the row of the latest version: an older version arriving late is history only.
      if (!kept || kept.version !== version) return;
      // `name`: the tender's customer name, as its ref from migration 0035.
      let customer: { inn: string | null; name: string | number | null; source: CustomerSource | null } = { inn: null, name: null, source: null };
      if (c.customer_inn !== null) customer = { inn: c.customer_inn, name: null, source: 'contract' }; // the name is the row's own
      else {
        const fromTender = c.tender_id === null ? undefined : s.tenderCustomer.get(c.tender_id);
        if (fromTender?.customer_inn) customer = { inn: fromTender.customer_inn, name: fromTender.name, source: 'tender' };
        else if (kept.attributed_inn !== null) customer = { inn: kept.attributed_inn, name: null, source: 'attribution' };
      }
      const suppliers = suppliersText(c.suppliers, leanParty ? searchOnlyNames(supplierNames(object), c.suppliers) : []);
      const resolvedInn = leanParty && customer.source === 'contract' ? null : customer.inn;
      s.putContract.run(c.reestr_number, c.price, c.paid, c.stage, c.sign_at, c.region, c.law, suppliers, resolvedInn, customer.name, customer.source, id);
      // Most versions change the stage or the payments, not the suppliers: their entries stay.
      if (suppliers !== kept.suppliers) partyIndexes.contractChanged(id, kept.suppliers);
    },

    card(kind, id, version, card, page, limit) {
      const k = KIND_CODE[kind];
      const rows = positionInsights(card, page, limit);
      const keptVersion = s.positionsVersion.get(k, id);
      // An older real card version leaves the newer one's positions; a provisional one (below 0) was read
      // now, so it is at least as new as what was read before it.
      const older = keptVersion !== undefined && version >= 0 && keptVersion >= 0 && version < keptVersion;
      if (!older) {
        if (keptVersion !== undefined && keptVersion !== version) s.dropPositions.run(k, id);
        for (const r of rows) s.position.run(k, id, r.ordinal, version, r.okpd2, r.ktru, r.title, r.unit, r.quantity, r.unit_price, r.amount);
      }
      if (kind !== 'tender') return;
      const kept = s.tender.get(id);
      if (!kept) return;
      const latest = s.latestTender.get(id) ?? version;
      const t = tenderInsight(card);
      // The card states the placement type (the strict feed does not); an older card only fills a gap.
      const placementKnown = t.placement_type !== null || t.placement_name !== null;
      const takePlacement = placementKnown && (version < 0 || version >= latest || kept.placement_name === null);
      const codes = [...t.okpd2, ...rows.map((r) => r.okpd2).filter((c): c is string => c !== null)];
      putTender(id, kept, {
        customer_inn: kept.customer_inn,
        law: kept.law ?? t.law,
        placement_type: takePlacement ? t.placement_type : kept.placement_type,
        placement_name: takePlacement ? t.placement_name : kept.placement_name,
        okpd2: okpd2Text([...okpd2List(kept.okpd2), ...codes]),
      }, kept.row_law ?? null);
    },

    adoptVersion(kind, id, from, to) {
      s.adoptPositions.run(to, KIND_CODE[kind], id, from);
    },

    attribute(contractIds, inn) {
      let changed = 0;
      for (const id of contractIds) changed += s.attribute.run({ id, inn }).changes;
      return changed;
    },

    writeQueued() {
      partyIndexes.flushIfFull();
      if (queuedCustomers.size === 0) return;
      s.contractsOfTenders.run(JSON.stringify([...queuedCustomers.values()]));
      queuedCustomers.clear();
    },

    transactionEnded(committed) {
      labels?.transactionEnded(committed);
      queuedCustomers.clear();
    },
  };
}
