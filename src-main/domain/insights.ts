/**
 * Intelligence from the cache: the facts the cache keeps about tenders, contracts and positions,
 * and the shapes of the answers computed from them (dossiers, price benchmark, red flags). Pure types, shared
 * by the cache's insight store (which reads facts), src-main/insights/ (which computes answers from facts),
 * the IPC contract, the CLI and the renderer.
 *
 * Definitions, used everywhere (the computations in src-main/insights/ follow them exactly):
 * - **Latest versions only**: every fact is the newest version the cache holds of its object, unless a
 *   function says it reads history (the contract price steps).
 * - **Customer of a tender**: the tender's `organization.inn`.
 * - **Customer of a contract**: its `customer.inn`; when the server does not send it (the reference does not
 *   guarantee it), the `organization.inn` of its cached tender (`tender_id`), else the INN of the customer
 *   query whose contract feed delivered it (a backfill by customer INN). Null when none of these is known.
 * - **Supplier**: any entry of the contract's `suppliers[]` (by `inn`).
 * - **Price reduction** of a contract = 1 − contract price / the tender's initial price, for contracts whose
 *   tender is cached with a price above 0 and that have a price themselves. The median is over those
 *   contracts, in percent (12.5 means 12.5 %).
 * - **Counts**: `tenders` counts distinct tenders, `contracts` distinct contracts, `suppliers` and `customers`
 *   distinct INNs. `total_price` is the sum of the latest versions' `price` (contracts without a price are
 *   counted in `contracts` and in `contracts_without_price`, not in the sum).
 * - **Single-supplier purchase**: a tender whose placement type's name says «единственн…» (the placement
 *   ids are our dictionary's, D-Q-4, so the name decides). A share is over tenders whose placement type is
 *   known; how many that is, is stated beside it.
 * - **HHI** (Herfindahl–Hirschman index): the sum of the squares of each supplier's share of the contract
 *   value, in percent points (0–10 000), over contracts with a price. Above 2 500 is "highly concentrated".
 * - **Months** are Moscow time (UTC+3), `YYYY-MM`. A timeline runs without gaps from its first month to its
 *   last (empty months are zeros); objects without a date are not on it.
 * - **Several suppliers on one contract** (a joint bid): each counts the contract in `contracts` and its whole
 *   price in `total_price`; for shares and the HHI the price is split equally between them, so the shares
 *   add up to 100 % (`share_pct` of a supplier is that split share, and HHI = Σ share_pct²).
 * - **Top suppliers / customers**: the first 10, ranked by contract value, then by contracts, then by INN;
 *   the competitors of a search or list: the first 100, ranked the same way.
 * - **OKPD2 class** of a contract: the first two digits (the classifier's "класс", e.g. `26`) of each code its
 *   cached tender names; a contract counts once in each class its tender names, `unknown` without a tender.
 * - **Price benchmark**: positions with a unit price above 0 in one unit are comparable. Without a unit asked
 *   for, the statistics are over the most frequent unit (ties: alphabetical) and `unit` says which; the other
 *   units are listed in `units`. Outliers are dropped by Tukey's fences (below Q1 − 1.5 × IQR or above
 *   Q3 + 1.5 × IQR, quartiles by linear interpolation as Excel's QUARTILE.INC) before the coefficient of
 *   variation (sample standard deviation) is compared with 33 %. One position: cv and the verdict are null.
 */

/** The law a tender or contract falls under; null when neither the object nor its notice number says. */
export type Law = '44-FZ' | '223-FZ' | 'commercial';

/**
 * Single-supplier purchase (see the definition above): the placement type's name says «единственн…». The one
 * spelling of the rule: the cache's insight store keeps it per tender, the computations and flags apply it.
 */
export const isSingleSupplierPlacementName = (name: string): boolean => /единственн/i.test(name);

/** A tender's latest cached version, as the insight store reads it. */
export interface TenderFact {
  id: number;
  version: number;
  /** The notice number on the platform (`etp_id`, 19 digits under 44-FZ, 11 under 223-FZ). */
  etp_id: string | null;
  name: string | null;
  customer_inn: string | null;
  customer_name: string | null;
  law: Law | null;
  /** `active`, `completed`, `cancelled` (or a server's other code), null when not sent. */
  status: string | null;
  placement_type: number | null;
  placement_name: string | null;
  /** Initial (maximum) price, NMCK, in rubles. */
  price: number | null;
  /** Unix seconds. */
  publish_at: number | null;
  /** Submission deadline (`end_date`), Unix seconds. */
  end_at: number | null;
  /**
   * The deadline as delivered, when the reader has it: a bare date closes at the end of its Moscow day, which
   * `end_at` (its first second) cannot say; the stage is read from it (domain/tenderStage.ts).
   */
  end_date?: string | null;
  region: number | null;
  /** OKPD2 codes the tender names (feed object or card positions), as sent. */
  okpd2: string[];
}

export type ContractStage = 'executing' | 'completed' | 'terminated';

export interface PartyRef {
  inn: string;
  name: string | null;
}

/** A contract's latest cached version. */
export interface ContractFact {
  id: number;
  version: number;
  /** Registry number (19 digits under 44-FZ). */
  reestr_number: string | null;
  tender_id: number | null;
  /** See "Customer of a contract" above: already resolved by the store. */
  customer_inn: string | null;
  customer_name: string | null;
  suppliers: PartyRef[];
  price: number | null;
  /** Paid so far (`execution.paid`), rubles. */
  paid: number | null;
  stage: ContractStage | null;
  /** Unix seconds. */
  sign_at: number | null;
  region: number | null;
  law: Law | null;
}

/** One position of a cached card (tender or contract), latest card version of that object. */
export interface PositionFact {
  kind: 'tender' | 'contract';
  object_id: number;
  version: number;
  ordinal: number;
  okpd2: string | null;
  ktru: string | null;
  title: string | null;
  unit: string | null;
  quantity: number | null;
  /** Unit price in rubles (`price` of the position). */
  unit_price: number | null;
  amount: number | null;
  /** Of the object: the notice or registry number, its date (publication or signing, Unix s), its customer and region. */
  number: string | null;
  date_at: number | null;
  customer_inn: string | null;
  customer_name: string | null;
  region: number | null;
}

/** A contract's price as each cached version stated it, oldest version first (history: only we keep it). */
export interface ContractPriceStep {
  contract_id: number;
  version: number;
  price: number;
}

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

export interface CountBy {
  /** A code (`completed`, `44-FZ`, `26.20`, a region or placement id as text); `unknown` when not sent. */
  key: string;
  /** The human name when one is known (placement, region, OKPD2 class), else null: the UI names codes. */
  label: string | null;
  count: number;
  /** Sum of prices of the counted objects that have one, rubles. */
  value: number;
  /**
   * How many of the counted objects have a price (0: `value` is not known, not zero — a strict server sends no
   * contract price). Absent in answers computed before this field.
   */
  priced?: number;
}

export interface RankedParty {
  inn: string;
  name: string | null;
  contracts: number;
  total_price: number;
  /** Share of the dossier's contract value, percent (0–100); null when no contract has a price. */
  share_pct: number | null;
  median_reduction_pct: number | null;
}

export interface MonthPoint {
  /** `YYYY-MM`, Moscow time; tenders by publication, contracts by signing. */
  month: string;
  tenders: number;
  tender_price: number;
  contracts: number;
  contract_price: number;
}

export interface StageCounts {
  executing: number;
  completed: number;
  terminated: number;
  unknown: number;
}

/**
 * How complete a dossier is, and what fetching the rest would be: "contracts of 212 of 240 completed
 * tenders are cached". Missing fields the server did not send are counted too, so the analyst sees why a
 * figure covers fewer objects than the cache holds.
 */
export interface Completeness {
  completed_tenders: number;
  completed_tenders_with_contract: number;
  contracts_without_price: number;
  contracts_without_tender: number;
  tenders_without_placement: number;
  /**
   * Contracts whose customer is not known (no `customer.inn`, no cached tender, no backfill by customer). In a
   * customer's dossier: such contracts that a saved search's contract feed delivered beside this customer's
   * tenders, which may be its own but cannot be tied to it (a strict server's contracts name no customer).
   */
  contracts_without_customer?: number;
}

/**
 * Whether the cache holds anything on a dossier's INN: false when no cached tender or contract names it (nor a
 * contract that may be its own), so every figure is "not known", not zero; the way out is a backfill.
 */
export interface DossierCached {
  cached?: boolean;
}

export interface CustomerDossier extends DossierCached {
  inn: string;
  name: string | null;
  tenders: number;
  /** By stage (domain/tenderStage.ts: `bidding`, `commission`, `completed`, `cancelled`) at the moment it was computed. */
  tenders_by_status: CountBy[];
  tenders_by_law: CountBy[];
  tenders_by_placement: CountBy[];
  /** Sum of the tenders' initial prices (NMCK). */
  total_initial_price: number;
  contracts: number;
  total_price: number;
  suppliers: number;
  median_reduction_pct: number | null;
  /** Contracts the median is over. */
  reduction_sample: number;
  /** 0–1 over tenders with a known placement type; null when none is known. */
  single_supplier_share: number | null;
  hhi: number | null;
  /** The first 10, by contract value, then contracts, then INN (see "Top suppliers / customers"). */
  top_suppliers: RankedParty[];
  stages: StageCounts;
  /** Sum paid / sum price over contracts that state both, 0–1. */
  paid_share: number | null;
  timeline: MonthPoint[];
  completeness: Completeness;
}

export interface SupplierDossier extends DossierCached {
  inn: string;
  name: string | null;
  contracts: number;
  total_price: number;
  customers: number;
  /** The first 10, by contract value, then contracts, then INN. */
  top_customers: RankedParty[];
  regions: CountBy[];
  okpd2_classes: CountBy[];
  median_reduction_pct: number | null;
  reduction_sample: number;
  stages: StageCounts;
  terminations: number;
  timeline: MonthPoint[];
  completeness: Completeness;
}

/**
 * The suppliers that win the tenders of a saved search or a list: the contracts of its tenders (`tender_id`),
 * and for a saved search every contract its own contract feed delivered, which a strict server's contracts
 * (no tender link) are tied to it by; what those cannot say is in `completeness`.
 */
export interface CompetitorsAnswer {
  scope: { kind: 'search' | 'list'; id: string; name: string };
  tenders: number;
  contracts: number;
  suppliers: RankedParty[];
  /** Distinct supplier INNs in all (`suppliers` lists the first 100). */
  supplier_count?: number;
  completeness: Completeness;
}

export interface PriceQuery {
  /** OKPD2 code or prefix (`26.20`), or a KTRU code or prefix (`26.20.11.110-00000138`). */
  code: string;
  region?: number;
  /** ISO dates (inclusive), Moscow calendar days. */
  from?: string;
  to?: string;
  unit?: string;
}

export interface PriceRow extends PositionFact {
  /** Dropped by the outlier rule. */
  outlier: boolean;
  /** Not comparable, so outside the statistics: no unit price above 0, or another unit than `unit`. */
  excluded?: 'no_price' | 'other_unit' | null;
}

export interface PriceBenchmark {
  query: PriceQuery;
  /** Positions kept after dropping outliers (the statistics are over these). */
  n: number;
  /** Comparable positions found, before dropping outliers (`rows` also lists those not comparable). */
  n_found: number;
  /** The unit the statistics are in (the one asked for, else the most frequent); null when none. */
  unit?: string | null;
  min: number | null;
  median: number | null;
  max: number | null;
  mean: number | null;
  /** Coefficient of variation, percent (sample standard deviation / mean × 100). */
  cv: number | null;
  /** The Ministry of Economic Development's rule (order No. 567): cv at most 33 %. */
  homogeneous: boolean | null;
  /** The stated outlier rule, in both languages. */
  outlier_rule: { ru: string; en: string };
  /** Units found when no unit was asked for (prices in different units are not comparable). */
  units: CountBy[];
  rows: PriceRow[];
  /** Where the prices the statistics are over come from (distinct objects, customers, KTRU items). */
  sources?: PriceSources;
  /** Why the figures may not justify a price yet (empty when none applies; see PriceWarning). */
  warnings?: PriceWarning[];
}

export interface PriceSources {
  /** Distinct objects (contracts and notices) the kept prices come from. */
  objects: number;
  contracts: number;
  notices: number;
  /** Distinct customer INNs of those objects (objects without a known customer are not counted). */
  customers: number;
  /** Distinct KTRU codes of the kept positions (more than one: different items pooled under one code). */
  ktru_codes: number;
}

/**
 * - `few_sources`: the kept prices come from fewer than 3 distinct objects; the Ministry's method (order
 *   No. 567, 2013) asks for price information from at least three sources.
 * - `notices_only`: every kept price is a notice's (an initial price), none a contract's (a price agreed).
 * - `ktru_pooled`: the kept positions name more than one KTRU item: different goods may be pooled.
 */
export type PriceWarning = 'few_sources' | 'notices_only' | 'ktru_pooled';

// ---------------------------------------------------------------------------------------------------------
// Red flags
// ---------------------------------------------------------------------------------------------------------

export interface FlagDefinition {
  code: string;
  title: { ru: string; en: string };
  definition: { ru: string; en: string };
  /** The OCP "Red flags for integrity" indicator and/or the law's article it rests on. */
  source: { ru: string; en: string };
  /** The object fields it needs, and whether the API reference guarantees them. */
  needs: { field: string; guaranteed: boolean }[];
}

export interface FlagObject {
  kind: 'tender' | 'contract' | 'customer';
  /** Tender or contract id as text, or the customer's INN. */
  id: string;
  name: string | null;
}

export interface RaisedFlag {
  code: string;
  object: FlagObject;
  /** The objects and numbers behind it (JSON-safe). */
  evidence: Record<string, unknown>;
  source: string;
  /** The analyst dismissed it as a false positive (remembered locally). */
  dismissed: boolean;
}

/** Why a flag could not be evaluated on some objects: the server did not send a field it needs. */
export interface FlagGap {
  code: string;
  field: string;
  objects: number;
  /**
   * What `objects` counts: the flag's own objects (tenders, contracts or customers), and only those it applies
   * to, so two flags missing the same field count differently (a customer's share counts customers, a
   * submission period tenders other than single-supplier ones).
   */
  object_kind?: 'tender' | 'contract' | 'customer';
  /** The field comes with the object's card (loading the cards fills it); false: no request of ours brings it. */
  in_card?: boolean;
}

export interface FlagsAnswer {
  scope: { kind: 'customer' | 'supplier' | 'search' | 'list' | 'all'; id: string | null; name: string | null };
  flags: RaisedFlag[];
  gaps: FlagGap[];
  /**
   * Per flag code of the catalogue (every code, 0 included): how many of its objects were judged, i.e. had
   * every field it needs. A code with 0 checked and no flag was not checked; checked with no flag is clean.
   */
  checked?: Record<string, number>;
}
