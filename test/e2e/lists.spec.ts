/**
 * Lists end to end: create a list, add ids by pasting (one not cached yet is flagged as missing), "Update from
 * server" fetches it, remove a shift-selected range at once, and export CSV with chosen columns in a chosen
 * order, reading the downloaded file back (BOM, `;`, header titles, one line per member).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { addIds, createList, invokeOk, memberRow, runSearch, searchIds } from './viewsHelpers';

test('lists: add by ids → missing flagged → update from server → remove many → export chosen columns', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e lists', ['created']);
  const cached = await searchIds(app, filterId);
  const n = cached.length; // the tenders of those ids the default statuses let through
  expect(n).toBeGreaterThanOrEqual(5);
  const notCached = 7; // not in the search above: unknown to the cache until the list is read from the server

  await createList(page, 'E2E список');
  await addIds(page, [...cached, notCached]);
  await expect(page.getByTestId('lists-message')).toContainText(`Добавлено: ${n + 1}`);
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', String(n));
  await expect(page.getByTestId('lists-missing')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('lists-missing-id')).toHaveAttribute('data-id', String(notCached));

  // Pasting something that is not an id is refused with the token named, nothing is sent.
  await page.getByTestId('lists-add-ids').fill('12 abc');
  await page.getByTestId('lists-add').click();
  await expect(page.getByTestId('lists-detail-error')).toContainText('abc');

  // Update from server: the list's feed brings the missing tender.
  await page.getByTestId('lists-update').click();
  await expect(page.getByTestId('lists-job')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', String(n + 1));
  await expect(page.getByTestId('lists-missing')).toHaveCount(0);

  // Remove a shift-selected range of three at once.
  await memberRow(page, 0).getByRole('checkbox').click();
  await memberRow(page, 2).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('lists-remove')).toContainText('(3)');
  await page.getByTestId('lists-remove').click();
  await expect(page.getByTestId('lists-message')).toContainText('Удалено: 3');
  const left = n + 1 - 3;
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', String(left));
  await expect(page.getByTestId('lists-detail-count')).toHaveAttribute('data-count', String(left));
  const lists = await invokeOk<{ name: string; itemsCount: number }[]>(app, 'lists.list');
  expect(lists.find((l) => l.name === 'E2E список')?.itemsCount).toBe(left);
  await app.screenshot(page, 'lists');

  // Export: only ID, name and price, price moved above name; `;` by default.
  await page.getByTestId('lists-export-open').click();
  const dialog = page.getByTestId('lists-export');
  await expect(dialog.getByTestId('lists-export-column').first()).toBeVisible();
  await dialog.getByTestId('lists-export-none').click();
  for (const key of ['id', 'name', 'price']) await dialog.getByTestId(`lists-export-col-${key}`).check();
  // price sits after name in the catalogue of columns: move it up until it is right after id.
  const keys = async () => dialog.getByTestId('lists-export-column').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  while ((await keys()).indexOf('price') > (await keys()).indexOf('name')) await dialog.getByTestId('lists-export-up-price').click();
  await expect(dialog.getByTestId('lists-export-delimiter')).toHaveValue(';');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('lists-export-run').click();
  const download = await downloading;
  await expect(dialog.getByTestId('lists-export-result')).toHaveAttribute('data-rows', String(left));
  await expect(dialog.getByTestId('lists-export-result')).toContainText(`Выгружено строк: ${left}`);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  expect(lines[0]).toBe('ID;Начальная цена;Наименование');
  expect(lines.length).toBe(1 + left);
  expect(lines[1]).toMatch(/^\d+;[\d\s\u00a0]+,\d{2};/);
});
