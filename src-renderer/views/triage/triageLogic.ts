/**
 * The «Разбор» view's pure rules: the filters (deadline not passed, law, region), the order (by
 * relevance once the model is ready, else newest first) and where focus goes after a row is decided (the row
 * that took its place, else the one above: triage goes on from the keyboard without a mouse).
 */
import type { TriageAnswerInfo } from '../../../src-main/contract/ipc';
import { apiInstant } from '../../../src-main/domain/calendar';
import { deadlineMs } from '../../../src-main/domain/tenderStage';

export type TriageRow = TriageAnswerInfo['tenders'][number];

export interface TriageFilter {
  /** Only tenders whose deadline has not passed (a tender without a stated deadline stays). */
  open: boolean;
  law: string | null;
  region: number | null;
}

export type TriageOrder = 'relevance' | 'newest';

export function filteredRows(rows: readonly TriageRow[], f: TriageFilter, now: number): TriageRow[] {
  return rows.filter((r) => {
    if (f.open && r.end_date !== null) {
      // Bids close at the deadline (the one rule of domain/tenderStage.ts).
      const end = deadlineMs(r.end_date);
      if (end !== null && end <= now) return false;
    }
    if (f.law !== null && r.law !== f.law) return false;
    if (f.region !== null && r.region?.id !== f.region) return false;
    return true;
  });
}

const published = (r: TriageRow): number => apiInstant(r.publish_date)?.ms ?? -Infinity;

/** Rows in the chosen order (the answer comes by relevance; newest first re-sorts by publication). */
export function orderedRows(rows: readonly TriageRow[], order: TriageOrder): TriageRow[] {
  return order === 'relevance' ? [...rows] : [...rows].sort((a, b) => published(b) - published(a) || b.id - a.id);
}

/** The laws and regions the rows have, for the filters' choices. */
export function filterChoices(rows: readonly TriageRow[]): { laws: string[]; regions: { id: number; name: string }[] } {
  const laws = [...new Set(rows.flatMap((r) => (r.law === null ? [] : [r.law])))].sort();
  const regions = new Map<number, string>();
  for (const r of rows) if (r.region !== null && !regions.has(r.region.id)) regions.set(r.region.id, r.region.name ?? String(r.region.id));
  return { laws, regions: [...regions].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'ru')) };
}

/** The index to focus after the row at `index` leaves a list of `length` rows (−1: none left). */
export const nextFocus = (index: number, length: number): number => (length <= 1 ? -1 : Math.min(index, length - 2));
