/**
 * The analyst's marks as optional columns of every current-generation tender export (a list, a
 * saved search's results): tags, our pipeline status (by its name), assignee and the newest note. A tender's
 * marks are not in its JSON: each batch of rows is given them from the mark store (cache/markStore.ts
 * `tenderMarksFor`, one query per batch) when a mark column is chosen. The earlier generation has no marks.
 */
import type { CacheDb } from '../cache/database';
import { tenderMarksFor } from '../cache/markStore';
import type { TenderMarks } from '../domain/marks';
import { pipelineStatusName } from '../i18n/codes';
import type { TenderColumn } from './csv';

/** Where a row carries its marks while it is written (not an API field: the leading `$` keeps it apart). */
const MARKS = '$marks';

const marksOf = (row: Record<string, unknown>): TenderMarks | undefined => row[MARKS] as TenderMarks | undefined;

/** `reads: ['id']`: the marks are found by the tender's id, so a list export parses that field at least. */
const markColumn = (key: string, header: string, get: (m: TenderMarks) => unknown): TenderColumn => ({
  key,
  header,
  format: 'text',
  get: (row) => {
    const marks = marksOf(row);
    return marks === undefined ? null : get(marks);
  },
  reads: ['id'],
});

export const MARK_COLUMNS: readonly TenderColumn[] = Object.freeze([
  markColumn('tags', 'Метки', (m) => m.tags.map((t) => t.name).join(', ')),
  markColumn('pipeline_status', 'Статус в работе', (m) => (m.status === null ? null : pipelineStatusName(m.status, 'ru'))),
  markColumn('assignee', 'Ответственный', (m) => m.assignee),
  markColumn('latest_note', 'Последняя заметка', (m) => m.notes[0]?.text ?? null),
]);

const MARK_KEYS = new Set(MARK_COLUMNS.map((c) => c.key));

export const choosesMarks = (columns: readonly { key: string }[]): boolean => columns.some((c) => MARK_KEYS.has(c.key));

/** The batches with each row's marks attached (rows without a numeric id pass as they are). */
export async function* withMarks<Row extends Record<string, unknown>>(cache: CacheDb, batches: AsyncIterable<readonly Row[]>): AsyncGenerator<Row[]> {
  for await (const batch of batches) {
    const ids = batch.map((r) => r.id).filter((id): id is number => typeof id === 'number');
    const marks = tenderMarksFor(cache, ids);
    yield batch.map((r) => (typeof r.id === 'number' && marks.has(r.id) ? { ...r, [MARKS]: marks.get(r.id) } : r));
  }
}
