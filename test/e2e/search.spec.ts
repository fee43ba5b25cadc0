/**
 * The Search view end to end against the sandbox: criteria validated before sending, the cost preview, a run
 * with its progress, sorted results, a card and back with the form kept, selected rows added to a new list,
 * and the offline mode (the cache searched with the server gone).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addKeyword, runSearchInView as runSearch, unfoldCriteria } from './viewsHelpers';

/** "1 234 567,89 ₽" → 1234567.89 */
function rub(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

async function priceColumn(page: Page, rows: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rows; i++) {
    const row = page.getByTestId('results').locator(`[role="row"][data-row-index="${i}"]`);
    // checkbox, published, deadline, name, price, …
    out.push(rub(await row.getByRole('gridcell').nth(4).innerText()));
  }
  return out;
}

test('search: validate → preview → run → sorted results → card → back', async ({ page, app }) => {
  await expect(page.getByTestId('view-search')).toBeVisible();

  // Validation before sending: a wrong INN check digit and a malformed OKPD2 code are named inline.
  const inn = page.getByRole('textbox', { name: 'ИНН заказчика' });
  await inn.fill('7830002294');
  await inn.press('Enter');
  const okpd2 = page.getByRole('textbox', { name: 'ОКПД2' });
  await okpd2.fill('26.2O');
  await okpd2.press('Enter');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('customerInn-error')).toContainText('контрольное число');
  await expect(page.getByTestId('okpd2-error')).toContainText('26.20.11.110');
  await expect(page.getByTestId('form-errors')).toBeVisible();
  await expect(page.getByTestId('preview-result')).toHaveCount(0);
  await page.getByRole('button', { name: 'Убрать «7830002294»' }).click();
  await page.getByRole('button', { name: 'Убрать «26.2O»' }).click();
  await expect(page.getByTestId('form-errors')).toHaveCount(0);

  // Regions are picked by code or name from a filterable list, and shown as chips.
  await page.getByRole('button', { name: 'Регионы: любые' }).click();
  await page.getByLabel('Регионы: Найти по коду или названию').fill('77');
  await page.getByLabel('Регионы: Найти по коду или названию').press('Enter');
  await expect(page.getByRole('button', { name: 'Регионы: выбрано: 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Убрать «77 Москва»' }).click();
  await expect(page.getByRole('button', { name: 'Регионы: любые' })).toBeVisible();
  await page.getByRole('button', { name: 'Регионы: любые' }).click(); // close the list

  // Cost preview: the total and what reading them all would cost, for at most one unit.
  await addKeyword(page, 'поставка');
  await page.getByTestId('preview').click();
  const preview = page.getByTestId('preview-result');
  await expect(preview).toContainText('Найдено закупок');
  await expect(preview).toContainText('будет стоить до');
  await expect(preview).toContainText('не больше 1 единицы');
  const total = Number(await preview.getAttribute('data-total'));
  expect(total).toBeGreaterThan(0);

  // Run: progress, units charged, results in the table.
  await runSearch(page, 'e2e поставка');
  await expect(page.getByTestId('run-progress-charged')).toContainText('списано');
  await expect(page.getByTestId('results-title')).toContainText('e2e поставка');
  // Waited for (auto-retrying), not read once: the count follows the run's last page.
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', String(total));
  const count = total;
  await app.screenshot(page, 'search');

  // Sort by price, descending then ascending.
  const priceHeader = page.getByTestId('results').getByRole('columnheader', { name: /Начальная цена/ });
  await priceHeader.click();
  await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => {
    const p = await priceColumn(page, 6);
    return p.every((v, i) => i === 0 || p[i - 1]! >= v);
  }).toBe(true);
  await priceHeader.click();
  await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => {
    const p = await priceColumn(page, 6);
    return p.every((v, i) => i === 0 || p[i - 1]! <= v);
  }).toBe(true);

  // Scrolling deep into the table loads further pages.
  await page.getByTestId('results').locator('.vt__body').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(page.getByTestId('results').locator(`[role="row"][data-row-index="${count - 1}"] [role="gridcell"]`).nth(3)).not.toBeEmpty();
  await page.getByTestId('results').locator('.vt__body').evaluate((el) => {
    el.scrollTop = 0;
  });

  // Double-click opens the card; back returns to the search with the form and results kept.
  const firstRow = page.getByTestId('results').locator('[role="row"][data-row-index="0"]');
  const name = await firstRow.getByRole('gridcell').nth(3).innerText();
  await firstRow.getByRole('gridcell').nth(3).dblclick();
  await expect(page.getByTestId('view-card')).toBeVisible();
  await expect(page.getByTestId('card-title')).toBeVisible();
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-search')).toBeVisible();
  // The criteria are kept, folded into their one-line summary after the run (unfolded: the same chip).
  await expect(page.getByTestId('criteria-summary-text')).toContainText('поставка');
  await unfoldCriteria(page);
  await expect(page.getByTestId('keywords-chip').filter({ hasText: 'поставка' })).toBeVisible();
  await expect(page.getByTestId('results').getByRole('columnheader', { name: /Начальная цена/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('results').locator('[role="row"][data-row-index="0"]')).toContainText(name.replace(/^\S+\s/, '').slice(0, 20));

  // Enter on a focused row opens the card too.
  await page.getByTestId('results').locator('[role="row"][data-row-index="1"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-search')).toBeVisible();
});

test('search: shift-selected rows go into a new list', async ({ page, app }) => {
  await addKeyword(page, 'поставка');
  await runSearch(page, 'e2e для списка');
  const rows = page.getByTestId('results');
  await rows.locator('[role="row"][data-row-index="0"]').getByRole('checkbox').click();
  await rows.locator('[role="row"][data-row-index="3"]').getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('results-selected')).toContainText('Выбрано: 4');

  await page.getByTestId('add-to-list').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Новый список' }).check();
  await dialog.getByLabel('Название нового списка').fill('E2E избранное');
  await dialog.getByTestId('add-to-list-submit').click();
  await expect(dialog.getByTestId('add-to-list-result')).toContainText('добавлено: 4');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();

  const lists = await app.invoke('lists.list', {});
  expect(lists.ok).toBe(true);
  const list = (lists as { ok: true; value: { name: string; itemsCount: number }[] }).value.find((l) => l.name === 'E2E избранное');
  expect(list?.itemsCount).toBe(4);

  // "Select all" takes every row of the results (fetched page by page), not only the loaded ones.
  const resultsCount = Number(await page.getByTestId('results-count').getAttribute('data-count'));
  await page.getByTestId('results-select-all').click();
  await expect(page.getByTestId('results-selected')).toContainText(`Выбрано: ${resultsCount.toLocaleString('ru-RU')}`);
  await page.getByRole('button', { name: 'Снять выделение' }).click();
  await rows.locator('[role="row"][data-row-index="0"]').getByRole('checkbox').click();
  await rows.locator('[role="row"][data-row-index="3"]').getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('results-selected')).toContainText('Выбрано: 4');

  // Adding the same rows again to the existing list makes no duplicates.
  await page.getByTestId('add-to-list').click();
  await dialog.getByRole('radio', { name: /E2E избранное/ }).check();
  await dialog.getByTestId('add-to-list-submit').click();
  await expect(dialog.getByTestId('add-to-list-result')).toContainText('уже были в нём: 4');
});

test('search: the cache is searched offline, and the server search says calmly that it is unreachable', async ({ page, app }) => {
  await addKeyword(page, 'поставка');
  await runSearch(page, 'e2e офлайн');
  const cached = Number(await page.getByTestId('results-count').getAttribute('data-count'));

  await app.stopSandbox();
  // The server search cannot reach the server: a calm message, not an alarm.
  await addKeyword(page, 'бумага');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('search-error')).toHaveAttribute('data-code', 'offline', { timeout: 30_000 });
  // Said once: the frame's banner explains offline; the action's notice only says it was not done.
  await expect(page.getByTestId('search-error')).toContainText(/нет связи с сервером/i);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await page.getByTestId('mode-offline').click();
  await page.getByLabel('Что искать в кэше').fill('поставка');
  await page.getByTestId('offline-search').click();
  await expect.poll(async () => Number(await page.getByTestId('offline-results-count').getAttribute('data-count'))).toBeGreaterThan(0);
  const found = Number(await page.getByTestId('offline-results-count').getAttribute('data-count'));
  expect(found).toBeLessThanOrEqual(Math.max(cached, 10_000));
  await expect(page.getByTestId('offline-results-count')).toContainText('Найдено в кэше');

  // A price filter narrows the offline results; a typo in it is named inline.
  await page.getByLabel('Цена от, ₽').fill('abc');
  await page.getByTestId('offline-search').click();
  await expect(page.getByTestId('price-error')).toBeVisible();
  await page.getByLabel('Цена от, ₽').fill('1 000 000');
  await page.getByTestId('offline-search').click();
  await expect.poll(async () => Number(await page.getByTestId('offline-results-count').getAttribute('data-count'))).toBeLessThan(found);
  await app.screenshot(page, 'search-offline');

  // The card of a cached tender opens offline, and back leads to the offline mode.
  await page.getByTestId('offline-results').locator('[role="row"][data-row-index="0"] [role="gridcell"]').nth(3).dblclick();
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('mode-offline')).toHaveAttribute('aria-selected', 'true');
});
