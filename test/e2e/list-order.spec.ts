/**
 * A list's table opens in the list's own order (the order its CSV export keeps), each member numbered
 * by its place; the «№» header sorts it both ways like any other column.
 * The analyst reorders members by dragging a handle (whose tooltip names the keys), with Alt+↑/↓ or with the
 * palette's «Переместить ниже» on the focused member; the order survives the members being read again from
 * the server (each reload of the table does) and the export keeps it.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { addIds, createList, memberRow, runSearch, searchIds } from './viewsHelpers';

test('lists: members in list order by default, numbered; the header reverses it; drag, Alt+↓ and the palette reorder them, and the export keeps that order', async ({ page, app }) => {
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

  // Reordering: back to the list's order, then the first member dragged by its handle onto the third's place.
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const order = async () => page.getByTestId('lists-members').locator('[role="row"][data-key]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-key'))));
  await expect.poll(order).toHaveLength(cached.length);
  const before = await order();
  const handle = memberRow(page, 0).getByTestId('lists-member-handle');
  // The handle's tooltip names the keys the palette shows for «Переместить выше/ниже».
  await expect(handle).toHaveAttribute('title', /\(или Alt\+↑ \/ Alt\+↓ в строке\)$/);
  const from = (await handle.boundingBox())!;
  const to = (await memberRow(page, 2).getByTestId('lists-member-place').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  const dragged = [before[1]!, before[2]!, before[0]!, ...before.slice(3)];
  await expect.poll(order).toEqual(dragged);
  await expect(place(2)).toHaveText('3');

  // Alt+↓ on the (now) first row: it changes places with the second, and the focus goes with it.
  await memberRow(page, 0).focus();
  await page.keyboard.press('Alt+ArrowDown');
  const moved = [dragged[1]!, dragged[0]!, ...dragged.slice(2)];
  await expect.poll(order).toEqual(moved);
  await expect(memberRow(page, 1)).toBeFocused();
  await expect(memberRow(page, 1)).toHaveAttribute('data-key', String(dragged[0]));

  // The palette on the focused member: «Переместить ниже», shown with Alt+↓, runs what the key does.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('перемест');
  const options = page.getByTestId('command-palette').getByRole('option');
  await expect(options.filter({ hasText: 'Переместить выше' }).locator('kbd')).toHaveText('Alt+↑');
  await app.screenshot(page, 'palette-list-member');
  await page.keyboard.type(' ниже');
  const option = options.first();
  await expect(option).toContainText('Переместить ниже');
  await expect(option.locator('kbd')).toHaveText('Alt+↓');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  const paletted = [moved[0]!, moved[2]!, moved[1]!, ...moved.slice(3)];
  await expect.poll(order).toEqual(paletted);
  await expect(memberRow(page, 2)).toBeFocused();

  // Read again from the server (opening the list mirrors its members): the analyst's order stays.
  await page.getByTestId('nav-search').click();
  await page.getByTestId('nav-lists').click();
  await page.locator('button.lists__item', { hasText: 'Порядок списка' }).click();
  await expect(page.getByTestId('lists-detail-name')).toHaveText('Порядок списка');
  await expect.poll(order).toEqual(paletted);

  // The export writes the members in that order.
  await page.getByTestId('lists-export-open').click();
  const dialog = page.getByTestId('lists-export');
  await dialog.getByTestId('lists-export-none').click();
  await dialog.getByTestId('lists-export-col-id').check();
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('lists-export-run').click();
  const download = await downloading;
  await expect(dialog.getByTestId('lists-export-result')).toHaveAttribute('data-rows', String(cached.length));
  const lines = (await readFile(await download.path())).subarray(3).toString('utf8').split(/\r?\n/).filter((l) => l !== '');
  expect(lines.slice(1).map(Number)).toEqual(paletted);
});
