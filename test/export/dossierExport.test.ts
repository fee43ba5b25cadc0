/**
 * The dossier workbook and CSV say what the dossier view says. Names, not codes (`active`, `44-FZ`,
 * `unknown` were written); money a number to the kopeck (never `="49917550.760000005"`); a percentage with its
 * decimals (0,72 % is not «1»); and the «Показатели» sheet holds every figure the view shows (HHI,
 * single-supplier share, paid share, the samples and the completeness counts). Read back with exceljs, an
 * independent reader, and the CSV parsed as a spreadsheet would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportDossierCsv, exportDossierXlsx, type Dossier } from '../../src-main/export/dossierExport';
import { customerDossierText } from '../../src-main/cli/insightsText';
import { computeCustomerDossier } from '../../src-main/insights/customerDossier';
import { computeSupplierDossier } from '../../src-main/insights/supplierDossier';
import { tempCache, tempDir } from '../cache/helpers';
import { parseCsv } from './csvParse';
import { at, contract, tender } from '../insights/facts';

const NOW = Date.parse('2026-11-25T12:00:00+03:00');
const C = '7707083893';
const S1 = '7725001111';
const S2 = '7725002222';
const school = { customer_inn: C, customer_name: 'ГБУ «Школа № 1»' };

// 49917550.06 + 0.7 is 49917550.760000005 in binary floating point: the sum the issue saw written as text.
const T1 = tender(1, { ...school, status: 'active', law: '44-FZ', end_at: at('2026-11-20T10:00:00+03:00'), price: 49_917_550.06, placement_type: 1, placement_name: 'Электронный аукцион' });
const T2 = tender(2, { ...school, status: 'active', law: '223-FZ', end_at: at('2026-12-10T10:00:00+03:00'), price: 0.7, placement_type: 5, placement_name: 'Закупка у единственного поставщика' });
const T3 = tender(3, { ...school, status: 'completed', law: 'commercial', price: 100, placement_type: 1, placement_name: 'Электронный аукцион' });
const T4 = tender(4, { ...school, status: 'cancelled', price: 100 });
// K1: 99.28 of 100, a reduction of 0.72 % (0.7199999999999984 in floating point); K2 paid in part.
const K1 = contract(11, { ...school, tender_id: 3, price: 99.28, paid: 99.28, stage: 'completed', suppliers: [{ inn: S1, name: 'Альфа' }], sign_at: at('2026-10-01T12:00:00+03:00') });
const K2 = contract(12, { ...school, price: 300, paid: 100, stage: 'executing', suppliers: [{ inn: S2, name: 'Бета' }], sign_at: at('2026-10-05T12:00:00+03:00') });

const customer = computeCustomerDossier(C, [T1, T2, T3, T4], [K1, K2], new Map([[3, T3]]), NOW);
const dossier: Dossier = { party: 'customer', dossier: customer };

async function workbook(d: Dossier, now?: Date): Promise<ExcelJS.Workbook> {
  const file = join(tempDir(), 'досье.xlsx');
  await exportDossierXlsx(tempCache(), d, file, 'ru', now);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book;
}

/** A sheet's rows as arrays of cell values (row 1, the header, first). */
function rows(book: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = book.getWorksheet(name);
  if (sheet === undefined) throw new Error(`no sheet ${name}: ${book.worksheets.map((w) => w.name).join(', ')}`);
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('the dossier workbook says what the dossier view says', () => {
  it('breakdowns name stages, laws and placements in words, never codes; the stage follows the clock', async () => {
    const book = await workbook(dossier);
    expect(rows(book, 'По статусам')).toEqual([
      ['Название', 'Количество', 'Сумма, руб.'],
      // One each, in the order of their stage codes; T1 is `active` but its deadline passed on 20 November.
      ['Подача заявок', 1, 0.7],
      ['Отменена', 1, 100],
      ['Работа комиссии', 1, 49_917_550.06],
      ['Завершена', 1, 100],
    ]);
    expect(rows(book, 'По законам').map((r) => r[0])).toEqual(['Название', '223-ФЗ', '44-ФЗ', 'Коммерческая закупка', 'Не указано']);
    expect(rows(book, 'По способам').map((r) => r[0])).toEqual(['Название', 'Электронный аукцион', 'Закупка у единственного поставщика', 'Не указано']);
    expect(rows(book, 'Стадии контрактов')).toEqual([
      ['Стадия', 'Контрактов'],
      ['Исполнение', 1],
      ['Исполнен', 1],
      ['Расторгнут', 0],
    ]);
    const text = JSON.stringify(book.worksheets.filter((w) => w.name !== 'Источник').map((w) => rows(book, w.name)));
    for (const code of ['"active"', '"completed"', '"cancelled"', '"bidding"', '"commission"', '"44-FZ"', '"223-FZ"', '"commercial"', '"unknown"']) expect(text).not.toContain(code);
  });

  it('money is a number to the kopeck, a percentage keeps its decimals', async () => {
    expect(customer.total_initial_price).toBe(49_917_550.06 + 0.7 + 200); // the noisy sum the core computes
    const book = await workbook(dossier);
    const figures = new Map(rows(book, 'Показатели').map((r) => [r[0], r[1]]));
    expect(figures.get('Сумма НМЦК, руб.')).toBe(49_917_750.76);
    expect(figures.get('Медианное снижение цены, %')).toBe(0.72);
    const sheet = book.getWorksheet('Показатели')!;
    const cellOf = (name: string) => {
      let found: ExcelJS.Cell | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === name) found = row.getCell(2);
      });
      return found!;
    };
    expect(cellOf('Сумма НМЦК, руб.').numFmt).toBe('#,##0.00 "₽"');
    // Shown with its decimals, not rounded to a whole number by an integer format.
    expect(cellOf('Медианное снижение цены, %').numFmt).toBe('#,##0.00');
    expect(rows(book, 'Поставщики').slice(1).map((r) => r[4])).toEqual([75.14, 24.86]); // 300 and 99.28 of 399.28, in percent
  });

  it('the figures sheet holds every figure the view shows, in the view\'s units', async () => {
    const figures = new Map(rows(await workbook(dossier), 'Показатели').map((r) => [r[0], r[1]]));
    expect(Object.fromEntries(figures)).toMatchObject({
      ИНН: C,
      Наименование: 'ГБУ «Школа № 1»',
      Закупок: 4,
      Контрактов: 2,
      'Сумма контрактов, руб.': 399.28,
      Поставщиков: 2,
      'Контрактов в расчёте снижения': 1,
      // T2 of T1, T2, T3 (T4's placement unknown): 33,33 %.
      'Доля закупок у единственного поставщика, %': 33.33,
      'Закупок с известным способом': 3,
      // Shares of 300 and 99.28 in 399.28: 75.14² + 24.86² percent points, whole as the view shows them.
      'Концентрация поставщиков (HHI)': 6264,
      // (99.28 + 100) of (99.28 + 300).
      'Оплачено, % цены контрактов': 49.91,
      'Завершённых закупок': 1,
      'Из них с контрактом в кэше': 1,
      'Контрактов без цены': 0,
      'Контрактов без закупки в кэше': 1,
      'Закупок без способа определения поставщика': 1,
    });
    expect(customer.hhi).toBeCloseTo(6263.56, 2);
    // The CLI's text says the same figures: one number per fact.
    const cli = customerDossierText(customer, 'ru').replace(/[\u00a0\u202f]/g, ' ');
    expect(cli).toContain('Концентрация поставщиков (HHI): 6 264');
    expect(cli).toContain('Медианное снижение цены: 0,7 %');
  });

  it('the CSV holds the same tables: names, money to the kopeck and decimals as numbers, no `="…"` around them', async () => {
    const file = join(tempDir(), 'досье.csv');
    await exportDossierCsv(tempCache(), dossier, file, { locale: 'ru' });
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    expect(text).not.toMatch(/="\d/);
    const records = parseCsv(text);
    const byFigure = new Map(records.filter((r) => r[0] === 'Показатели').map((r) => [r[1], r[2]]));
    expect(byFigure.get('Сумма НМЦК, руб.')).toBe('49917750,76');
    expect(byFigure.get('Медианное снижение цены, %')).toBe('0,72');
    expect(byFigure.get('Оплачено, % цены контрактов')).toBe('49,91');
    expect(byFigure.get('Закупок')).toBe('4');
    const header = records[0]!;
    const stages = records.filter((r) => r[0] === 'По статусам').map((r) => r[header.indexOf('Название')]);
    expect(stages).toEqual(['Подача заявок', 'Отменена', 'Работа комиссии', 'Завершена']);
    expect(records.filter((r) => r[0] === 'По статусам').map((r) => r[header.indexOf('Сумма, руб.')])).toEqual(['0,70', '100,00', '49917550,06', '100,00']);
  });

  it('the plain CSV (for other programs) writes the same figures with a decimal point, to the kopeck', async () => {
    const file = join(tempDir(), 'досье-plain.csv');
    await exportDossierCsv(tempCache(), dossier, file, { locale: 'ru', keepTextAsText: false, delimiter: ',' });
    const records = parseCsv(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), ',');
    const byFigure = new Map(records.filter((r) => r[0] === 'Показатели').map((r) => [r[1], r[2]]));
    expect(byFigure.get('Сумма НМЦК, руб.')).toBe('49917750.76'); // never 49917750.760000005
    expect(byFigure.get('Медианное снижение цены, %')).toBe('0.72');
    expect(byFigure.get('Оплачено, % цены контрактов')).toBe('49.91');
    const header = records[0]!;
    expect(records.filter((r) => r[0] === 'По статусам').map((r) => r[header.indexOf('Сумма, руб.')])).toEqual(['0.70', '100.00', '49917550.06', '100.00']);
  });

  it('a supplier\'s workbook: its figures, named regions and contract stages', async () => {
    const supplier = computeSupplierDossier(S1, [{ ...K1, region: 77 }], new Map([[3, T3]]));
    const book = await workbook({ party: 'supplier', dossier: supplier });
    expect(book.worksheets.map((w) => w.name)).toEqual(['Показатели', 'Заказчики', 'Регионы', 'ОКПД2', 'Стадии контрактов', 'По месяцам', 'Источник']);
    expect(rows(book, 'Регионы')[1]![0]).toBe('Москва'); // region 77 by its name, not `77`
    const figures = new Map(rows(book, 'Показатели').map((r) => [r[0], r[1]]));
    expect(figures.get('Медианное снижение цены, %')).toBe(0.72);
    expect(figures.get('Расторжений')).toBe(0);
  });

  it('the workbook carries document properties: the dossier as its title, the app and its version as creator, created at the moment of its «Источник» sheet', async () => {
    const made = new Date('2026-11-25T09:00:00.000Z');
    const book = await workbook(dossier, made);
    expect(book.title).toBe('Досье заказчика 7707083893 (ГБУ «Школа № 1»)');
    expect(book.creator).toMatch(/^Tender Workbench \d+\.\d+\.\d+/);
    expect(book.lastModifiedBy).toBe(book.creator);
    expect(book.created).toEqual(made);
    const source = new Map(rows(book, 'Источник').map((r) => [r[0], r[1]]));
    expect(book.creator).toBe(`Tender Workbench ${String(source.get('Версия приложения'))}`);
    expect(source.get('Выгружено')).toEqual(new Date(Date.UTC(2026, 10, 25, 12, 0))); // the same instant, at the Moscow wall time
  });
});
