/**
 * Offline end to end: with the sandbox stopped the app says it is offline, and what was fetched before still
 * browses — a tender card from the cache, the list's members, the ledger with its audit and the last known
 * balance. A list edit made offline is queued, and sent once when the server is back.
 */
import { expect, test } from './fixtures';
import { addIds, createList, invokeOk, memberRow, runSearch, searchIds } from './viewsHelpers';

test('offline: cached card, list and ledger browse; a list edit is queued and sent once after restart', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e offline', ['created']);
  const ids = (await searchIds(app, filterId)).slice(0, 3);
  expect(ids.length).toBe(3);

  await createList(page, 'E2E офлайн');
  await addIds(page, ids);
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', '3');
  await memberRow(page, 0).dblclick();
  await expect(page.getByTestId('card-source')).toBeVisible();
  const title = await page.getByTestId('card-title').innerText();
  await page.getByTestId('nav-ledger').click();
  await expect(page.getByTestId('ledger-audit')).toHaveAttribute('data-ok', 'true');

  // The server goes away.
  await app.stopSandbox();
  await page.getByTestId('ledger-refresh').click();
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('ledger-audit-verdict')).toHaveText('0 повторных списаний, 0 необъяснённых');
  await expect(page.getByTestId('ledger-balance-cached')).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId('ledger-count').getAttribute('data-count'))).toBeGreaterThan(0);

  // The list and the card still browse, from the cache.
  await page.getByTestId('nav-lists').click();
  await page.getByTestId('lists-item').filter({ hasText: 'E2E офлайн' }).click();
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', '3');
  await memberRow(page, 0).dblclick();
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-source', 'cache');
  await expect(page.getByTestId('card-title')).toHaveText(title);
  await page.getByTestId('card-back').click();

  // An edit offline is queued.
  await memberRow(page, 0).getByRole('checkbox').click();
  await page.getByTestId('lists-remove').click();
  await expect(page.getByTestId('lists-message')).toContainText('поставлено в очередь');
  await expect(page.getByTestId('lists-detail-queued')).toHaveAttribute('data-pending', '1');
  await app.screenshot(page, 'offline');

  // The server is back: the queued edit is sent, once.
  await app.restartSandbox();
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'true', { timeout: 45_000 });
  await expect(page.getByTestId('lists-detail-queued')).toHaveCount(0, { timeout: 30_000 });
  const lists = await invokeOk<{ listId: string; name: string; itemsCount: number; pendingEdits: number }[]>(app, 'lists.list');
  const list = lists.find((l) => l.name === 'E2E офлайн');
  expect(list?.pendingEdits).toBe(0);
  expect(list?.itemsCount).toBe(2);
  const info = await invokeOk<{ pendingEdits: number }>(app, 'app.info');
  expect(info.pendingEdits).toBe(0);
});
