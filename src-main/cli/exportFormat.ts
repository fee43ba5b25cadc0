/** `--format` of every `export` command: the file format and, for a CSV, who it is for. */
import type { ExportFormat } from '../domain/provenance';
import type { Locale } from '../i18n/text';
import { userError } from './cliLocale';
import { EXPORT_TEXT } from './exportText';
import { chooseColumns, columnKeysOf } from '../export/columnChoice';

/**
 * `excel` (the default: analysts open exports in Excel): digit strings Excel would mangle, such as notice
 * numbers and INNs with a leading zero, are written as `="…"`; `plain`: plain text that other programs read
 * as data. Answers csv.ts's `keepTextAsText`. The earlier generation's exports (CSV only) take these two.
 */
export function exportFormat(format: unknown, locale: Locale = 'ru', delimiter: ';' | ',' | '\t' = ';'): boolean {
  // A comma-separated file is for other programs: Russian Excel splits on «;» and reads «,» as the decimal mark,
  // so without a format `--delimiter ,` asks for `plain` (ISO dates, decimal point), never Excel's Russian
  // dates and decimal commas that every other reader imports as text.
  if (format === undefined && delimiter === ',') return false;
  if (format === undefined || format === 'excel') return true;
  if (format === 'plain') return false;
  throw userError(EXPORT_TEXT.csvFlavour, locale);
}

/**
 * `--format` of a table export: `xlsx` (typed cells and a «Источник» sheet), `csv` (= `excel`, the
 * default), or the CSV flavours `excel` / `plain` as before. Without `--format`, an `--out` ending in `.xlsx`
 * asks for XLSX, and `--delimiter ,` for `plain`.
 */
export function tableExportFormat(format: unknown, out: string, locale: Locale = 'ru', delimiter: ';' | ',' | '\t' = ';'): { format: ExportFormat; keepTextAsText: boolean } {
  const namedXlsx = /\.xlsx$/i.test(out);
  let chosen: { format: ExportFormat; keepTextAsText: boolean };
  if (format === 'xlsx' || (format === undefined && namedXlsx)) chosen = { format: 'xlsx', keepTextAsText: true };
  else if (format === 'csv') chosen = { format: 'csv', keepTextAsText: true };
  else if (format === undefined || format === 'excel' || format === 'plain') chosen = { format: 'csv', keepTextAsText: exportFormat(format, locale, delimiter) };
  else throw userError(EXPORT_TEXT.format, locale);
  // An explicit format the file's name contradicts is refused: an XLSX in `x.csv` opens as garbage, a CSV in `x.xlsx` not at all.
  if (typeof format === 'string' && (chosen.format === 'xlsx') !== namedXlsx) throw userError(EXPORT_TEXT.mismatch(chosen.format, format, out), locale);
  return chosen;
}

/** `--delimiter` of a CSV export: «;» (the default), «,» or «tab» (a literal tab too); anything else is refused. */
export function delimiterOf(value: unknown, locale: Locale): ';' | ',' | '\t' {
  const delimiter = (value ?? ';') as string;
  if (delimiter !== ';' && delimiter !== ',' && delimiter !== '\t' && delimiter !== 'tab') throw userError(EXPORT_TEXT.delimiter, locale);
  return delimiter === 'tab' ? '\t' : delimiter;
}

/**
 * `--columns a,b,c` of an export: the columns of `all` in the order typed, each known and each once
 * (export/columnChoice.ts, the one rule), else a usage error in the run's language naming the known ones.
 */
export function columnsOrRefuse<C extends { key: string }>(all: readonly C[], list: string, locale: Locale): C[] {
  const keys = columnKeysOf(list);
  const choice = chooseColumns(all, keys);
  if (keys.length > 0 && choice.ok) return choice.columns;
  const known = all.map((c) => c.key).join(', ');
  if (keys.length === 0) throw userError({ ru: `столбцы не указаны. Есть столбцы: ${known}`, en: `No columns given. Known columns: ${known}.` }, locale);
  if (!choice.ok && choice.unknown.length > 0) {
    const many = choice.unknown.length > 1;
    throw userError(
      { ru: `${many ? 'Нет столбцов' : 'Нет столбца'}: ${choice.unknown.join(', ')}. Есть столбцы: ${known}`, en: `Unknown column${many ? 's' : ''}: ${choice.unknown.join(', ')}. Known columns: ${known}.` },
      locale,
    );
  }
  const repeated = choice.ok ? [] : choice.repeated;
  throw userError({ ru: `Столбец указан дважды: ${repeated.join(', ')}. Есть столбцы: ${known}`, en: `Column listed twice: ${repeated.join(', ')}. Known columns: ${known}.` }, locale);
}
