/**
 * Marked tenders with what the cache holds of each (name, customer, price, deadline, status), for the CLI's
 * `marks` and the pipeline board. A marked tender the cache does not hold is still a row (`held` false).
 */
import type { CacheDb } from '../cache/database';
import { markedTenderIds, tenderMarksFor } from '../cache/markStore';
import { viewQueries } from '../cache/viewQueries';
import { PIPELINE_STATUSES, type MarkedTender, type MarkFilter, type PipelineStatus } from '../domain/marks';

export interface MarkPage {
  offset: number;
  limit: number;
}

/** Marked tenders the filter holds for, the most recently marked first. */
export function markedTenders(cache: CacheDb, filter: MarkFilter, page?: MarkPage): MarkedTender[] {
  const all = markedTenderIds(cache, filter);
  return describeTenders(cache, page === undefined ? all : all.slice(page.offset, page.offset + page.limit));
}

/** These tenders as rows, in the order given, marked or not. */
export function describeTenders(cache: CacheDb, ids: readonly number[]): MarkedTender[] {
  const marks = tenderMarksFor(cache, ids);
  const held = new Map(viewQueries(cache).tenderRows(ids).map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = held.get(id);
    return {
      id,
      held: row !== undefined,
      name: row?.name ?? null,
      customer_name: row?.customerName ?? null,
      price: row?.price ?? null,
      end_date: row?.endDate ?? null,
      tender_status: row?.status ?? null,
      marks: marks.get(id)!,
    };
  });
}

export interface BoardColumn {
  status: PipelineStatus | null;
  rows: MarkedTender[];
}

/** The board holds at most this many cards per column (the most recently marked); a bigger pipeline is filtered. */
export const BOARD_COLUMN_MAX = 500;

/** A column per pipeline status in the domain's order, then the tenders marked without a status. */
export function pipelineBoard(cache: CacheDb, filter: MarkFilter = {}): BoardColumn[] {
  const rows = markedTenders(cache, filter);
  const columns: BoardColumn[] = [...PIPELINE_STATUSES, null].map((status) => ({ status, rows: [] }));
  const byStatus = new Map(columns.map((c) => [c.status, c]));
  for (const row of rows) {
    const column = byStatus.get(row.marks.status)!;
    if (column.rows.length < BOARD_COLUMN_MAX) column.rows.push(row);
  }
  return columns;
}
