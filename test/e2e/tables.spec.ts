/**
 * Tables you can work in, at the screen size 1366×900: after a run the criteria form folds
 * into one line so the results get the screen; columns are resized, chosen (remembered) and cut text has a
 * tooltip; a preview pane shows the active row's key facts in words; the keyboard follows the WAI-ARIA grid
 * pattern (one Tab stop, arrows, Space, Enter), Escape closes the region list, `/` focuses the search;
 * the region list stays inside the window; saved-search rows new or changed since last seen are marked, and a
 * changed row shows what changed.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { openCache } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { deadlineMs } from '../../src-main/domain/tenderStage';
import { tenderStageName } from '../../src-main/i18n/codes';
import { expect, test } from './fixtures';
import { addKeyword, switchToEarlierProfile } from './viewsHelpers';

const VIEWPORT = { width: 1366, height: 900 };
const HOUR = 3_600_000;

function row(page: Page, index: number): Locator {
  return page.getByTestId('results').locator(`[role="row"][data-row-index="${index}"]`);
}

async function header(page: Page, name: RegExp): Promise<Locator> {
  return page.getByTestId('results').getByRole('columnheader', { name });
}

/** The index among a row's cells of the column whose header is `name`. */
async function columnIndex(page: Page, name: RegExp): Promise<number> {
  const titles = await page.getByTestId('results').getByRole('columnheader').allInnerTexts();
  const index = titles.findIndex((t) => name.test(t.trim()));
  if (index < 0) throw new Error(`no column ${String(name)} among ${titles.join(' | ')}`);
  return index;
}

/** Drags a column's right edge by `dx` pixels. */
async function dragEdge(page: Page, handle: Locator, dx: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('resize handle not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

/**
 * Runs a search for «поставка» capped at 90 units: under the confirmation threshold (100 units by default), so
 * no consent is asked, and 90 rows are more than a screen of them.
 */
async function searchAndRun(page: Page, label: string): Promise<void> {
  await expect(page.getByTestId('view-search')).toBeVisible();
  await addKeyword(page, 'поставка');
  await page.getByTestId('run-label').fill(label);
  await page.getByTestId('run-max-spend').fill('90');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-state', /^(done|spend_cap)$/, { timeout: 45_000 });
  await expect.poll(async () => Number(await page.getByTestId('results-count').getAttribute('data-count'))).toBeGreaterThanOrEqual(80);
}

test('tables: after a run the criteria fold into one line of words and the results fill the screen', async ({ page, app }) => {
  expect(page.viewportSize()).toEqual(VIEWPORT);
  await searchAndRun(page, 'e2e таблица');

  // The form is folded into a line that names the criteria in words, with a button to unfold it.
  await expect(page.getByTestId('criteria-form')).toHaveCount(0);
  await expect(page.getByTestId('criteria-summary-text')).toContainText('поставка');
  // At least 12 result rows are on the first screen without scrolling the page (3–5 before).
  const visible = await page.getByTestId('results').locator('[role="row"][data-row-index]').evaluateAll(
    (rows, height) => rows.filter((r) => {
      const box = r.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= height;
    }).length,
    VIEWPORT.height,
  );
  expect(visible).toBeGreaterThanOrEqual(12);
  await app.screenshot(page, 'search-folded');

  // Unfolded, the form still holds the criteria; a new run folds it again.
  await page.getByTestId('criteria-expand').click();
  await expect(page.getByTestId('criteria-form')).toBeVisible();
  await expect(page.getByTestId('keywords-chip').filter({ hasText: 'поставка' })).toBeVisible();
  await expect(page.getByTestId('run-max-spend')).toHaveValue('90');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('criteria-summary')).toBeVisible();
});

test('tables: resizable columns, cut text shown as a tooltip, a remembered column chooser, the preview pane', async ({ page }) => {
  await searchAndRun(page, 'e2e столбцы');

  // Resizing: the price column dragged narrower is narrower, and its cut header shows its title as a tooltip.
  const price = await header(page, /Начальная цена/);
  const before = (await price.boundingBox())!.width;
  await dragEdge(page, page.getByTestId('results-resize-price'), -80);
  await expect.poll(async () => (await price.boundingBox())!.width).toBeLessThan(before - 50);
  await page.mouse.move(5, 5);
  await price.hover();
  await expect(price).toHaveAttribute('title', 'Начальная цена');
  // A name cut by its narrowed column shows the whole name as the cell's tooltip.
  await dragEdge(page, page.getByTestId('results-resize-name'), -400);
  const nameCell = row(page, 0).getByRole('gridcell').nth(3);
  await page.mouse.move(5, 5);
  await nameCell.hover();
  const fullName = await nameCell.locator('.vt__text').evaluate((el) => (el.textContent ?? '').trim());
  await expect(nameCell).toHaveAttribute('title', fullName);
  // A cell that fits has no tooltip.
  const dateCell = row(page, 0).getByRole('gridcell').nth(1);
  await dateCell.hover();
  await expect(dateCell).not.toHaveAttribute('title', /./);

  // The chooser hides the region and shows the notice number; the name cannot be hidden.
  await page.getByTestId('results-columns').click();
  const chooser = page.getByTestId('results-columns-popup');
  await expect(chooser.getByRole('checkbox', { name: 'Наименование' })).toBeDisabled();
  await chooser.getByRole('checkbox', { name: 'Регион' }).uncheck();
  await chooser.getByRole('checkbox', { name: '№ извещения' }).check();
  await page.keyboard.press('Escape');
  await expect(chooser).toHaveCount(0);
  await expect(await header(page, /^Регион$/)).toHaveCount(0);
  await expect(await header(page, /№ извещения/)).toBeVisible();

  // The preview pane shows the clicked row's key facts with human labels, not codes.
  await row(page, 2).getByRole('gridcell').nth(1).click();
  const preview = page.getByTestId('results-preview');
  const rowName = (await row(page, 2).getByRole('gridcell').nth(3).innerText()).trim();
  await expect(preview.getByTestId('results-preview-name')).not.toBeEmpty();
  expect(rowName).toContain((await preview.getByTestId('results-preview-name').innerText()).trim().slice(0, 30));
  for (const label of ['Заказчик', 'Начальная цена', 'Окончание подачи заявок', 'Статус', 'Закон']) await expect(preview).toContainText(label);
  await expect(preview.locator('[data-fact="law"] dd')).toHaveText(/^(44-ФЗ|223-ФЗ|Коммерческая закупка)$/);
  await expect(preview.locator('[data-fact="price"] dd')).toContainText('₽');
  // The stage follows the status code, the deadline and the clock, never the date of the run: with
  // the page's clock set either side of this row's deadline, the preview and the table's cell say what the one
  // function says (the default search delivers `active` tenders: open for bids, then the commission's review).
  const code = await preview.getAttribute('data-status');
  const endDate = await preview.getAttribute('data-end-date');
  expect(code).toBe('active');
  const deadline = deadlineMs(endDate);
  if (deadline === null) throw new Error(`the preview's row has no readable deadline: ${endDate}`);
  const statusColumn = await columnIndex(page, /^Статус$/);
  for (const [now, word] of [
    [deadline - HOUR, 'Подача заявок'],
    [deadline + HOUR, 'Работа комиссии'],
  ] as const) {
    expect(tenderStageName(code, endDate, 'ru', now)).toBe(word);
    await page.clock.setFixedTime(now);
    // Picked again, so the pane and the row render at the clock just set.
    await row(page, 1).getByRole('gridcell').nth(1).click();
    await row(page, 2).getByRole('gridcell').nth(1).click();
    await expect(preview.locator('[data-fact="status"] dd')).toHaveText(word);
    await expect(row(page, 2).getByRole('gridcell').nth(statusColumn)).toHaveText(word);
  }
  // The card names the stage by the same function, from its own code and deadline.
  const rowWord = (await row(page, 0).getByRole('gridcell').nth(statusColumn).innerText()).trim();

  // The layout is remembered: after a card and back (the table mounted anew), and in the window's storage.
  await row(page, 0).dblclick();
  await expect(page.getByTestId('view-card')).toBeVisible();
  await expect(page.getByTestId('card-status')).toHaveText(rowWord);
  await page.getByTestId('card-back').click();
  await expect(await header(page, /№ извещения/)).toBeVisible();
  await expect(await header(page, /^Регион$/)).toHaveCount(0);
  expect((await (await header(page, /Начальная цена/)).boundingBox())!.width).toBeLessThan(before - 50);
  const stored = await page.evaluate(() => window.localStorage.getItem('tenderwb.columns.results'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ hidden: expect.arrayContaining(['region']) as unknown });
});

test('tables: the keyboard follows the grid pattern; Escape closes the region list; / focuses the search', async ({ page }) => {
  await searchAndRun(page, 'e2e клавиатура');
  const grid = page.getByTestId('results');

  // One Tab stop: exactly one row of the grid is in the Tab order.
  await expect(grid.locator('[role="row"][tabindex="0"]')).toHaveCount(1);
  await expect(grid.getByRole('checkbox').first()).toHaveAttribute('tabindex', '-1');
  await row(page, 0).getByRole('gridcell').nth(1).click();
  await expect(row(page, 0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 2)).toBeFocused();
  await expect(row(page, 2)).toHaveAttribute('tabindex', '0');
  await expect(row(page, 0)).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowUp');
  await expect(row(page, 1)).toBeFocused();
  // The preview follows the active row.
  const activeKey = await row(page, 1).getAttribute('data-key');
  expect(activeKey).toMatch(/^\d+$/);
  await expect(page.getByTestId('results-preview')).toHaveAttribute('data-id', activeKey!);

  // Space selects the active row; Tab leaves the grid (no second stop inside it).
  await page.keyboard.press(' ');
  await expect(row(page, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('results-selected')).toContainText('Выбрано: 1');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('row');
  await page.keyboard.press('Shift+Tab');
  await expect(row(page, 1)).toBeFocused();

  // Page Down moves a screenful, End to the last row, Home back to the first.
  await page.keyboard.press('End');
  const count = Number(await page.getByTestId('results-count').getAttribute('data-count'));
  await expect(row(page, count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(row(page, 0)).toBeFocused();

  // Up from the first row enters the header row: Right moves along it, Enter sorts, Shift+Left narrows, Down
  // goes back to the rows.
  await page.keyboard.press('ArrowUp');
  await expect(await header(page, /Публикация/)).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const price = await header(page, /Начальная цена/);
  await expect(price).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  const wide = (await price.boundingBox())!.width;
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(async () => (await price.boundingBox())!.width).toBeLessThan(wide - 10);
  await expect(row(page, 0)).toHaveAttribute('data-key', /^\d+$/);
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 0)).toBeFocused();

  // Enter opens the active row's card.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-search')).toBeVisible();

  // `/` unfolds the criteria and puts the cursor into the keywords; typed in a text field it stays text
  // (Ctrl+K opens the command palette now: palette-calendar.spec.ts).
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: 'Ключевые слова' })).toBeFocused();
  await page.getByRole('textbox', { name: 'ИНН заказчика' }).focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: 'ИНН заказчика' })).toBeFocused();

  // Escape closes the region list wherever the focus is inside it (a checkbox of the list too).
  await page.getByRole('button', { name: 'Регионы: любые' }).click();
  const popup = page.getByTestId('regions-popup');
  await expect(popup).toBeVisible();
  await popup.getByRole('checkbox').first().focus();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Регионы: любые' })).toBeFocused();

  // In the offline mode `/` focuses what to search in the cache.
  await page.getByTestId('mode-offline').click();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Что искать в кэше')).toBeFocused();
});

test('tables: the region list stays inside the window', async ({ page, app }) => {
  await expect(page.getByTestId('view-search')).toBeVisible();
  const button = page.getByRole('button', { name: 'Регионы: любые' });
  await button.click();
  const popup = page.getByTestId('regions-popup');
  await expect(popup).toBeVisible();
  const inside = async () => {
    const box = (await popup.boundingBox())!;
    const vp = page.viewportSize()!;
    return box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;
  };
  await expect.poll(inside).toBe(true);
  await app.screenshot(page, 'search-regions');
  // Near the bottom of a short window it opens above the button (or shrinks), still inside.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 900, height: 420 });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await expect(popup).toBeVisible();
  await expect.poll(inside).toBe(true);
  await page.setViewportSize(VIEWPORT);
});

// ---------------------------------------------------------------------------------------------------------
// Saved-search results: new and changed since last seen
// ---------------------------------------------------------------------------------------------------------

const MARKS_FILTER = 'flt_e2e_seen_marks';
const MARKS_LABEL = 'e2e отметки';

/** Ids far from the sandbox's own, so a card opened is this test's tender and no server version joins in. */
const BASE_ID = 900_000_000;

/** A tender as the feed delivers it (`n` numbers it within this test). */
function feedTender(n: number, version: number, price: number): Record<string, unknown> {
  const id = BASE_ID + n;
  return {
    id,
    version,
    etp_id: String(32600000000 + id),
    name: `Поставка бумаги офисной № ${n}`,
    law: '44-FZ',
    region: { id: 77, name: 'Москва' },
    status: { id: 1, code: 'active', name: 'Подача заявок' },
    price,
    currency: 'RUB',
    publish_date: new Date(Date.UTC(2026, 7, 1, 7) + n * 60_000).toISOString(),
    end_date: '2026-12-20T10:00:00+03:00',
    customer: { name: `ГБУ «Учреждение № ${n}»`, inn: '7707083893' },
  };
}

/** Writes a feed page of the saved search into the profile's cache, as a sync would (the core has it open). */
function deliver(dataDir: string, objects: Record<string, unknown>[], cursor: string): void {
  const cache = openCache(path.join(dataDir, 'profiles', 'sandbox', 'cache.db'));
  try {
    searchStore(cache).upsert({ filterId: MARKS_FILTER, params: { keywords: ['бумага'] }, label: MARKS_LABEL, events: ['created', 'updated'] });
    const items = objects.map((object) => ({
      kind: 'tender' as const,
      id: object.id as number,
      version: object.version as number,
      billed: true,
      event: (object.version as number) > 1 ? ('updated' as const) : ('created' as const),
      object,
    }));
    feedStore(cache).saveFeedPage({ filterId: MARKS_FILTER, feed: 'tender', stream: 'created,updated', cursor, requestId: null, receivedAt: new Date().toISOString(), items });
  } finally {
    cache.close();
  }
}

test('tables: saved-search rows new or changed since last seen are marked, a changed row shows what changed', async ({ page, app }) => {
  deliver(app.dataDir, Array.from({ length: 20 }, (_, i) => feedTender(i + 1, 1, 100_000 + i)), 'cur_marks_1');
  await page.getByTestId('nav-saved').click();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${MARKS_FILTER}"]`);
  const open = async () => {
    await item.getByTestId('saved-open').click();
    await expect.poll(async () => Number(await page.getByTestId('saved-results-table-count').getAttribute('data-count'))).toBeGreaterThan(0);
  };
  // The first look: what is held is what the user has seen, so nothing is marked.
  await open();
  await expect(page.getByTestId('saved-results-table').locator('[data-testid="row-mark"]')).toHaveCount(0);
  await item.getByTestId('saved-open').click(); // close

  // A sync brings a new tender and a new version of a seen one (its price lowered).
  deliver(app.dataDir, [feedTender(21, 1, 250_000), feedTender(5, 2, 90_000)], 'cur_marks_2');
  await open();
  const table = page.getByTestId('saved-results-table');
  const rowOf = (n: number) => table.locator(`[role="row"][data-key="${BASE_ID + n}"]`);
  await expect(rowOf(21).getByTestId('row-mark')).toHaveAttribute('data-mark', 'new');
  await expect(rowOf(21).getByTestId('row-mark')).toHaveText('новая');
  await expect(rowOf(5).getByTestId('row-mark')).toHaveAttribute('data-mark', 'changed');
  await expect(rowOf(5).getByTestId('row-mark')).toHaveText('изменена');
  await expect(table.locator('[data-testid="row-mark"]')).toHaveCount(2);
  await expect(page.getByTestId('saved-seen')).toContainText('Новых: 1 · изменённых: 1');

  // The changed row shows what changed: the price of the version seen against the version held.
  await rowOf(5).getByRole('gridcell').nth(1).click();
  const diff = page.getByTestId('saved-seen-diff');
  await expect(diff).toContainText('версии 1 до 2');
  await expect(diff.getByTestId('saved-seen-diff-entry').filter({ hasText: 'Цена' })).toContainText(/100\s004,00\s₽\s→\s90\s000,00\s₽/);
  await app.screenshot(page, 'saved-marks');

  // Opening the new row's card acknowledges it; «mark all as seen» the rest, and it stays so.
  await rowOf(21).dblclick();
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.getByTestId('card-back').click();
  await expect(rowOf(5).getByTestId('row-mark')).toHaveAttribute('data-mark', 'changed');
  await expect(rowOf(21).getByTestId('row-mark')).toHaveCount(0);
  await page.getByTestId('saved-seen-mark-all').click();
  await expect(table.locator('[data-testid="row-mark"]')).toHaveCount(0);
  await item.getByTestId('saved-open').click();
  await open();
  await expect(rowOf(5)).toBeVisible();
  await expect(table.locator('[data-testid="row-mark"]')).toHaveCount(0);
});

test('tables: the earlier generation’s tender table is one Tab stop too, arrows move, Enter opens', async ({ page }) => {
  test.setTimeout(120_000);
  await switchToEarlierProfile(page);
  await page.getByTestId('nav-filters').click();
  const filter = page.locator('[data-testid="earlier-filter"][data-filter-id="2"]');
  await filter.getByTestId('earlier-filter-sync').click();
  await filter.getByTestId('earlier-sync-start').click();
  await expect(filter.getByTestId('earlier-sync-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await filter.getByTestId('earlier-filter-open').click();

  const table = page.getByTestId('earlier-tenders-table');
  const rows = table.getByTestId('earlier-tenders-table-row');
  await expect(rows).toHaveCount(20);
  await expect(table.locator('tr[tabindex="0"]')).toHaveCount(1);
  await rows.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await expect(rows.nth(2)).toHaveAttribute('tabindex', '0');
  await expect(rows.nth(0)).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('End');
  await expect(rows.nth(19)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.nth(0)).toBeFocused();
  const id = await rows.nth(1).getAttribute('data-id');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', id!);
});
