/**
 * Exports with provenance: a list exported as Excel XLSX from the export dialog is a real workbook
 * with typed cells (read back with read-excel-file: ids and prices are numbers, notice numbers keep their
 * leading zeros as text) and a «Источник» sheet; a CSV's provenance is a second download in browser mode; the
 * export is then listed in «Выгрузки» with its rows and units.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
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
  // The workbook's document properties: what it holds, the app and its version, when it was made.
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.title).toBe('Список «Для Excel»');
  expect(book.creator).toBe(`Tender Workbench ${String(source.get('Версия приложения'))}`);
  expect(book.created).toBeInstanceOf(Date);
  expect(Math.abs(book.created.getTime() - Date.now())).toBeLessThan(10 * 60_000);

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

  // A CSV for other programs with a comma: ISO dates and dot decimals, the values the workbook holds.
  await dialog.getByTestId('lists-export-delimiter').selectOption(',');
  await dialog.getByTestId('lists-export-plain').check();
  await app.screenshot(page, 'export-csv-plain');
  const plainDownloading = page.waitForEvent('download');
  await dialog.getByTestId('lists-export-run').click();
  // These four columns hold no comma, quote or line break: a line split on the comma is its cells.
  const plain = readFileSync(await (await plainDownloading).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
  expect(plain[0]).toEqual(['ID', 'Номер извещения', 'Начальная цена', 'Окончание подачи заявок']);
  const fromBook = new Map(rows.slice(1).map((r) => [String(r[0]), r]));
  const pad = (n: number): string => String(n).padStart(2, '0');
  for (const [id, , price, end] of plain.slice(1)) {
    const [, , bookPrice, bookEnd] = fromBook.get(id!)!;
    expect(price).toBe(bookPrice === null ? '' : (bookPrice as number).toFixed(2));
    if (price !== '') expect(price).toMatch(/^-?\d+\.\d\d$/);
    // The workbook's date cell holds the Moscow wall time in its UTC fields; the CSV the same time with its seconds.
    const d = bookEnd as unknown as Date | null;
    expect(end!.slice(0, 16)).toBe(d === null ? '' : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`);
    if (end !== '') expect(end).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  }
  await dialog.getByTestId('lists-export-close').click();

  await page.getByTestId('nav-exports').click();
  const row = page.getByTestId('exports-row').first();
  await expect(row).toHaveAttribute('data-format', 'csv');
  await expect(row).toContainText('Список «Для Excel»');
  await expect(row).toContainText(csvName);
  await expect(row).toContainText('скачан в браузере');
  await app.screenshot(page, 'export-history');
});
