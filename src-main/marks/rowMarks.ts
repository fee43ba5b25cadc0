/**
 * Marks in the results tables: the tenders a marks filter holds for (the tables, the offline search
 * and a list's members are limited to them), and each row's marks as a table shows them.
 */
import type { CacheDb } from '../cache/database';
import { markedTenderIds, tenderMarksFor } from '../cache/markStore';
import type { MarkFilter, RowMarks } from '../domain/marks';

/** The tenders the filter holds for; undefined when there is no filter (every tender). */
export function tendersMarkedAs(cache: CacheDb, filter: MarkFilter | undefined): number[] | undefined {
  return filter === undefined ? undefined : markedTenderIds(cache, filter);
}

/** The rows with `marks` on those that carry some (a row of a tender never marked is left as it is). */
export function withRowMarks<R extends { id: number }>(cache: CacheDb, rows: readonly R[]): (R & { marks?: RowMarks })[] {
  if (rows.length === 0) return [];
  const marks = tenderMarksFor(cache, rows.map((r) => r.id));
  return rows.map((row) => {
    const m = marks.get(row.id);
    if (m === undefined || m.marked_at === null) return row;
    return { ...row, marks: { tags: m.tags.map((t) => ({ name: t.name, color: t.color })), status: m.status, assignee: m.assignee } };
  });
}
