/**
 * A customer's or supplier's dossier as an XLSX workbook: a sheet of its figures, a sheet
 * per table of the view (breakdowns, top parties, contract stages, months), and the «Источник» sheet; for
 * scripts also one CSV holding the same tables one under another, each row named by its table
 * (`exportDossierCsv`). Its provenance counts the tenders and contracts the dossier is computed from (what they
 * cost when delivered, the newest delivery). Headers and every name in the user's language, like the dossier on
 * screen: stages, laws and placements by their names, never `active` or `44-FZ`; money a number to
 * the kopeck, a share a number with its decimals.
 */
import type { CacheDb } from '../cache/database';
import { insightStore } from '../cache/insightStore';
import type { Completeness, CountBy, CustomerDossier, MonthPoint, RankedParty, StageCounts, SupplierDossier } from '../domain/insights';
import { contractStageName } from '../i18n/codes';
import { countByName, type Dimension } from '../i18n/dictionaries';
import type { Provenance } from '../domain/provenance';
import { pick, text, type Locale, type Text } from '../i18n/text';
import type { CsvColumn, CsvDelimiter, CsvFormat } from './csv';
import { writeTableFile, type TableFileResult } from './tableFile';
import { objectsCost, provenanceOf, provenanceSheet, workbookProperties } from './provenance';
import { anySheet, writeXlsx, type AnySheet, type XlsxSheet } from './xlsx';

export type Dossier = { party: 'customer'; dossier: CustomerDossier } | { party: 'supplier'; dossier: SupplierDossier };
interface Figure {
  name: string;
  value: unknown;
  format: CsvFormat;
}

const W = {
  figures: text('Показатели', 'Figures'),
  figure: text('Показатель', 'Figure'),
  value: text('Значение', 'Value'),
  inn: text('ИНН', 'INN'),
  name: text('Наименование', 'Name'),
  tenders: text('Закупок', 'Tenders'),
  initialPrice: text('Сумма НМЦК, руб.', 'Initial prices, RUB'),
  contracts: text('Контрактов', 'Contracts'),
  contractPrice: text('Сумма контрактов, руб.', 'Contract value, RUB'),
  suppliers: text('Поставщиков', 'Suppliers'),
  customers: text('Заказчиков', 'Customers'),
  reduction: text('Медианное снижение цены, %', 'Median price reduction, %'),
  reductionSample: text('Контрактов в расчёте снижения', 'Contracts the reduction is over'),
  single: text('Доля закупок у единственного поставщика, %', 'Single-supplier purchases, %'),
  singleSample: text('Закупок с известным способом', 'Tenders of known placement'),
  hhi: text('Концентрация поставщиков (HHI)', 'Supplier concentration (HHI)'),
  paid: text('Оплачено, % цены контрактов', 'Paid, % of contract value'),
  terminations: text('Расторжений', 'Terminations'),
  completed: text('Завершённых закупок', 'Completed tenders'),
  completedWithContract: text('Из них с контрактом в кэше', 'Of which with a cached contract'),
  withoutPrice: text('Контрактов без цены', 'Contracts without a price'),
  withoutTender: text('Контрактов без закупки в кэше', 'Contracts without a cached tender'),
  withoutPlacement: text('Закупок без способа определения поставщика', 'Tenders without a placement type'),
  withoutCustomer: text('Контрактов без известного заказчика', 'Contracts without a known customer'),
  label: text('Название', 'Name'),
  count: text('Количество', 'Count'),
  sum: text('Сумма, руб.', 'Sum, RUB'),
  share: text('Доля, %', 'Share, %'),
  month: text('Месяц', 'Month'),
  stage: text('Стадия', 'Stage'),
  byStatus: text('По статусам', 'By status'),
  byLaw: text('По законам', 'By law'),
  byPlacement: text('По способам', 'By placement'),
  topSuppliers: text('Поставщики', 'Suppliers'),
  topCustomers: text('Заказчики', 'Customers'),
  regions: text('Регионы', 'Regions'),
  okpd2: text('ОКПД2', 'OKPD2'),
  stages: text('Стадии контрактов', 'Contract stages'),
  months: text('По месяцам', 'By month'),
  table: text('Таблица', 'Table'),
} satisfies Record<string, Text>;

/** A share 0–1 in percent (the view's and the CLI's unit), or null. */
const percentOf = (share: number | null): number | null => (share === null ? null : share * 100);

/** No contract states a price (a strict server sends none): the sum is not known, not 0 (as the view shows it). */
const contractValue = (contracts: number, completeness: Completeness, total: number): number | null =>
  contracts > 0 && completeness.contracts_without_price >= contracts ? null : total;

/**
 * Every figure the dossier view shows (DossierPage.tsx) and the CLI prints (cli/insightsText.ts), in their
 * units: money in rubles, shares in percent with their decimals, the samples they are over, and the
 * completeness counts behind its note.
 */
function figures(d: Dossier, w: (t: Text) => string): Figure[] {
  const f = (name: Text, value: unknown, format: CsvFormat): Figure => ({ name: w(name), value, format });
  const head = [f(W.inn, d.dossier.inn, 'text'), f(W.name, d.dossier.name, 'text')];
  const completeness = (c: Completeness, customer: boolean): Figure[] => [
    ...(customer ? [f(W.completed, c.completed_tenders, 'integer'), f(W.completedWithContract, c.completed_tenders_with_contract, 'integer')] : []),
    f(W.withoutPrice, c.contracts_without_price, 'integer'),
    f(W.withoutTender, c.contracts_without_tender, 'integer'),
    ...(customer ? [f(W.withoutPlacement, c.tenders_without_placement, 'integer')] : []),
    ...(c.contracts_without_customer !== undefined ? [f(W.withoutCustomer, c.contracts_without_customer, 'integer')] : []),
  ];
  if (d.party === 'customer') {
    const c = d.dossier;
    return [
      ...head,
      f(W.tenders, c.tenders, 'integer'),
      f(W.initialPrice, c.total_initial_price, 'money'),
      f(W.contracts, c.contracts, 'integer'),
      f(W.contractPrice, contractValue(c.contracts, c.completeness, c.total_price), 'money'),
      f(W.suppliers, c.suppliers, 'integer'),
      f(W.reduction, c.median_reduction_pct, 'decimal'),
      f(W.reductionSample, c.reduction_sample, 'integer'),
      f(W.single, percentOf(c.single_supplier_share), 'decimal'),
      f(W.singleSample, c.tenders - c.completeness.tenders_without_placement, 'integer'),
      // Whole points (0–10 000), as the view and the CLI show it.
      f(W.hhi, c.hhi === null ? null : Math.round(c.hhi), 'integer'),
      f(W.paid, percentOf(c.paid_share), 'decimal'),
      ...completeness(c.completeness, true),
    ];
  }
  const s = d.dossier;
  return [
    ...head,
    f(W.contracts, s.contracts, 'integer'),
    f(W.contractPrice, contractValue(s.contracts, s.completeness, s.total_price), 'money'),
    f(W.customers, s.customers, 'integer'),
    f(W.reduction, s.median_reduction_pct, 'decimal'),
    f(W.reductionSample, s.reduction_sample, 'integer'),
    f(W.terminations, s.terminations, 'integer'),
    ...completeness(s.completeness, false),
  ];
}

/** A breakdown by its names (statuses, laws, placements, regions, OKPD2 classes named as the view names them), never its codes. */
function countSheet(name: Text, rows: readonly CountBy[], dimension: Dimension, w: (t: Text) => string, locale: Locale): AnySheet {
  const columns: CsvColumn<CountBy>[] = [
    { key: 'label', header: w(W.label), get: (r) => countByName(dimension, r, locale) },
    { key: 'count', header: w(W.count), format: 'integer' },
    // A sum over no priced object is unknown, not zero (CountBy.priced).
    { key: 'value', header: w(W.sum), format: 'money', get: (r) => (r.priced === 0 ? null : r.value) },
  ];
  return anySheet({ name: w(name), columns, rows });
}

function partySheet(name: Text, rows: readonly RankedParty[], w: (t: Text) => string): AnySheet {
  const columns: CsvColumn<RankedParty>[] = [
    { key: 'inn', header: w(W.inn) },
    { key: 'name', header: w(W.name) },
    { key: 'contracts', header: w(W.contracts), format: 'integer' },
    { key: 'total_price', header: w(W.contractPrice), format: 'money' },
    { key: 'share_pct', header: w(W.share), format: 'decimal' },
    { key: 'median_reduction_pct', header: w(W.reduction), format: 'decimal' },
  ];
  return anySheet({ name: w(name), columns, rows });
}

/** The contracts by stage, named as the view and the CLI name them; «not stated» only when there are any. */
function stageSheet(stages: StageCounts, w: (t: Text) => string, locale: Locale): AnySheet {
  const rows = (['executing', 'completed', 'terminated', 'unknown'] as const).filter((k) => k !== 'unknown' || stages.unknown > 0).map((k) => ({ stage: contractStageName(k, locale), count: stages[k] }));
  const columns: CsvColumn<{ stage: string; count: number }>[] = [
    { key: 'stage', header: w(W.stage) },
    { key: 'count', header: w(W.contracts), format: 'integer' },
  ];
  return anySheet({ name: w(W.stages), columns, rows });
}

function monthSheet(rows: readonly MonthPoint[], w: (t: Text) => string): AnySheet {
  const columns: CsvColumn<MonthPoint>[] = [
    { key: 'month', header: w(W.month) },
    { key: 'tenders', header: w(W.tenders), format: 'integer' },
    { key: 'tender_price', header: w(W.initialPrice), format: 'money' },
    { key: 'contracts', header: w(W.contracts), format: 'integer' },
    { key: 'contract_price', header: w(W.contractPrice), format: 'money' },
  ];
  return anySheet({ name: w(W.months), columns, rows });
}

/** What the dossier is computed from: the party's tenders (a customer's) and contracts, as the insight store has them. */
function sourceCost(cache: CacheDb, d: Dossier): { freshness: string | null; units: number } {
  const store = insightStore(cache);
  const contracts = d.party === 'customer' ? store.contractFactsByCustomer(d.dossier.inn) : store.contractFactsBySupplier(d.dossier.inn);
  const tenders = d.party === 'customer' ? store.tenderFactsByCustomer(d.dossier.inn) : [];
  return objectsCost(cache, { tender: tenders.map((t) => t.id), contract: contracts.map((c) => c.id) });
}

/** The figures sheet, then a sheet per table of the view, in the user's language. */
function dossierSheets(d: Dossier, locale: Locale): AnySheet[] {
  const w = (t: Text): string => pick(t, locale);
  const figureSheet: XlsxSheet<Figure> = {
    name: w(W.figures),
    columns: [
      { key: 'name', header: w(W.figure) },
      { key: 'value', header: w(W.value) },
    ],
    rows: figures(d, w),
    cellFormat: (row, column) => (column.key === 'value' ? row.format : undefined),
  };
  const tables =
    d.party === 'customer'
      ? [
          countSheet(W.byStatus, d.dossier.tenders_by_status, 'status', w, locale),
          countSheet(W.byLaw, d.dossier.tenders_by_law, 'law', w, locale),
          countSheet(W.byPlacement, d.dossier.tenders_by_placement, 'placement', w, locale),
          partySheet(W.topSuppliers, d.dossier.top_suppliers, w),
          stageSheet(d.dossier.stages, w, locale),
          monthSheet(d.dossier.timeline, w),
        ]
      : [
          partySheet(W.topCustomers, d.dossier.top_customers, w),
          countSheet(W.regions, d.dossier.regions, 'region', w, locale),
          countSheet(W.okpd2, d.dossier.okpd2_classes, 'okpd2', w, locale),
          stageSheet(d.dossier.stages, w, locale),
          monthSheet(d.dossier.timeline, w),
        ];
  return [anySheet(figureSheet), ...tables];
}

const subjectOf = (d: Dossier) => ({ kind: 'dossier', party: d.party, inn: d.dossier.inn, name: d.dossier.name }) as const;

/** Writes the dossier's workbook to `target` (atomically); answers its rows (every table's) and provenance. */
export async function exportDossierXlsx(cache: CacheDb, d: Dossier, target: string, locale: Locale = 'ru', now?: Date): Promise<{ rows: number; bytes: number; provenance: Provenance }> {
  let provenance: Provenance | undefined;
  const made = (written: readonly number[]): Provenance => (provenance = provenanceOf(subjectOf(d), 'xlsx', written.reduce((a, b) => a + b, 0), sourceCost(cache, d), now));
  const result = await writeXlsx([...dossierSheets(d, locale), anySheet(provenanceSheet(made, locale))], target, { properties: () => workbookProperties(provenance!, locale) });
  return { rows: provenance!.rows, bytes: result.bytes, provenance: provenance! };
}

type StackedRow = { sheet: string; cells: Map<string, unknown>; formats: Map<string, CsvFormat> };

/**
 * The sheets one under another in one table: a first column names each row's sheet, and a column per header
 * (sheets whose columns share a header share that column), so the one CSV holds every table. Each cell keeps
 * the format its sheet gives it (a figure's money stays a number to the kopeck, a share keeps its decimals).
 */
function stacked(sheets: readonly AnySheet[], w: (t: Text) => string): { columns: CsvColumn<StackedRow>[]; rows: StackedRow[] } {
  const columns: CsvColumn<StackedRow>[] = [{ key: 'sheet', header: w(W.table), get: (r) => r.sheet }];
  const rows: StackedRow[] = [];
  for (const sheet of sheets) {
    for (const column of sheet.columns) {
      if (columns.some((c) => c.header === column.header)) continue;
      const header = column.header;
      columns.push({ key: `c${columns.length}`, header, get: (r) => r.cells.get(header) ?? null, formatOf: (r) => r.formats.get(header) });
    }
    for (const row of sheet.rows as Iterable<object>) {
      const cells = new Map<string, unknown>();
      const formats = new Map<string, CsvFormat>();
      for (const column of sheet.columns) {
        cells.set(column.header, column.get ? column.get(row) : (row as Record<string, unknown>)[column.key]);
        formats.set(column.header, sheet.cellFormat?.(row, column) ?? column.format ?? 'text');
      }
      rows.push({ sheet: sheet.name, cells, formats });
    }
  }
  return { columns, rows };
}

/**
 * The dossier as one CSV (`tenderwb export dossier … --format csv`): its figures and tables stacked (`stacked`),
 * its provenance in `FILE.provenance.json` beside it like every CSV export (tableFile.ts).
 */
export async function exportDossierCsv(cache: CacheDb, d: Dossier, target: string, opts: { locale?: Locale; keepTextAsText?: boolean; delimiter?: CsvDelimiter } = {}): Promise<TableFileResult> {
  const locale = opts.locale ?? 'ru';
  const { columns, rows } = stacked(dossierSheets(d, locale), (t) => pick(t, locale));
  return writeTableFile(rows, columns, target, { what: subjectOf(d), cost: () => sourceCost(cache, d) }, { format: 'csv', ...(opts.keepTextAsText !== undefined ? { keepTextAsText: opts.keepTextAsText } : {}), ...(opts.delimiter ? { delimiter: opts.delimiter } : {}) });
}
