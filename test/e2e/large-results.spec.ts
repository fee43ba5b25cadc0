/**
 * A saved search with 100,000 cached tenders in the real renderer: the table is virtualized (a bounded number
 * of rows in the DOM however far one scrolls), the last row is reachable, and a sort over all 100,000 rows puts the
 * right tender first. The rows are written into the profile's cache
 * the way a sync writes them (feedStore.saveFeedPage), from this process, while the core has the file open.
 */
import path from 'node:path';
import { openCache } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { expect, test } from './fixtures';

const N = 100_000;
const FILTER = 'flt_e2e_hundred_thousand';
const LABEL = 'e2e 100 000 строк';
const EXPENSIVE = 54_321;

/** A tender as the current generation's feed delivers it (the fields a result row shows). */
function tender(id: number): Record<string, unknown> {
  // Published one minute apart in id order, so the default order (publication, newest first) is id descending.
  const published = new Date(Date.UTC(2026, 7, 1, 7) + id * 60_000).toISOString();
  return {
    id,
    version: 1,
    etp_id: String(32600000000 + id),
    name: `Поставка товара № ${id} для нужд учреждения`,
    law: id % 3 ? '44-FZ' : '223-FZ',
    region: { id: 77, name: 'Москва' },
    status: { id: 1, code: 'active', name: 'Подача заявок' },
    // One tender in the middle has the highest price: the descending price sort must bring it up from there.
    price: id === EXPENSIVE ? 999_999_999.99 : ((id * 104_729) % 10_000_000) / 100,
    currency: 'RUB',
    publish_date: published,
    end_date: '2026-12-20T10:00:00+03:00',
    customer: { name: `ГБУ «Учреждение № ${id % 500}»`, inn: '7707083893' },
  };
}

function seedCache(dataDir: string): void {
  const cache = openCache(path.join(dataDir, 'profiles', 'sandbox', 'cache.db'));
  try {
    searchStore(cache).upsert({ filterId: FILTER, params: { keywords: ['поставка товара'] }, label: LABEL, events: ['created'] });
    const feeds = feedStore(cache);
    for (let start = 1; start <= N; start += 100) {
      const items = Array.from({ length: 100 }, (_, i) => tender(start + i)).map((object) => ({
        kind: 'tender' as const,
        id: object.id as number,
        version: 1,
        billed: true,
        event: 'created' as const,
        object,
      }));
      feeds.saveFeedPage({ filterId: FILTER, feed: 'tender', stream: 'created', cursor: `cur_e2e_${start}`, requestId: null, receivedAt: new Date().toISOString(), items });
    }
  } finally {
    cache.close();
  }
}

test('a saved search of 100,000 tenders: virtualized, scrolls to the last row, and sorts all of them', async ({ page, app }) => {
  test.setTimeout(180_000);
  seedCache(app.dataDir);

  await page.getByTestId('nav-saved').click();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${FILTER}"]`);
  await expect(item.getByTestId('saved-label')).toHaveText(LABEL);
  await item.getByTestId('saved-open').click();
  const results = page.getByTestId('saved-results');
  await expect(results).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId('saved-results-table-count').getAttribute('data-count')), { timeout: 30_000 }).toBe(N);

  const grid = results.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', String(N + 1));
  const body = grid.locator('.vt__body');
  const domRows = grid.locator('[role="row"][data-row-index]');
  await expect(domRows.first()).toBeVisible();
  // Virtualized: only the rows in view (plus a margin) exist, not 100,000.
  expect(await domRows.count()).toBeLessThan(200);

  // Newest publication first: the last tender is on top.
  await expect(domRows.first()).toContainText(`Поставка товара № ${N} для`);

  // Jump to the end: the oldest tender is the last row, and the DOM is still small.
  await body.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const lastRow = grid.locator(`[role="row"][data-row-index="${N - 1}"]`);
  await expect(lastRow).toContainText('Поставка товара № 1 для', { timeout: 15_000 });
  expect(await domRows.count()).toBeLessThan(200);

  // Sweep through the middle as a scrollbar drag would: every stop shows its rows, loaded on demand.
  for (const fraction of [0.25, 0.5, 0.75]) {
    const index = await body.evaluate((el, f) => {
      el.scrollTop = Math.floor((el.scrollHeight - el.clientHeight) * f);
      return Math.floor(el.scrollTop / (el.scrollHeight / 100_000));
    }, fraction);
    const row = grid.locator(`[role="row"][data-row-index="${index + 2}"]`);
    await expect(row).toContainText(`Поставка товара № ${N - (index + 2)} для`, { timeout: 15_000 });
  }
  expect(await domRows.count()).toBeLessThan(200);
  await app.screenshot(page, 'saved-search-100k');

  // Sorting by price, highest first, over all 100,000 rows: the one expensive tender comes first.
  const priceHeader = grid.getByRole('columnheader', { name: /Начальная цена/ });
  await priceHeader.click();
  if ((await priceHeader.getAttribute('aria-sort')) !== 'descending') await priceHeader.click();
  await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
  await body.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(grid.locator('[role="row"][data-row-index="0"]')).toContainText(/999\s999\s999,99/, { timeout: 15_000 });
  await expect(grid.locator('[role="row"][data-row-index="0"]')).toContainText(`Поставка товара № ${EXPENSIVE} для`);
});
