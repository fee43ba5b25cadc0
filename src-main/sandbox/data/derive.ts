/**
 * The bulky parts of tenders and contracts, derived on demand from (seed, row) and never stored.
 *
 * A card of a million-tender catalogue must not cost a million stored position lists, so positions, lots,
 * documents, contacts and execution stages are recomputed from the seed and the stored row every time they
 * are shown. The catalogue generator uses the same functions (initial prices, lot sums, contract stages), so
 * what is stored and what is derived always agree.
 *
 * Money is computed in integer kopecks: positions of a version sum exactly to the version's price, lots are
 * sums of their positions, contract positions sum exactly to the contract price.
 */

import {
  EIS_NOTICE_PATHS,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  MALE_NAMES,
  PATRONYMICS,
  SURNAMES,
  feminineSurname,
  ktruCode,
  okpd2Entry,
  regionByCode,
  topicByKey,
  translit,
  type Okpd2Info,
  type TopicKey,
} from './dictionaries';
import { rngFor, STREAM, type Rng } from './rng';
import { documentPath, planDocuments } from './documentPlan';
import {
  DAY,
  PURCHASE_TYPE,
  mskDayStart,
  mskIso,
  rubles,
  unixSeconds,
  kopecks,
  type ContractRow,
  type ContractVersionRow,
  type OrganizationRow,
  type TenderRow,
  type TenderVersionRow,
} from './rows';

export const MIN_PRICE_KOPECKS = 50_000 * 100;
export const MAX_PRICE_KOPECKS = 500_000_000 * 100;

/** What derivation needs of a tender: its identity and the shape fixed at publication. */
export type TenderShape = Pick<TenderRow, 'id' | 'okpd2' | 'positions_count' | 'lots_count' | 'purchase_type'>;

export interface Position {
  lot_ordinal: number;
  position_ordinal: number;
  title: string;
  characteristics: string;
  quantity: number;
  unit: string;
  price: number;
  amount: number;
  okpd2_code: string;
  okpd2_name: string;
  ktru_code: string | null;
  ktru_name: string | null;
}

export interface Lot {
  ordinal: number;
  title: string;
  price: number;
}

export interface TenderDocument {
  id: number;
  name: string;
  url: string;
  extension: string;
}

export interface Person {
  name: string;
  phone: string;
  email: string;
}

export interface TenderExtras {
  /** Advance payment, percent of the contract price (0 when the contract pays only after acceptance). */
  advance: number;
  source_url: string;
  administrator: Person;
  lots: Lot[];
  documents: TenderDocument[];
}

export interface ContractStagePlan {
  ordinal: number;
  planned: number;
  amountKopecks: number;
}

export interface ContractSchedule {
  executionEnd: number;
  stages: ContractStagePlan[];
}

export interface ContractStage {
  ordinal: number;
  planned_date: string;
  amount: number;
  paid: number;
}

export interface ContractExtras {
  execution_end_date: string;
  stages: ContractStage[];
}

// ---------------------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------------------

export function tenderCodes(tender: Pick<TenderRow, 'okpd2'>): string[] {
  return tender.okpd2.split(' ');
}

export function tenderTopic(tender: Pick<TenderRow, 'okpd2'>): TopicKey {
  return okpd2Entry(tenderCodes(tender)[0]!).topic;
}

const MIN_RUBLES = MIN_PRICE_KOPECKS / 100;
const MAX_RUBLES = MAX_PRICE_KOPECKS / 100;
const MAX_QUANTITY = 200_000;
const SERVICE_UNIT = 'усл. ед';

/**
 * How many positions a tender of these codes may have: a tender buys a few CT scanners or buildings, not
 * dozens, so the dearest item's lowest price × the positions stays within a tenth of the price ceiling.
 */
export function positionsCap(codes: readonly string[]): number {
  const lowest = Math.max(...codes.map((c) => okpd2Entry(c).unitPrice[0]));
  return Math.max(1, Math.floor(MAX_RUBLES / 10 / lowest));
}

// ---------------------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------------------

interface PositionSeed {
  ordinal: number;
  entry: Okpd2Info;
  variant: number;
  weight: number;
  typicalUnitPrice: number;
}

/** Everything about position `ordinal` that does not depend on the price, drawn in a fixed order. */
function positionSeed(seed: number, tender: TenderShape, codes: readonly string[], ordinal: number): PositionSeed {
  const rng = rngFor(seed, STREAM.position, tender.id, ordinal);
  const weight = Math.exp(0.8 * rng.normal());
  const drawnCode = rng.int(0, codes.length - 1);
  // Every code of the tender's okpd2 column appears: the first positions take them in order.
  const entry = okpd2Entry(codes[ordinal <= codes.length ? ordinal - 1 : drawnCode]!);
  const variant = rng.int(0, entry.items.length - 1);
  const [low, high] = entry.unitPrice;
  const typicalUnitPrice = Math.exp(rng.range(Math.log(low), Math.log(high)));
  return { ordinal, entry, variant, weight, typicalUnitPrice };
}

function lotOf(tender: TenderShape, ordinal: number): number {
  return Math.floor(((ordinal - 1) * tender.lots_count) / tender.positions_count) + 1;
}

/** Number of positions of lot 1; a second contract of a tender covers the positions after them. */
export function firstLotSize(tender: TenderShape): number {
  return Math.ceil(tender.positions_count / tender.lots_count);
}

interface PricedTender {
  seeds: PositionSeed[];
  quantities: number[];
  /** Each position's share of any price of the tender: quantity × its unit price at the initial price. */
  basis: number[];
  /** The initial price (first version), kopecks. */
  initialKopecks: number;
}

const pricedCache = new Map<string, PricedTender>();

/**
 * What the customer aims to spend, rubles: log-normal around the topic's median within the law's bounds.
 * Truncated rather than clamped, so that no price pile-up sits at the bounds.
 */
function targetRubles(rng: Rng, topic: TopicKey): number {
  const median = topicByKey(topic).medianPrice;
  let value = median * Math.exp(1.05 * rng.normal());
  for (let i = 0; i < 8 && (value < MIN_RUBLES || value >= MAX_RUBLES); i++) value = median * Math.exp(1.05 * rng.normal());
  return Math.min(MAX_RUBLES - 1, Math.max(MIN_RUBLES, value));
}

/**
 * Quantities and unit prices of the positions, and from them the initial price. The price follows what is
 * bought (eight CT scanners are not 371 000 ₽): each counted item keeps a unit price within its
 * OKPD2 class's typical range and the customer's target only decides how many are bought; a service or work
 * («усл. ед», one of it) is priced within its range as near the target as it allows. The total is then
 * kept within 50 000 – 500 000 000 ₽ by buying more or fewer items.
 */
function pricedTender(seed: number, tender: TenderShape): PricedTender {
  const key = `${seed}:${tender.id}:${tender.positions_count}:${tender.okpd2}`;
  const cached = pricedCache.get(key);
  if (cached) return cached;
  const codes = tenderCodes(tender);
  const seeds: PositionSeed[] = [];
  let weightSum = 0;
  for (let p = 1; p <= tender.positions_count; p++) {
    const s = positionSeed(seed, tender, codes, p);
    seeds.push(s);
    weightSum += s.weight;
  }
  const rng = rngFor(seed, STREAM.price, tender.id);
  const target = targetRubles(rng, okpd2Entry(codes[0]!).topic);
  const quantities: number[] = [];
  const units: number[] = [];
  for (const s of seeds) {
    const share = (target * s.weight) / weightSum;
    const [low, high] = s.entry.unitPrice;
    if (s.entry.unit === SERVICE_UNIT) {
      quantities.push(1);
      units.push(Math.min(high, Math.max(low, share)));
    } else {
      quantities.push(Math.max(1, Math.min(MAX_QUANTITY, Math.round(share / s.typicalUnitPrice))));
      units.push(s.typicalUnitPrice);
    }
  }
  const sum = (): number => quantities.reduce((total, q, i) => total + q * units[i]!, 0);
  let total = sum();
  for (let pass = 0; pass < 3 && (total > MAX_RUBLES * 0.95 || total < MIN_RUBLES * 1.05); pass++) {
    const factor = total > MAX_RUBLES * 0.95 ? (MAX_RUBLES * 0.9) / total : (MIN_RUBLES * 1.2) / total;
    seeds.forEach((s, i) => {
      const [low, high] = s.entry.unitPrice;
      if (s.entry.unit === SERVICE_UNIT) units[i] = Math.min(high, Math.max(low, units[i]! * factor));
      else quantities[i] = Math.max(1, Math.min(MAX_QUANTITY, Math.round(quantities[i]! * factor)));
    });
    total = sum();
  }
  if (total > MAX_RUBLES * 0.95 || total < MIN_RUBLES * 1.05) {
    // Out of reach by quantities alone (one service below the floor): the unit prices move, a little.
    const factor = Math.min(MAX_RUBLES * 0.95, Math.max(MIN_RUBLES * 1.05, total)) / total;
    for (let i = 0; i < units.length; i++) units[i] = units[i]! * factor;
    total = sum();
  }
  // Most initial prices come from averaging quotes and carry kopecks; some are rounded by the customer.
  const written = rng.chance(0.2) ? Math.round(total / 100) * 10_000 : Math.round(total) * 100 + rng.int(0, 99);
  const initialKopecks = Math.min(MAX_PRICE_KOPECKS - 100, Math.max(MIN_PRICE_KOPECKS, written));
  const basis = quantities.map((q, i) => q * units[i]!);
  const priced = { seeds, quantities, basis, initialKopecks };
  if (pricedCache.size > 256) pricedCache.clear();
  pricedCache.set(key, priced);
  return priced;
}

/**
 * The initial price of a tender (its first version), in kopecks: the sum of its positions at their typical
 * unit prices (see pricedTender). Later versions change it; quantities stay the same across versions.
 */
export function initialPriceKopecks(seed: number, tender: TenderShape): number {
  return pricedTender(seed, tender).initialKopecks;
}

/**
 * Splits `totalKopecks` over positions in proportion to their basis. Unit prices are whole kopecks and
 * rounded down, so every amount but the last is exactly quantity × price and the last takes the remainder.
 */
function allocate(totalKopecks: number, basis: readonly number[], quantities: readonly number[]): { unit: number[]; amount: number[] } {
  let basisSum = 0;
  for (const b of basis) basisSum += b;
  const unit: number[] = [];
  const amount: number[] = [];
  let allocated = 0;
  for (let i = 0; i < basis.length - 1; i++) {
    const u = Math.floor((totalKopecks * basis[i]!) / basisSum / quantities[i]!);
    unit.push(u);
    amount.push(u * quantities[i]!);
    allocated += u * quantities[i]!;
  }
  const last = totalKopecks - allocated;
  unit.push(Math.round(last / quantities[basis.length - 1]!));
  amount.push(last);
  return { unit, amount };
}

function characteristics(rng: Rng, s: PositionSeed): string {
  const specs = s.entry.chars ?? topicByKey(s.entry.topic).chars;
  const count = Math.min(specs.length, rng.int(2, 3));
  const start = rng.int(0, specs.length - 1);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const [name, values] = specs[(start + i) % specs.length]!;
    parts.push(`${name}: ${rng.pick(values)}`);
  }
  return parts.join('; ');
}

/** KTRU serials are stable per product, so the same laptop has the same KTRU position in every tender. */
function ktruSerial(code: string, variant: number): number {
  let h = 2166136261;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 16777619) >>> 0;
  return 1 + ((h + variant * 131) % 4000);
}

function usesKtru(rng: Rng, s: PositionSeed, purchaseType: number): boolean {
  const chance = purchaseType === PURCHASE_TYPE.fz44 ? 0.8 : purchaseType === PURCHASE_TYPE.fz223 ? 0.25 : 0;
  return rng.chance(chance) && s.entry.ktru;
}

/**
 * The descriptive part of a position comes from its own sub-stream, so a contract's position reads exactly
 * like the tender's position it was made from.
 */
function buildPosition(
  seed: number,
  s: PositionSeed,
  tender: TenderShape,
  ordinal: number,
  quantity: number,
  unitKopecks: number,
  amountKopecks: number,
): Position {
  const rng = rngFor(seed, STREAM.position, tender.id, s.ordinal, 1);
  const title = s.entry.items[s.variant]!;
  const chars = characteristics(rng, s);
  const ktru = usesKtru(rng, s, tender.purchase_type);
  return {
    lot_ordinal: lotOf(tender, s.ordinal),
    position_ordinal: ordinal,
    title,
    characteristics: chars,
    quantity,
    unit: s.entry.unit,
    price: rubles(unitKopecks),
    amount: rubles(amountKopecks),
    okpd2_code: s.entry.code,
    okpd2_name: s.entry.name,
    ktru_code: ktru ? ktruCode(s.entry.code, ktruSerial(s.entry.code, s.variant)) : null,
    ktru_name: ktru ? title : null,
  };
}

/** Amounts (kopecks) of all positions of a tender at a price. */
export function tenderPositionAmounts(seed: number, tender: TenderShape, priceKopecks: number): number[] {
  const { basis, quantities } = pricedTender(seed, tender);
  return allocate(priceKopecks, basis, quantities).amount;
}

function pageRange(total: number, page: number, limit: number): [number, number] {
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`page and limit must be positive integers, got ${page} and ${limit}`);
  }
  const from = (page - 1) * limit;
  return [Math.min(from, total), Math.min(from + limit, total)];
}

/** Positions `page` (1-based) of `limit` of a tender's version; an empty array past the end. */
export function tenderPositions(
  seed: number,
  tender: TenderShape,
  version: Pick<TenderVersionRow, 'price'>,
  page: number,
  limit: number,
): Position[] {
  const { seeds, quantities, basis } = pricedTender(seed, tender);
  const { unit, amount } = allocate(kopecks(version.price), basis, quantities);
  const [from, to] = pageRange(seeds.length, page, limit);
  const out: Position[] = [];
  for (let i = from; i < to; i++) out.push(buildPosition(seed, seeds[i]!, tender, i + 1, quantities[i]!, unit[i]!, amount[i]!));
  return out;
}

/** One position (1-based ordinal) of a tender's version. */
export function tenderPosition(
  seed: number,
  tender: TenderShape,
  version: Pick<TenderVersionRow, 'price'>,
  ordinal: number,
): Position {
  if (!Number.isInteger(ordinal) || ordinal < 1 || ordinal > tender.positions_count) {
    throw new RangeError(`tender ${tender.id} has no position ${ordinal}`);
  }
  return tenderPositions(seed, tender, version, ordinal, 1)[0]!;
}

/** Lots of a tender's version: consecutive blocks of positions, priced as the sums of their positions. */
export function tenderLots(seed: number, tender: TenderShape & Pick<TenderRow, 'title'>, version: Pick<TenderVersionRow, 'price'>): Lot[] {
  const { seeds } = pricedTender(seed, tender);
  const amounts = tenderPositionAmounts(seed, tender, kopecks(version.price));
  const lots: Lot[] = [];
  for (let i = 0; i < seeds.length; i++) {
    const ordinal = lotOf(tender, i + 1);
    let lot = lots[ordinal - 1];
    if (!lot) {
      const shortName = seeds[i]!.entry.name.split(',')[0]!;
      lot = { ordinal, title: tender.lots_count === 1 ? tender.title : `Лот № ${ordinal}: ${shortName}`, price: 0 };
      lots.push(lot);
    }
    lot.price += amounts[i]!;
  }
  for (const lot of lots) lot.price = rubles(lot.price);
  return lots;
}

// ---------------------------------------------------------------------------------------------------------
// Contracts
// ---------------------------------------------------------------------------------------------------------

/**
 * Which of a tender's contracts this is. A tender has one contract covering all positions, or (multi-lot)
 * two: the first covers lot 1, the second the other lots; the generator keeps the two sizes different so the
 * contract row alone tells them apart.
 */
export function contractIndex(contract: Pick<ContractRow, 'positions_count'>, tender: TenderShape): 0 | 1 {
  if (contract.positions_count >= tender.positions_count) return 0;
  return contract.positions_count === firstLotSize(tender) ? 0 : 1;
}

function contractSlice(
  seed: number,
  contract: Pick<ContractRow, 'positions_count'>,
  tender: TenderShape,
): Pick<PricedTender, 'seeds' | 'quantities' | 'basis'> {
  const { seeds, quantities, basis } = pricedTender(seed, tender);
  const offset = contractIndex(contract, tender) === 0 ? 0 : tender.positions_count - contract.positions_count;
  const end = offset + contract.positions_count;
  return { seeds: seeds.slice(offset, end), quantities: quantities.slice(offset, end), basis: basis.slice(offset, end) };
}

/**
 * Positions `page` of `limit` of a contract: the tender's positions it covers, priced to the contract price.
 * A contract's versions change only its execution (stage, paid), so every version has the same positions;
 * `version` is accepted for symmetry with the tender functions.
 */
export function contractPositions(
  seed: number,
  contract: Pick<ContractRow, 'positions_count' | 'price'>,
  tender: TenderShape,
  _version: Pick<ContractVersionRow, 'version'> | null,
  page: number,
  limit: number,
): Position[] {
  const { seeds, quantities, basis } = contractSlice(seed, contract, tender);
  const { unit, amount } = allocate(kopecks(contract.price), basis, quantities);
  const [from, to] = pageRange(seeds.length, page, limit);
  const out: Position[] = [];
  for (let i = from; i < to; i++) out.push(buildPosition(seed, seeds[i]!, tender, i + 1, quantities[i]!, unit[i]!, amount[i]!));
  return out;
}

export function contractPosition(
  seed: number,
  contract: Pick<ContractRow, 'positions_count' | 'price'>,
  tender: TenderShape,
  version: Pick<ContractVersionRow, 'version'> | null,
  ordinal: number,
): Position {
  if (!Number.isInteger(ordinal) || ordinal < 1 || ordinal > contract.positions_count) {
    throw new RangeError(`contract has no position ${ordinal}`);
  }
  return contractPositions(seed, contract, tender, version, ordinal, 1)[0]!;
}

/**
 * Execution plan of a contract: a term of 20–150 days after signing split into 1–3 stages whose amounts sum
 * to the price. The generator pays stages along this plan, so `paid` always is a sum of whole stages.
 */
export function contractSchedule(seed: number, tenderId: number, index: number, priceKopecks: number, signSec: number): ContractSchedule {
  const rng = rngFor(seed, STREAM.schedule, tenderId, index);
  const termDays = rng.int(20, 150);
  const count = rng.weighted([[1, 50], [2, 30], [3, 20]] as const);
  const weights: number[] = [];
  for (let k = 0; k < count; k++) weights.push(rng.range(0.7, 1.3));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const stages: ContractStagePlan[] = [];
  let allocated = 0;
  for (let k = 0; k < count; k++) {
    const amountKopecks = k === count - 1 ? priceKopecks - allocated : Math.floor((priceKopecks * weights[k]!) / weightSum);
    allocated += amountKopecks;
    const planned = mskDayStart(signSec + Math.round((termDays * (k + 1)) / count) * DAY);
    stages.push({ ordinal: k + 1, planned, amountKopecks });
  }
  return { executionEnd: stages[stages.length - 1]!.planned, stages };
}

/**
 * Execution of a contract: the planned end and the stages with what is paid of each. `paid` is taken from
 * `version` when given (a card of an older version), else from the contract row (the current version).
 */
export function deriveContractExtras(
  seed: number,
  contract: Pick<ContractRow, 'positions_count' | 'price' | 'paid' | 'sign_date'>,
  tender: TenderShape,
  _supplier?: OrganizationRow,
  version?: Pick<ContractVersionRow, 'paid'>,
): ContractExtras {
  const schedule = contractSchedule(seed, tender.id, contractIndex(contract, tender), kopecks(contract.price), unixSeconds(contract.sign_date));
  let unpaid = kopecks((version ?? contract).paid);
  const stages = schedule.stages.map((s) => {
    const paid = Math.min(unpaid, s.amountKopecks);
    unpaid -= paid;
    return { ordinal: s.ordinal, planned_date: mskIso(s.planned), amount: rubles(s.amountKopecks), paid: rubles(paid) };
  });
  return { execution_end_date: mskIso(schedule.executionEnd), stages };
}

// ---------------------------------------------------------------------------------------------------------
// Card extras
// ---------------------------------------------------------------------------------------------------------

function hex(rng: Rng, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) out += rng.next().toString(16).padStart(8, '0');
  return out;
}

function digitString(rng: Rng, length: number): string {
  let out = String(rng.int(1, 9));
  while (out.length < length) out += String(rng.int(0, 9));
  return out;
}

function phoneNumber(rng: Rng, code: string): string {
  const digits = digitString(rng, 10 - code.length);
  const tail = `${digits.slice(-4, -2)}-${digits.slice(-2)}`;
  return `+7 (${code}) ${digits.slice(0, -4)}-${tail}`;
}

function personName(rng: Rng): { surname: string; first: string; patronymic: string } {
  const female = rng.chance(0.7);
  const surname = rng.pick(SURNAMES);
  const [male, fem] = rng.pick(PATRONYMICS);
  return female
    ? { surname: feminineSurname(surname), first: rng.pick(FEMALE_NAMES), patronymic: fem }
    : { surname, first: rng.pick(MALE_NAMES), patronymic: male };
}

/** A contact person of an organisation: local phone of its city, a personal or a procurement mailbox. */
export function contactPerson(rng: Rng, organization: Pick<OrganizationRow, 'id' | 'region' | 'address' | 'name'>): Person {
  const { surname, first, patronymic } = personName(rng);
  const region = regionByCode(organization.region);
  const city = region.cities.find((c) => organization.address.includes(`г. ${c.name},`)) ?? region.cities[0]!;
  const abbreviation = translit(organization.name.split(/[\s«]/)[0]!) || 'org';
  const mailbox = rng.chance(0.5)
    ? `${translit(surname)}.${translit(first[0]!)}${translit(patronymic[0]!)}`
    : rng.pick(['zakupki', 'goszakaz', 'tender', 'zakaz', 'info']);
  const domain = rng.chance(0.6) ? `${abbreviation}${organization.id}.ru` : rng.pick(EMAIL_DOMAINS);
  return {
    name: `${surname} ${first} ${patronymic}`,
    phone: phoneNumber(rng, city.phone),
    email: `${mailbox}@${domain}`,
  };
}

function advancePercent(rng: Rng, tender: Pick<TenderRow, 'purchase_type'>): number {
  if (tender.purchase_type === PURCHASE_TYPE.commercial) return rng.pick([0, 0, 30, 50]);
  return rng.chance(0.72) ? 0 : rng.pick([10, 15, 20, 30]);
}

function sourceUrl(rng: Rng, tender: Pick<TenderRow, 'etp_id' | 'purchase_type' | 'placement_type' | 'platform'>): string {
  if (tender.purchase_type === PURCHASE_TYPE.fz44) {
    return `https://zakupki.gov.ru/epz/order/notice/${EIS_NOTICE_PATHS[tender.placement_type] ?? 'ea20'}/view/common-info.html?regNumber=${tender.etp_id}`;
  }
  if (tender.purchase_type === PURCHASE_TYPE.fz223) {
    return `https://zakupki.gov.ru/epz/order/notice/notice223/common-info.html?regNumber=${tender.etp_id}`;
  }
  const number = tender.etp_id.replace(/\D/g, '');
  if (tender.platform === 9) return `https://www.fabrikant.ru/v2/trades/procedure/view/${hex(rng, 4)}`;
  if (tender.platform === 10) return `https://www.b2b-center.ru/market/view.html?id=${number}`;
  return `https://lot-online.ru/tenders/view/${number}`;
}

/**
 * Documents of a version (documentPlan.ts): their URLs are the sandbox's own file route under `fileOrigin`
 * (`http://127.0.0.1:PORT`; empty gives the path alone). At most nine documents, so `tender id × 10 + n` is a
 * globally unique document id.
 */
export function tenderDocuments(
  seed: number,
  tender: Pick<TenderRow, 'id' | 'purchase_type' | 'placement_type'>,
  version: Pick<TenderVersionRow, 'version' | 'status'>,
  fileOrigin = '',
): TenderDocument[] {
  return planDocuments(seed, tender, version).map((d, i) => ({
    id: tender.id * 10 + i + 1,
    name: d.name,
    url: fileOrigin + documentPath(tender.id, d),
    extension: d.extension,
  }));
}

/** The parts of a tender card that are not columns: advance, link, contact, lots, documents. */
export function deriveTenderExtras(
  seed: number,
  tender: TenderShape & Pick<TenderRow, 'etp_id' | 'placement_type' | 'platform' | 'title'>,
  customer: Pick<OrganizationRow, 'id' | 'region' | 'address' | 'name'>,
  version: Pick<TenderVersionRow, 'version' | 'status' | 'price'>,
  fileOrigin = '',
): TenderExtras {
  const rng = rngFor(seed, STREAM.extras, tender.id);
  return {
    advance: advancePercent(rng, tender),
    source_url: sourceUrl(rng, tender),
    administrator: contactPerson(rng, customer),
    lots: tenderLots(seed, tender, version),
    documents: tenderDocuments(seed, tender, version, fileOrigin),
  };
}
