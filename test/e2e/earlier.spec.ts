/**
 * The earlier API generation's views end to end, on the built-in `sandbox-earlier` profile (the
 * same sandbox's `/legacy/api/v2`): switching to it hides what that generation has not (saved searches,
 * lists, contracts, the ledger audit); filters with the autosearch hint; a filter's sync with its progress and
 * the new ones marked page by page; a tender's detail with positions and "add to favorites"; favorites with
 * CSV export; balance with three daily-limit gauges, the license and the history; offline reading.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, type E2eApp } from './fixtures';
import { switchToEarlierProfile } from './viewsHelpers';

async function switchToEarlier(page: Page): Promise<void> {
  await switchToEarlierProfile(page);
  await expect(page.getByTestId('active-generation')).toBeVisible();
}

/** The server's total of a filter (re-reading tenders already received is free; asking first would charge). */
async function legacyTotal(app: E2eApp, filterId: number): Promise<number> {
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-oracle`, { method: 'POST' });
  const { token } = (await login.json()) as { token: string };
  const r = await fetch(`${app.sandboxOrigin}/legacy/api/v2/tenders?filter_id=${filterId}&page=1&page_size=1`, { headers: { 'x-api-token': token } });
  return ((await r.json()) as { total: number }).total;
}

test('earlier generation: filters → sync → new marked → detail → favorites → CSV → limits → offline', async ({ page, app }) => {
  test.setTimeout(150_000);
  await switchToEarlier(page);

  // Only this generation's views are offered.
  for (const view of ['filters', 'favorites', 'search', 'limits', 'settings']) await expect(page.getByTestId(`nav-${view}`)).toBeVisible();
  for (const view of ['saved', 'contracts', 'lists', 'ledger']) await expect(page.getByTestId(`nav-${view}`)).toHaveCount(0);

  // Filters, read-only; the one with auto search off says why nothing comes and cannot be synced.
  await page.getByTestId('nav-filters').click();
  await expect(page.getByTestId('earlier-filter')).toHaveCount(5);
  const archive = page.locator('[data-testid="earlier-filter"][data-filter-id="5"]');
  await expect(archive.getByTestId('earlier-filter-autosearch-off')).toContainText('Автопоиск выключен');
  await expect(archive.getByTestId('earlier-filter-sync')).toBeDisabled();

  // Sync filter 2: progress, then every tender of the filter cached and charged once, all new.
  const filter = page.locator('[data-testid="earlier-filter"][data-filter-id="2"]');
  await filter.getByTestId('earlier-filter-sync').click();
  await filter.getByTestId('earlier-sync-start').click();
  const progress = filter.getByTestId('earlier-sync-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  // Asked only now: the server's total for the same account is free to re-read once the tenders are received.
  const total = await legacyTotal(app, 2);
  expect(total).toBeGreaterThan(20);
  await expect(progress.getByTestId('earlier-sync-progress-figures')).toHaveAttribute('data-charged', String(total));
  await expect(filter.getByTestId('earlier-filter-cached')).toHaveAttribute('data-cached', String(total));
  await expect(filter.getByTestId('earlier-filter-new')).toHaveAttribute('data-count', String(total));

  // Its tenders page by page, the new ones marked.
  await filter.getByTestId('earlier-filter-open').click();
  const tenders = page.getByTestId('earlier-tenders');
  await expect(tenders.getByTestId('earlier-tenders-total')).toHaveAttribute('data-total', String(total));
  await expect(tenders.getByTestId('earlier-tenders-table-row')).toHaveCount(20);
  await expect(tenders.getByTestId('earlier-tenders-table-new')).toHaveCount(20);
  const pager = tenders.getByTestId('earlier-tenders-pager');
  await expect(pager).toHaveAttribute('data-pages', String(Math.ceil(total / 20)));
  const firstOnPage1 = await tenders.getByTestId('earlier-tenders-table-row').first().getAttribute('data-id');
  await pager.getByTestId('earlier-tenders-pager-next').click();
  await expect(pager).toHaveAttribute('data-page', '2');
  await expect(tenders.getByTestId('earlier-tenders-table-row').first()).not.toHaveAttribute('data-id', firstOnPage1!);
  await pager.getByTestId('earlier-tenders-pager-prev').click();
  await app.screenshot(page, 'earlier-filters');

  // A second sync finds nothing new and costs nothing.
  await filter.getByTestId('earlier-filter-sync').click();
  await filter.getByTestId('earlier-sync-start').click();
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(progress.getByTestId('earlier-sync-progress-figures')).toHaveAttribute('data-charged', '0');

  // The detail of a tender: lots, positions, documents, organization; free (received with the filter).
  const row = tenders.getByTestId('earlier-tenders-table-row').first();
  const tenderId = Number(await row.getAttribute('data-id'));
  // The row shortcuts of the current generation's tables work here too: J enters the table, O opens the row.
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await page.keyboard.press('j');
  await expect(row).toBeFocused();
  await page.keyboard.press('o');
  const card = page.getByTestId('view-card');
  await expect(card).toHaveAttribute('data-id', String(tenderId));
  await expect(card.getByTestId('card-source')).toHaveAttribute('data-charged', 'false');
  await expect(card.getByTestId('card-positions')).toBeVisible();
  await expect(card.getByTestId('card-organization')).toBeVisible();
  await expect(card.getByTestId('card-lists')).toHaveCount(0);
  await card.getByTestId('card-favorite').click();
  await expect(card.getByTestId('card-favorite-message')).not.toBeEmpty();
  await app.screenshot(page, 'earlier-card');
  await card.getByTestId('card-back').click();

  // Looked at: the new marks go.
  await tenders.getByTestId('earlier-tenders-mark-seen').click();
  await expect(tenders.getByTestId('earlier-tenders-table-new')).toHaveCount(0);
  await expect(filter.getByTestId('earlier-filter-new')).toHaveCount(0);

  // Favorites: the one added from the card, another by its notice number; CSV of them.
  await page.getByTestId('nav-favorites').click();
  await expect(page.getByTestId('favorites-row')).toHaveCount(1);
  await expect(page.getByTestId('favorites-row').first()).toHaveAttribute('data-id', String(tenderId));
  const secondEtp = (await app.invoke('earlier.tenders', { filterId: 2, page: 1, pageSize: 2 })) as { ok: true; value: { rows: { etpId: string }[] } };
  await page.getByTestId('favorites-add-input').fill(secondEtp.value.rows[1]!.etpId);
  await page.getByTestId('favorites-add').click();
  await expect(page.getByTestId('favorites-row')).toHaveCount(2);
  await page.getByTestId('favorites-check-updates').click();
  await expect(page.getByTestId('favorites-updates')).toHaveAttribute('data-charged', '0');
  // The palette's export opens the same dialog as the button.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('экспорт');
  await expect(page.getByTestId('command-palette').getByRole('option').first()).toContainText('Экспорт в файл');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('earlier-export');
  await dialog.getByTestId('earlier-export-none').click();
  for (const key of ['etp_id', 'name']) await dialog.getByTestId(`earlier-export-col-${key}`).check();
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('earlier-export-run').click();
  const download = await downloading;
  await expect(dialog.getByTestId('earlier-export-result')).toHaveAttribute('data-rows', '2');
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/).filter((l) => l !== '');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain(';');
  await dialog.getByTestId('earlier-export-close').click();
  await app.screenshot(page, 'earlier-favorites');

  // Balance: three balances, three daily-limit gauges (today's tenders = what the sync charged), the license,
  // the next reset, and the history with one debit per tender.
  await page.getByTestId('nav-limits').click();
  await expect(page.getByTestId('limits-gauge-tenders')).toHaveAttribute('data-current', String(total));
  await expect(page.getByTestId('limits-gauge-tenders')).toHaveAttribute('data-limit', '1000');
  await expect(page.getByTestId('limits-gauge-contracts')).toHaveAttribute('data-limit', '100');
  await expect(page.getByTestId('limits-gauge-protocols')).toHaveAttribute('data-limit', '50');
  await expect(page.getByTestId('limits-license')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('limits-reset')).toContainText('00:00');
  await expect(page.getByTestId('limits-history-row').first()).toHaveAttribute('data-type', 'debit');
  await app.screenshot(page, 'earlier-limits');

  // Offline: the sandbox goes away; what is cached still reads, and says so.
  await app.stopSandbox();
  await page.getByTestId('nav-filters').click();
  await page.getByTestId('filters-refresh').click();
  await expect(page.getByTestId('filters-from-cache')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await filter.getByTestId('earlier-filter-open').click();
  await expect(tenders.getByTestId('earlier-tenders-table-row')).toHaveCount(20);
  await tenders.locator(`[data-testid="earlier-tenders-table-row"][data-id="${tenderId}"]`).dblclick();
  await expect(card.getByTestId('card-source')).toHaveAttribute('data-source', 'cache');
});
