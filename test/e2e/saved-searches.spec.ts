/**
 * Saved searches end to end: a search run earlier is listed with its criteria and cached count; opening its
 * results marks it seen; changes made on the server (`/__sandbox/tick`) show up as new/updated counts after
 * "sync now" and, live, while following; rename; «Удалить поиск (перестать следить)» (with its explanation) keeps
 * the cached tenders, and the ledger names the deleted search's charges «Поиск «…» (удалён)».
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, type E2eApp } from './fixtures';
import { waitJob } from './viewsHelpers';

type Ok<T> = { ok: true; value: T };

async function runInCore(app: E2eApp, label: string): Promise<string> {
  const started = (await app.invoke('search.run', { criteria: { keywords: ['поставка'] }, label, events: ['created', 'updated'] })) as Ok<{ filterId: string; jobId: string }>;
  expect(started.ok).toBe(true);
  const { jobId, filterId } = started.value;
  // The job's state, asked of the core: an event awaited only from now on can be missed when the job ends first.
  await waitJob(app, jobId);
  return filterId;
}

const count = async (l: Locator): Promise<number> => ((await l.count()) === 0 ? 0 : Number(await l.getAttribute('data-count')));

async function openSaved(page: Page, filterId: string): Promise<Locator> {
  await page.getByTestId('nav-saved').click();
  await expect(page.getByTestId('view-saved')).toBeVisible();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`);
  await expect(item).toBeVisible();
  return item;
}

test('saved searches: list, results, sync picks up ticks, follow live, rename, delete (its name stays in the ledger)', async ({ page, app }) => {
  test.setTimeout(120_000);
  const filterId = await runInCore(app, 'e2e сохранённый');
  const item = await openSaved(page, filterId);
  await expect(item.getByTestId('saved-label')).toHaveText('e2e сохранённый');
  // Never seen yet: everything delivered counts as new.
  await expect(item.getByTestId('badge-new')).toBeVisible();
  await expect(item.getByTestId('saved-criteria')).toContainText('поставка');
  const cached = Number(await item.getByTestId('saved-cached').getAttribute('data-cached'));
  expect(cached).toBeGreaterThan(0);
  await expect(item.getByTestId('saved-cached')).toContainText('в кэше');

  // Opening the results shows the cached tenders and marks the search seen.
  await item.getByTestId('saved-open').click();
  await expect(page.getByTestId('saved-results')).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId('saved-results-table-count').getAttribute('data-count'))).toBe(cached);
  await expect(item.getByTestId('badge-new')).toHaveCount(0);
  // The results take the height the window leaves them, as the search's do: the page does not scroll beside them.
  await expect.poll(() => page.locator('.frame__main').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);

  // The server changes: new and changed tenders. "Sync now" brings them and counts them since last seen.
  await app.control('tick', { created: 300, updated: 300 });
  await item.getByTestId('saved-sync').click();
  await expect(item.getByTestId('sync-panel')).toBeVisible();
  await item.getByTestId('sync-max-spend').fill('10000');
  await item.getByTestId('sync-contracts').check();
  await item.getByTestId('sync-start').click();
  await expect(item.getByTestId('saved-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  // Tenders and contracts each against their own total («71 из 69» counted both against the tenders').
  await expect(item.getByTestId('saved-progress-figures')).toHaveText(/^тендеры: [\d\s]+ из [\d\s]+ · контракты: [\d\s]+ из [\d\s]+$/);
  await expect.poll(async () => (await count(item.getByTestId('badge-new'))) + (await count(item.getByTestId('badge-updated'))), { timeout: 15_000 }).toBeGreaterThan(0);
  const newAfterSync = await count(item.getByTestId('badge-new'));
  const updatedAfterSync = await count(item.getByTestId('badge-updated'));
  expect(newAfterSync + updatedAfterSync).toBeGreaterThan(0);
  await app.screenshot(page, 'saved-searches');

  // Following live: a later tick arrives by itself and the counter grows.
  await item.getByTestId('saved-follow').click();
  await expect(item.getByTestId('following-badge')).toBeVisible();
  await expect(item).toHaveAttribute('data-following', 'true');
  const before = (await count(item.getByTestId('badge-new'))) + (await count(item.getByTestId('badge-updated')));
  await app.control('tick', { created: 300, updated: 300 });
  await expect.poll(async () => (await count(item.getByTestId('badge-new'))) + (await count(item.getByTestId('badge-updated'))), { timeout: 45_000 }).toBeGreaterThan(before);
  // F, the key its tooltip names, stops following the open search as the button does.
  await expect(item.getByTestId('saved-follow')).toHaveAttribute('title', 'Не следить (F)');
  await page.keyboard.press('f');
  await expect(item.getByTestId('following-badge')).toHaveCount(0);

  // Opening the results again marks the news seen.
  await item.getByTestId('saved-open').click(); // hide
  await item.getByTestId('saved-open').click(); // open again
  await expect(item.getByTestId('badge-new')).toHaveCount(0);
  await expect(item.getByTestId('badge-updated')).toHaveCount(0);

  // Rename.
  await item.getByTestId('saved-rename').click();
  await item.getByTestId('rename-input').fill('e2e сохранённый — ИТ');
  await item.getByTestId('rename-save').click();
  await expect(item.getByTestId('saved-label')).toHaveText('e2e сохранённый — ИТ');

  // Its criteria open in the search builder.
  await item.getByTestId('saved-edit').click();
  await expect(page.getByTestId('view-search')).toBeVisible();
  await expect(page.getByTestId('keywords-chip').filter({ hasText: 'поставка' })).toBeVisible();
  await page.getByTestId('nav-saved').click();
  await expect(item).toBeVisible();

  // Delete, in the analyst's words (it read «Погасить»): the dialog says the server subscription ends, the cached
  // tenders stay and the ledger keeps the name.
  const cachedBefore = Number(await item.getByTestId('saved-cached').getAttribute('data-cached'));
  await item.getByTestId('saved-extinguish').click();
  await expect(item.getByTestId('saved-extinguish')).toHaveText('Удалить поиск…');
  const dialog = page.getByRole('dialog', { name: 'Удалить поиск и перестать следить за ним?' });
  await expect(dialog).toContainText('подписка на сервере закончится');
  await expect(dialog).toContainText('останутся в кэше');
  await expect(dialog).toContainText('пометкой «удалён»');
  await expect(page.getByText(/Погас/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(item).toBeVisible();
  await item.getByTestId('saved-extinguish').click();
  await dialog.getByRole('button', { name: 'Удалить поиск (перестать следить)' }).click();
  await expect(page.getByTestId('saved-search')).toHaveCount(0);
  await expect(page.getByTestId('saved-empty')).toBeVisible();

  const info = (await app.invoke('cache.info', {})) as Ok<{ tenders: number }>;
  expect(info.value.tenders).toBeGreaterThanOrEqual(cachedBefore);

  // What it cost is still named after it, in the ledger's rows and in the spend per search.
  await page.getByTestId('nav-ledger').click();
  await expect(page.getByTestId('ledger-search-bar').filter({ hasText: 'Поиск «e2e сохранённый — ИТ» (удалён)' })).toHaveCount(1);
  await expect(page.getByTestId('ledger-search-name').filter({ hasText: 'Поиск «e2e сохранённый — ИТ» (удалён)' }).first()).toBeVisible();
  await expect(page.getByText('погашенный поиск')).toHaveCount(0);
  await app.screenshot(page, 'ledger-deleted-search');
});

test('following a search held whole says «N из N», the same count as «в кэше» (it used to read «0 из 43»)', async ({ page, app }) => {
  const filterId = await runInCore(app, 'e2e слежение');
  const item = await openSaved(page, filterId);
  const cached = await item.getByTestId('saved-cached').getAttribute('data-cached');
  await expect(item.getByTestId('saved-cached')).toHaveAttribute('data-total', cached!);
  await item.getByTestId('saved-follow').click();
  await expect(item.getByTestId('saved-progress')).toHaveAttribute('data-state', 'following', { timeout: 30_000 });
  const figures = item.getByTestId('saved-progress-figures');
  await expect(figures).toHaveAttribute('data-held', cached!);
  await expect(figures).toHaveAttribute('data-total', cached!);
  await expect(figures).toHaveAttribute('data-items', '0');
  const n = Number(cached).toLocaleString('ru-RU');
  await expect(figures).toHaveText(`${n} из ${n}`);
  await app.screenshot(page, 'saved-following-held');
  await item.getByTestId('saved-follow').click();
  await expect(item.getByTestId('following-badge')).toHaveCount(0);
});
