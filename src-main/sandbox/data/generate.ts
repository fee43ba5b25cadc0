/**
 * The sandbox's catalogue: organisations, tenders, contracts, their versions and the discovery log, written
 * once per (seed, size) into a database that already has `catalogueSchema`.
 *
 * The world is seen from the service's side. Tender ids are the order in which the service discovered the
 * tenders, and discovery runs along a time axis that ends at the anchor, the start of the Moscow day the
 * catalogue is made for (`catalogueAnchor`): the first tenders were found ~120 days before it, the last ones
 * minutes before it. A catalogue anchored after September 2026 also holds the archive, tender 1, found in
 * February 2026 with fixed dates (archivalTenderIds, D-WORLD-7). Later versions and contracts are discovered
 * when they happen on that axis, so they land in the log thousands of entries after their tender's first
 * version. The same seed, size and day give the same catalogue; the world moving on later (a tick, a catch-up
 * at open) reuses the planning and writing here.
 *
 * It streams: tenders are made one by one in id order, later events wait in a small priority queue until
 * the axis reaches them, rows go out in transactions of 10 000 tenders through prepared statements. Nothing
 * proportional to the number of tenders is kept in memory except per-customer counters.
 */

import type Database from 'better-sqlite3';
import { makeInn10, makeInn12, makeKpp, makeOgrn, makeOgrnip } from '../../domain/identifiers';
import {
  CORPORATE_STEMS,
  CUSTOMER_PROFILES,
  CUSTOMER_PROFILE_KEYS,
  DESCRIPTION_EXTRAS,
  FEMALE_NAMES,
  FIRM_WORDS,
  MALE_NAMES,
  PATRONYMICS,
  REGION_WEIGHTS,
  STREETS,
  SUPPLIER_NAMES,
  SURNAMES,
  TOPICS,
  feminineSurname,
  okpd2Entry,
  regionByCode,
  topicByKey,
  type City,
  type CustomerLevel,
  type CustomerProfileKey,
  type Nature,
  type Region,
  type Subject,
  type TopicKey,
} from './dictionaries';
import {
  contractSchedule,
  firstLotSize,
  initialPriceKopecks,
  positionsCap,
  tenderPositionAmounts,
  tenderTopic,
  MAX_PRICE_KOPECKS,
  MIN_PRICE_KOPECKS,
  type ContractSchedule,
  type TenderShape,
} from './derive';
import { rngFor, STREAM, type Rng } from './rng';
import { DAY, TENDER_STATUS, CONTRACT_STAGE, mskDayStart, mskIso, mskYear, rubles, unixSeconds } from './rows';

/**
 * The anchor of a catalogue made at `nowSeconds`: the start of its Moscow day. Every start on that day uses
 * the same catalogue (one cached file a day), and nothing in it is later than the anchor: whenever in the day
 * a sandbox starts, its newest tenders were found less than a day ago and none in its future.
 */
export function catalogueAnchor(nowSeconds: number): number {
  return mskDayStart(nowSeconds);
}

/**
 * The meta key of the time up to which a world has been lived (ISO, Moscow time): the anchor for a fresh
 * catalogue, then moved by ticks, by the catch-up at open (data/catchUp.ts) and when a sandbox closes.
 */
export const WORLD_TIME_KEY = 'world_time';

const BATCH_TENDERS = 10_000;
const HOUR = 3600;
const MINUTE = 60;

export interface GenerateOptions {
  seed: number;
  tenders: number;
  /** The time the catalogue is made for, Unix seconds (default: the current time); see catalogueAnchor. */
  now?: number;
  onProgress?: (done: number, total: number) => void;
}

/** About 25 tenders per customer and one supplier per 15 tenders, with floors for small catalogues. */
export function catalogueSize(tenders: number): { customers: number; suppliers: number } {
  return { customers: Math.max(300, Math.round(tenders / 25)), suppliers: Math.max(500, Math.round(tenders / 15)) };
}

// ---------------------------------------------------------------------------------------------------------
// Organisations
// ---------------------------------------------------------------------------------------------------------

interface CustomerDraw {
  rng: Rng;
  profile: CustomerProfileKey;
  law: 1 | 2 | 3;
  region: number;
}

const LAW_SHARES = [[1, 0.55], [2, 0.3], [3, 0.15]] as const;

const PROFILES_BY_LAW: Record<1 | 2 | 3, (readonly [CustomerProfileKey, number])[]> = { 1: [], 2: [], 3: [] };
for (const key of CUSTOMER_PROFILE_KEYS) {
  const spec = CUSTOMER_PROFILES[key];
  PROFILES_BY_LAW[spec.law].push([key, spec.share]);
}

/** The part of a customer that pools need; drawn first from the customer's stream so it is cheap to redo. */
function drawCustomer(seed: number, index: number): CustomerDraw {
  const rng = rngFor(seed, STREAM.customer, index);
  const law = rng.weighted(LAW_SHARES);
  const profile = rng.weighted(PROFILES_BY_LAW[law]);
  const region = rng.weighted(REGION_WEIGHTS);
  return { rng, profile, law, region };
}

export interface Address {
  full: string;
  /** Without postcode and region: «г. Пермь, ул. Ленина, д. 12». */
  short: string;
}

function postcode(rng: Rng, region: Region, city: City): string {
  if (region.code === 77) return `1${String(rng.int(1, 29)).padStart(2, '0')}${String(rng.int(0, 99)).padStart(3, '0')}`;
  if (region.code === 78) return `19${rng.int(0, 8)}${String(rng.int(0, 99)).padStart(3, '0')}`;
  return `${city.postcode}${String(rng.int(0, 99)).padStart(3, '0')}`;
}

export function makeAddress(rng: Rng, region: Region, city: City): Address {
  const house = rng.int(1, 180);
  const building = rng.chance(0.15) ? `, корп. ${rng.int(1, 5)}` : rng.chance(0.08) ? `, стр. ${rng.int(1, 9)}` : '';
  const short = `г. ${city.name}, ${rng.pick(STREETS)}, д. ${house}${building}`;
  const code = postcode(rng, region, city);
  const full = region.kind === 'city' || region.code === 99 ? `${code}, ${short}` : `${code}, ${region.name}, ${short}`;
  return { full, short };
}

/** The short form of a stored address: postcode and region dropped. */
export function shortAddress(full: string): string {
  const parts = full.split(', ');
  let start = /^\d{6}$/.test(parts[0] ?? '') ? 1 : 0;
  if (parts[start] !== undefined && !parts[start]!.startsWith('г. ')) start++;
  return parts.slice(start).join(', ');
}

function pickCity(rng: Rng, region: Region): City {
  return region.cities.length === 1 || rng.chance(0.6) ? region.cities[0]! : rng.pick(region.cities);
}

export interface OrganizationRecord {
  id: number;
  inn: string;
  kpp: string | null;
  ogrn: string;
  name: string;
  address: Address;
  region: number;
}

function uniqueId(used: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

function makeCustomer(seed: number, index: number, used: Set<string>): OrganizationRecord & { profile: CustomerProfileKey } {
  const { rng, profile, region: regionCode } = drawCustomer(seed, index);
  const region = regionByCode(regionCode);
  const city = pickCity(rng, region);
  const spec = CUSTOMER_PROFILES[profile];
  const n = rng.chance(0.7) ? rng.int(1, 60) : rng.int(61, 250);
  const template = rng.pick(spec.names);
  const name = template({ region, city, n, pick: (items) => rng.pick(items) });
  const address = makeAddress(rng, region, city);
  const inn = uniqueId(used, () => makeInn10(rng, regionCode));
  const kpp = makeKpp(rng, inn);
  const ogrn = uniqueId(used, () => makeOgrn(rng, regionCode, rng.int(2002, 2023)));
  return { id: index + 1, inn, kpp, ogrn, name, address, region: regionCode, profile };
}

interface SupplierDraw {
  rng: Rng;
  topic: TopicKey;
  region: number;
  soleTrader: boolean;
}

/** How many tenders of each topic customers publish, so suppliers of each topic are as many as needed. */
const TOPIC_DEMAND: readonly (readonly [TopicKey, number])[] = (() => {
  const demand = new Map<TopicKey, number>(TOPICS.map((t) => [t.key, 0]));
  for (const [law, lawShare] of LAW_SHARES) {
    const profiles = PROFILES_BY_LAW[law];
    const shareSum = profiles.reduce((s, [, w]) => s + w, 0);
    for (const [key, share] of profiles) {
      const topics = CUSTOMER_PROFILES[key].topics;
      const weightSum = topics.reduce((s, [, w]) => s + w, 0);
      for (const [topic, w] of topics) demand.set(topic, demand.get(topic)! + (lawShare * share * w) / shareSum / weightSum);
    }
  }
  return [...demand.entries()].map(([topic, w]) => [topic, Math.max(w, 0.002)] as const);
})();

function drawSupplier(seed: number, index: number): SupplierDraw {
  const rng = rngFor(seed, STREAM.supplier, index);
  const soleTrader = rng.chance(0.1);
  const topic = rng.weighted(TOPIC_DEMAND);
  const region = rng.weighted(REGION_WEIGHTS);
  return { rng, topic, region, soleTrader };
}

function personFullName(rng: Rng): string {
  const female = rng.chance(0.35);
  const surname = rng.pick(SURNAMES);
  const [male, fem] = rng.pick(PATRONYMICS);
  return female
    ? `${feminineSurname(surname)} ${rng.pick(FEMALE_NAMES)} ${fem}`
    : `${surname} ${rng.pick(MALE_NAMES)} ${male}`;
}

function makeSupplier(seed: number, index: number, firstId: number, used: Set<string>): OrganizationRecord {
  const { rng, topic, region: regionCode, soleTrader } = drawSupplier(seed, index);
  const region = regionByCode(regionCode);
  const city = pickCity(rng, region);
  const year = rng.int(2004, 2024);
  if (soleTrader) {
    const name = `ИП ${personFullName(rng)}`;
    const address = makeAddress(rng, region, city);
    const inn = uniqueId(used, () => makeInn12(rng, regionCode));
    const ogrn = uniqueId(used, () => makeOgrnip(rng, regionCode, year));
    return { id: firstId + index, inn, kpp: null, ogrn, name, address, region: regionCode };
  }
  const name = rng
    .pick(SUPPLIER_NAMES[topic])
    .replace('{w}', rng.pick(FIRM_WORDS))
    .replace('{s}', rng.pick(CORPORATE_STEMS))
    .replace('{n}', String(rng.int(1, 99)));
  const address = makeAddress(rng, region, city);
  const inn = uniqueId(used, () => makeInn10(rng, regionCode));
  const kpp = makeKpp(rng, inn);
  const ogrn = uniqueId(used, () => makeOgrn(rng, regionCode, year));
  return { id: firstId + index, inn, kpp, ogrn, name, address, region: regionCode };
}

// ---------------------------------------------------------------------------------------------------------
// Pools: who buys and who sells, rebuilt from the seed alone
// ---------------------------------------------------------------------------------------------------------

export interface Pools {
  customers: number;
  suppliers: number;
  /** Customer ids by law (index 0 = 44-FZ). */
  customersByLaw: readonly [Int32Array, Int32Array, Int32Array];
  /** Profile (index into CUSTOMER_PROFILE_KEYS) by customer id − 1. */
  customerProfile: Uint8Array;
  suppliersByTopic: ReadonlyMap<TopicKey, Int32Array>;
  /** Key `${topic}:${region}`: suppliers of a topic registered in a region. */
  suppliersByTopicRegion: ReadonlyMap<string, Int32Array>;
}

const poolCache = new Map<string, Pools>();

/** Pools of a catalogue; they depend only on (seed, size), so the tick rebuilds them without reading tables. */
export function buildPools(seed: number, tenders: number): Pools {
  const key = `${seed}:${tenders}`;
  const cached = poolCache.get(key);
  if (cached) return cached;
  const { customers, suppliers } = catalogueSize(tenders);
  const byLaw: number[][] = [[], [], []];
  const customerProfile = new Uint8Array(customers);
  for (let i = 0; i < customers; i++) {
    const d = drawCustomer(seed, i);
    byLaw[d.law - 1]!.push(i + 1);
    customerProfile[i] = CUSTOMER_PROFILE_KEYS.indexOf(d.profile);
  }
  const byTopic = new Map<TopicKey, number[]>();
  const byTopicRegion = new Map<string, number[]>();
  for (let j = 0; j < suppliers; j++) {
    const d = drawSupplier(seed, j);
    const id = customers + j + 1;
    if (!byTopic.has(d.topic)) byTopic.set(d.topic, []);
    byTopic.get(d.topic)!.push(id);
    const regional = `${d.topic}:${d.region}`;
    if (!byTopicRegion.has(regional)) byTopicRegion.set(regional, []);
    byTopicRegion.get(regional)!.push(id);
  }
  const pools: Pools = {
    customers,
    suppliers,
    customersByLaw: [Int32Array.from(byLaw[0]!), Int32Array.from(byLaw[1]!), Int32Array.from(byLaw[2]!)],
    customerProfile,
    suppliersByTopic: new Map([...byTopic].map(([k, v]) => [k, Int32Array.from(v)])),
    suppliersByTopicRegion: new Map([...byTopicRegion].map(([k, v]) => [k, Int32Array.from(v)])),
  };
  if (poolCache.size > 8) poolCache.clear();
  poolCache.set(key, pools);
  return pools;
}

export function customerProfileOf(pools: Pools, customerId: number): CustomerProfileKey {
  return CUSTOMER_PROFILE_KEYS[pools.customerProfile[customerId - 1]!]!;
}

// ---------------------------------------------------------------------------------------------------------
// Tenders: the immutable part, shared by the catalogue and the tick
// ---------------------------------------------------------------------------------------------------------

export interface CustomerInfo {
  name: string;
  address: string;
  region: number;
  inn: string;
}

/** What drafting needs from its surroundings: the generator answers from memory, the tick from the database. */
export interface World {
  seed: number;
  pools: Pools;
  customer(id: number): CustomerInfo;
  /** Serial of the customer's next notice (1 for its first tender). */
  nextTenderSerial(customerId: number): number;
  /** Serial of the customer's next contract. */
  nextContractSerial(customerId: number): number;
}

export interface TenderDraft extends TenderShape {
  etp_id: string;
  placement_type: number;
  platform: number;
  region: number;
  customer_id: number;
  title: string;
  description: string;
  topic: TopicKey;
  initialPriceKopecks: number;
}

const PLACEMENTS: Record<1 | 2 | 3, readonly (readonly [number, number])[]> = {
  1: [[1, 62], [2, 7], [3, 18], [4, 2], [5, 11]],
  2: [[6, 12], [7, 22], [8, 32], [9, 22], [10, 12]],
  3: [[11, 1]],
};

const PLATFORMS_44: readonly (readonly [number, number])[] = [[2, 36], [3, 30], [5, 14], [4, 8], [8, 7], [6, 5]];
const PLATFORMS_44_TATARSTAN: readonly (readonly [number, number])[] = [[6, 45], [2, 20], [3, 20], [5, 8], [4, 4], [8, 3]];
const PLATFORMS_223: readonly (readonly [number, number])[] = [[1, 10], [2, 18], [3, 18], [4, 12], [5, 12], [6, 3], [7, 10], [8, 5], [9, 4], [10, 6], [11, 2]];
const PLATFORMS_COMMERCIAL: readonly (readonly [number, number])[] = [[9, 30], [10, 50], [11, 20]];

function choosePlatform(rng: Rng, law: 1 | 2 | 3, region: number): number {
  if (law === 1) return rng.weighted(region === 16 ? PLATFORMS_44_TATARSTAN : PLATFORMS_44);
  return rng.weighted(law === 2 ? PLATFORMS_223 : PLATFORMS_COMMERCIAL);
}

function positionsCount(rng: Rng, nature: Nature, manyPositions: boolean): number {
  if (rng.chance(manyPositions ? 0.2 : 0.02)) return Math.round(Math.exp(rng.range(Math.log(20), Math.log(300))));
  if (nature === 'goods') return rng.weighted([[1, 25], [2, 15], [3, 12], [rng.int(4, 10), 48]] as const);
  if (nature === 'works') return rng.weighted([[1, 55], [rng.int(2, 5), 45]] as const);
  return rng.weighted([[1, 65], [rng.int(2, 4), 35]] as const);
}

function lotsCount(rng: Rng, law: 1 | 2 | 3, positions: number): number {
  if (positions < 2 || !rng.chance(law === 1 ? 0.03 : law === 2 ? 0.12 : 0.15)) return 1;
  return Math.min(positions, rng.int(2, law === 1 ? 3 : 5));
}

function chooseCodes(rng: Rng, subject: Subject, positions: number): string[] {
  const wanted = Math.min(positions, subject.codes.length, rng.weighted([[1, 55], [2, 30], [3, 15]] as const));
  const codes = [...subject.codes];
  for (let i = 0; i < wanted; i++) {
    const j = rng.int(i, codes.length - 1);
    [codes[i], codes[j]] = [codes[j]!, codes[i]!];
  }
  return codes.slice(0, wanted);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function etpId(rng: Rng, law: 1 | 2 | 3, id: number, customerId: number, customerRegion: number, serial: number, publish: number): string {
  const yy = pad(mskYear(publish) % 100, 2);
  if (law === 1) return `01${pad(customerRegion, 2)}1${pad(customerId % 1_000_000, 6)}${yy}${pad(serial, 6)}`;
  if (law === 2) return `3${yy}${pad(13_400_000 + id * 3 + rng.int(0, 2), 8)}`;
  return `COM-${2_000_000 + id * 7 + rng.int(0, 6)}`;
}

function monthOf(unix: number): number {
  return Number(mskIso(unix).slice(5, 7));
}

const QUARTERS = ['I', 'II', 'III', 'IV'] as const;

/** The period a purchase is for: from October on, customers buy for the next year. */
function planningPeriod(publish: number): { year: number; nextYear: boolean; quarter: string; quarterYear: number } {
  const month = monthOf(publish);
  const year = mskYear(publish);
  const nextQuarter = Math.floor((month - 1) / 3) + 1;
  return {
    year: month >= 10 ? year + 1 : year,
    nextYear: month >= 10,
    quarter: QUARTERS[nextQuarter % 4]!,
    quarterYear: nextQuarter === 4 ? year + 1 : year,
  };
}

/**
 * Whether a name reads right after «для нужд» or «здания»: names that start with an abbreviation (ГБУЗ,
 * МБОУ, АО, УМВД) do not decline; «Администрация …» or «Министерство …» would need the genitive.
 */
function undeclined(name: string): boolean {
  return /^[А-ЯЁ]{2,}[\s«]/.test(name);
}

function tenderTitle(rng: Rng, subject: Subject, nature: Nature, law: 1 | 2 | 3, topic: TopicKey, customerName: string, place: string, publish: number): string {
  const base = subject.title;
  const period = planningPeriod(publish);
  const year = period.year;
  const forCustomer = undeclined(customerName) ? 1 : 0;
  let title: string;
  if (nature === 'works') {
    if (base.endsWith('здания')) title = rng.chance(0.5 * forCustomer) ? `${base} ${customerName}` : `${base} по адресу: ${place}`;
    else title = rng.weighted([[`${base} по адресу: ${place}`, 40], [`${base} для нужд ${customerName}`, 30 * forCustomer], [base, 30]] as const);
  } else if (nature === 'goods') {
    const quarter = `${base} в ${period.quarter} квартале ${period.quarterYear} года`;
    title = rng.weighted([
      [`${base} для нужд ${customerName}`, 45 * forCustomer],
      [quarter, topic === 'food' ? 25 : 2],
      [`${base} на ${year} год`, 10],
      [base, 40],
    ] as const);
  } else {
    title = rng.weighted([[`${base} для нужд ${customerName}`, 40 * forCustomer], [`${base} в ${year} году`, 25], [base, 35]] as const);
  }
  return law === 2 && rng.chance(0.1) ? `${title} (закупка среди субъектов МСП)` : title;
}

function tenderDescription(rng: Rng, codes: readonly string[], nature: Nature, law: 1 | 2 | 3, place: string, publish: number): string {
  const items = codes.map((c) => okpd2Entry(c).items[0]).join('; ');
  const contract = law === 1 ? 'контракта' : 'договора';
  const { year, nextYear } = planningPeriod(publish);
  const label = { goods: ['Место поставки товара', 'Срок поставки'], works: ['Место выполнения работ', 'Срок выполнения работ'], services: ['Место оказания услуг', 'Срок оказания услуг'] }[nature];
  const term =
    nature === 'goods'
      ? rng.pick([
          `в течение ${rng.pick([10, 15, 20, 30, 45])} календарных дней с даты заключения ${contract}`,
          nextYear ? `с 01.01.${year} по 31.03.${year} по заявкам заказчика` : `по заявкам заказчика с даты заключения ${contract} по 31.12.${year}`,
        ])
      : nature === 'works'
        ? `${rng.pick([30, 45, 60, 90, 120])} календарных дней с даты заключения ${contract}`
        : nextYear ? `с 01.01.${year} по 31.12.${year}` : `с даты заключения ${contract} по 31.12.${year}`;
  const lawExtras = DESCRIPTION_EXTRAS[law === 1 ? 'fz44' : law === 2 ? 'fz223' : 'commercial'];
  const extras = [rng.pick(lawExtras)];
  if (rng.chance(0.5)) extras.push(rng.pick(DESCRIPTION_EXTRAS[nature]));
  return `Объект закупки: ${items}. ${label[0]}: ${place}. ${label[1]}: ${term}. ${extras.join(' ')}`;
}

function pickCustomer(rng: Rng, pools: Pools, law: 1 | 2 | 3): number {
  // Small catalogues may lack a law's customers; another law's customer then buys (a 223-FZ customer can).
  const pool = [pools.customersByLaw[law - 1]!, ...pools.customersByLaw].find((p) => p.length > 0)!;
  return pool[rng.skewedIndex(pool.length, 1.8)]!;
}

/** The immutable part of tender `id` published at `publish`: who, what, where, how and the first price. */
export function draftTender(world: World, id: number, publish: number): TenderDraft {
  const rng = rngFor(world.seed, STREAM.tender, id);
  const law = rng.weighted(LAW_SHARES);
  return draftFor(world, rng, id, publish, law, pickCustomer(rng, world.pools, law));
}

/** A tender of `law` by `customerId`: what it buys, where and how, drawn from `rng`; `placement` when it is fixed. */
function draftFor(world: World, rng: Rng, id: number, publish: number, law: 1 | 2 | 3, customerId: number, placement?: number): TenderDraft {
  const customer = world.customer(customerId);
  const profile = CUSTOMER_PROFILES[customerProfileOf(world.pools, customerId)];
  const topicKey = rng.weighted(profile.topics);
  const topic = topicByKey(topicKey);
  const subject = rng.pick(topic.subjects);
  const drawn = positionsCount(rng, topic.nature, topic.manyPositions);
  const codes = chooseCodes(rng, subject, drawn);
  // A few CT scanners or buildings per tender, not dozens (the price follows what is bought).
  const positions = Math.max(codes.length, Math.min(drawn, positionsCap(codes)));
  const lots = lotsCount(rng, law, positions);
  // A tender is placed where its customer is: its region is the one of the customer's INN and address.
  const region = customer.region;
  placement ??= rng.weighted(PLACEMENTS[law]);
  const platform = choosePlatform(rng, law, region);
  const place = shortAddress(customer.address);
  const title = tenderTitle(rng, subject, topic.nature, law, topicKey, customer.name, place, publish);
  const description = tenderDescription(rng, codes, topic.nature, law, place, publish);
  const serial = law === 1 ? world.nextTenderSerial(customerId) : 0;
  const shape = { id, okpd2: codes.join(' '), positions_count: positions, lots_count: lots, purchase_type: law };
  return {
    id,
    etp_id: etpId(rng, law, id, customerId, customer.region, serial, publish),
    purchase_type: law,
    placement_type: placement,
    platform,
    region,
    customer_id: customerId,
    title,
    description,
    okpd2: codes.join(' '),
    positions_count: positions,
    lots_count: lots,
    topic: topicKey,
    initialPriceKopecks: initialPriceKopecks(world.seed, shape),
  };
}

/** Text for the keyword index: the index does not fold «ё», so it is folded here and in queries (D-Q-2). */
export function ftsText(text: string): string {
  return text.replace(/ё/g, 'е').replace(/Ё/g, 'Е');
}

// ---------------------------------------------------------------------------------------------------------
// Contracts: shared by the catalogue and the tick
// ---------------------------------------------------------------------------------------------------------

export interface ContractDraft {
  tender_id: number;
  index: 0 | 1;
  reestr_number: string;
  supplier_id: number;
  priceKopecks: number;
  sign: number;
  positions_count: number;
}

export interface ContractEvent {
  at: number;
  stage: number;
  paidKopecks: number;
}

type ContractTender = TenderShape & Pick<TenderDraft, 'customer_id' | 'region' | 'placement_type'>;

function reduction(rng: Rng, placement: number): number {
  if (placement === 5) return 1;
  if (rng.chance(0.3)) return 1 - rng.range(0, 0.01);
  return 1 - rng.range(0.02, placement === 3 || placement === 8 ? 0.2 : 0.3);
}

function pickSupplier(rng: Rng, pools: Pools, topic: TopicKey, region: number): number {
  const regional = pools.suppliersByTopicRegion.get(`${topic}:${region}`);
  const pool = regional && rng.chance(0.65) ? regional : (pools.suppliersByTopic.get(topic) ?? null);
  if (!pool || pool.length === 0) return pools.customers + 1 + rng.int(0, pools.suppliers - 1);
  return pool[rng.skewedIndex(pool.length, 1.6)]!;
}

/**
 * Contracts of a tender completed at `priceKopecks`, signed at `sign`. One as a rule; two for some
 * multi-lot tenders, the first for lot 1 and the second for the rest (see derive.contractIndex).
 */
export function draftContracts(world: World, tender: ContractTender, priceKopecks: number, sign: number): ContractDraft[] {
  const rng = rngFor(world.seed, STREAM.contract, tender.id);
  const n = tender.positions_count;
  const head = firstLotSize(tender);
  const split = tender.lots_count >= 2 && head < n && head !== n - head && rng.chance(0.35);
  const parts: { index: 0 | 1; base: number; positions: number }[] = [];
  if (split) {
    const amounts = tenderPositionAmounts(world.seed, tender, priceKopecks);
    const lot1 = amounts.slice(0, head).reduce((a, b) => a + b, 0);
    parts.push({ index: 0, base: lot1, positions: head }, { index: 1, base: priceKopecks - lot1, positions: n - head });
  } else {
    parts.push({ index: 0, base: priceKopecks, positions: n });
  }
  const customer = world.customer(tender.customer_id);
  const level: CustomerLevel = CUSTOMER_PROFILES[customerProfileOf(world.pools, tender.customer_id)].level;
  const topic = tenderTopic(tender);
  return parts.map((part) => ({
    tender_id: tender.id,
    index: part.index,
    reestr_number: `${level}${customer.inn}${pad(mskYear(sign) % 100, 2)}${pad(world.nextContractSerial(tender.customer_id) % 1_000_000, 6)}`,
    supplier_id: pickSupplier(rng, world.pools, topic, tender.region),
    priceKopecks: Math.max(Math.round(part.base * reduction(rng, tender.placement_type)), 100),
    sign,
    positions_count: part.positions,
  }));
}

/**
 * The whole execution of a contract along its schedule: each stage is paid some days around its planned
 * date, the last payment makes it executed; a few contracts are terminated half-way.
 */
export function contractEvents(seed: number, draft: Pick<ContractDraft, 'tender_id' | 'index' | 'sign'>, schedule: ContractSchedule): ContractEvent[] {
  const rng = rngFor(seed, STREAM.contract, draft.tender_id, draft.index, 1);
  const events: ContractEvent[] = [];
  let paid = 0;
  let previous = draft.sign;
  for (const stage of schedule.stages) {
    const at = Math.max(previous + DAY, stage.planned + rng.int(-3 * DAY, 12 * DAY));
    paid += stage.amountKopecks;
    const last = stage.ordinal === schedule.stages.length;
    events.push({ at, stage: last ? CONTRACT_STAGE.executed : CONTRACT_STAGE.executing, paidKopecks: paid });
    previous = at;
  }
  if (rng.chance(0.03)) {
    const at = draft.sign + Math.round(rng.range(0.2, 0.8) * (schedule.executionEnd - draft.sign));
    const before = events.filter((e) => e.at < at && e.stage === CONTRACT_STAGE.executing);
    const paidBefore = before.length > 0 ? before[before.length - 1]!.paidKopecks : 0;
    return [...before, { at, stage: CONTRACT_STAGE.terminated, paidKopecks: paidBefore }];
  }
  return events;
}

/** Days after a stage's planned date that a punctual contract pays it (44-FZ: within 7 working days of acceptance). */
const PUNCTUAL_PAYMENT_DAYS = 6;

/** A contract paid on schedule: each stage some days after its planned date, the last making it executed. */
export function punctualEvents(schedule: ContractSchedule): ContractEvent[] {
  let paid = 0;
  return schedule.stages.map((stage, i) => {
    paid += stage.amountKopecks;
    const last = i === schedule.stages.length - 1;
    return {
      at: mskDayStart(stage.planned) + PUNCTUAL_PAYMENT_DAYS * DAY + 12 * HOUR,
      stage: last ? CONTRACT_STAGE.executed : CONTRACT_STAGE.executing,
      paidKopecks: paid,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The discovery axis
// ---------------------------------------------------------------------------------------------------------

/** What becomes of a tender by the anchor; each has its own density over "days before the anchor". */
const enum Fate {
  Active,
  CompletedLater,
  CancelledLater,
  FoundCompleted,
  FoundCancelled,
}

/**
 * Shares of the fates and their densities of discovery age (days before the anchor). Tenders still open at
 * the anchor were necessarily found in the last month (deadlines are 7–30 days); tenders found already
 * closed are spread over the whole window. This keeps 60 % of tenders active with deadlines that really are
 * ahead, at the price of more discoveries per day in the last month than before it.
 */
const FATES: readonly (readonly [Fate, number, (age: number) => number])[] = [
  [Fate.Active, 0.6, (a) => (a < 0 ? 0 : a <= 14.5 ? 1 / 21.5 : a <= 28.5 ? (28.5 - a) / 14 / 21.5 : 0)],
  [Fate.CompletedLater, 0.09, (a) => (a >= 15 && a <= 120 ? 1 / 105 : 0)],
  [Fate.CancelledLater, 0.02, (a) => (a >= 3 && a <= 120 ? 1 / 117 : 0)],
  [Fate.FoundCompleted, 0.23, (a) => (a >= 0 && a <= 119 ? 1 / 119 : 0)],
  [Fate.FoundCancelled, 0.06, (a) => (a >= 0 && a <= 120 ? 1 / 120 : 0)],
];

/**
 * Tenders discovered a day just before the anchor, as a share of the catalogue's size (~3 %): the pace the
 * world keeps when it moves on past its anchor (data/catchUp.ts).
 */
export const DISCOVERIES_PER_DAY: number = FATES.reduce((sum, [, share, f]) => sum + share * f(0), 0);

/**
 * Open tenders whose deadline had just passed at the anchor: the commission is at work, no result yet. Few,
 * so that the default search (`active`) is nearly all tenders still open for bids.
 */
const AWAITING_SHARE = 0.05;

const WINDOW_DAYS = 120;
const GRID_STEP = 0.01;

/** Cumulative share of tenders discovered at most `a` days before the anchor, on a fine grid. */
const AGE_CDF: Float64Array = (() => {
  const steps = Math.round(WINDOW_DAYS / GRID_STEP);
  const cdf = new Float64Array(steps + 1);
  for (let k = 1; k <= steps; k++) {
    const mid = (k - 0.5) * GRID_STEP;
    let density = 0;
    for (const [, share, f] of FATES) density += share * f(mid);
    cdf[k] = cdf[k - 1]! + density * GRID_STEP;
  }
  const total = cdf[steps]!;
  for (let k = 0; k <= steps; k++) cdf[k] = cdf[k]! / total;
  return cdf;
})();

/** Days before the anchor of the discovery at position u ∈ [0, 1) of the axis (0 = oldest). */
function ageAt(u: number): number {
  const target = 1 - u;
  let lo = 0;
  let hi = AGE_CDF.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (AGE_CDF[mid]! <= target) lo = mid;
    else hi = mid;
  }
  const span = AGE_CDF[hi]! - AGE_CDF[lo]!;
  const t = span > 0 ? (target - AGE_CDF[lo]!) / span : 0;
  return (lo + t) * GRID_STEP;
}

function fateAt(rng: Rng, age: number): Fate {
  return rng.weighted(FATES.map(([fate, share, f]) => [fate, share * f(age)] as const));
}

export interface VersionPlan {
  status: number;
  /** Price factor against the previous version (1 = unchanged); prices are resolved once the draft is known. */
  change: number;
  priceKopecks: number;
  end: number;
  update: number;
  discovered: number;
}

export interface TenderPlan {
  publish: number;
  versions: VersionPlan[];
  /**
   * Set for completed tenders: when the contract was signed and when the service found it; `punctual`: its
   * stages are paid on schedule and it ends executed (the archive's, D-WORLD-7), not drawn by contractEvents.
   */
  contract?: { sign: number; discovered: number; punctual?: boolean };
}

/** Delay between publication and discovery: minutes usually, hours sometimes, days for late indexing. */
function indexingLag(rng: Rng): number {
  const kind = rng.float();
  if (kind < 0.7) return rng.int(5 * MINUTE, 2 * HOUR);
  if (kind < 0.95) return rng.int(2 * HOUR, 20 * HOUR);
  return rng.int(DAY, 4 * DAY);
}

/** The hours of a day deadlines are set at, Moscow time. */
export const DEADLINE_HOURS: readonly number[] = [8, 9, 9, 10, 10, 12, 14, 17, 18];

/** A deadline: the Moscow day of `t` at a usual hour. */
export function deadline(rng: Rng, t: number): number {
  return mskDayStart(t) + rng.pick(DEADLINE_HOURS) * HOUR;
}

/** A new price of an open tender: a few percent down (more often) or up. */
export function priceChange(rng: Rng): number {
  return 1 + rng.range(-0.07, 0.05);
}

export function changedPrice(priceKopecks: number, change: number): number {
  return change === 1 ? priceKopecks : Math.min(MAX_PRICE_KOPECKS, Math.max(MIN_PRICE_KOPECKS, Math.round(priceKopecks * change)));
}

function resolvePrices(plan: TenderPlan, initialKopecks: number): void {
  let price = initialKopecks;
  for (const v of plan.versions) {
    price = changedPrice(price, v.change);
    v.priceKopecks = price;
  }
}

function discoveredAfter(rng: Rng, at: number, maxDelay: number, anchor: number): number {
  return at + rng.int(MINUTE, Math.max(MINUTE, Math.min(maxDelay, Math.floor((anchor - at) / 2))));
}

/**
 * Changes of an open tender at the given times: a new price, a later deadline, or both. Each change is a
 * version of its own.
 */
function applyChanges(rng: Rng, versions: VersionPlan[], times: readonly number[], anchor: number): void {
  for (const t of times) {
    const last = versions[versions.length - 1]!;
    const kind = rng.weighted([['price', 40], ['extend', 40], ['both', 20]] as const);
    const change = kind === 'extend' ? 1 : priceChange(rng);
    const end = kind !== 'price' && last.end > t ? last.end + rng.int(3, 10) * DAY : last.end;
    const discovered = Math.max(last.discovered + 1, discoveredAfter(rng, t, 3 * HOUR, anchor));
    if (discovered >= anchor) return;
    versions.push({ status: TENDER_STATUS.active, change, priceKopecks: 0, end, update: t, discovered });
  }
}

function sortedTimes(rng: Rng, count: number, from: number, to: number): number[] {
  if (to - from < 2 * HOUR) return [];
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(rng.int(from, to));
  return times.sort((a, b) => a - b);
}

/**
 * Open at the anchor. Most take bids for the whole anchor's day and after (the anchor is a day's start, so a
 * sandbox started any time that day finds them open); a few had their deadline pass just before it.
 */
function planActive(rng: Rng, found: number, anchor: number): TenderPlan {
  // Published late enough that a deadline of at most 30 days still lies beyond the anchor's day.
  const publish = found - Math.min(indexingLag(rng), Math.max(5 * MINUTE, Math.floor((28.9 * DAY - (anchor - found)))));
  const publishAge = (anchor - publish) / DAY;
  let end = 0;
  let awaiting = rng.chance(AWAITING_SHARE) && publishAge > 7.5;
  if (awaiting) {
    // Awaiting results: the deadline passed hours or days ago and the commission has not finished yet.
    const passed = anchor - rng.int(2 * HOUR, Math.floor(Math.min(3, publishAge - 7.2) * DAY));
    end = deadline(rng, passed);
    if (end >= anchor) end -= DAY;
    // Bids are taken for at least 7 days: a deadline that would come sooner is not this tender's.
    awaiting = end >= publish + 7 * DAY;
  }
  if (!awaiting) {
    const minDays = Math.min(30, Math.max(7, Math.ceil(publishAge + 1.05)));
    end = deadline(rng, publish + rng.int(minDays, 30) * DAY);
    while (end <= anchor + DAY) end += DAY;
  }
  const versions: VersionPlan[] = [{ status: TENDER_STATUS.active, change: 1, priceKopecks: 0, end, update: publish, discovered: found }];
  if (rng.chance(0.15)) applyChanges(rng, versions, sortedTimes(rng, rng.chance(0.25) ? 2 : 1, found + 30 * MINUTE, anchor - 30 * MINUTE), anchor);
  return { publish, versions };
}

function planCompletedLater(rng: Rng, found: number, anchor: number): TenderPlan {
  const publish = found - Math.min(DAY, indexingLag(rng));
  const budget = (anchor - publish) / DAY - 0.3;
  const days = rng.int(7, Math.max(7, Math.min(30, Math.floor(budget - 5.5))));
  const versions: VersionPlan[] = [{ status: TENDER_STATUS.active, change: 1, priceKopecks: 0, end: deadline(rng, publish + days * DAY), update: publish, discovered: found }];
  let room = (anchor - versions[0]!.end) / DAY - 0.2;
  if (rng.chance(0.3)) {
    const at = sortedTimes(rng, 1, found + 30 * MINUTE, versions[0]!.end - HOUR);
    if (at.length > 0) {
      applyChanges(rng, versions, at, anchor);
      const changed = versions[versions.length - 1]!;
      if ((anchor - changed.end) / DAY - 0.2 < 4.3) changed.end = versions[0]!.end;
      room = (anchor - changed.end) / DAY - 0.2;
    }
  }
  const last = versions[versions.length - 1]!;
  const lagDays = rng.range(1, Math.max(1, Math.min(10, room - 3)));
  const gapDays = rng.range(3, Math.max(3, Math.min(15, room - lagDays)));
  const completed = last.end + Math.round(lagDays * DAY);
  const sign = completed + Math.round(gapDays * DAY);
  versions.push({
    status: TENDER_STATUS.completed,
    change: 1,
    priceKopecks: 0,
    end: last.end,
    update: completed,
    discovered: Math.max(last.discovered + 1, completed + rng.int(5 * MINUTE, 6 * HOUR)),
  });
  return { publish, versions, contract: { sign, discovered: discoveredAfter(rng, sign, 2 * DAY, anchor) } };
}

function planCancelledLater(rng: Rng, found: number, anchor: number): TenderPlan {
  const publish = found - indexingLag(rng);
  const versions: VersionPlan[] = [{ status: TENDER_STATUS.active, change: 1, priceKopecks: 0, end: deadline(rng, publish + rng.int(7, 30) * DAY), update: publish, discovered: found }];
  const cancelAt = rng.int(found + HOUR, Math.max(found + HOUR, Math.min(versions[0]!.end, anchor - 2 * HOUR)));
  if (rng.chance(0.2)) applyChanges(rng, versions, sortedTimes(rng, 1, found + 30 * MINUTE, cancelAt - 30 * MINUTE), anchor);
  const last = versions[versions.length - 1]!;
  versions.push({
    status: TENDER_STATUS.cancelled,
    change: 1,
    priceKopecks: 0,
    end: last.end,
    update: cancelAt,
    discovered: Math.max(last.discovered + 1, discoveredAfter(rng, cancelAt, 6 * HOUR, anchor)),
  });
  return { publish, versions };
}

/** Found already completed: the whole life (deadline, result, contract) happened before discovery. */
function planFoundCompleted(rng: Rng, found: number, anchor: number): TenderPlan {
  const limit = 135 - (anchor - found) / DAY;
  const days = rng.int(7, Math.max(7, Math.min(30, Math.floor(limit - 9))));
  const lagDays = rng.range(1, Math.max(1, Math.min(10, limit - days - 3)));
  const gapDays = rng.range(3, Math.max(3, Math.min(15, limit - days - lagDays)));
  const lateDays = rng.range(0, Math.max(0, Math.min(5, limit - days - lagDays - gapDays)));
  const sign = found - Math.round(lateDays * DAY) - 10 * MINUTE;
  const completed = sign - Math.round(gapDays * DAY);
  let end = deadline(rng, completed - Math.round(lagDays * DAY));
  if (end >= completed) end -= DAY;
  const publish = end - days * DAY - rng.int(0, 10 * HOUR);
  return {
    publish,
    versions: [{ status: TENDER_STATUS.completed, change: 1, priceKopecks: 0, end, update: completed, discovered: found }],
    contract: { sign, discovered: discoveredAfter(rng, found, DAY, anchor) },
  };
}

function planFoundCancelled(rng: Rng, found: number, anchor: number): TenderPlan {
  const limit = 135 - (anchor - found) / DAY;
  const cancelled = found - Math.round(rng.range(0, Math.max(0, Math.min(3, limit - 2))) * DAY);
  const publish = cancelled - Math.round(rng.range(1, Math.max(1, Math.min(30, limit - 3))) * DAY);
  const end = deadline(rng, publish + rng.int(7, 30) * DAY);
  return { publish, versions: [{ status: TENDER_STATUS.cancelled, change: 1, priceKopecks: 0, end, update: cancelled, discovered: found }] };
}

/**
 * The life up to `anchor` of a tender the service found at `found` (at least two minutes before the anchor),
 * its fate drawn by how long before the anchor that was. Prices are filled in by `resolvePrices`.
 */
export function planFoundAt(rng: Rng, found: number, anchor: number): TenderPlan {
  switch (fateAt(rng, (anchor - found) / DAY)) {
    case Fate.Active:
      return planActive(rng, found, anchor);
    case Fate.CompletedLater:
      return planCompletedLater(rng, found, anchor);
    case Fate.CancelledLater:
      return planCancelledLater(rng, found, anchor);
    case Fate.FoundCompleted:
      return planFoundCompleted(rng, found, anchor);
    case Fate.FoundCancelled:
      return planFoundCancelled(rng, found, anchor);
  }
}

/** The life of catalogue tender `id` up to the anchor: found where its id falls on the discovery axis. */
function planTender(seed: number, id: number, total: number, anchor: number): TenderPlan {
  const rng = rngFor(seed, STREAM.history, id);
  const u = (id - 1 + rng.float()) / total;
  const found = Math.min(anchor - 2 * MINUTE, anchor - Math.round(ageAt(u) * DAY));
  return planFoundAt(rng, found, anchor);
}

/** Versions of a contract found at `found`: its state then, and up to two later steps before the anchor. */
export function contractVersions(
  events: readonly ContractEvent[],
  sign: number,
  found: number,
  rng: Rng,
  anchor: number,
): { stage: number; paidKopecks: number; update: number; discovered: number }[] {
  const before = events.filter((e) => e.at <= found);
  const state = before.length > 0 ? before[before.length - 1]! : { at: sign, stage: CONTRACT_STAGE.executing, paidKopecks: 0 };
  const versions = [{ stage: state.stage, paidKopecks: state.paidKopecks, update: state.at, discovered: found }];
  const later = events.filter((e) => e.at > found && e.at < anchor - 10 * MINUTE).slice(-2);
  for (const e of later) {
    const discovered = Math.max(versions[versions.length - 1]!.discovered + 1, e.at + rng.int(10 * MINUTE, DAY));
    if (discovered >= anchor) break;
    versions.push({ stage: e.stage, paidKopecks: e.paidKopecks, update: e.at, discovered });
  }
  return versions;
}

// ---------------------------------------------------------------------------------------------------------
// The archive: history that does not move (D-WORLD-7)
// ---------------------------------------------------------------------------------------------------------

/**
 * The archival tender's fixed dates, Moscow time. A catalogue's own tenders follow the clock and their notice
 * numbers carry their year of publication, so no number of theirs lasts past a New Year; a tender published
 * in EIS in early 2026 keeps its number forever. So a catalogue made after the archive holds one such tender:
 * published 02.02.2026, bids until 16.02, the result on 19.02, the contract signed on 03.03.2026 (not earlier
 * than 10 days after the protocol, 44-FZ art. 51) and paid on its schedule (punctualEvents), executed by
 * early August (a schedule ends at most 150 days after signing). Each is found within hours of happening.
 */
const ARCHIVE_DATES = {
  publish: '2026-02-02T10:12:00+03:00',
  found: '2026-02-02T10:31:00+03:00',
  deadline: '2026-02-16T10:00:00+03:00',
  result: '2026-02-19T14:40:00+03:00',
  resultFound: '2026-02-19T16:05:00+03:00',
  sign: '2026-03-03T11:00:00+03:00',
  signFound: '2026-03-03T17:20:00+03:00',
} as const;

/**
 * Catalogues anchored at or after this hold the archive; earlier ones do not (it would be in their future).
 * Every date of the archive, its last payment found included, is before it by three weeks or more.
 */
export const ARCHIVE_SINCE: number = unixSeconds('2026-09-01T00:00:00+03:00');

/**
 * The archival tender is tender 1: found long before the rest, it takes the place of the catalogue's first
 * found tender, so every other tender keeps its id (and what is drawn from it) on every day.
 */
export const ARCHIVE_TENDER_ID = 1;

/**
 * The ids of the archival tenders of a catalogue anchored at `anchor`: the marker that checks of the
 * catalogue's window (every other tender found in the ~135 days before the anchor) except them by.
 */
export function archivalTenderIds(anchor: number): readonly number[] {
  return anchor >= ARCHIVE_SINCE ? [ARCHIVE_TENDER_ID] : [];
}

/** The archival tender's life: open from its publication, then completed, its contract paid on schedule. */
function archivePlan(): TenderPlan {
  const at = (key: keyof typeof ARCHIVE_DATES): number => unixSeconds(ARCHIVE_DATES[key]);
  const open = { change: 1, priceKopecks: 0, end: at('deadline') };
  return {
    publish: at('publish'),
    versions: [
      { ...open, status: TENDER_STATUS.active, update: at('publish'), discovered: at('found') },
      { ...open, status: TENDER_STATUS.completed, update: at('result'), discovered: at('resultFound') },
    ],
    contract: { sign: at('sign'), discovered: at('signFound'), punctual: true },
  };
}

/**
 * The archival tender's draft: an electronic auction under 44-FZ by the catalogue's first 44-FZ customer (the
 * lowest id: its notice number is that customer's code, «26» and its serial, the customer's first). What it
 * buys, where and its price are drawn like any tender's, from a stream of its own.
 */
function draftArchivalTender(world: World, publish: number): TenderDraft {
  const customerId = world.pools.customersByLaw.find((pool) => pool.length > 0)![0]!;
  const rng = rngFor(world.seed, STREAM.archive, ARCHIVE_TENDER_ID);
  return draftFor(world, rng, ARCHIVE_TENDER_ID, publish, 1, customerId, 1);
}

// ---------------------------------------------------------------------------------------------------------
// Pending discoveries
// ---------------------------------------------------------------------------------------------------------

type Pending =
  | { kind: 'tender-version'; at: number; order: number; tenderId: number; version: number; plan: VersionPlan; current: boolean }
  | { kind: 'contract'; at: number; order: number; draft: ContractDraft; punctual: boolean }
  | {
      kind: 'contract-version';
      at: number;
      order: number;
      contractId: number;
      version: number;
      stage: number;
      paidKopecks: number;
      update: number;
      current: boolean;
    };

/** Min-heap by (discovery time, insertion order): ties keep the order events were planned in. */
class PendingQueue {
  private items: Pending[] = [];

  get size(): number {
    return this.items.length;
  }

  private before(a: Pending, b: Pending): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }

  push(item: Pending): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  peek(): Pending | undefined {
    return this.items[0];
  }

  pop(): Pending | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < items.length && this.before(items[l]!, items[smallest]!)) smallest = l;
        if (r < items.length && this.before(items[r]!, items[smallest]!)) smallest = r;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------------------

export interface CatalogueStatements {
  organization: Database.Statement;
  tender: Database.Statement;
  tenderVersion: Database.Statement;
  fts: Database.Statement;
  contract: Database.Statement;
  contractVersion: Database.Statement;
  log: Database.Statement;
  meta: Database.Statement;
}

export function prepareStatements(db: Database.Database): CatalogueStatements {
  return {
    organization: db.prepare('INSERT INTO organizations (id, inn, kpp, ogrn, name, address, region) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    tender: db.prepare(
      `INSERT INTO tenders (id, etp_id, purchase_type, placement_type, platform, region, customer_id, title, description, okpd2,
        publish_date, start_date, positions_count, lots_count, version, status, price, end_date, update_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    tenderVersion: db.prepare('INSERT INTO tender_versions (tender_id, version, seq, status, price, end_date, update_date) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    fts: db.prepare('INSERT INTO tender_fts (rowid, title, description, customer) VALUES (?, ?, ?, ?)'),
    contract: db.prepare(
      `INSERT INTO contracts (id, tender_id, reestr_number, supplier_id, price, sign_date, positions_count, version, stage, paid, update_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    contractVersion: db.prepare('INSERT INTO contract_versions (contract_id, version, seq, stage, paid, update_date) VALUES (?, ?, ?, ?, ?, ?)'),
    log: db.prepare('INSERT INTO discovery_log (seq, kind, object_id, version, discovered_at) VALUES (?, ?, ?, ?, ?)'),
    meta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
  };
}

/** Writes a new tender (its row at `current`, version 1 and the keyword index) with version 1 at `seq`. */
export function insertTender(
  st: CatalogueStatements,
  draft: TenderDraft,
  customerName: string,
  publish: number,
  first: VersionPlan,
  current: VersionPlan & { version: number },
  seq: number,
): void {
  const publishIso = mskIso(publish);
  st.tender.run(
    draft.id, draft.etp_id, draft.purchase_type, draft.placement_type, draft.platform, draft.region, draft.customer_id,
    draft.title, draft.description, draft.okpd2, publishIso, publishIso, draft.positions_count, draft.lots_count,
    current.version, current.status, rubles(current.priceKopecks), mskIso(current.end), mskIso(current.update),
  );
  st.tenderVersion.run(draft.id, 1, seq, first.status, rubles(first.priceKopecks), mskIso(first.end), mskIso(first.update));
  st.log.run(seq, 'tender', draft.id, 1, mskIso(first.discovered));
  st.fts.run(draft.id, ftsText(draft.title), ftsText(draft.description), ftsText(customerName));
}

export function insertContract(
  st: CatalogueStatements,
  id: number,
  draft: ContractDraft,
  versions: readonly { stage: number; paidKopecks: number; update: number }[],
  seq: number,
  discovered: number,
): void {
  const current = versions[versions.length - 1]!;
  const first = versions[0]!;
  st.contract.run(
    id, draft.tender_id, draft.reestr_number, draft.supplier_id, rubles(draft.priceKopecks), mskIso(draft.sign),
    draft.positions_count, versions.length, current.stage, rubles(current.paidKopecks), mskIso(current.update),
  );
  st.contractVersion.run(id, 1, seq, first.stage, rubles(first.paidKopecks), mskIso(first.update));
  st.log.run(seq, 'contract', id, 1, mskIso(discovered));
}

// ---------------------------------------------------------------------------------------------------------
// Writing discoveries in the order they happen
// ---------------------------------------------------------------------------------------------------------

/**
 * Writes objects and their versions to the log in discovery order: new tenders as their turn comes, later
 * events (versions, contracts) held in the queue until the axis reaches them. The generator writes a whole
 * catalogue with it; the catch-up at open (data/catchUp.ts) writes the days a stored world was closed. Each
 * event carries whether it becomes its object's current row: a new tender's row already holds its last
 * planned version, an existing object's row follows each version written.
 */
export class DiscoveryWriter {
  private readonly queue = new PendingQueue();
  private order = 0;
  private readonly updateTender: Database.Statement;
  private readonly updateContract: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly st: CatalogueStatements,
    private readonly world: World,
    /** Nothing is planned later than this (Unix seconds). */
    private readonly anchor: number,
    /** The last seq of the log and the last contract id written before. */
    private seq: number,
    private contractId: number,
  ) {
    this.updateTender = db.prepare('UPDATE tenders SET version = ?, status = ?, price = ?, end_date = ?, update_date = ? WHERE id = ?');
    this.updateContract = db.prepare('UPDATE contracts SET version = ?, stage = ?, paid = ?, update_date = ? WHERE id = ?');
  }

  /** A later version of a tender, found at `at`; `current`: the tender's row becomes it when written. */
  scheduleTenderVersion(at: number, tenderId: number, version: number, plan: VersionPlan, current: boolean): void {
    this.queue.push({ kind: 'tender-version', at, order: this.order++, tenderId, version, plan, current });
  }

  /**
   * A contract of a completed tender, found at `at`; its own later steps are planned when it is written (paid
   * on schedule when `punctual`, see punctualEvents).
   */
  scheduleContract(at: number, draft: ContractDraft, punctual = false): void {
    this.queue.push({ kind: 'contract', at, order: this.order++, draft, punctual });
  }

  scheduleContractVersion(
    at: number,
    contractId: number,
    version: number,
    step: { stage: number; paidKopecks: number; update: number },
    current: boolean,
  ): void {
    this.queue.push({ kind: 'contract-version', at, order: this.order++, contractId, version, ...step, current });
  }

  /** Writes every event found at or before `at`. */
  drainUntil(at: number): void {
    for (let next = this.queue.peek(); next && next.at <= at; next = this.queue.peek()) this.emit(this.queue.pop()!);
  }

  /**
   * Writes tender `id` (drafted as published at its plan's time, unless its draft is given) when it is found,
   * queueing what follows.
   */
  writeTender(id: number, plan: TenderPlan, draft: TenderDraft = draftTender(this.world, id, plan.publish)): void {
    resolvePrices(plan, draft.initialPriceKopecks);
    const first = plan.versions[0]!;
    this.drainUntil(first.discovered);
    const current = { ...plan.versions[plan.versions.length - 1]!, version: plan.versions.length };
    insertTender(this.st, draft, this.world.customer(draft.customer_id).name, plan.publish, first, current, ++this.seq);
    plan.versions.slice(1).forEach((v, i) => this.scheduleTenderVersion(v.discovered, id, i + 2, v, false));
    if (plan.contract) {
      const drafts = draftContracts(this.world, draft, current.priceKopecks, plan.contract.sign);
      drafts.forEach((d, i) => this.scheduleContract(plan.contract!.discovered + i, d, plan.contract!.punctual === true));
    }
  }

  get pending(): number {
    return this.queue.size;
  }

  /** Writes up to `max` queued events; returns how many it wrote. */
  flush(max = Number.POSITIVE_INFINITY): number {
    let written = 0;
    while (this.queue.size > 0 && written < max) {
      this.emit(this.queue.pop()!);
      written++;
    }
    return written;
  }

  private emit(item: Pending): void {
    const seq = ++this.seq;
    const st = this.st;
    if (item.kind === 'tender-version') {
      const p = item.plan;
      const [price, end, update] = [rubles(p.priceKopecks), mskIso(p.end), mskIso(p.update)];
      st.tenderVersion.run(item.tenderId, item.version, seq, p.status, price, end, update);
      st.log.run(seq, 'tender', item.tenderId, item.version, mskIso(item.at));
      if (item.current) this.updateTender.run(item.version, p.status, price, end, update, item.tenderId);
    } else if (item.kind === 'contract') {
      const id = ++this.contractId;
      const draft = item.draft;
      const seed = this.world.seed;
      const schedule = contractSchedule(seed, draft.tender_id, draft.index, draft.priceKopecks, draft.sign);
      const events = item.punctual ? punctualEvents(schedule) : contractEvents(seed, draft, schedule);
      const versions = contractVersions(events, draft.sign, item.at, rngFor(seed, STREAM.contract, draft.tender_id, draft.index, 2), this.anchor);
      insertContract(st, id, draft, versions, seq, item.at);
      versions.slice(1).forEach((v, i) => this.scheduleContractVersion(v.discovered, id, i + 2, v, false));
    } else {
      const [paid, update] = [rubles(item.paidKopecks), mskIso(item.update)];
      st.contractVersion.run(item.contractId, item.version, seq, item.stage, paid, update);
      st.log.run(seq, 'contract', item.contractId, item.version, mskIso(item.at));
      if (item.current) this.updateContract.run(item.version, item.stage, paid, update, item.contractId);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------------------

function writeOrganizations(db: Database.Database, st: CatalogueStatements, seed: number, tenders: number): { names: string[]; addresses: string[]; regions: Uint8Array; inns: string[] } {
  const { customers, suppliers } = catalogueSize(tenders);
  const used = new Set<string>();
  const names: string[] = [];
  const addresses: string[] = [];
  const inns: string[] = [];
  const regions = new Uint8Array(customers);
  db.transaction(() => {
    for (let i = 0; i < customers; i++) {
      const c = makeCustomer(seed, i, used);
      st.organization.run(c.id, c.inn, c.kpp, c.ogrn, c.name, c.address.full, c.region);
      names.push(c.name);
      addresses.push(c.address.full);
      inns.push(c.inn);
      regions[i] = c.region;
    }
    for (let j = 0; j < suppliers; j++) {
      const s = makeSupplier(seed, j, customers + 1, used);
      st.organization.run(s.id, s.inn, s.kpp, s.ogrn, s.name, s.address.full, s.region);
    }
  })();
  return { names, addresses, regions, inns };
}

/**
 * Fills the catalogue tables of `db` (which must already have `catalogueSchema`) for `tenders` tenders, as
 * of the anchor of `now`. Same seed, size and anchor day give byte-identical rows. Pragmas are the caller's
 * choice.
 */
export function generateCatalogue(db: Database.Database, opts: GenerateOptions): void {
  const { seed, tenders: total, onProgress } = opts;
  if (!Number.isInteger(total) || total < 1) throw new RangeError(`tenders must be a positive integer, got ${total}`);
  const anchor = catalogueAnchor(opts.now ?? Math.floor(Date.now() / 1000));
  const st = prepareStatements(db);
  const pools = buildPools(seed, total);
  const orgs = writeOrganizations(db, st, seed, total);
  const tenderSerials = new Uint32Array(pools.customers + 1);
  const contractSerials = new Uint32Array(pools.customers + 1);
  const world: World = {
    seed,
    pools,
    customer: (id) => ({ name: orgs.names[id - 1]!, address: orgs.addresses[id - 1]!, region: orgs.regions[id - 1]!, inn: orgs.inns[id - 1]! }),
    nextTenderSerial: (id) => ++tenderSerials[id]!,
    nextContractSerial: (id) => ++contractSerials[id]!,
  };
  const writer = new DiscoveryWriter(db, st, world, anchor, 0, 0);

  db.transaction(() => {
    st.meta.run('seed', String(seed));
    st.meta.run('tenders', String(total));
    st.meta.run('anchor', mskIso(anchor));
    st.meta.run(WORLD_TIME_KEY, mskIso(anchor));
    st.meta.run('next_tick', '0');
  })();

  const archive = new Set(archivalTenderIds(anchor));
  const batch = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      if (!archive.has(id)) {
        writer.writeTender(id, planTender(seed, id, total, anchor));
        continue;
      }
      const plan = archivePlan();
      writer.writeTender(id, plan, draftArchivalTender(world, plan.publish));
    }
  });
  for (let from = 1; from <= total; from += BATCH_TENDERS) {
    const to = Math.min(total, from + BATCH_TENDERS - 1);
    batch(from, to);
    onProgress?.(to, total);
  }
  const flush = db.transaction(() => writer.flush(50_000));
  while (writer.pending > 0) flush();
}
