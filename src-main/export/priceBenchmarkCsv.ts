/**
 * The price benchmark's table as Excel-ready CSV: every position found, with its source (contract
 * or notice, its number and date, the customer), its code and unit price, and whether the statistics count it
 * (an outlier or a position not comparable is listed and marked, never dropped from the file). The cells
 * follow csv.ts: BOM, `;`, decimal comma, numbers kept as text, formulas neutralised. Headers and marks in the
 * user's language. Its provenance (the question, the sources' delivery) goes beside it, like every export's.
 */
import type { PriceBenchmark, PriceRow } from '../domain/insights';
import { regionName } from '../i18n/dictionaries';
import { pick, text, type Locale, type Text } from '../i18n/text';
import type { CacheDb } from '../cache/database';
import type { CsvColumn, CsvFormat, TableExportOptions } from './csv';
import { objectsCost } from './provenance';
import { writeTableFile, type TableFileResult } from './tableFile';

const YES = text('да', 'yes');
const NO = text('нет', 'no');
const KIND: Record<PriceRow['kind'], Text> = { contract: text('Контракт', 'Contract'), tender: text('Извещение', 'Notice') };
const EXCLUDED: Record<'no_price' | 'other_unit', Text> = {
  no_price: text('нет цены за единицу', 'no unit price'),
  other_unit: text('другая единица измерения', 'another unit'),
};

function columns(locale: Locale): CsvColumn<PriceRow>[] {
  const col = (key: string, header: Text, format: CsvFormat, get: (r: PriceRow) => unknown): CsvColumn<PriceRow> => ({ key, header: pick(header, locale), format, get });
  return [
    col('source', text('Источник', 'Source'), 'text', (r) => pick(KIND[r.kind], locale)),
    col('number', text('Номер контракта или извещения', 'Contract or notice number'), 'text', (r) => r.number),
    col('date', text('Дата', 'Date'), 'date', (r) => (r.date_at === null ? null : r.date_at * 1000)),
    col('customer_inn', text('ИНН заказчика', 'Customer INN'), 'text', (r) => r.customer_inn),
    col('customer_name', text('Заказчик', 'Customer'), 'text', (r) => r.customer_name),
    // The store keeps a region's code; the file names it (the query builder's dictionary), the code beside it.
    col('region', text('Регион', 'Region'), 'text', (r) => (r.region === null ? null : regionName(r.region))),
    col('region_code', text('Код региона', 'Region code'), 'integer', (r) => r.region),
    col('okpd2', text('ОКПД2', 'OKPD2'), 'text', (r) => r.okpd2),
    col('ktru', text('КТРУ', 'KTRU'), 'text', (r) => r.ktru),
    col('title', text('Наименование позиции', 'Item'), 'text', (r) => r.title),
    col('unit', text('Единица измерения', 'Unit'), 'text', (r) => r.unit),
    col('quantity', text('Количество', 'Quantity'), 'integer', (r) => r.quantity),
    col('unit_price', text('Цена за единицу, руб.', 'Unit price, RUB'), 'money', (r) => r.unit_price),
    col('amount', text('Сумма, руб.', 'Amount, RUB'), 'money', (r) => r.amount),
    col('outlier', text('Выброс', 'Outlier'), 'text', (r) => pick(r.outlier ? YES : NO, locale)),
    col('excluded', text('Не сравнима', 'Not comparable'), 'text', (r) => (r.excluded ? pick(EXCLUDED[r.excluded], locale) : '')),
  ];
}

export interface PriceBenchmarkCsvOptions extends TableExportOptions {
  /** Headers and marks; Russian by default. */
  locale?: Locale;
}

/** What the rows come from: the contracts' and notices' newest versions held, and what they cost when delivered. */
function sourceCost(cache: CacheDb, rows: readonly PriceRow[]): { freshness: string | null; units: number } {
  const ids = (kind: PriceRow['kind']) => [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.object_id))];
  return objectsCost(cache, { tender: ids('tender'), contract: ids('contract') });
}

/**
 * Writes the benchmark's rows (a file path is written atomically with its provenance in
 * `FILE.provenance.json`, tableFile.ts; a stream is left open and gets none).
 */
export function writePriceBenchmarkCsv(
  cache: CacheDb,
  benchmark: PriceBenchmark,
  out: string | NodeJS.WritableStream,
  opts: PriceBenchmarkCsvOptions = {},
): Promise<TableFileResult> {
  const source = { what: { kind: 'price_benchmark', query: benchmark.query } as const, cost: () => sourceCost(cache, benchmark.rows) };
  return writeTableFile(benchmark.rows, columns(opts.locale ?? 'ru'), out, source, { ...opts, format: 'csv', total: benchmark.rows.length });
}
