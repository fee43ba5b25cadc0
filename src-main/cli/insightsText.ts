/**
 * The human side of `tenderwb analytics` and `tenderwb flags`: dossiers, competitors, the price
 * benchmark and red flags as readable Russian or English text (the app's locale, settings.json), money in the
 * Russian format, codes named (laws, statuses, stages by i18n/codes; a placement, region or OKPD2 class by the
 * label the answer carries, else by the query builder's dictionaries, i18n/dictionaries: the insight store keeps
 * a region's id, not the name the server sent). `--json` prints the answers themselves; nothing here decides a figure.
 */
import { moscowMomentText } from './moscowTime';
import type { CompetitorsAnswer, Completeness, CountBy, CustomerDossier, FlagDefinition, FlagsAnswer, MonthPoint, PriceBenchmark, RankedParty, StageCounts, SupplierDossier } from '../domain/insights';
import { contractStageName } from '../i18n/codes';
import { countByName } from '../i18n/dictionaries';
import { evidenceLines, fieldName, type EvidenceFormats } from '../i18n/flagEvidence';
import { count, NOUNS } from '../i18n/plural';
import type { Locale, Messages } from '../i18n/text';
import { formatInt, formatRub } from './output';
import { FLAG_OBJECT_KIND, type FlagCode } from '../insights/flags/catalogue';

const M: Messages<{
  customer: string;
  supplier: string;
  unnamed: string;
  tenders: string;
  byStatus: string;
  byLaw: string;
  byPlacement: string;
  contracts: string;
  suppliers: string;
  customers: string;
  reduction: string;
  reductionNone: string;
  single: string;
  singleNone: string;
  hhi: string;
  hhiNone: string;
  stages: string;
  paid: string;
  terminations: string;
  topSuppliers: string;
  topCustomers: string;
  regions: string;
  okpd2: string;
  timeline: string;
  month: string;
  inn: string;
  name: string;
  count: string;
  sum: string;
  share: string;
  medianReduction: string;
  completeness: string;
  completenessLine: string;
  withoutPrice: string;
  withoutTender: string;
  withoutPlacement: string;
  competitorsOf: string;
  search: string;
  list: string;
  prices: string;
  found: string;
  kept: string;
  homogeneous: string;
  notHomogeneous: string;
  homogeneityUnknown: string;
  outlierRule: string;
  units: string;
  none: string;
  flagsOf: string;
  allCache: string;
  noFlags: string;
  dismissed: string;
  evidence: string;
  source: string;
  priceSources: string;
  warnFewSources: string;
  warnNoticesOnly: string;
  warnKtruPooled: string;
  pricesEmpty: string;
  gap: string;
  gapInCard: string;
  gapNoTender: string;
  gapOfFlag: string;
  definition: string;
  stateRaised: string;
  stateClean: string;
  stateUnchecked: string;
  stateNothing: string;
  tender: string;
  contract: string;
  customerKind: string;
}> = {
  ru: {
    customer: 'Заказчик',
    supplier: 'Поставщик',
    unnamed: '(название не известно)',
    tenders: 'Закупки',
    byStatus: 'по статусу',
    byLaw: 'по закону',
    byPlacement: 'по способу',
    contracts: 'Контракты',
    suppliers: 'поставщиков',
    customers: 'заказчиков',
    reduction: 'Медианное снижение цены',
    reductionNone: 'нет контрактов с известной ценой закупки',
    single: 'Доля закупок у единственного поставщика',
    singleNone: 'способ закупки не известен ни для одной закупки',
    hhi: 'Концентрация поставщиков (HHI)',
    hhiNone: 'нет контрактов с ценой',
    stages: 'Этапы контрактов',
    paid: 'оплачено',
    terminations: 'расторжений',
    topSuppliers: 'Поставщики',
    topCustomers: 'Заказчики',
    regions: 'Регионы',
    okpd2: 'Классы ОКПД2',
    timeline: 'По месяцам (время московское)',
    month: 'Месяц',
    inn: 'ИНН',
    name: 'Название',
    count: 'Кол-во',
    sum: 'Сумма',
    share: 'Доля',
    medianReduction: 'Снижение',
    completeness: 'Полнота',
    completenessLine: 'контракты есть у {with} из {of} завершённых закупок',
    withoutPrice: 'контрактов без цены',
    withoutTender: 'контрактов без закупки в кэше',
    withoutPlacement: 'закупок без способа',
    competitorsOf: 'Конкуренты',
    search: 'поиск',
    list: 'список',
    prices: 'Цены',
    found: 'найдено позиций',
    kept: 'после отбрасывания выбросов',
    homogeneous: 'совокупность однородна (коэффициент вариации не больше 33 %)',
    notHomogeneous: 'совокупность НЕ однородна (коэффициент вариации больше 33 %)',
    homogeneityUnknown: 'однородность не оценить: меньше двух цен',
    outlierRule: 'Правило выбросов',
    units: 'Единицы измерения (цены в разных единицах несравнимы, укажите --unit)',
    none: 'нет',
    flagsOf: 'Красные флаги',
    allCache: 'весь кэш',
    noFlags: 'Флагов нет.',
    dismissed: 'отклонён аналитиком',
    evidence: 'основание',
    source: 'источник',
    priceSources: 'Источники цен: {objects} (контрактов: {contracts}, извещений: {notices}), заказчиков: {customers}, позиций КТРУ: {ktru}',
    warnFewSources: 'Внимание: цены из {objects} — меньше трёх источников, которых требует метод сопоставимых рыночных цен (приказ Минэкономразвития № 567 от 02.10.2013).',
    warnNoticesOnly: 'Внимание: все цены из извещений (начальные цены), ни одной из контрактов.',
    warnKtruPooled: 'Внимание: в выборке разные позиции КТРУ ({ktru}) под одним кодом: товары могут быть несопоставимы, уточните код КТРУ.',
    pricesEmpty: 'В кэше нет позиций с ценой по этому коду. Позиции есть только в карточках: загрузите их — tenderwb enrich (для уже полученных версий бесплатно).',
    gap: 'Не проверено: {objects} — нет данных: {field}{remedy}',
    gapInCard: ' (есть в карточке: загрузите карточки — tenderwb enrich)',
    gapNoTender: ' (загрузите закупки этих контрактов)',
    gapOfFlag: ' — флаг «{title}»',
    definition: 'определение',
    stateRaised: 'найдено {raised}, проверено {checked}',
    stateClean: 'проверено {checked}, не найдено',
    stateUnchecked: 'не проверено: нет нужных данных',
    stateNothing: 'проверять нечего',
    tender: 'закупка',
    contract: 'контракт',
    customerKind: 'заказчик',
  },
  en: {
    customer: 'Customer',
    supplier: 'Supplier',
    unnamed: '(name not known)',
    tenders: 'Tenders',
    byStatus: 'by status',
    byLaw: 'by law',
    byPlacement: 'by placement',
    contracts: 'Contracts',
    suppliers: 'suppliers',
    customers: 'customers',
    reduction: 'Median price reduction',
    reductionNone: 'no contract with a known tender price',
    single: 'Share of single-supplier purchases',
    singleNone: 'no tender states its placement type',
    hhi: 'Supplier concentration (HHI)',
    hhiNone: 'no contract with a price',
    stages: 'Contract stages',
    paid: 'paid',
    terminations: 'terminations',
    topSuppliers: 'Suppliers',
    topCustomers: 'Customers',
    regions: 'Regions',
    okpd2: 'OKPD2 classes',
    timeline: 'By month (Moscow time)',
    month: 'Month',
    inn: 'INN',
    name: 'Name',
    count: 'Count',
    sum: 'Sum',
    share: 'Share',
    medianReduction: 'Reduction',
    completeness: 'Completeness',
    completenessLine: 'contracts of {with} of {of} completed tenders are cached',
    withoutPrice: 'contracts without a price',
    withoutTender: 'contracts whose tender is not cached',
    withoutPlacement: 'tenders without a placement type',
    competitorsOf: 'Competitors',
    search: 'search',
    list: 'list',
    prices: 'Prices',
    found: 'positions found',
    kept: 'after dropping outliers',
    homogeneous: 'the set is homogeneous (coefficient of variation at most 33 %)',
    notHomogeneous: 'the set is NOT homogeneous (coefficient of variation above 33 %)',
    homogeneityUnknown: 'homogeneity cannot be judged: fewer than two prices',
    outlierRule: 'Outlier rule',
    units: 'Units (prices in different units are not comparable: give --unit)',
    none: 'none',
    flagsOf: 'Red flags',
    allCache: 'the whole cache',
    noFlags: 'No flags.',
    dismissed: 'dismissed by the analyst',
    evidence: 'evidence',
    source: 'source',
    priceSources: 'Price sources: {objects} ({contracts} contracts, {notices} notices), {customers} customers, {ktru} KTRU items',
    warnFewSources: 'Warning: the prices come from {objects}, fewer than the three sources the comparable market prices method asks for (Ministry of Economic Development order No. 567 of 2 Oct 2013).',
    warnNoticesOnly: 'Warning: every price is a notice\'s (an initial price), none a contract\'s.',
    warnKtruPooled: 'Warning: different KTRU items ({ktru}) are pooled under one code: the goods may not be comparable; give a KTRU code.',
    pricesEmpty: 'The cache holds no priced positions of this code. Positions come only with cards: load them — tenderwb enrich (free for versions already received).',
    gap: 'Not checked: {objects} — missing: {field}{remedy}',
    gapInCard: ' (the card has it: load the cards — tenderwb enrich)',
    gapNoTender: ' (load the tenders of these contracts)',
    gapOfFlag: ' — flag "{title}"',
    definition: 'definition',
    stateRaised: '{raised} found, {checked} checked',
    stateClean: '{checked} checked, none found',
    stateUnchecked: 'not checked: the data it needs is missing',
    stateNothing: 'nothing to check',
    tender: 'tender',
    contract: 'contract',
    customerKind: 'customer',
  },
};

const fill = (template: string, values: Record<string, string>): string => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

const pct = (value: number | null, locale: Locale): string =>
  value === null ? '—' : `${value.toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

/** Columns padded to their widest cell; the first row is the header. */
function table(rows: string[][], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows.map((row) => indent + row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - [...cell].length))).join('  ').trimEnd());
}

const counts = (items: CountBy[], name: (c: CountBy) => string): string =>
  items.map((c) => `${name(c)}: ${formatInt(c.count)}`).join('; ') || '—';

function parties(title: string, items: RankedParty[], locale: Locale): string[] {
  const m = M[locale];
  if (items.length === 0) return [`${title}: ${m.none}`];
  return [
    `${title}:`,
    ...table([
      [m.inn, m.count, m.sum, m.share, m.medianReduction, m.name],
      ...items.map((p) => [p.inn, formatInt(p.contracts), formatRub(p.total_price), pct(p.share_pct, locale), pct(p.median_reduction_pct, locale), p.name ?? m.unnamed]),
    ]),
  ];
}

function timeline(points: MonthPoint[], locale: Locale): string[] {
  const m = M[locale];
  if (points.length === 0) return [`${m.timeline}: ${m.none}`];
  return [
    `${m.timeline}:`,
    ...table([
      [m.month, m.tenders, m.sum, m.contracts, m.sum],
      ...points.map((p) => [p.month, formatInt(p.tenders), formatRub(p.tender_price), formatInt(p.contracts), formatRub(p.contract_price)]),
    ]),
  ];
}

const stageLine = (s: StageCounts, locale: Locale): string =>
  (['executing', 'completed', 'terminated', 'unknown'] as const).map((k) => `${contractStageName(k, locale)} ${formatInt(s[k])}`).join(', ');

function completenessLine(c: Completeness, locale: Locale): string {
  const m = M[locale];
  return (
    `${m.completeness}: ${fill(m.completenessLine, { with: formatInt(c.completed_tenders_with_contract), of: formatInt(c.completed_tenders) })}; ` +
    `${m.withoutPrice}: ${formatInt(c.contracts_without_price)}; ${m.withoutTender}: ${formatInt(c.contracts_without_tender)}; ${m.withoutPlacement}: ${formatInt(c.tenders_without_placement)}`
  );
}

const reductionLine = (median: number | null, sample: number, locale: Locale): string =>
  `${M[locale].reduction}: ${median === null ? M[locale].reductionNone : `${pct(median, locale)} (${count(sample, NOUNS.contract, locale)})`}`;

export function customerDossierText(d: CustomerDossier, locale: Locale): string {
  const m = M[locale];
  const single =
    d.single_supplier_share === null
      ? m.singleNone
      : `${pct(d.single_supplier_share * 100, locale)} (${count(d.tenders - d.completeness.tenders_without_placement, NOUNS.tender, locale)})`;
  return [
    `${m.customer} ${d.inn} — ${d.name ?? m.unnamed}`,
    `${m.tenders}: ${formatInt(d.tenders)}, ${formatRub(d.total_initial_price)}`,
    `  ${m.byStatus}: ${counts(d.tenders_by_status, (c) => countByName('status', c, locale))}`,
    `  ${m.byLaw}: ${counts(d.tenders_by_law, (c) => countByName('law', c, locale))}`,
    `  ${m.byPlacement}: ${counts(d.tenders_by_placement, (c) => countByName('placement', c, locale))}`,
    `${m.contracts}: ${formatInt(d.contracts)}, ${formatRub(d.total_price)}; ${m.suppliers}: ${formatInt(d.suppliers)}`,
    reductionLine(d.median_reduction_pct, d.reduction_sample, locale),
    `${m.single}: ${single}`,
    // Whole points, as the dossier view and the workbook show it (one number per fact).
    `${m.hhi}: ${d.hhi === null ? m.hhiNone : formatInt(Math.round(d.hhi))}`,
    `${m.stages}: ${stageLine(d.stages, locale)}; ${m.paid}: ${pct(d.paid_share === null ? null : d.paid_share * 100, locale)}`,
    ...parties(m.topSuppliers, d.top_suppliers, locale),
    ...timeline(d.timeline, locale),
    completenessLine(d.completeness, locale),
  ].join('\n');
}

export function supplierDossierText(d: SupplierDossier, locale: Locale): string {
  const m = M[locale];
  return [
    `${m.supplier} ${d.inn} — ${d.name ?? m.unnamed}`,
    `${m.contracts}: ${formatInt(d.contracts)}, ${formatRub(d.total_price)}; ${m.customers}: ${formatInt(d.customers)}`,
    reductionLine(d.median_reduction_pct, d.reduction_sample, locale),
    `${m.stages}: ${stageLine(d.stages, locale)}; ${m.terminations}: ${formatInt(d.terminations)}`,
    `${m.regions}: ${counts(d.regions, (c) => countByName('region', c, locale))}`,
    `${m.okpd2}: ${counts(d.okpd2_classes, (c) => countByName('okpd2', c, locale))}`,
    ...parties(m.topCustomers, d.top_customers, locale),
    ...timeline(d.timeline, locale),
    completenessLine(d.completeness, locale),
  ].join('\n');
}

export function competitorsText(a: CompetitorsAnswer, locale: Locale): string {
  const m = M[locale];
  return [
    `${m.competitorsOf}: ${a.scope.kind === 'search' ? m.search : m.list} «${a.scope.name}» (${a.scope.id})`,
    `${m.tenders}: ${formatInt(a.tenders)}; ${m.contracts}: ${formatInt(a.contracts)}`,
    ...parties(m.topSuppliers, a.suppliers, locale),
    completenessLine(a.completeness, locale),
  ].join('\n');
}

export function priceBenchmarkText(b: PriceBenchmark, locale: Locale): string {
  const m = M[locale];
  const verdict = b.homogeneous === null ? m.homogeneityUnknown : b.homogeneous ? m.homogeneous : m.notHomogeneous;
  const lines = [
    `${m.prices} ${b.query.code}: ${m.found} ${formatInt(b.n_found)}, ${m.kept} ${formatInt(b.n)}`,
    ...table([
      locale === 'en' ? ['min', 'median', 'max', 'mean', 'cv'] : ['минимум', 'медиана', 'максимум', 'среднее', 'коэф. вариации'],
      [formatRub(b.min), formatRub(b.median), formatRub(b.max), formatRub(b.mean), pct(b.cv, locale)],
    ]),
    verdict,
    `${m.outlierRule}: ${b.outlier_rule[locale]}`,
  ];
  if (b.units.length > 1) lines.push(`${m.units}: ${counts(b.units, (c) => c.label ?? c.key)}`);
  if (b.n_found === 0) return [...lines, m.pricesEmpty].join('\n');
  const src = b.sources;
  if (src) {
    lines.push(fill(m.priceSources, { objects: count(src.objects, NOUNS.object, locale), contracts: formatInt(src.contracts), notices: formatInt(src.notices), customers: formatInt(src.customers), ktru: formatInt(src.ktru_codes) }));
    const warning = { few_sources: m.warnFewSources, notices_only: m.warnNoticesOnly, ktru_pooled: m.warnKtruPooled } as const;
    for (const w of b.warnings ?? []) lines.push(fill(warning[w], { objects: count(src.objects, NOUNS.object, locale), ktru: formatInt(src.ktru_codes) }));
  }
  return lines.join('\n');
}

export function flagsHeaderText(a: FlagsAnswer, locale: Locale): string {
  const m = M[locale];
  const scope = a.scope.kind === 'all' ? m.allCache : `${a.scope.name ?? ''} (${a.scope.id ?? ''})`.trim();
  return `${m.flagsOf}: ${scope}` + (a.flags.length === 0 ? `\n${m.noFlags}` : '');
}

/** The CLI's way of writing evidence: money in the Russian format (as everywhere in the CLI), moments in Moscow time. */
const EVIDENCE_FORMATS: EvidenceFormats = {
  rub: (value) => formatRub(value),
  pct: (value, locale) => `${value.toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', { maximumFractionDigits: 2 })} %`,
  int: (value) => formatInt(value),
  moment: (iso, locale) => moscowMomentText(iso, locale),
};
/** A moment as the CLI writes it: Moscow time, «МСК» (the marks' deadlines too, marksText.ts). */
export { moscowMomentText };

/**
 * One flag of the catalogue, once: its title with what was found and checked, its definition and source, and
 * the gaps (objects it could not check, in words, with the remedy when a card brings the field).
 */
export function flagGroupText(definition: FlagDefinition, answer: FlagsAnswer, locale: Locale): string {
  const m = M[locale];
  const raised = answer.flags.filter((f) => f.code === definition.code).length;
  const gaps = answer.gaps.filter((g) => g.code === definition.code);
  const judged = answer.checked?.[definition.code] ?? 0;
  const noun = objectNoun(FLAG_OBJECT_KIND[definition.code as FlagCode] ?? 'object');
  const checked = count(judged, noun, locale);
  const state =
    raised > 0 ? fill(m.stateRaised, { raised: formatInt(raised), checked }) : judged > 0 ? fill(m.stateClean, { checked }) : gaps.length > 0 ? m.stateUnchecked : m.stateNothing;
  return [
    `■ ${definition.title[locale]}: ${state}`,
    `  ${m.definition}: ${definition.definition[locale]}`,
    `  ${m.source}: ${definition.source[locale]}`,
    ...gaps.map((g) => `  ${flagGapText(g, locale)}`),
  ].join('\n');
}

const objectNoun = (kind: 'tender' | 'contract' | 'customer' | 'object') => NOUNS[kind];

/** One raised flag under its group: the object and the evidence in words (the group says title, definition, source). */
export function flagText(flag: FlagsAnswer['flags'][number], locale: Locale): string {
  const m = M[locale];
  const evidence = evidenceLines(flag.evidence, locale, EVIDENCE_FORMATS)
    .map(([, name, value]) => `${name}: ${value}`)
    .join('; ');
  return [
    `  • ${flag.object.kind === 'customer' ? m.customerKind : m[flag.object.kind]} ${flag.object.id}${flag.object.name ? ` — ${flag.object.name}` : ''}${flag.dismissed ? ` (${m.dismissed})` : ''}`,
    `    ${m.evidence}: ${evidence}`,
  ].join('\n');
}

/** A gap in words: how many of what, the missing field named, the remedy when there is one; `title` names the flag when no group does. */
export function flagGapText(gap: FlagsAnswer['gaps'][number], locale: Locale, title?: string): string {
  const m = M[locale];
  const remedy = gap.in_card ? m.gapInCard : gap.field === 'tender (not cached)' ? m.gapNoTender : '';
  const line = fill(m.gap, { objects: count(gap.objects, objectNoun(gap.object_kind ?? 'object'), locale), field: fieldName(gap.field, locale), remedy });
  return title === undefined ? line : line + fill(m.gapOfFlag, { title });
}
