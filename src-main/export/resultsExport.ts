/**
 * A saved search's results to CSV: the tenders its feed delivered that the cache holds, in the order the
 * results table shows them (its sort), each as its newest held version, read a thousand at a time so memory
 * stays flat. Nothing is fetched (no charge); the link column comes from held cards (cardLinks.ts).
 */
import type { CacheDb } from '../cache/database';
import { storedJson } from '../cache/storedJson';
import { viewQueries, type TenderSort } from '../cache/viewQueries';
import { addCardLinks, LINK_COLUMN } from './cardLinks';
import type { Provenance } from '../domain/provenance';
import type { CsvColumn } from './csv';
import { choosesMarks, withMarks } from './markColumns';
import { searchSubject, tenderTally } from './provenance';
import { writeTableFile, type TableFileOptions } from './tableFile';

const BATCH = 1000;

export interface ResultsExportOptions extends TableFileOptions {
  sort?: TenderSort;
}

type Row = Record<string, unknown>;

export async function exportSearchResultsCsv(
  cache: CacheDb,
  filterId: string,
  columns: readonly CsvColumn[],
  out: string | NodeJS.WritableStream,
  opts: ResultsExportOptions = {},
): Promise<{ rows: number; bytes: number; provenance: Provenance }> {
  const views = viewQueries(cache);
  const total = views.filterTenderCount(filterId);
  const linked = columns.some((c) => c.key === LINK_COLUMN);
  async function* batches(): AsyncGenerator<Row[]> {
    for (let offset = 0; ; offset += BATCH) {
      const { rows } = views.filterTenders(filterId, opts.sort, offset, BATCH);
      if (rows.length === 0) return;
      const objects = views.objects('tender', rows.map((r) => r.id)).map((o) => storedJson(o.json, `tender ${o.id}`) as Row);
      yield linked ? addCardLinks(cache, objects) : objects;
      if (rows.length < BATCH) return;
    }
  }
  const tally = tenderTally(cache);
  const { sort: _, ...fileOpts } = opts;
  return writeTableFile({ batches: tally.pass(choosesMarks(columns) ? withMarks(cache, batches()) : batches()) }, columns, out, { what: searchSubject(cache, filterId), cost: () => tally }, { ...fileOpts, total });
}
