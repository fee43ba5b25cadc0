/**
 * "Keyboard from start to finish": the analyst's whole path driven by the keyboard alone (no mouse, no
 * click()): search → card → back → list → export. Going back (Esc, Alt+←) lands on the row the card was opened
 * from, with the table scrolled as it was and the arrows working at once; a dialog gives the focus back to what
 * opened it; every step's key is the one the palette and the tooltips show.
 */
import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { addIds, createList, invokeOk, runSearch, searchIds, tendersWithContracts } from './viewsHelpers';

/** Presses Tab until `target` has the focus (what a keyboard user does); fails when it is never reached. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The index of the table row that has the focus, or null when the focus is not on a row. */
function focusedRow(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const row = document.activeElement?.closest('[role="row"][data-row-index]');
    return row ? Number(row.getAttribute('data-row-index')) : null;
  });
}

/** What has the focus: never <body> (the focus is never lost), and the test id of the element that has it. */
async function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const at = document.activeElement;
    if (at === null || at === document.body) return '<body>';
    return at.closest('[data-testid]')?.getAttribute('data-testid') ?? null;
  });
}

function bodyScroll(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).locator('.vt__body').evaluate((el) => el.scrollTop);
}

test('keyboard only: search → card → back to the same row (Esc, Alt+←) → list → export; the focus is never lost after a dialog or a view change', async ({ page, app }) => {
  await expect(page.getByTestId('view-search')).toBeVisible();
  // Every paid run asks first, so the confirm-before-spending dialog is driven by the keyboard too.
  const money = await invokeOk<{ runCap: number | null; dailyBudget: number | null }>(app, 'spending.get');
  await invokeOk(app, 'spending.set', { confirmAbove: 0, runCap: money.runCap, dailyBudget: money.dailyBudget });

  // Search: «/» goes to the keywords, Enter makes a chip, Tab reaches «Найти», Enter runs it.
  await page.keyboard.press('/');
  const keywords = page.getByRole('textbox', { name: 'Ключевые слова' });
  await expect(keywords).toBeFocused();
  await page.keyboard.type('поставка');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('keywords-chip').filter({ hasText: 'поставка' })).toBeVisible();
  await tabTo(page, page.getByTestId('run-label'));
  await page.keyboard.type('клавиатура');
  await tabTo(page, page.getByTestId('run'));
  await page.keyboard.press('Enter');
  // «Загрузить за … ед.»: confirming gives the focus back to «Найти» or, while the run it started keeps it
  // disabled, to the results table (never to <body>).
  const spendDialog = page.getByTestId('spend-confirm');
  await expect(spendDialog).toBeVisible();
  await tabTo(page, spendDialog.getByTestId('spend-confirm-ok'));
  await expect(spendDialog.getByTestId('spend-confirm-ok')).toHaveText(/^Загрузить за \d[\d\s]* ед\.$/);
  await page.keyboard.press('Enter');
  await expect(spendDialog).toHaveCount(0);
  await expect.poll(() => focusedTestId(page)).toMatch(/^(run|results)$/);
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect.poll(() => focusedTestId(page)).toMatch(/^(run|results)$/);
  await expect.poll(async () => Number(await page.getByTestId('results-count').getAttribute('data-count'))).toBeGreaterThan(40);
  // The results take the height the window leaves them: only the table scrolls, not the page beside it.
  await expect.poll(() => page.locator('.frame__main').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  expect(await page.getByTestId('results').locator('.vt__body').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

  // J enters the table (unless the focus came back to it from the dialog); Page Down three times scrolls it well
  // down (a page is the rows the table shows).
  if ((await focusedRow(page)) === null) await page.keyboard.press('j');
  await expect.poll(() => focusedRow(page)).toBe(0);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  const row = (await focusedRow(page))!;
  expect(row).toBeGreaterThan(20);
  const scrolled = await bodyScroll(page, 'results');
  expect(scrolled).toBeGreaterThan(0);
  const name = await page.getByTestId('results').locator(`[role="row"][data-row-index="${row}"]`).getByTestId('row-name').innerText();

  // Enter opens its card, which takes the focus on its heading; the way back is named with its keys.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('card-title')).toHaveText(name);
  await expect(page.getByTestId('card-title')).toBeFocused();
  // «Отметить…» opened from the card and saved: the focus goes back to the button that opened it.
  const markButton = page.getByTestId('card-marks-edit');
  await tabTo(page, markButton);
  await page.keyboard.press('Enter');
  const markDialog = page.getByTestId('card-marks-edit-dialog');
  await expect(markDialog).toBeVisible();
  await tabTo(page, markDialog.getByTestId('card-marks-edit-note'));
  await page.keyboard.type('С клавиатуры');
  await tabTo(page, markDialog.getByTestId('card-marks-edit-save'));
  await page.keyboard.press('Enter');
  await expect(markDialog).toHaveCount(0);
  await expect(markButton).toBeFocused();
  await expect(page.getByTestId('card-back')).toHaveAttribute('title', /Esc, Alt\+←/);
  // Escape goes back: the same row has the focus, the table is scrolled as it was, and ↓ works at once.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('view-search')).toBeVisible();
  await expect.poll(() => focusedRow(page)).toBe(row);
  expect(await bodyScroll(page, 'results')).toBe(scrolled);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedRow(page)).toBe(row + 1);

  const next = await page.getByTestId('results').locator(`[role="row"][data-row-index="${row + 1}"]`).getByTestId('row-name').innerText();

  // Alt+← goes back as well. O opens a card as Enter does, its heading focused.
  await page.keyboard.press('o');
  await expect(page.getByTestId('card-title')).toHaveText(next);
  await expect(page.getByTestId('card-title')).toBeFocused();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('view-search')).toBeVisible();
  await expect.poll(() => focusedRow(page)).toBe(row + 1);

  // L: «Добавить в список…» on the active row, into a new list; the dialog gives the focus back to the row.
  await expect(page.getByTestId('add-to-list')).toHaveAttribute('title', /\(L\)/);
  await page.keyboard.press('l');
  const addDialog = page.getByTestId('add-to-list-dialog');
  await expect(addDialog).toBeVisible();
  // No list yet: «Новый список» is the choice, so the dialog starts in its name field and typing names it.
  await expect(addDialog.getByTestId('add-to-list-new')).toBeChecked();
  await expect(addDialog.getByTestId('add-to-list-name')).toBeFocused();
  await page.keyboard.type('С клавиатуры');
  await page.keyboard.press('Enter');
  await expect(addDialog.getByTestId('add-to-list-result')).toBeVisible();
  // Added: the focus waits on «Закрыть», not on a radio.
  await expect(addDialog.getByTestId('add-to-list-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(addDialog).toHaveCount(0);
  await expect.poll(() => focusedRow(page)).toBe(row + 1);

  // Ctrl+K → «Списки»; Tab to the new list, Enter opens it.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette-input')).toBeFocused();
  await page.keyboard.type('Списки');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-lists')).toBeVisible();
  // The view gone to from the palette has the focus on its heading.
  await expect(page.getByTestId('view-lists').getByRole('heading', { level: 1 })).toBeFocused();
  const item = page.getByTestId('lists-item').filter({ hasText: 'С клавиатуры' });
  await tabTo(page, item);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lists-detail-count')).toHaveAttribute('data-count', '1');

  // E exports (its key is in the button's tooltip); Shift+Tab goes round the dialog to «Выгрузить», Enter runs it.
  await expect(page.getByTestId('lists-export-open')).toHaveAttribute('title', /\(E\)/);
  // A laptop's screen: the dialog is taller than the window and scrolls.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.keyboard.press('e');
  const exportDialog = page.getByTestId('lists-export');
  await expect(exportDialog).toBeVisible();
  await expect(exportDialog.getByTestId('lists-export-column').first()).toBeVisible();
  await tabTo(page, exportDialog.getByTestId('lists-export-run'), 'Shift+Tab');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  await expect(exportDialog.getByTestId('lists-export-result')).toHaveAttribute('data-rows', '1');
  // The focus stays on the button pressed (it went to «Все» at the dialog's top), and the result and the buttons
  // are in view in the scrolled dialog.
  await expect(exportDialog.getByTestId('lists-export-run')).toBeFocused();
  await expect(exportDialog.getByTestId('lists-export-result')).toBeInViewport();
  await expect(exportDialog.getByTestId('lists-export-run')).toBeInViewport();
  // In view and not under the buttons that stay at the dialog's bottom edge: what is drawn at its middle is the result.
  await expect
    .poll(() =>
      exportDialog.getByTestId('lists-export-result').evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && el.contains(top);
      }),
    )
    .toBe(true);
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text).toContain(next);
  // Escape closes the dialog and the focus is back on the list it was opened over; Escape again leaves the list.
  await page.keyboard.press('Escape');
  await expect(exportDialog).toHaveCount(0);
  await expect(item).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lists-detail')).toHaveCount(0);
  await expect(item).toBeFocused();
});

test('back from a list member\'s card and from a dossier lands on the member\'s row; Esc from the list\'s detail on the list; back from the board\'s card and a contract card too', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e назад из списка', ['created']);
  const ids = await searchIds(app, filterId);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  await createList(page, 'Назад');
  await addIds(page, ids);
  const members = page.getByTestId('lists-members');
  await expect(members.locator('[role="row"][data-key]').nth(2)).toBeVisible();

  // A member's card: Enter opens it, Esc comes back to the same member.
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedRow(page)).toBe(2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lists-detail')).toBeVisible();
  await expect.poll(() => focusedRow(page)).toBe(2);

  // The customer's dossier, from the INN link in that row: Alt+← comes back to the row, and ↑ works at once.
  await members.locator('[role="row"][data-row-index="2"]').getByTestId('lists-customer-link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-insights')).toHaveAttribute('data-page', 'dossier');
  await expect(page.getByTestId('insights-back')).toHaveAttribute('title', /Esc, Alt\+←/);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('lists-detail')).toBeVisible();
  await expect.poll(() => focusedRow(page)).toBe(2);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedRow(page)).toBe(1);

  // Esc on the list's detail closes it and puts the focus on the list's item.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lists-detail')).toHaveCount(0);
  await expect(page.getByTestId('lists-item').filter({ hasText: 'Назад' })).toBeFocused();

  // The pipeline board: a card's name opens the tender card; Esc comes back to the board, focus on that name.
  await invokeOk(app, 'marks.apply', { tender_ids: ids.slice(0, 2), status: 'reviewing' });
  await page.getByTestId('nav-marks').focus();
  await page.keyboard.press('Enter');
  const boardName = page.locator('[data-testid="board-column"][data-status="reviewing"]').getByTestId('board-card-open').nth(1);
  await boardName.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('view-marks')).toBeVisible();
  await expect(boardName).toBeFocused();

  // A contract card opened from the Contracts view (the contracts of a list): Esc and Alt+← come back to its row.
  const withContracts = (await tendersWithContracts(app, Array.from({ length: 100 }, (_, i) => 2901 + i))).slice(-3);
  expect(withContracts.length).toBeGreaterThan(0);
  const contractList = await invokeOk<{ listId: string }>(app, 'lists.create', { name: 'С контрактами' });
  await invokeOk(app, 'lists.addItems', { listId: contractList.listId, ids: withContracts });
  await page.getByTestId('nav-contracts').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('contracts-mode-list').focus();
  await page.keyboard.press('Space');
  await page.getByTestId('contracts-list').selectOption(contractList.listId);
  await page.getByTestId('contracts-find').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('contracts-job')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect.poll(async () => Number(await page.getByTestId('contracts-count').getAttribute('data-count'))).toBeGreaterThan(0);
  const contractRow = page.getByTestId('contracts-table').locator('[role="row"][data-row-index="0"]');
  await contractRow.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-kind', 'contract');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('view-contracts')).toBeVisible();
  await expect.poll(() => focusedRow(page)).toBe(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-kind', 'contract');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('view-contracts')).toBeVisible();
  await expect(contractRow).toBeFocused();
});
