/**
 * The end of every CLI export, one way for all of them (lists, searches, the ledger, dossiers, the price benchmark,
 * the calendar, the earlier generation's CSVs): the file goes into the export history the app shows (issue 16), the
 * sidecar beside a file that has one (every format but XLSX, whose provenance is its «Источник» sheet) is named,
 * and the last line says the rows and the file in the user's language (the `--json` object is the same in both).
 */
import path from 'node:path';
import type { CacheDb } from '../cache/database';
import type { Provenance } from '../domain/provenance';
import { recordExport, sidecarPath } from '../export/provenance';
import { pick, type Locale } from '../i18n/text';
import type { CliContext } from './context';
import { EXPORT_TEXT } from './exportText';
import { formatInt } from './output';

export function recorded(ctx: CliContext, cache: CacheDb, out: string, provenance: Provenance, locale: Locale): void {
  recordExport(cache, { fileName: path.basename(out), path: path.resolve(out), provenance });
  if (provenance.format !== 'xlsx') ctx.out.info(pick(EXPORT_TEXT.provenance(sidecarPath(out)), locale));
}

export function written(ctx: CliContext, out: string, result: { rows: number; bytes: number; missing?: number }, locale: Locale): void {
  ctx.out.result({ file: out, rows: result.rows, bytes: result.bytes, ...(result.missing !== undefined ? { missing: result.missing } : {}) }, pick(EXPORT_TEXT.written(formatInt(result.rows), out), locale));
}
