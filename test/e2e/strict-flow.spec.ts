/**
 * The analyst's whole flow against the STRICT sandbox, which sends only what the API reference
 * states: no `version` inside tender objects (only on result items), cards shaped as document 2's tender
 * detail (no version, no billed), no `total` on partial pages, pages of at most 37 items, no `request_id` in
 * success bodies, contract items under `object`, unknown extra fields everywhere. The client must not lean on
 * what our ordinary sandbox happens to send: search → card → the same card again (no second charge) → a list
 * → its CSV → the ledger and its audit, with nothing raw, blank or "undefined" shown on the way.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type E2eApp } from './fixtures';
import { addKeyword, invokeOk, memberRow, runSearchInView } from './viewsHelpers';

// Tall enough that each screenshot shows the whole view (the views scroll inside the window, not the page).
test.use({ strictSandbox: true, viewport: { width: 1280, height: 1600 } });

/** What a person must never read: a JavaScript value leaking through, or a version the server never stated. */
const RAW = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|Infinity|(?:Версия|версия)\s*-\d/;

async function expectNothingRaw(area: Locator): Promise<void> {
  await expect(area).not.toContainText(RAW);
}

interface Balance {
  balance: { tenders: number; contracts: number };
}

/** The tender balance as the server tells it now (not the cached figure). */
async function tenderBalance(app: E2eApp): Promise<number> {
  return (await invokeOk<Balance>(app, 'balance.get', { refresh: true })).balance.tenders;
}

function resultRow(page: Page, index: number): Locator {
  return page.getByTestId('results').locator(`[role="row"][data-row-index="${index}"]`);
}

test('strict sandbox: search → card → card again free → list → CSV → ledger audit', async ({ page, app }) => {
  // Six steps, each with a paid request and a page to draw: 30 s on a quiet machine, and once past the default
  // 120 s beside vitest at load 20. A longer limit only lengthens a failure.
  test.setTimeout(240_000);
  const balanceAtStart = await tenderBalance(app);

  // 1. Search: a query built in the form, its cost asked for first, then run.
  await expect(page.getByTestId('view-search')).toBeVisible();
  await addKeyword(page, 'поставка');
  await page.getByTestId('preview').click();
  const preview = page.getByTestId('preview-result');
  // A strict server may leave `total` out (state partial): then the preview says the cost is not known yet.
  await expect(preview).toContainText(/Найдено закупок|общее число пока неизвестно/);
  await expect(preview).toContainText(/будет стоить до|Стоимость прочтения всех пока неизвестна/);
  await expectNothingRaw(preview);
  await app.screenshot(page, 'strict-1-preview');

  await runSearchInView(page, 'strict поставка');
  await expect(page.getByTestId('run-progress-charged')).toContainText('списано');
  const found = Number(await page.getByTestId('results-count').getAttribute('data-count'));
  // More than one strict page (37 items at most), so the client had to page by cursor.
  expect(found).toBeGreaterThan(37);
  const firstRow = resultRow(page, 0);
  await expect(firstRow.getByRole('gridcell').nth(3)).not.toBeEmpty();
  await expectNothingRaw(page.getByTestId('view-search'));
  await app.screenshot(page, 'strict-2-results');
  const balanceAfterSearch = await tenderBalance(app);
  expect(balanceAfterSearch).toBeLessThan(balanceAtStart);

  // 2. A tender card from the results: the card's own content, although the card states no version.
  const rowText = await firstRow.getByRole('gridcell').nth(3).innerText();
  await firstRow.getByRole('gridcell').nth(3).dblclick();
  const card = page.getByTestId('view-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-source', 'server');
  const tenderId = Number(await card.getAttribute('data-id'));
  await expect(page.getByTestId('card-title')).not.toBeEmpty();
  const title = await page.getByTestId('card-title').innerText();
  expect(rowText).toContain(title.slice(0, 20));
  await expect(page.getByTestId('card-organization')).toContainText('ИНН');
  await expect(page.getByTestId('card-position').first()).toBeVisible();
  await expect(page.getByTestId('card-error')).toHaveCount(0);
  await expectNothingRaw(card);
  await app.screenshot(page, 'strict-3-card');
  // Its version was delivered by the search already: the card is free (reference 2.6, rule 6).
  const balanceAfterCard = await tenderBalance(app);
  expect(balanceAfterCard).toBe(balanceAfterSearch);
  const ledgerAfterCard = (await invokeOk<{ count: number }>(app, 'ledger.list', { refresh: true, offset: 0, limit: 1 })).count;

  // 3. The same card again: from the cache, and nothing moves on the server.
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-search')).toBeVisible();
  await firstRow.getByRole('gridcell').nth(3).dblclick();
  await expect(card).toHaveAttribute('data-id', String(tenderId));
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-source', 'cache');
  await expect(page.getByTestId('card-source')).toContainText('бесплатно');
  await expect(page.getByTestId('card-title')).toHaveText(title);
  await expectNothingRaw(card);
  await app.screenshot(page, 'strict-4-card-again');
  expect(await tenderBalance(app)).toBe(balanceAfterCard);
  expect((await invokeOk<{ count: number }>(app, 'ledger.list', { refresh: true, offset: 0, limit: 1 })).count).toBe(ledgerAfterCard);

  // 4. The world moves, and a card not opened before now shows a version the search never delivered; the
  // card states no version, so none is shown (no made-up number), and no "free" is claimed for it.
  await app.control('tick', { updated: 3000 });
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-search')).toBeVisible();
  await resultRow(page, 1).getByRole('gridcell').nth(3).dblclick();
  await expect(card).not.toHaveAttribute('data-id', String(tenderId));
  await expect(page.getByTestId('card-source')).toHaveAttribute('data-source', 'server');
  await expect(page.getByTestId('card-title')).not.toBeEmpty();
  await expect(page.getByTestId('card-header')).toContainText('Версия не указана сервером');
  await expect(page.getByTestId('card-source')).not.toContainText('эта версия уже была доставлена');
  await expect(page.getByTestId('card-version')).toHaveCount(2);
  // Nothing to compare with a version the server did not state, and no error about it either.
  await expect(page.getByTestId('card-versions-single')).toBeVisible();
  await expect(page.getByTestId('card-diff-error')).toHaveCount(0);
  await expectNothingRaw(card);
  await app.screenshot(page, 'strict-4b-card-new-version');
  const balanceAfterNewVersion = await tenderBalance(app);
  expect(balanceAfterNewVersion).toBe(balanceAfterCard - 1);

  // 5. Four results into a new list.
  await page.getByTestId('card-back').click();
  await resultRow(page, 0).getByRole('checkbox').click();
  await resultRow(page, 3).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('results-selected')).toContainText('Выбрано: 4');
  await page.getByTestId('add-to-list').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Новый список' }).check();
  await dialog.getByLabel('Название нового списка').fill('Strict избранное');
  await dialog.getByTestId('add-to-list-submit').click();
  // The reference shows no body for adding list items: the counts may be unstated, never a made-up 0.
  await expect(dialog.getByTestId('add-to-list-result')).toContainText(/добавлено: 4\.|Все 4 теперь в списке/);
  await dialog.getByRole('button', { name: 'Закрыть' }).click();

  await page.getByTestId('nav-lists').click();
  await page.getByTestId('lists-item').filter({ hasText: 'Strict избранное' }).click();
  await expect(page.getByTestId('lists-detail-name')).toHaveText('Strict избранное');
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', '4');
  await expect(memberRow(page, 3).getByRole('gridcell').nth(2)).not.toBeEmpty();
  await expectNothingRaw(page.getByTestId('view-lists'));
  await app.screenshot(page, 'strict-5-list');

  // 6. The list as CSV with every column: one line per member, each with its id and name.
  await page.getByTestId('lists-export-open').click();
  const exportDialog = page.getByTestId('lists-export');
  await exportDialog.getByTestId('lists-export-all').click();
  const downloading = page.waitForEvent('download');
  await exportDialog.getByTestId('lists-export-run').click();
  const download = await downloading;
  await expect(exportDialog.getByTestId('lists-export-result')).toHaveAttribute('data-rows', '4');
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  expect(lines.length).toBe(1 + 4);
  const header = lines[0]!.split(';');
  const idAt = header.indexOf('ID');
  const nameAt = header.indexOf('Наименование');
  expect(idAt).toBeGreaterThanOrEqual(0);
  expect(nameAt).toBeGreaterThanOrEqual(0);
  for (const line of lines.slice(1)) {
    expect(line).not.toMatch(RAW);
    const cells = line.split(';');
    expect(cells[idAt]).toMatch(/^\d+$/);
    expect(cells[nameAt]?.trim()).not.toBe('');
  }
  expect(lines.some((l) => l.split(';')[idAt] === String(tenderId))).toBe(true);
  await app.screenshot(page, 'strict-6-export');
  await exportDialog.getByTestId('lists-export-close').click();

  // 7. The ledger and its audit: every row explained, none charged twice, and the audit saw the rows.
  await page.getByTestId('nav-ledger').click();
  await expect(page.getByTestId('view-ledger')).toBeVisible();
  const audit = page.getByTestId('ledger-audit');
  await expect(audit).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('ledger-audit-verdict')).toHaveText('0 повторных списаний, 0 необъяснённых');
  const charged = balanceAtStart - balanceAfterNewVersion;
  await expect(page.getByTestId('ledger-count')).toHaveAttribute('data-count', String(charged));
  await expect(audit).not.toContainText('Строк журнала: 0,');
  await expect(audit).toContainText(`Строк журнала: ${charged.toLocaleString('ru-RU')}`);
  await expect(page.getByTestId('ledger-table').getByTestId('ledger-audit-badge').first()).toHaveAttribute('data-audit', 'matched');
  expect(await page.getByTestId('ledger-table').locator('[data-audit="repeat"], [data-audit="unexplained"]').count()).toBe(0);
  // Each charge names the search that made it, not its raw filter id (ledger rows carry no date to spend by).
  const ledgerTable = page.getByTestId('ledger-table');
  await expect(ledgerTable.getByRole('row').filter({ hasText: 'strict поставка' }).first()).toBeVisible();
  await expect(ledgerTable).not.toContainText('flt_');
  await expect(page.getByTestId('ledger-balance-tenders')).toHaveAttribute('data-value', String(balanceAfterNewVersion));
  await expectNothingRaw(page.getByTestId('view-ledger'));
  await app.screenshot(page, 'strict-7-ledger');
});
