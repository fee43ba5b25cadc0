/**
 * A list's table opens in the list's own order (the order its CSV export keeps), each member numbered
 * by its place; the «№» header sorts it both ways like any other column.
 */
import { expect, test } from './fixtures';
import { addIds, createList, memberRow, runSearch, searchIds } from './viewsHelpers';

test('lists: members in list order by default, numbered; the header reverses it', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e list order', ['created']);
  const cached = await searchIds(app, filterId);
  expect(cached.length).toBeGreaterThanOrEqual(3);
  await createList(page, 'Порядок списка');
  await addIds(page, cached);
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', String(cached.length));

  const table = page.getByTestId('lists-members');
  const header = table.locator('[role="columnheader"][data-column="listOrder"]');
  await expect(header).toHaveText(/№/);
  // The members fit 1366 px with the new column: no sideways scroll.
  const frame = page.getByTestId('lists-members-frame').locator('.vt__scroller');
  expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  // The first cell of a member row (after its checkbox) is its place.
  const place = (i: number) => memberRow(page, i).getByRole('gridcell').nth(1);
  await expect(place(0)).toHaveText('1');
  await expect(place(cached.length - 1)).toHaveText(String(cached.length));
  await app.screenshot(page, 'list-order');

  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(place(0)).toHaveText(String(cached.length));
  await expect(place(cached.length - 1)).toHaveText('1');
});
