/**
 * A tender a feed delivered and whose card was never opened, opened offline: the card shows the stored object at
 * once and says its positions and documents are «не загружены», not an empty table and «Документов нет.» (issue
 * 26). Back online, the same place offers to load the card (free for this version), and loading it brings them.
 */
import { expect, test } from './fixtures';
import { addIds, createList, memberRow, runSearch, searchIds } from './viewsHelpers';

test('offline, a card never opened says its positions and documents are not loaded; online, one click loads them', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e не загружены', ['created']);
  const ids = (await searchIds(app, filterId)).slice(0, 2);
  expect(ids.length).toBe(2);
  await createList(page, 'E2E не загружены');
  await addIds(page, ids);
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', '2');

  await app.stopSandbox();
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'false', { timeout: 30_000 });
  await memberRow(page, 0).dblclick();
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-source', 'cache');
  const positions = page.getByTestId('card-positions');
  await expect(positions).toContainText('не загружены');
  await expect(page.getByTestId('card-positions-not-loaded')).toHaveAttribute('data-online', 'false');
  await expect(page.getByTestId('card-positions-not-loaded')).toContainText('Позиции не загружены: они приходят с карточкой');
  await expect(page.getByTestId('card-positions-not-loaded')).toContainText('Когда она появится, откройте карточку снова — для этой версии это бесплатно.');
  await expect(page.getByTestId('card-position')).toHaveCount(0);
  await expect(page.getByTestId('card-documents-not-loaded')).toContainText('Документы не загружены');
  await expect(page.getByTestId('card-documents')).not.toContainText('Документов нет.');
  await expect(page.getByTestId('card-positions-not-loaded-load')).toHaveCount(0);
  await app.screenshot(page, 'card-not-loaded-offline');

  // Online again: the card offers to load itself, and loading it brings the positions (the version is held: free).
  await app.restartSandbox();
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'true', { timeout: 45_000 });
  await expect(page.getByTestId('card-positions-not-loaded')).toHaveAttribute('data-online', 'true');
  await page.getByTestId('card-positions-not-loaded-load').click();
  await expect(page.getByTestId('card-positions-not-loaded')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-source', 'server');
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-charged', 'false');
  await expect(page.getByTestId('card-position').first()).toBeVisible();
  await expect(page.getByTestId('card-documents-not-loaded')).toHaveCount(0);
  await app.screenshot(page, 'card-not-loaded-online');
});
