/**
 * A list export reads its members from the cache a window at a time, as it writes them (the
 * export's memory levels off whatever the list's length): the members read but not yet written stay within
 * a few windows (and, on the single-thread path, the writer's batch of 1,000 rows), and the file is the same
 * whatever the window's size, positions shared by several members included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import type { CsvColumn } from '../../src-main/export/csv';
import { defaultListColumns, exportListCsv } from '../../src-main/export/listExport';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';

const MEMBERS = 1300; // more than the single-thread path's batch (1,000 rows) and a few windows
const WINDOW = 16;

let cache: ReturnType<typeof tempCache>;

// Each test's own (the helpers close their caches after each test); ~0.1 s to make.
beforeEach(() => {
  cache = tempCache();
  const feeds = feedStore(cache);
  for (let first = 1; first <= MEMBERS; first += 100) {
    feeds.saveFeedPage(tenderPage(Array.from({ length: 100 }, (_, i) => tenderItem(tender(first + i, 1, { price: (first + i) * 10.5 })))));
  }
  const lists = listStore(cache);
  lists.upsertList({ listId: 'lst_w', name: 'Окна', createdAt: '2026-11-26T00:00:00Z' });
  // Newest first, a run never delivered (ids past the catalogue) in the middle: windows with no packs.
  const ids = Array.from({ length: MEMBERS }, (_, i) => MEMBERS - i);
  lists.setItems('lst_w', [...ids.slice(0, 500), ...Array.from({ length: 3 * WINDOW }, (_, i) => 90_000 + i), ...ids.slice(500)]);
  lists.upsertList({ listId: 'lst_ties', name: 'Равные места', createdAt: '2026-11-26T00:00:00Z' });
  lists.setItems('lst_ties', ids.slice(0, 200));
  // Five members to a position (a list whose order was kept coarser): the window must part them by id.
  cache.db.prepare("UPDATE list_item SET position = position / 5 WHERE list_id = 'lst_ties'").run();
});

/** Exports a list, counting at each window read the members read from the cache and not yet written. */
async function exportCounting(listId: string, threadFromPacks: number, windowSize: number): Promise<{ bytes: Buffer; held: number; rows: number }> {
  let read = 0;
  let written = 0;
  let held = 0;
  // Called as each row is written: counts the rows that left memory.
  const counted: CsvColumn = { key: 'id', header: 'ID', format: 'integer', reads: ['id'], get: (row) => ((written += 1), row.id) };
  const columns = [counted, ...defaultListColumns().filter((c) => c.key !== 'id')];
  const file = join(tempDir(), 'list.csv');
  const result = await exportListCsv(cache, listId, columns, file, {
    threadFromPacks,
    windowSize,
    onWindow: (window) => {
      read += window.order.length;
      held = Math.max(held, read - written);
    },
  });
  expect(read).toBe(result.rows);
  return { bytes: readFileSync(file), held, rows: result.rows };
}

describe('a list export reads its members in bounded windows', () => {
  it('on the pack thread, holds at most the window being written and two read ahead', async () => {
    const { held, rows } = await exportCounting('lst_w', 0, WINDOW);
    expect(rows).toBe(MEMBERS + 3 * WINDOW);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(3 * WINDOW);
  });

  it('on one thread, holds at most the writer batch and a window', async () => {
    const { held } = await exportCounting('lst_w', Number.POSITIVE_INFINITY, WINDOW);
    expect(held).toBeLessThanOrEqual(1000 + WINDOW);
  });

  it('writes the same file whatever the window, members sharing a position included', async () => {
    for (const listId of ['lst_w', 'lst_ties']) {
      for (const threadFromPacks of [0, Number.POSITIVE_INFINITY]) {
        const whole = await exportCounting(listId, threadFromPacks, 100_000);
        const windowed = await exportCounting(listId, threadFromPacks, WINDOW);
        expect(windowed.rows).toBe(whole.rows);
        expect(windowed.bytes.equals(whole.bytes)).toBe(true);
      }
    }
    // The list's order as its store gives it (position, then id): 1297..1300 share the first position.
    const order = listStore(cache).items('lst_ties').map((m) => m.tenderId);
    expect(order.slice(0, 5)).toEqual([1297, 1298, 1299, 1300, 1292]);
    const lines = (await exportCounting('lst_ties', 0, 3)).bytes.toString('utf8').split('\r\n');
    expect(lines.slice(1, -1).map((l) => Number(l.split(';')[0]))).toEqual(order);
  });
});
