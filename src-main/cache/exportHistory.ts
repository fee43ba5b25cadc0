/**
 * The export history (migrations 0015, 0019): every file an export wrote, newest first, with its provenance. Written
 * by the export paths once a file is complete (export/provenance.ts recordExport), read by the app's history
 * section and kept small (the oldest rows beyond HISTORY_KEEP are dropped as new ones come).
 */
import type { ExportHistoryEntry, Provenance } from '../domain/provenance';
import { perCache, type CacheDb } from './database';
import { writeTransaction } from './writeRetry';

/** Past exports kept: enough for months of daily work, small enough to list at once. */
export const HISTORY_KEEP = 1000;

export interface ExportHistory {
  record(entry: { fileName: string; path: string | null; provenance: Provenance }): number;
  /** Newest first, at most `limit`. */
  list(limit?: number): ExportHistoryEntry[];
}

interface Row {
  id: number;
  file_name: string;
  path: string | null;
  provenance: string;
}

export const exportHistory = perCache((cache: CacheDb): ExportHistory => {
  const { db } = cache;
  const s = {
    insert: db.prepare<[string, string, string | null, string, number, number, string]>(
      'INSERT INTO export_history (made_at, file_name, path, format, rows, units, provenance) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    trim: db.prepare<[number]>('DELETE FROM export_history WHERE id <= (SELECT id FROM export_history ORDER BY id DESC LIMIT 1 OFFSET ?)'),
    list: db.prepare<[number], Row>('SELECT id, file_name, path, provenance FROM export_history ORDER BY id DESC LIMIT ?'),
  };
  const record = writeTransaction(db, (fileName: string, path: string | null, p: Provenance): number => {
    const id = Number(s.insert.run(p.made_at, fileName, path, p.format, p.rows, p.units, JSON.stringify(p)).lastInsertRowid);
    s.trim.run(HISTORY_KEEP);
    return id;
  });
  return {
    record: ({ fileName, path, provenance }) => record(fileName, path, provenance),
    list: (limit = HISTORY_KEEP) =>
      s.list.all(limit).map((r) => ({ id: r.id, file_name: r.file_name, path: r.path, provenance: JSON.parse(r.provenance) as Provenance })),
  };
});
