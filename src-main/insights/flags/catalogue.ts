/**
 * The red flags we raise, each with its definition, its source (the Open Contracting Partnership's "Red
 * flags for integrity" indicator and/or the article of the law) and the fields it needs, with whether the
 * API reference guarantees them (docs/api-decisions.md, "Red flags"). The thresholds are here,
 * beside the words that state them, so the text and the engine cannot drift apart. Pure.
 */
import type { FlagDefinition } from '../../domain/insights';
import { text } from '../../i18n/text';

export const FLAG_CODES = [
  'short_submission',
  'price_near_estimate',
  'single_supplier_share',
  'supplier_concentration',
  'below_threshold',
  'price_rise',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

/** The objects each flag judges, and so what its gaps and its checked count count. */
export const FLAG_OBJECT_KIND: Readonly<Record<FlagCode, 'tender' | 'contract' | 'customer'>> = {
  short_submission: 'tender',
  price_near_estimate: 'contract',
  single_supplier_share: 'customer',
  supplier_concentration: 'contract',
  below_threshold: 'contract',
  price_rise: 'contract',
};

/**
 * Fields a card brings when the feed object lacks them (API reference: a tender card adds `placement_type` and
 * positions with `okpd2_code`; a contract card adds only positions, so a contract's price, customer or tender
 * come with no card). Loading the cards (enrichment) is then the remedy for a gap on these.
 */
export const FIELDS_IN_CARD: ReadonlySet<string> = new Set(['tender.placement_type', 'tender.okpd2']);

/** R031: the contract price is at least this share of the initial price, percent. */
export const NEAR_ESTIMATE_PCT = 99;

/**
 * The single-supplier share of a customer is "far above its peers" when it is at least the EU Single Market
 * Scoreboard's "high" line for direct awards (10 %) AND above the 90th percentile of its peers' shares.
 * Peers are the other customers in the cache with at least MIN_KNOWN tenders of known placement type; the
 * customer needs as many itself, and at least MIN_PEERS peers are needed for a percentile worth the name.
 * The percentile interpolates linearly (Excel's PERCENTILE.INC, as the price benchmark's quartiles).
 */
export const SINGLE_SHARE = { floorPct: 10, percentile: 0.9, minKnown: 10, minPeers: 10 } as const;

/** Highly concentrated above this HHI (domain/insights.ts); a group needs MIN_CONTRACTS priced contracts. */
export const CONCENTRATION = { hhiAbove: 2500, minContracts: 5 } as const;

/**
 * 44-FZ art. 93 part 1: item 4 (any customer) and item 5 (cultural, educational and similar institutions)
 * allow a single-supplier contract of at most 600 000 rubles. "Just below" is the band from 95 % of the
 * threshold up to it. Item 4's amount is confirmed (600 000 since 2020, with an annual cap of 2 mln or 10 %
 * of the customer's purchases, at most 50 mln); for item 5 we found only the older 400 000 wording and take
 * 600 000 as the current one, unverified.
 */
export const THRESHOLDS = [{ amount: 600_000, items: text('п. 4 и 5', 'items 4 and 5') }] as const;
export const BELOW_BAND_PCT = 95;

/** 44-FZ art. 95 part 1 item 1 "b": the price may grow with the quantity by at most 10 % of the contract price. */
export const PRICE_RISE_MAX_PCT = 10;

/** In FLAG_CODES order (a test checks it); typed by the domain's shape so callers key it by any code string. */
export const FLAG_CATALOGUE: readonly FlagDefinition[] = [
  {
    code: 'short_submission',
    title: text('Короткий срок подачи заявок', 'Short submission period'),
    definition: text(
      'Между публикацией извещения и окончанием подачи заявок меньше дней, чем закон требует для этого способа закупки и начальной цены. Дни считаются по московскому календарю со дня после публикации по день окончания включительно; где применимы несколько минимумов (цена или ОКПД2 не переданы, закупка 223-ФЗ может быть только для МСП), берётся меньший; праздники не учитываются (считаются рабочими).',
      'Fewer days passed between the notice and the deadline for bids than the law requires for this procedure and initial price. Days are Moscow calendar days from the day after publication up to and including the deadline day; where several minimums could apply (no price or OKPD2 sent, a 223-FZ purchase may be reserved for small businesses), the lower one is used; public holidays are not known and count as working days.',
    ),
    source: text(
      'Индикатор R003 «Короткий срок подачи заявок» руководства «Красные флаги добросовестности» Партнёрства за открытые контракты (OCP); 44-ФЗ ст. 42 ч. 3 (аукцион: 7 дней, 15 дней при НМЦК свыше 300 млн ₽, для строительства свыше 2 млрд ₽; конкурс 15 дней; котировки 1 рабочий день); 223-ФЗ ст. 3.2 и 3.4',
      'OCP R003 "Short submission period"; 44-FZ art. 42(3) (auction: 7 days, 15 days above 300 mln ₽ initial price, 2 bln ₽ for construction; competition 15 days; quotations 1 working day); 223-FZ art. 3.2 and 3.4',
    ),
    needs: [
      { field: 'tender.publish_date', guaranteed: true },
      { field: 'tender.end_date', guaranteed: true },
      { field: 'tender.price', guaranteed: true },
      { field: 'tender.placement_type (card only)', guaranteed: false },
      { field: 'tender.law (or a 19/11-digit etp_id)', guaranteed: false },
      { field: 'tender.okpd2', guaranteed: false },
    ],
  },
  {
    code: 'price_near_estimate',
    title: text('Цена контракта почти равна начальной', 'Contract price close to the initial price'),
    definition: text(
      `Цена контракта не ниже ${NEAR_ESTIMATE_PCT} % начальной (максимальной) цены его закупки: торг почти не снизил цену. Закупки у единственного поставщика не проверяются.`,
      `The contract price is at least ${NEAR_ESTIMATE_PCT} % of its tender's initial (maximum) price: bidding hardly lowered it. Single-supplier purchases are not checked.`,
    ),
    source: text('Индикатор R031 «Цена победителя близка к оценочной» руководства «Красные флаги добросовестности» Партнёрства за открытые контракты (OCP)', 'OCP R031 "Winning bid price very close to the estimated price"'),
    needs: [
      { field: 'contract.price', guaranteed: false },
      { field: 'contract.tender_id', guaranteed: false },
      { field: 'tender.price', guaranteed: true },
    ],
  },
  {
    code: 'single_supplier_share',
    title: text('Много закупок у единственного поставщика', 'Many single-supplier purchases'),
    definition: text(
      `Доля закупок заказчика у единственного поставщика (среди его закупок с известным способом) не ниже ${SINGLE_SHARE.floorPct} % и выше ${SINGLE_SHARE.percentile * 100}-го перцентиля долей других заказчиков в кэше. Считаются заказчики, у которых не меньше ${SINGLE_SHARE.minKnown} закупок с известным способом; нужно не меньше ${SINGLE_SHARE.minPeers} таких других заказчиков.`,
      `The customer's share of single-supplier purchases (among its purchases of known placement type) is at least ${SINGLE_SHARE.floorPct} % and above the ${SINGLE_SHARE.percentile * 100}th percentile of the other customers' shares in the cache. Only customers with at least ${SINGLE_SHARE.minKnown} purchases of known placement type count; at least ${SINGLE_SHARE.minPeers} such other customers are needed.`,
    ),
    source: text(
      `Единое табло рынка ЕС (Single Market Scoreboard): доля прямых закупок ${SINGLE_SHARE.floorPct} % и выше — «высокая»`,
      `EU Single Market Scoreboard: a direct-award share of ${SINGLE_SHARE.floorPct} % or more is "high"`,
    ),
    needs: [{ field: 'tender.placement_type (card only)', guaranteed: false }],
  },
  {
    code: 'supplier_concentration',
    title: text('Высокая концентрация поставщиков', 'High supplier concentration'),
    definition: text(
      `Индекс Херфиндаля–Хиршмана поставщиков заказчика в классе ОКПД2 выше ${CONCENTRATION.hhiAbove} (доли — от суммы цен контрактов; совместный контракт делится поровну). Считаются группы «заказчик × класс» с не менее чем ${CONCENTRATION.minContracts} контрактами с ценой; класс контракта — классы ОКПД2 его закупки.`,
      `The Herfindahl–Hirschman index of the customer's suppliers in an OKPD2 class is above ${CONCENTRATION.hhiAbove} (shares of the contracts' total price; a joint contract is split equally). Groups "customer × class" with at least ${CONCENTRATION.minContracts} priced contracts count; a contract's class is its tender's OKPD2 classes.`,
    ),
    source: text(
      'Руководство Минюста и FTC США по слияниям (2010): HHI выше 2 500 — «высококонцентрированный» рынок',
      'US DOJ and FTC Horizontal Merger Guidelines (2010): an HHI above 2,500 is "highly concentrated"',
    ),
    needs: [
      { field: 'contract.price', guaranteed: false },
      { field: 'contract.suppliers', guaranteed: true },
      { field: 'contract.customer.inn (or its tender)', guaranteed: false },
      { field: 'tender.okpd2', guaranteed: false },
    ],
  },
  {
    code: 'below_threshold',
    title: text('Цена чуть ниже порога закупки у единственного поставщика', 'Price just below the single-supplier threshold'),
    definition: text(
      `Контракт 44-ФЗ без конкурентной закупки (без закупки или с закупкой у единственного поставщика) стоит от ${BELOW_BAND_PCT} % до 100 % порога ${THRESHOLDS[0].amount.toLocaleString('ru-RU')} ₽ (ст. 93 ч. 1 п. 4 и 5): так выглядит дробление закупки.`,
      `A 44-FZ contract without a competitive procedure (no tender, or a single-supplier one) is priced from ${BELOW_BAND_PCT} % up to 100 % of the ${THRESHOLDS[0].amount.toLocaleString('en-US')} ₽ threshold (art. 93(1) items 4 and 5): what splitting a purchase looks like.`,
    ),
    source: text(
      '44-ФЗ, ст. 93 ч. 1 п. 4 и 5; индикатор R055 руководства «Красные флаги добросовестности» Партнёрства за открытые контракты (OCP): прямые закупки, которые вместе превышают порог открытой процедуры',
      '44-FZ, art. 93(1) items 4 and 5; OCP R055 (direct awards that together pass an open-procedure threshold)',
    ),
    needs: [
      { field: 'contract.price', guaranteed: false },
      { field: 'contract.law (or a 19-digit reestr_number)', guaranteed: false },
      { field: 'tender.placement_type (card only)', guaranteed: false },
    ],
  },
  {
    code: 'price_rise',
    title: text('Цена контракта выросла больше допустимого', 'Contract price rose beyond the legal limit'),
    definition: text(
      `Цена в одной из следующих версий контракта выше цены первой версии в кэше больше чем на ${PRICE_RISE_MAX_PCT} %. Видно только нам: мы храним каждую версию. Первая версия в кэше может быть не первой на сервере; другие пункты ст. 95 иногда допускают больше.`,
      `A later version of the contract states a price more than ${PRICE_RISE_MAX_PCT} % above the first version in the cache. Only we can see it: we keep every version. The first cached version may not be the server's first; other items of art. 95 sometimes allow more.`,
    ),
    source: text('44-ФЗ, ст. 95 ч. 1 п. 1 «б» (не более 10 % цены контракта)', '44-FZ, art. 95(1)(1)(b) (at most 10 % of the contract price)'),
    needs: [{ field: 'contract.price (in every version)', guaranteed: false }],
  },
];

export function flagDefinition(code: FlagCode): FlagDefinition {
  return FLAG_CATALOGUE.find((d) => d.code === code)!;
}
