/**
 * Issue 16, exports with provenance: a list exported as Excel XLSX from the export dialog is a real workbook
 * with typed cells (read back with read-excel-file: ids and prices are numbers, notice numbers keep their
 * leading zeros as text) and a «Источник» sheet; a CSV's provenance is a second download in browser mode; the
 * export is then listed in «Выгрузки» with its rows and units.
 */
import { readFileSync } from 'node:fs';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { expect, test } from './fixtures';
import { addIds, createList, runSearch, searchIds } from './viewsHelpers';

test('export dialog → XLSX with typed cells and «Источник» → the export history', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e xlsx', ['created']);
  const ids = await searchIds(app, filterId);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  await createList(page, 'Для Excel');
  await addIds(page, ids);
  await expect(page.getByTestId('lists-members-count')).toHaveAttribute('data-count', String(ids.length));

  await page.getByTestId('lists-export-open').click();
  const dialog = page.getByTestId('lists-export');
  await expect(dialog.getByTestId('lists-export-column').first()).toBeVisible();
  await dialog.getByTestId('lists-export-none').click();
  for (const key of ['id', 'etp_id', 'price', 'end_date']) await dialog.getByTestId(`lists-export-col-${key}`).check();
  await dialog.getByTestId('lists-export-format-xlsx').check();
  await expect(dialog.getByTestId('lists-export-delimiter')).toHaveCount(0); // a CSV's choices only
  await app.screenshot(page, 'export-xlsx-dialog');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('lists-export-run').click();
  const download = await downloading;
  await expect(dialog.getByTestId('lists-export-result')).toHaveAttribute('data-rows', String(ids.length));
  // Named by what it holds and the Moscow day it was made (trial 16: never an id).
  expect(download.suggestedFilename()).toMatch(/^Для Excel \d{4}-\d{2}-\d{2}\.xlsx$/);

  const file = await download.path();
  expect(await readSheetNames(file)).toEqual(['Данные', 'Источник']);
  const rows = await readXlsxFile(file, { trim: false });
  expect(rows[0]).toEqual(['ID', 'Номер извещения', 'Начальная цена', 'Окончание подачи заявок']);
  expect(rows.slice(1).map((r) => r[0]).sort()).toEqual([...ids].sort());
  for (const [, notice, price, end] of rows.slice(1)) {
    expect(typeof notice).toBe('string');
    if (price !== null) expect(typeof price).toBe('number');
    if (end !== null) expect(end).toBeInstanceOf(Date);
  }
  // Notice numbers Excel would turn into numbers (a leading zero, 12+ digits) are text cells with every digit.
  expect(rows.slice(1).some(([, notice]) => typeof notice === 'string' && /^(0\d+|\d{12,})$/.test(notice))).toBe(true);
  const source = new Map((await readXlsxFile(file, { sheet: 'Источник', trim: false })).map((r) => [r[0], r[1]]));
  expect(source.get('Что выгружено')).toBe('Список «Для Excel»');
  expect(source.get('Строк')).toBe(ids.length);
  expect(typeof source.get('Стоимость строк при доставке, ед.')).toBe('number');

  // Browser mode: a CSV's provenance cannot sit beside a download, so the dialog offers it as a second download.
  await dialog.getByTestId('lists-export-format-csv').check();
  const csvDownloading = page.waitForEvent('download');
  await dialog.getByTestId('lists-export-run').click();
  const csvName = (await csvDownloading).suggestedFilename();
  expect(csvName).toMatch(/^Для Excel \d{4}-\d{2}-\d{2}\.csv$/);
  const link = dialog.getByTestId('lists-export-provenance');
  await expect(link).toContainText(`${csvName}.provenance.json`);
  await app.screenshot(page, 'export-csv-provenance-link');
  const sidecarDownloading = page.waitForEvent('download');
  await link.click();
  const sidecar = await sidecarDownloading;
  expect(sidecar.suggestedFilename()).toBe(`${csvName}.provenance.json`);
  expect(JSON.parse(readFileSync(await sidecar.path(), 'utf8'))).toMatchObject({ what: { kind: 'list', name: 'Для Excel' }, format: 'csv', rows: ids.length });
  await dialog.getByTestId('lists-export-close').click();

  await page.getByTestId('nav-exports').click();
  const row = page.getByTestId('exports-row').first();
  await expect(row).toHaveAttribute('data-format', 'csv');
  await expect(row).toContainText('Список «Для Excel»');
  await expect(row).toContainText(csvName);
  await expect(row).toContainText('скачан в браузере');
  await app.screenshot(page, 'export-history');
});
