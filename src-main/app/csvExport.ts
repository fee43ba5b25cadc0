/**
 * Where an export goes, shared by every CSV the app writes (a list, an earlier-generation filter, the
 * favorites, a saved search, the ledger): the columns chosen by export/columnChoice.ts's rule and refused in
 * the user's language, a file name safe on every platform, and the target — the save dialog in Electron
 * (cancel writes nothing), or a private temp file published as a one-time download in browser mode (a CSV's
 * provenance as a second one). Default names say what a file holds and the day (`datedFileName`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locale, MethodResult } from '../contract/ipc';
import { chooseColumns } from '../export/columnChoice';
import { moscowFields, TENDER_COLUMNS, type TenderColumn } from '../export/csv';
import { MARK_COLUMNS } from '../export/markColumns';
import type { HostPlatform } from './hostPlatform';
import type { Session } from './context';
import { appError } from '../domain/appError';
import { displayText } from '../domain/displayText';
import type { Provenance } from '../domain/provenance';
import { checkOutputTarget } from '../export/outputTarget';
import { recordExport, sidecarPath } from '../export/provenance';

export type ExportAnswer = MethodResult<'lists.export'>;

/** Column titles in English (the CSV module's own titles are Russian, as the exported file is). */
const EN_TITLES: Record<string, string> = {
  id: 'ID',
  etp_id: 'Notice number',
  version: 'Version',
  name: 'Name',
  description: 'Description',
  law: 'Law',
  purchase_type: 'Purchase type',
  placement_type: 'Placement method',
  status: 'Status',
  price: 'Initial price',
  currency: 'Currency',
  region: 'Region',
  region_code: 'Region code',
  customer_name: 'Customer',
  customer_inn: 'Customer INN',
  customer_kpp: 'Customer KPP',
  publish_date: 'Published',
  start_date: 'Applications open',
  end_date: 'Applications close',
  update_date: 'Changed',
  okpd2: 'OKPD2 codes',
  okpd2_names: 'OKPD2',
  platform: 'Platform',
  lots_count: 'Lots',
  positions_total: 'Positions',
  url: 'Link',
  tags: 'Tags',
  pipeline_status: 'Pipeline status',
  assignee: 'Assignee',
  latest_note: 'Latest note',
};

export const columnTitle = (c: TenderColumn, locale: Locale): string => (locale === 'en' ? (EN_TITLES[c.key] ?? c.header) : c.header);

/**
 * Where the chooser says more than the file's header: only a tender whose card was opened has a link
 * (export/cardLinks.ts), so an analyst is not surprised by empty cells.
 */
const CHOOSER_TITLES: Record<string, Record<Locale, string>> = {
  url: { ru: 'Ссылка (у закупок с открытой карточкой)', en: 'Link (tenders whose card was opened)' },
};

/** The tender columns on offer; with `marks` (the current generation's lists and searches) the marks' too. */
const tenderColumns = (marks: boolean): readonly TenderColumn[] => (marks ? [...TENDER_COLUMNS, ...MARK_COLUMNS] : TENDER_COLUMNS);

export const exportColumns = (locale: Locale, marks = false): { key: string; title: string }[] =>
  tenderColumns(marks).map((c) => ({ key: c.key, title: CHOOSER_TITLES[c.key]?.[locale] ?? columnTitle(c, locale) }));

/** The chosen tender columns in order; unknown or repeated keys are refused (the renderer offers only known ones). */
export const chosenColumns = (keys: readonly string[], marks = false): TenderColumn[] => chosenOf(tenderColumns(marks), keys);

/**
 * The chosen columns of an export (tenders, the ledger) by the one rule of export/columnChoice.ts, its
 * refusal worded in the user's language.
 */
export function chosenOf<C extends { key: string }>(all: readonly C[], keys: readonly string[]): C[] {
  const choice = chooseColumns(all, keys);
  if (choice.ok) return choice.columns;
  const named = choice.unknown.join(', ');
  throw appError('invalid_input', `Неизвестные или повторённые столбцы: ${named || 'повтор'}.`, `Unknown or repeated columns: ${named || 'repeated'}.`);
}

/** A name safe on every platform, with no control or bidi character (`gnp.exe` shown as `exe.png`). */
export const safeFileName = (name: string, fallback: string, extension = 'csv'): string =>
  (displayText(name).replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) || fallback) + '.' + extension;

/**
 * A table export's default name: what it holds, as the app names it, and the Moscow day it was made
 * («Мой список 2026-11-26.xlsx»), so a downloads folder tells files apart without opening them.
 */
export function datedFileName(name: string, fallback: string, extension: string, now = new Date()): string {
  const f = moscowFields(now)!;
  const day = `${f.y}-${String(f.m).padStart(2, '0')}-${String(f.d).padStart(2, '0')}`;
  return safeFileName(`${safeFileName(name, fallback, '').slice(0, -1)} ${day}`, fallback, extension);
}

/**
 * Asks where to write (or makes the browser-mode download) and lets `write` fill the file; a chosen file is
 * refused by the one rule of export/outputTarget.ts (never in the data folder `rootDir`, never a device, a
 * FIFO or a folder; the browser mode's own downloads folder is the app's, not a choice). A write that tells
 * its provenance (the table exports) is added to the export history.
 */
export async function exportToTarget(
  platform: HostPlatform,
  rootDir: string,
  session: Session,
  fileName: string,
  write: (target: string) => Promise<{ rows: number; provenance?: Provenance }>,
): Promise<ExportAnswer> {
  if (platform.chooseSavePath) {
    const chosen = await platform.chooseSavePath(fileName);
    if (chosen === null) return { saved: false, path: null, downloadUrl: null, fileName, rows: 0 };
    // A save dialog lets the user pick any file, the profile's cache.db or /dev/null too: the CLI's --out rule.
    const target = checkOutputTarget(chosen, rootDir);
    const result = await write(target);
    if (result.provenance) recordExport(session.cache, { fileName: path.basename(target), path: target, provenance: result.provenance });
    return { saved: true, path: target, downloadUrl: null, fileName, rows: result.rows };
  }
  if (!platform.publishDownload) {
    throw appError('not_supported', 'Выгрузка в файл здесь недоступна.', 'Exporting to a file is not available here.');
  }
  const dir = path.join(session.dataDir, 'exports');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}${path.extname(fileName) || '.csv'}`);
  const result = await write(target);
  // A download has no place on disk the user knows of: the history keeps its name only, and its provenance.
  // A CSV's sidecar cannot ride along with one download, so it is offered as a second one under the name it
  // would have beside the file (the server forgets and deletes what is not fetched in time).
  if (result.provenance) recordExport(session.cache, { fileName, path: null, provenance: result.provenance });
  const sidecar = sidecarPath(target);
  const provenanceDownload = existsSync(sidecar) ? { url: await platform.publishDownload(sidecar, sidecarPath(fileName)), fileName: sidecarPath(fileName) } : undefined;
  const downloadUrl = await platform.publishDownload(target, fileName);
  return { saved: true, path: null, downloadUrl, fileName, rows: result.rows, ...(provenanceDownload ? { provenanceDownload } : {}) };
}
