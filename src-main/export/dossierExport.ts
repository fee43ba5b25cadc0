/**
 * A customer's or supplier's dossier (issue 15) as an XLSX workbook (issue 16): a sheet of its figures, a sheet
 * per table (breakdowns, top parties, months), and the «Источник» sheet; for scripts also one CSV holding the
 * same tables one under another, each row named by its table (`exportDossierCsv`). Its provenance counts the tenders and contracts the dossier is computed from (what they cost when
 * delivered, the newest delivery). Headers in the user's language, like the dossier on screen.
 */
import type { CacheDb } from '../cache/database';
import { insightStore } from '../cache/insightStore';
import type { CountBy, CustomerDossier, MonthPoint, RankedParty, SupplierDossier } from '../domain/insights';
import type { Provenance } from '../domain/provenance';
import { pick, text, type Locale, type Text } from '../i18n/text';
import type { CsvColumn, CsvDelimiter, CsvFormat } from './csv';
import { writeTableFile, type TableFileResult } from './tableFile';
import { objectsCost, provenanceOf, provenanceSheet } from './provenance';
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
  terminations: text('Расторжений', 'Terminations'),
  key: text('Код', 'Code'),
  label: text('Название', 'Name'),
  count: text('Количество', 'Count'),
  sum: text('Сумма, руб.', 'Sum, RUB'),
  share: text('Доля, %', 'Share, %'),
  month: text('Месяц', 'Month'),
  byStatus: text('По статусам', 'By status'),
  byLaw: text('По законам', 'By law'),
  byPlacement: text('По способам', 'By placement'),
  topSuppliers: text('Поставщики', 'Suppliers'),
  topCustomers: text('Заказчики', 'Customers'),
  regions: text('Регионы', 'Regions'),
  okpd2: text('ОКПД2', 'OKPD2'),
  months: text('По месяцам', 'By month'),
  table: text('Таблица', 'Table'),
} satisfies Record<string, Text>;

function figures(d: Dossier, w: (t: Text) => string): Figure[] {
  const f = (name: Text, value: unknown, format: CsvFormat): Figure => ({ name: w(name), value, format });
  const head = [f(W.inn, d.dossier.inn, 'text'), f(W.name, d.dossier.name, 'text')];
  if (d.party === 'customer') {
    const c = d.dossier;
    return [...head, f(W.tenders, c.tenders, 'integer'), f(W.initialPrice, c.total_initial_price, 'money'), f(W.contracts, c.contracts, 'integer'), f(W.contractPrice, c.total_price, 'money'), f(W.suppliers, c.suppliers, 'integer'), f(W.reduction, c.median_reduction_pct, 'integer')];
  }
  const s = d.dossier;
  return [...head, f(W.contracts, s.contracts, 'integer'), f(W.contractPrice, s.total_price, 'money'), f(W.customers, s.customers, 'integer'), f(W.reduction, s.median_reduction_pct, 'integer'), f(W.terminations, s.terminations, 'integer')];
}

function countSheet(name: Text, rows: readonly CountBy[], w: (t: Text) => string): AnySheet {
  const columns: CsvColumn<CountBy>[] = [
    { key: 'key', header: w(W.key) },
    { key: 'label', header: w(W.label) },
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
    { key: 'share_pct', header: w(W.share), format: 'integer' },
    { key: 'median_reduction_pct', header: w(W.reduction), format: 'integer' },
  ];
  return anySheet({ name: w(name), columns, rows });
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

/** The figures sheet, then a sheet per table, in the user's language. */
function dossierSheets(d: Dossier, w: (t: Text) => string): AnySheet[] {
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
      ? [countSheet(W.byStatus, d.dossier.tenders_by_status, w), countSheet(W.byLaw, d.dossier.tenders_by_law, w), countSheet(W.byPlacement, d.dossier.tenders_by_placement, w), partySheet(W.topSuppliers, d.dossier.top_suppliers, w)]
      : [partySheet(W.topCustomers, d.dossier.top_customers, w), countSheet(W.regions, d.dossier.regions, w), countSheet(W.okpd2, d.dossier.okpd2_classes, w), monthSheet(d.dossier.timeline, w)];
  return [anySheet(figureSheet), ...tables];
}

const subjectOf = (d: Dossier) => ({ kind: 'dossier', party: d.party, inn: d.dossier.inn, name: d.dossier.name }) as const;

/** Writes the dossier's workbook to `target` (atomically); answers its rows (every table's) and provenance. */
export async function exportDossierXlsx(cache: CacheDb, d: Dossier, target: string, locale: Locale = 'ru'): Promise<{ rows: number; bytes: number; provenance: Provenance }> {
  const w = (t: Text): string => pick(t, locale);
  let provenance: Provenance | undefined;
  const made = (written: readonly number[]): Provenance => (provenance = provenanceOf(subjectOf(d), 'xlsx', written.reduce((a, b) => a + b, 0), sourceCost(cache, d)));
  const result = await writeXlsx([...dossierSheets(d, w), anySheet(provenanceSheet(made, locale))], target);
  return { rows: provenance!.rows, bytes: result.bytes, provenance: provenance! };
}

type StackedRow = { sheet: string; cells: Map<string, unknown> };

/**
 * The sheets one under another in one table: a first column names each row's sheet, and a column per header
 * (sheets whose columns share a header share that column), so the one CSV holds every table.
 */
function stacked(sheets: readonly AnySheet[], w: (t: Text) => string): { columns: CsvColumn<StackedRow>[]; rows: StackedRow[] } {
  const columns: CsvColumn<StackedRow>[] = [{ key: 'sheet', header: w(W.table), get: (r) => r.sheet }];
  const rows: StackedRow[] = [];
  for (const sheet of sheets) {
    for (const column of sheet.columns) {
      if (columns.some((c) => c.header === column.header)) continue;
      const header = column.header;
      // A field/value sheet's values are of several kinds: written as text, as it shows them.
      columns.push({ key: `c${columns.length}`, header, ...(column.format && !sheet.cellFormat ? { format: column.format } : {}), get: (r) => r.cells.get(header) ?? null });
    }
    for (const row of sheet.rows as Iterable<object>) {
      const cells = new Map<string, unknown>();
      for (const column of sheet.columns) cells.set(column.header, column.get ? column.get(row) : (row as Record<string, unknown>)[column.key]);
      rows.push({ sheet: sheet.name, cells });
    }
  }
  return { columns, rows };
}

/**
 * The dossier as one CSV (`tenderwb export dossier … --format csv`): its figures and tables stacked (`stacked`),
 * its provenance in `FILE.provenance.json` beside it like every CSV export (tableFile.ts).
 */
export async function exportDossierCsv(cache: CacheDb, d: Dossier, target: string, opts: { locale?: Locale; keepTextAsText?: boolean; delimiter?: CsvDelimiter } = {}): Promise<TableFileResult> {
  const w = (t: Text): string => pick(t, opts.locale ?? 'ru');
  const { columns, rows } = stacked(dossierSheets(d, w), w);
  return writeTableFile(rows, columns, target, { what: subjectOf(d), cost: () => sourceCost(cache, d) }, { format: 'csv', ...(opts.keepTextAsText !== undefined ? { keepTextAsText: opts.keepTextAsText } : {}), ...(opts.delimiter ? { delimiter: opts.delimiter } : {}) });
}
