/**
 * The ledger (the server's charges mirrored here) to CSV, newest first as the ledger view shows it, each row
 * with its filter's one name beside the filter id (current/filterNames.ts: a deleted saved search's and a
 * contract set's too, as the view says it) and the audit's verdict on it (the same rule as the view: one local
 * delivery explains a charge; a version charged twice is a repeat).
 */
import { auditRow, localDeliveries } from '../audit/auditCache';
import { explainRow } from '../audit/reconcile';
import type { CacheDb } from '../cache/database';
import { ledgerStore, type LedgerRow } from '../cache/ledgerStore';
import { filterNamer } from '../current/filterNames';
import { chooseColumns } from './columnChoice';
import type { Provenance } from '../domain/provenance';
import { CsvExportError, type CsvColumn, type CsvDelimiter } from './csv';
import { writeTableFile, type TableFileOptions } from './tableFile';

export type LedgerAudit = 'matched' | 'repeat' | 'unexplained';

export interface LedgerCsvRow extends LedgerRow {
  label: string | null;
  audit: LedgerAudit;
}

const BALANCE = { ru: { tenders: 'Закупки', contracts: 'Контракты' }, en: { tenders: 'Tenders', contracts: 'Contracts' } } as const;
const AUDIT = {
  ru: { matched: 'Сходится', repeat: 'Повторное списание', unexplained: 'Не объяснено' },
  en: { matched: 'Matched', repeat: 'Repeat charge', unexplained: 'Unexplained' },
} as const;

type Locale = 'ru' | 'en';
type LedgerColumn = CsvColumn<LedgerCsvRow> & { title: Record<Locale, string> };

/** Every ledger column; cell texts (balance, verdict) in the language of the export. */
export function ledgerColumns(locale: Locale = 'ru'): LedgerColumn[] {
  const c = (key: string, ru: string, en: string, format: CsvColumn['format'], get: (r: LedgerCsvRow) => unknown): LedgerColumn => ({
    key,
    header: locale === 'en' ? en : ru,
    title: { ru, en },
    format,
    get,
  });
  return [
    c('id', 'Строка журнала', 'Ledger row', 'integer', (r) => r.id),
    c('created_at', 'Время', 'Time', 'datetime', (r) => r.createdAt),
    c('balance_type', 'Баланс', 'Balance', 'text', (r) => BALANCE[locale][r.balanceType]),
    c('amount', 'Списано, ед.', 'Charged, units', 'integer', (r) => r.amount),
    c('object_id', 'ID объекта', 'Object ID', 'integer', (r) => r.objectId),
    c('version', 'Версия', 'Version', 'integer', (r) => r.version),
    c('search', 'Поиск', 'Search', 'text', (r) => r.label),
    c('filter_id', 'ID фильтра', 'Filter ID', 'text', (r) => r.filterId),
    c('request_id', 'ID запроса', 'Request ID', 'text', (r) => r.requestId),
    c('audit', 'Сверка', 'Audit', 'text', (r) => AUDIT[locale][r.audit]),
  ];
}

/**
 * The chosen ledger columns in the order given; an unknown or repeated key is refused with its name (the rule
 * is columnChoice.ts; these English words are the CLI's).
 */
export function chosenLedgerColumns(keys: readonly string[], locale: Locale = 'ru'): LedgerColumn[] {
  const choice = chooseColumns(ledgerColumns(locale), keys);
  if (choice.ok) return choice.columns;
  throw new CsvExportError(
    choice.unknown.length > 0 ? 'unknown_column' : 'invalid_columns',
    `${choice.unknown.length > 0 ? `Unknown columns: ${choice.unknown.join(', ')}` : `Columns listed twice: ${choice.repeated.join(', ')}`}. Known columns: ${choice.known.join(', ')}.`,
  );
}

/** The mirrored ledger, newest first, with the filters' names and verdicts. */
export function ledgerCsvRows(cache: CacheDb, locale: Locale = 'ru'): LedgerCsvRow[] {
  const all = [...ledgerStore(cache).rows()];
  const local = localDeliveries(cache);
  const labelOf = filterNamer(cache, locale);
  const times = new Map<string, number>();
  for (const r of all) {
    const key = `${r.balanceType}:${r.objectId}:${r.version}`;
    times.set(key, (times.get(key) ?? 0) + 1);
  }
  return all.reverse().map((r) => ({
    ...r,
    label: labelOf(r.filterId),
    audit: !explainRow(auditRow(r), local) ? 'unexplained' : (times.get(`${r.balanceType}:${r.objectId}:${r.version}`) ?? 0) > 1 ? 'repeat' : 'matched',
  }));
}

export async function exportLedgerCsv(
  cache: CacheDb,
  columns: readonly CsvColumn<LedgerCsvRow>[],
  out: string | NodeJS.WritableStream,
  opts: { delimiter?: CsvDelimiter; keepTextAsText?: boolean; signal?: AbortSignal } & Pick<TableFileOptions, 'format' | 'locale' | 'now'> = {},
): Promise<{ rows: number; bytes: number; provenance: Provenance }> {
  const rows = ledgerCsvRows(cache, opts.locale);
  // The ledger's rows are charges: their units are what they record, their freshness the newest charge.
  const cost = () => {
    const newest = Math.max(...rows.map((r) => (r.createdAt === null ? NaN : Date.parse(r.createdAt))).filter(Number.isFinite));
    return { units: rows.reduce((sum, r) => sum + r.amount, 0), freshness: Number.isFinite(newest) ? new Date(newest).toISOString() : null };
  };
  return writeTableFile(rows, columns, out, { what: { kind: 'ledger' }, cost }, opts);
}
