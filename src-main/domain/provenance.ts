/**
 * Where an exported file came from: what was exported, when, how fresh its rows are, what they cost
 * when they were delivered and which app made it. Written beside every export (the XLSX sheet «Источник», the
 * CSV sidecar `FILE.provenance.json`) and kept in the export history (cache migration 0015), so an analyst who
 * finds a file months later can tell what it holds and what it cost. Pure shapes; export/provenance.ts fills them.
 */

import type { CalendarScope } from './calendar';
import type { PriceQuery } from './insights';

/** The two file formats of a table export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Every file a provenance can describe: the table formats and the deadlines calendar's ICS (with its sidecar). */
export const PROVENANCE_FORMATS = [...EXPORT_FORMATS, 'ics'] as const;
export type ProvenanceFormat = (typeof PROVENANCE_FORMATS)[number];

/** What a file holds: the object the analyst exported, named as the app names it. */
export type ExportSubject =
  | { kind: 'list'; list_id: string; name: string }
  /** A saved search: its label (null when it has none) and the criteria it was saved with (the API's query). */
  | { kind: 'search'; filter_id: string; label: string | null; criteria: Record<string, unknown> }
  | { kind: 'dossier'; party: 'customer' | 'supplier'; inn: string; name: string | null }
  | { kind: 'ledger' }
  /** The earlier generation's filter (its name as last listed; null when the cache no longer has it) or favorites. */
  | { kind: 'earlier_filter'; filter_id: number; name: string | null }
  | { kind: 'earlier_favorites' }
  /** A price benchmark: its question (domain/insights.ts PriceQuery). */
  | { kind: 'price_benchmark'; query: PriceQuery }
  /** A deadlines calendar: whose deadlines (domain/calendar.ts CalendarScope) and how the app names them. */
  | { kind: 'calendar'; scope: CalendarScope; name: string };

export interface Provenance {
  what: ExportSubject;
  /** ISO instant the file was made. */
  made_at: string;
  /**
   * ISO instant of the newest delivery among the exported rows (the version each row shows), or null when no
   * row was ever delivered (a list of members not yet read). The ledger: its newest charge.
   */
  freshness: string | null;
  /**
   * Units the exported rows cost when they were delivered (the billed deliveries of the versions written,
   * feed pages and cards alike). The ledger: the units its rows record. Exporting itself costs nothing.
   */
  units: number;
  /** Data rows in the file (a dossier: rows of all its tables). */
  rows: number;
  format: ProvenanceFormat;
  app_version: string;
}

/** One past export, as the export history shows it. */
export interface ExportHistoryEntry {
  id: number;
  /** The file's name as offered to the user (browser mode: the download's name). */
  file_name: string;
  /** Where it was written; null in browser mode (a one-time download). */
  path: string | null;
  provenance: Provenance;
}
