/**
 * "No internals on screen": every view of the current generation, walked with real data (a labelled
 * and an unlabelled saved search, synced with contracts, a tender and a contract card, a list, the ledger),
 * shows no raw code of the API or the core — no `flt_…` id, no law code (44-FZ, 223-FZ, commercial), no event
 * name (created, updated), no source or status code — and, in the Russian interface, no English sentence.
 */
import { expect, test } from './fixtures';
import { expectClean } from './screenText';
import { createList, addIds, invokeOk, searchIds, tendersWithContracts, waitJob } from './viewsHelpers';

test('no raw codes and no English on any view of the Russian interface', async ({ page, app }) => {
  test.setTimeout(180_000);
  // Twelve of the newest tenders, three of them with contracts (the contract card below), whatever the world holds.
  const newest = Array.from({ length: 100 }, (_, i) => 2901 + i);
  const withContracts = (await tendersWithContracts(app, newest)).slice(-3);
  expect(withContracts).toHaveLength(3);
  const ids = [...newest.filter((id) => !withContracts.includes(id)).slice(-9), ...withContracts].sort((a, b) => a - b);
  const all = ['active', 'completed', 'cancelled'];
  const labelled = await invokeOk<{ filterId: string; jobId: string }>(app, 'search.run', { criteria: { ids, status: all }, label: 'e2e коды', events: ['created', 'updated'] });
  await waitJob(app, labelled.jobId);
  const unlabelled = await invokeOk<{ filterId: string; jobId: string }>(app, 'search.run', { criteria: { ids: ids.slice(0, 4), status: all }, events: ['created'] });
  await waitJob(app, unlabelled.jobId);
  const contractSync = await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId: labelled.filterId, contracts: true });
  await waitJob(app, contractSync.jobId);
  const tenderIds = await searchIds(app, labelled.filterId);

  await page.goto(app.url);
  await expect(page.getByTestId('nav-search')).toBeVisible();
  await expectClean(page, 'search');

  await page.getByTestId('nav-saved').click();
  await expect(page.getByTestId('saved-search').first()).toBeVisible();
  await expectClean(page, 'saved searches');
  await page.getByTestId('saved-search').first().getByRole('button', { name: 'Открыть результаты' }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectClean(page, 'saved search results');
  await page.getByRole('row').nth(1).dblclick();
  await expect(page.getByTestId('card-title')).toBeVisible();
  await expectClean(page, 'tender card');

  await page.getByTestId('nav-contracts').click();
  await expect(page.getByTestId('view-contracts')).toBeVisible();
  await expectClean(page, 'contracts');

  await createList(page, 'e2e список');
  await addIds(page, tenderIds.slice(0, 3));
  await expectClean(page, 'lists');

  await page.getByTestId('nav-ledger').click();
  await expect(page.getByTestId('ledger-audit')).toHaveAttribute('data-ok', 'true');
  await expect.poll(async () => Number(await page.getByTestId('ledger-count').getAttribute('data-count'))).toBeGreaterThan(0);
  await expectClean(page, 'ledger');
  await app.screenshot(page, 'no-internals-ledger');
  const contractRow = page.getByTestId('ledger-table').getByRole('row').filter({ hasText: 'Контракт №' }).first();
  await expect(contractRow).toBeVisible();
  await contractRow.dblclick();
  await expect(page.getByTestId('card-title')).toBeVisible();
  await expect(page.getByTestId('card-title')).not.toHaveText(/^Контракт \d+$/);
  await expectClean(page, 'contract card');

  await page.getByTestId('nav-settings').click();
  await expectClean(page, 'settings');

  // The earlier generation's views.
  await page.getByTestId('activate-sandbox-earlier').click();
  await expect(page.getByTestId('active-generation')).toBeVisible();
  await page.getByTestId('nav-filters').click();
  await expect(page.getByTestId('earlier-filter').first()).toBeVisible({ timeout: 20_000 });
  await expectClean(page, 'earlier filters');
  await page.getByTestId('earlier-filter-open').first().click();
  await expectClean(page, 'earlier filter tenders');
  // Each view is checked once its data is on screen (a marker it shows when loaded, not a pause).
  for (const [view, loaded] of [['favorites', 'favorites-total'], ['limits', 'limits-balance'], ['search', 'view-search']] as const) {
    await page.getByTestId(`nav-${view}`).click();
    await expect(page.getByTestId(loaded)).toBeVisible();
    await expectClean(page, `earlier ${view}`);
  }
});

test("the core's messages follow the chosen language: no English in Russian, English in English", async ({ page }) => {
  await page.getByTestId('mode-offline').click();
  await page.locator('#offline-text').fill('!!! ---');
  await page.getByTestId('offline-search').click();
  const error = page.getByTestId('offline-results-error');
  await expect(error).toContainText('В словах поиска нет ни букв, ни цифр');
  await expect(error).not.toContainText('The search words hold no letters or digits');
  await expectClean(page, 'offline search refusal');

  await page.getByTestId('nav-settings').click();
  await page.getByRole('combobox', { name: 'Язык интерфейса' }).selectOption('en');
  await expect(page.getByTestId('nav-search')).toHaveText('Search');
  await page.getByTestId('nav-search').click();
  await page.getByTestId('mode-offline').click();
  await page.locator('#offline-text').fill('??? ---');
  await page.getByTestId('offline-search').click();
  await expect(page.getByTestId('offline-results-error')).toHaveText('The search words hold no letters or digits.');
});
