/**
 * Marks end to end: two rows of a saved search's results marked at once (a new tag, our status, an
 * assignee, a note) → the tag chips and the status name show in the table, and the table filters by status →
 * the pipeline board shows both under «На рассмотрении» → one moves to «Готовим заявку» by the keyboard alone
 * (Space, →, Space), the other by the mouse → a newer version arrives → its card shows the new status, the
 * note and «Изменилась после отметки» with the diff since → the tags manager renames the tag → a list's members
 * filter by status; the card's history of the marks names each change in words.
 */
import { expect, test } from './fixtures';
import { invokeOk, runSearch, waitJob } from './viewsHelpers';

test('marks: two rows at once → chips and filter → board → move by keyboard → the card', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e метки', ['created']);
  await page.getByTestId('nav-saved').click();
  await page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`).getByTestId('saved-open').click();
  const table = page.getByTestId('saved-results-table');
  const row = (i: number) => table.locator(`[data-row-index="${i}"]`);
  await expect(row(1)).toBeVisible();

  // Two rows selected, one marks dialog for both.
  await row(0).getByRole('checkbox').click();
  await row(1).getByRole('checkbox').click();
  await page.getByTestId('saved-results-table-marks').click();
  const dialog = page.getByTestId('saved-results-table-marks-dialog');
  await expect(dialog.getByTestId('saved-results-table-marks-form')).toBeVisible();
  await dialog.getByTestId('saved-results-table-marks-new-tag').fill('Срочно');
  await dialog.getByTestId('saved-results-table-marks-new-tag').press('Enter');
  await expect(dialog.getByTestId('saved-results-table-marks-tag')).toHaveAttribute('data-presence', 'all');
  await dialog.getByTestId('saved-results-table-marks-status').selectOption({ label: 'На рассмотрении' });
  await dialog.getByTestId('saved-results-table-marks-assignee').fill('Иванова');
  await dialog.getByTestId('saved-results-table-marks-note').fill('Позвонить заказчику до пятницы');
  await dialog.getByTestId('saved-results-table-marks-save').click();
  await expect(dialog).toHaveCount(0);

  // The chips and our status by name in both rows.
  for (const i of [0, 1]) {
    await expect(row(i).getByTestId('mark-tag')).toHaveText('Срочно');
    // Whole at 1366 px in its short form, the full name as its tooltip.
    await expect(row(i).getByTestId('mark-status')).toHaveText('На рассм.');
    await expect(row(i).getByTestId('mark-status')).toHaveAttribute('title', 'На рассмотрении');
  }
  const chip = row(0).getByTestId('mark-status');
  // Not cut: its text fits it, and it fits the marks' part of the cell.
  expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.parentElement!.getBoundingClientRect().right + 0.5)).toBe(true);
  // The name stays readable beside the chips: most of its cell at 1366 px.
  const nameBox = (await row(0).getByTestId('row-name').boundingBox())!;
  const cellBox = (await row(0).getByRole('gridcell').filter({ has: page.getByTestId('row-name') }).boundingBox())!;
  expect(nameBox.width).toBeGreaterThan(cellBox.width * 0.5);
  const ids = await Promise.all([0, 1].map(async (i) => Number(await row(i).getAttribute('data-key'))));
  // Only the marked rows under the filter chip «статус «На рассмотрении»».
  await page.getByTestId('saved-results-table-mark-filter-status').selectOption({ label: 'На рассмотрении' });
  await expect(page.getByTestId('saved-results-table-mark-filter-chip')).toContainText('На рассмотрении');
  await expect(page.getByTestId('saved-results-table-count')).toHaveAttribute('data-count', '2');
  await app.screenshot(page, 'marks-results');
  // Marks changed elsewhere (a card, the board, another window: here through the core) reach the shown table
  // without a reload: a row whose status left the filter goes, and comes back with it.
  await invokeOk(app, 'marks.apply', { tender_ids: [ids[1]], status: 'preparing' });
  await expect(page.getByTestId('saved-results-table-count')).toHaveAttribute('data-count', '1');
  await invokeOk(app, 'marks.apply', { tender_ids: [ids[1]], status: 'reviewing' });
  await expect(page.getByTestId('saved-results-table-count')).toHaveAttribute('data-count', '2');

  // The board: both under «На рассмотрении».
  await page.getByTestId('nav-marks').click();
  const column = (status: string) => page.locator(`[data-testid="board-column"][data-status="${status}"]`);
  await expect(column('reviewing')).toHaveAttribute('data-count', '2');
  await expect(column('preparing')).toHaveAttribute('data-count', '0');
  await app.screenshot(page, 'marks-board');

  // By the keyboard alone: Space picks the card up, → takes it to the next column, Space drops it.
  const card = column('reviewing').getByTestId('board-card').first();
  const movedId = Number(await card.getAttribute('data-id'));
  expect(ids).toContain(movedId);
  // Readable at 1366 px: columns no narrower than a card's words, each drop zone the board's full height.
  const columnBox = async (status: string) => (await column(status).boundingBox())!;
  expect((await columnBox('won')).width).toBeGreaterThanOrEqual(190);
  expect((await columnBox('won')).height).toBe((await columnBox('reviewing')).height);
  // The card is no button holding a button: its handle is the keyboard's.
  await expect(card).not.toHaveAttribute('role', 'button');
  const handle = card.getByTestId('board-card-handle');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-roledescription', 'перемещаемая карточка');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(column('preparing')).toHaveClass(/board__column--over/);
  await page.keyboard.press('Space');
  await expect(column('preparing')).toHaveAttribute('data-count', '1');
  await expect(column('reviewing')).toHaveAttribute('data-count', '1');
  await expect.poll(async () => (await invokeOk<{ status: string }>(app, 'marks.get', { tenderId: movedId })).status).toBe('preparing');
  // The screen reader heard it in Russian.
  await expect(page.locator('[id^="DndLiveRegion"]').first()).toContainText('Готовим заявку');

  // And by the mouse: the other card dragged onto «Выиграна».
  const other = column('reviewing').getByTestId('board-card').first();
  const otherId = Number(await other.getAttribute('data-id'));
  const from = (await other.boundingBox())!;
  const to = (await column('won').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await expect(column('won')).toHaveClass(/board__column--over/);
  await page.mouse.up();
  await expect(column('won')).toHaveAttribute('data-count', '1');
  await expect(column('reviewing')).toHaveAttribute('data-count', '0');
  await expect.poll(async () => (await invokeOk<{ status: string }>(app, 'marks.get', { tenderId: otherId })).status).toBe('won');

  // The tender changes on the server after it was marked, and its new version arrives (its list is read again).
  await app.control('tick', { updated: 3000 }); // every tender of the catalogue gets a new version
  const list = await invokeOk<{ listId: string }>(app, 'lists.create', { name: 'e2e изменения' });
  await invokeOk(app, 'lists.addItems', { listId: list.listId, ids: [movedId, otherId] });
  await waitJob(app, (await invokeOk<{ jobId: string }>(app, 'lists.sync', { listId: list.listId })).jobId);
  const after = await invokeOk<{ marked_version: number; latest_version: number; changed_since_marked: boolean }>(app, 'marks.get', { tenderId: movedId });
  expect(after.changed_since_marked).toBe(true);

  // Its card: our status by name, the tag, the assignee, the note, and «Изменилась после отметки» with that diff.
  await column('preparing').getByTestId('board-card-open').click();
  const marks = page.getByTestId('card-marks');
  await expect(marks.getByTestId('mark-status')).toHaveText('Готовим заявку');
  await expect(marks.getByTestId('mark-tag')).toHaveText('Срочно');
  await expect(marks.getByTestId('card-marks-assignee')).toContainText('Иванова');
  await expect(marks.getByTestId('card-note')).toContainText('Позвонить заказчику до пятницы');
  // Every change of its marks, newest first (the history shared with the team): when, who, what, in words.
  await marks.getByTestId('card-marks-history').locator('summary').click();
  await expect(marks.getByTestId('card-marks-history-entry').first()).toContainText('Статус: Готовим заявку');
  await expect(marks.getByTestId('card-marks-history-entry')).toContainText(['Статус: Готовим заявку', 'Статус: На рассмотрении']);
  await expect(marks.getByTestId('card-marks-changed')).toContainText('Изменилась после отметки');
  await marks.getByTestId('card-marks-diff').click();
  await expect(page.getByTestId('card-diff')).toHaveAttribute('data-from', String(after.marked_version));
  await expect(page.getByTestId('card-diff')).toHaveAttribute('data-to', String(after.latest_version));
  await marks.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'marks-card');

  // Typed input is never lost silently: Escape over a typed note asks first, and the note is still there after.
  // M opens «Отметить…» on the card as on a table's row (the key its tooltip names).
  await expect(marks.getByTestId('card-marks-edit')).toHaveAttribute('title', 'Отметить… (M)');
  await page.keyboard.press('m');
  const one = page.getByTestId('card-marks-edit-dialog');
  await expect(one.getByRole('heading')).toHaveText('Метки закупки');
  await one.getByTestId('card-marks-edit-note').fill('Черновик, не терять');
  await one.getByTestId('card-marks-edit-note').press('Escape');
  await expect(one.getByTestId('card-marks-edit-discard')).toContainText('Закрыть без сохранения?');
  await app.screenshot(page, 'marks-discard-question');
  await one.getByTestId('card-marks-edit-keep-editing').click();
  await expect(one.getByTestId('card-marks-edit-note')).toHaveValue('Черновик, не терять');
  await one.getByTestId('card-marks-edit-close').click();
  await one.getByTestId('card-marks-edit-discard-confirm').click();
  await expect(one).toHaveCount(0);
  // A note is deleted only once confirmed.
  await marks.getByTestId('card-note-delete').click();
  const confirmDelete = page.getByTestId('card-note-delete-confirm');
  await expect(confirmDelete).toContainText('Позвонить заказчику до пятницы');
  await confirmDelete.getByRole('button', { name: 'Отмена' }).click();
  await expect(marks.getByTestId('card-note')).toHaveCount(1);
  await marks.getByTestId('card-note-delete').click();
  await confirmDelete.getByRole('button', { name: 'Удалить' }).click();
  await expect(marks.getByTestId('card-note')).toHaveCount(0);

  // The tags manager renames the tag everywhere: the board shows the new name.
  await page.getByTestId('nav-marks').click();
  await page.getByTestId('marks-tab-tags').click();
  const tagRow = page.locator('[data-testid="tags-admin-row"][data-tag="Срочно"]');
  await tagRow.getByTestId('tags-admin-name').fill('Горит');
  await tagRow.getByTestId('tags-admin-rename').click();
  await expect(page.locator('[data-testid="tags-admin-row"][data-tag="Горит"]')).toBeVisible();
  await app.screenshot(page, 'marks-tags');
  await page.getByTestId('marks-tab-board').click();
  await expect(column('preparing').getByTestId('mark-tag')).toHaveText('Горит');

  // A list's members filter by marks too: of the two, only the one won.
  await page.getByTestId('nav-lists').click();
  await page.getByTestId('lists-item').filter({ hasText: 'e2e изменения' }).click();
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', '2');
  await page.getByTestId('lists-mark-filter-status').selectOption({ label: 'Выиграна' });
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('lists-members').locator('[data-row-index="0"]')).toHaveAttribute('data-key', String(otherId));
});
