/**
 * How the `export` commands answer an analyst (trial 16): the rows written, where the CSV's provenance went and
 * a file format that contradicts the file's name, in the CLI's locale (cliLocale.ts) like `mark`, `marks` and
 * `calendar`. Numbers are grouped by the caller.
 */
import type { ExportFormat } from '../domain/provenance';
import { text, type Text } from '../i18n/text';

const FORMAT_NAMES: Record<ExportFormat, Text> = { csv: text('CSV', 'CSV'), xlsx: text('Excel (XLSX)', 'Excel (XLSX)') };

export const EXPORT_TEXT = {
  written: (rows: string, file: string): Text => text(`Записано строк: ${rows} → ${file}`, `${rows} rows written to ${file}`),
  provenance: (file: string): Text => text(`Сведения об источнике записаны в ${file}`, `Provenance written to ${file}`),
  dossierUsage: text(
    'использование: export dossier customer|supplier ИНН --out FILE.xlsx|FILE.csv [--format xlsx|csv|excel|plain] (досье заказчика или поставщика из кэша)',
    'usage: export dossier customer|supplier INN --out FILE.xlsx|FILE.csv [--format xlsx|csv|excel|plain] (a customer\'s or supplier\'s dossier from the cache)',
  ),
  /** `--format xlsx --out a.csv` (or a CSV flavour into `.xlsx`): the file would lie about what it holds. */
  mismatch: (format: ExportFormat, asked: string, out: string): Text =>
    text(
      `--format ${asked} пишет ${FORMAT_NAMES[format].ru}, а файл ${out} назван как ${format === 'xlsx' ? 'не .xlsx' : '.xlsx'}: назовите файл ${format === 'xlsx' ? 'FILE.xlsx' : 'FILE.csv'} или выберите другой --format`,
      `--format ${asked} writes ${FORMAT_NAMES[format].en}, but ${out} is named ${format === 'xlsx' ? 'other than .xlsx' : '.xlsx'}: name the file ${format === 'xlsx' ? 'FILE.xlsx' : 'FILE.csv'} or choose another --format`,
    ),
};
