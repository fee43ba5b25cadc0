/**
 * The end of every CLI export, one way for all of them (lists, searches, the ledger, dossiers, the price benchmark,
 * the calendar, the earlier generation's CSVs): the file goes into the export history the app shows, the
 * sidecar beside a file that has one (every format but XLSX, whose provenance is its «Источник» sheet) is named,
 * and the last line says the rows and the file in the user's language (the `--json` object is the same in both).
 */
import path from 'node:path';
import type { CacheDb } from '../cache/database';
import type { Provenance } from '../domain/provenance';
import { checkOutputTarget, OutputTargetError } from '../export/outputTarget';
import { recordExport, sidecarPath } from '../export/provenance';
import { pick, type Locale } from '../i18n/text';
import type { CliContext } from './context';
import { EXPORT_TEXT } from './exportText';
import { CliError, formatInt } from './output';

/**
 * The file an `--out` names, checked by the one rule of export/outputTarget.ts (never inside the data
 * folder, never a device, a FIFO, a socket or a folder, a missing folder said in one sentence) before anything is
 * read, fetched or paid for: answers the path to write; a refusal is a usage error (exit 2) in the run's language.
 */
export function outTarget(ctx: CliContext, out: string): string {
  try {
    return checkOutputTarget(out, ctx.registry.rootDir);
  } catch (e) {
    if (e instanceof OutputTargetError) throw new CliError(e.text, 2);
    throw e;
  }
}

/** `out` as the user named it (the lines say it so); `file` the path written (`outTarget`'s answer). */
export function recorded(ctx: CliContext, cache: CacheDb, out: string, provenance: Provenance, locale: Locale, file = path.resolve(out)): void {
  recordExport(cache, { fileName: path.basename(file), path: file, provenance });
  if (provenance.format !== 'xlsx') ctx.out.info(pick(EXPORT_TEXT.provenance(sidecarPath(out)), locale));
}

export function written(ctx: CliContext, out: string, result: { rows: number; bytes: number; missing?: number }, locale: Locale): void {
  ctx.out.result({ file: out, rows: result.rows, bytes: result.bytes, ...(result.missing !== undefined ? { missing: result.missing } : {}) }, pick(EXPORT_TEXT.written(formatInt(result.rows), out), locale));
}
